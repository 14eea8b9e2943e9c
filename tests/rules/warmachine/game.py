"""Builders shared by the Warmachine rules tests (imported as ``tests.rules.warmachine.game``).

The standard game: Agathon with a Guardian of Souls and a Foreboder (its web completed by the player as
6/4/4 rings) and a Cultist Band of four, against Princess Regna with a Foreboder (a Master Infernalist starts
with one lesser or light horror at most). Player 1 (seat 0) goes first.
"""

from __future__ import annotations

from typing import Any

import pytest

from models.catalog import shipped_cards
from models.catalog.schema import Card
from models.rules import Command, Event, GameState, RuleViolation, apply
from models.rules.warmachine.activation import Activate
from models.rules.warmachine.attacks import ResolveDisabled
from models.rules.warmachine.continuous import ResolveContinuous, unresolved
from models.rules.warmachine.match import board, with_board, with_models
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import ArmyEntry, CompleteCard, SetupGame, Side
from models.rules.warmachine.spells import DropUpkeep, undecided
from models.rules.warmachine.tithe import PayTithe, SkipTithe

CARDS: dict[str, Card] = shipped_cards()

AGATHON = "p1-agathon"
GUARDIAN = "p1-guardian-of-souls"
FOREBODER = "p1-foreboder"
BAND = "p1-cultist-band"
LEADER, CULTIST_1, CULTIST_2, CULTIST_3 = (f"{BAND}.{k}" for k in range(4))
REGNA = "p2-princess-regna"
REGNA_HORROR = "p2-foreboder"

FOREBODER_RINGS = (6, 4, 4)

PLAYER_1_ARMY = (
    ArmyEntry(card="agathon"),
    ArmyEntry(card="guardian-of-souls", battlegroup_of=0),
    ArmyEntry(card="foreboder", battlegroup_of=0),
    ArmyEntry(card="cultist-band", size=4),
)
PLAYER_2_ARMY = (
    ArmyEntry(card="princess-regna"),
    ArmyEntry(card="foreboder", battlegroup_of=0),
)


Army = tuple[ArmyEntry, ...]


def setup_command(army_1: Army = PLAYER_1_ARMY, army_2: Army = PLAYER_2_ARMY, *, title: str = "Test game",
                  player_1: str = "Ann", player_2: str = "Bob", first: int = 0) -> SetupGame:
    keys = {e.card for e in (*army_1, *army_2)}
    return SetupGame(title=title, first=first, cards={k: CARDS[k] for k in keys if k in CARDS},
                     sides=(Side(player=player_1, army=army_1), Side(player=player_2, army=army_2)))


def completed_foreboder(rings: tuple[int, int, int] = FOREBODER_RINGS) -> Card:
    """The Foreboder card with the rings the player read off their own stat card."""
    card = CARDS["foreboder"]
    return card.model_copy(update={"damage": card.damage.model_copy(update={"rings": rings})})


def new_game(army_1: Army = PLAYER_1_ARMY, army_2: Army = PLAYER_2_ARMY, *,
             complete_foreboder: bool = True) -> GameState:
    """A set-up game at round 1, player 1's maintenance phase (first step)."""
    state, _ = apply(GameState(), setup_command(army_1, army_2))
    if complete_foreboder and any(m.card == "foreboder" for m in board(state).models):
        state = run(state, CompleteCard(card=completed_foreboder()))
    return state


def run(state: GameState, *commands: Command) -> GameState:
    """Apply each command in turn (each must be accepted) and return the final state."""
    for command in commands:
        state, _ = apply(state, command)
    return state


def events(state: GameState, command: Command) -> tuple[GameState, list[str]]:
    """Apply one command; the new state and the kinds of the events it produced."""
    state, happened = apply(state, command)
    return state, [e.kind for e in happened]


def happened(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    """Apply one command; the new state and its events."""
    state, produced = apply(state, command)
    return state, list(produced)


def refused(state: GameState, command: Command) -> str:
    """Assert that ``command`` is refused and that the state it was given is unchanged; return the code."""
    before = state.model_copy(deep=True)
    with pytest.raises(RuleViolation) as refusal:
        apply(state, command)
    assert state == before, "a refused command changed the state"
    assert refusal.value.message, "every refusal says why"
    return refusal.value.code


def let_fall(state: GameState) -> GameState:
    """Nobody saves the models damage disabled: each in turn is boxed, then destroyed (doc 002 "Damage
    Application"; the pause every damage makes, ``damage.hold``)."""
    for _ in range(100):
        a = board(state).attack
        if a is None or not a.pending:
            return state
        state = run(state, ResolveDisabled(model=a.pending[0], stage=a.step))
    raise AssertionError("the damage application never ended")


def fall(state: GameState, *commands: Command) -> GameState:
    """Apply the commands, each followed by the boxing and destruction of whatever it disabled."""
    for command in commands:
        state = let_fall(run(state, command))
    return state


def tithe_decisions(state: GameState) -> list[Command]:
    """Every pending tithe decided: paid where the horror can, otherwise let go."""
    wm = board(state)
    return [PayTithe(horror=h) if (wm.model(h).essence or 0) > 0 else SkipTithe(horror=h) for h in wm.pending_tithe]


def settle_tithe(state: GameState) -> GameState:
    """Decide every pending tithe: pay where the horror can, otherwise let it go (the last decision ends the turn,
    unless something else holds it)."""
    return run(state, *tithe_decisions(state))


def let_upkeeps_end(state: GameState) -> GameState:
    """Decide every upkeep spell still due in the upkeep step: let it end (as if nobody paid)."""
    return run(state, *(DropUpkeep(master=m.id, spell=spell) for m, spell in undecided(state)))


def let_effects_burn(state: GameState) -> GameState:
    """Decide every continuous effect still due in the maintenance phase: it stays and deals no damage."""
    return run(state, *(ResolveContinuous(model=m.id, effect=effect, expires=False, damage=0)
                        for m, effect in unresolved(state)))


def to_step(state: GameState, phase: str, step: str, seat: int | None = None,
            round_no: int | None = None) -> GameState:
    """Advance until the game is at ``phase``/``step`` (of ``seat``'s turn and round ``round_no`` when given),
    settling tithes, letting unpaid upkeep spells end and continuous effects stay (no damage) on the way. Returns
    the state unchanged when it is already there. A step with nothing to decide passes by itself (phases.py):
    reaching it means the command that passed it (an Advance, or a step's last decision), and the state is then
    where that command stopped."""

    def there(state: GameState) -> bool:
        return ((state.phase, state.step) == (phase, step) and seat in (None, state.active)
                and round_no in (None, state.round))

    for _ in range(200):
        if there(state):
            return state
        for command in deciding(state) or [Advance()]:
            state, produced = apply(state, command)
            if there(state) or passed(produced, phase, step, seat, round_no):
                return state
    raise AssertionError(f"never reached {phase}/{step}")


def deciding(state: GameState) -> list[Command]:
    """The commands that decide what holds the turn where it is: every pending tithe, every upkeep spell due (let
    end), every continuous effect due (it stays and deals no damage)."""
    if board(state).pending_tithe:
        return tithe_decisions(state)
    if (state.phase, state.step) == ("control", "upkeep"):
        return [DropUpkeep(master=m.id, spell=spell) for m, spell in undecided(state)]
    if (state.phase, state.step) == ("maintenance", "continuous"):
        return [ResolveContinuous(model=m.id, effect=effect, expires=False, damage=0)
                for m, effect in unresolved(state)]
    return []


def at_step(state: GameState, phase: str, step: str) -> GameState:
    """The same turn placed at ``phase``/``step`` without the hooks of the steps between (for a refusal at a
    step that a turn with nothing to decide there passes by itself, as ``with_model`` sets a model)."""
    return state.model_copy(update={"phase": phase, "step": step})


def passed(produced: tuple[Event, ...], phase: str, step: str, seat: int | None = None,
           round_no: int | None = None) -> bool:
    """Whether these events passed ``phase``/``step`` (of ``seat``'s turn in round ``round_no`` when given)."""
    return any(e.kind == "step.passed" and (e.data["phase"], e.data["step"]) == (phase, step)
               and seat in (None, e.data["seat"]) and round_no in (None, e.data["round"]) for e in produced)


def activated(state: GameState, model_id: str) -> GameState:
    """The activation phase of the model's side with ``model_id`` activated."""
    state = to_step(state, "activation", "activate", board(state).model(model_id).seat)
    return run(state, Activate(model=model_id))


def with_model(state: GameState, model_id: str, **changes: Any) -> GameState:
    """A state with one model's fields set as given (for situations that play would take long to reach)."""
    return with_models(state, board(state).model(model_id).model_copy(update=changes))


def with_stat(state: GameState, key: str, stat: str, value: int | None) -> GameState:
    """A state whose own copy of card ``key`` has ``stat`` set to ``value`` (None: the card leaves it blank), as a
    game set up from a player's card book may have."""
    card = board(state).cards[key]
    card = card.model_copy(update={"stats": card.stats.model_copy(update={stat: value})})
    return with_board(state, cards={**board(state).cards, key: card})


def tough(state: GameState, *keys: str) -> GameState:
    """A state whose copies of cards ``keys`` (every card when none is named) carry Tough: a rule in play that
    acts when the model is disabled, so damage application pauses for it (doc 002 "Damage Application")."""
    cards = {k: c.model_copy(update={"rules": (*c.rules, "Tough")}) if not keys or k in keys else c
             for k, c in board(state).cards.items()}
    return with_board(state, cards=cards)
