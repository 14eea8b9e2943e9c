"""Builders for tournament games (doc 002 "Game Setup", "Game Ending"): the setup wizard, the deathclock and
scenario scoring.

``wizard_game()`` is the standard game of ``game.py`` set up with the wizard; ``started()`` walks the wizard to
round 1 (player 1 first) with a clock of 60 minutes each started at ``T0`` unless ``minutes`` is None.
Times are plain integers (server milliseconds): the tests move time by passing later ``at_ms`` values.
"""

from __future__ import annotations

from models.rules import Command, GameState, apply
from models.rules.dice import Roll
from models.rules.warmachine.clock import StartClock
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.pregame import (
    ChooseObjectives,
    ChooseOrder,
    ChooseScenario,
    ChooseSide,
    FinishSetupStep,
    RevealLists,
    RollPriority,
    StartGame,
)
from models.rules.warmachine.scenario import ScoreTurn, last_step
from models.rules.warmachine.setup import ArmyEntry, CompleteCard
from tests.rules.warmachine.game import (
    PLAYER_1_ARMY,
    PLAYER_2_ARMY,
    completed_foreboder,
    new_game,
    run,
    settle_tithe,
    setup_command,
)

T0 = 1_000_000
MINUTE = 60_000


# Player 2 with a caster that can be assassinated (Princess Regna is a solo, not the army's caster).
CASTER_ARMY_2 = (ArmyEntry(card="agathon"), ArmyEntry(card="foreboder", battlegroup_of=0))
P2_AGATHON = "p2-agathon"


# Armies without horrors: nothing leaves play by tithe over many turns.
PLAIN_ARMY_1 = (ArmyEntry(card="agathon"), ArmyEntry(card="cultist-band", size=4))
PLAIN_ARMY_2 = (ArmyEntry(card="princess-regna"),)


def wizard_game(army_2: tuple[ArmyEntry, ...] = PLAYER_2_ARMY,
                army_1: tuple[ArmyEntry, ...] = PLAYER_1_ARMY) -> GameState:
    """The standard game (or other armies) set up with the wizard: in setup, at the scenario step."""
    state, _ = apply(GameState(), setup_command(army_1, army_2).model_copy(update={"wizard": True}))
    if any(m.card == "foreboder" for m in board(state).models):
        state = run(state, CompleteCard(card=completed_foreboder()))
    return state


def priority(a: int, b: int) -> RollPriority:
    return RollPriority(dice=(Roll(dice=(a,)), Roll(dice=(b,))))


def to_clock_commands(first: int = 0) -> tuple[Command, ...]:
    """The wizard's answers from the scenario to the table side (player 1 wins the priority roll)."""
    return (ChooseScenario(name="Practice scenario"), RevealLists(lists=("", "")),
            ChooseObjectives(objectives=("Armory", "")), priority(5, 2), ChooseOrder(goes_first=first == 0),
            ChooseSide(side="north edge"))


def to_clock_step(state: GameState | None = None, *, first: int = 0) -> GameState:
    """Through scenario, lists, objectives, priority (player 1 wins), order and side."""
    return run(state or wizard_game(), *to_clock_commands(first))


def started(minutes: float | None = 60, *, first: int = 0, at: int = T0,
            army_2: tuple[ArmyEntry, ...] = PLAYER_2_ARMY,
            army_1: tuple[ArmyEntry, ...] = PLAYER_1_ARMY) -> GameState:
    """The wizard walked through to round 1, player ``first``'s turn; the clock started at ``at``."""
    state = to_clock_step(wizard_game(army_2, army_1), first=first)
    state = run(state, StartClock(minutes_per_player=minutes, at_ms=at) if minutes else FinishSetupStep())
    state = run(state, FinishSetupStep(), FinishSetupStep())
    return run(state, StartGame(at_ms=at if minutes else None))


def end_of_turn(state: GameState) -> GameState:
    """Advance the current turn to its last step (the scoring point), settling tithes."""
    for _ in range(100):
        if last_step(state):
            return settle_tithe(state)
        state = run(settle_tithe(state), Advance())
    raise AssertionError("never reached the end of the turn")


def score(state: GameState, cp: tuple[int, int] = (0, 0), at: int | None = None,
          killbox: tuple[bool, bool] = (False, False)) -> GameState:
    """End the current turn with a scoring (the turn is advanced to its end first)."""
    state = end_of_turn(state)
    return run(state, ScoreTurn(cp=cp, killbox=killbox, at_ms=at))


def casual() -> GameState:
    return new_game()
