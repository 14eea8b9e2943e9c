"""Warmachine's board, as data: the models in play (``ModelState``), the attack in progress (``AttackRecord``)
and the whole game's record: the setup wizard's answers, the deathclock, the scenario's control points and the
result (doc 002 "Game Setup" and "Game Ending"; Steamroller 2019 figures in /work/shared/reference/README.md).

:class:`WarmachineBoard` holds them in a game's state, with :func:`board` and :func:`with_board` to read and
change it; this module imports nothing of the rules but the core, so every rule module can. The commands that
change the record live beside it (pregame, clock, scenario, ending). Times are milliseconds stamped by the
service: the rules never read a clock.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from models.catalog.schema import Card, Frozen
from models.rules.core import Board, GameState, RuleViolation

PregameStep = Literal[
    "scenario", "lists", "objectives", "priority", "order", "side", "clock", "before", "deploy", "after", "done",
]
# In doc 002's order ("Game Setup"); "done" once the first turn has begun.
PREGAME_STEPS: tuple[PregameStep, ...] = (
    "scenario", "lists", "objectives", "priority", "order", "side", "clock", "before", "deploy", "after", "done",
)
PREGAME_LABELS: dict[str, str] = {
    "scenario": "Choose the scenario",
    "lists": "Reveal the lists",
    "objectives": "Choose objectives",
    "priority": "Roll for priority",
    "order": "First or second",
    "side": "Table side",
    "clock": "Start the clock",
    "before": "Before the game begins",
    "deploy": "Deploy",
    "after": "After deployment",
    "done": "Game started",
}

How = Literal["scenario", "assassination", "deathclock", "concession"]


class ArmyEntry(Frozen):
    """One line of an army: a card, the index of the entry whose battlegroup it joins, a unit's size."""

    card: str
    battlegroup_of: int | None = None
    size: int | None = Field(default=None, ge=1, le=20)


class PairedList(Frozen):
    """One list of a Steamroller pair: its name, its army and the theme force it is built as (themes.py)."""

    name: str = Field(max_length=60)
    army: tuple[ArmyEntry, ...] = Field(min_length=1, max_length=80)
    theme: str | None = Field(default=None, max_length=40)


class Task(Frozen):
    """One item of a setup checklist ("before the game begins" or "after deployment")."""

    text: str = Field(min_length=1, max_length=120)
    done: bool = False
    auto: bool = False


class PriorityRoll(Frozen):
    """Both players' dice for priority, in seat order; ``rolled_by`` is "player" or "service"."""

    dice: tuple[tuple[int, ...], tuple[int, ...]]
    rolled_by: str = "player"

    @property
    def totals(self) -> tuple[int, int]:
        return sum(self.dice[0]), sum(self.dice[1])


class Pregame(Frozen):
    """The setup wizard's progress and answers; kept after the game starts as its record."""

    step: PregameStep = "scenario"
    scenario: str = ""
    lists: tuple[str, str] = ("", "")
    objectives: tuple[str, str] = ("", "")
    rolls: tuple[PriorityRoll, ...] = ()
    priority: int | None = None
    first: int | None = None
    side: str = ""
    before: tuple[Task, ...] = ()
    after: tuple[Task, ...] = ()
    # Steamroller 2019 list pairs (list_pairs.py): each seat's two lists, sealed until both are given, the
    # cards they use, and each seat's choice (an index into its pair), sealed until both have chosen.
    paired: bool = False
    pairs: tuple[tuple[PairedList, PairedList] | None, tuple[PairedList, PairedList] | None] = (None, None)
    pair_cards: dict[str, Card] = Field(default_factory=dict)
    picks: tuple[int | None, int | None] = (None, None)
    # The minutes per player an event fixed for its games: either seat starts the clock with them (seats.py).
    clock_minutes: float | None = None


class TurnClock(Frozen):
    """Clock time used during one turn (round 0 is setup and deployment), per seat."""

    round: int
    seat: int
    used_ms: tuple[int, int] = (0, 0)


class ClockState(Frozen):
    """A chess clock per player (the deathclock). ``running`` is the seat whose time runs, or would run on
    resuming a pause; ``since`` is when it last started (None while paused or stopped)."""

    minutes: float
    remaining_ms: tuple[int, int]
    running: int | None = None
    since: int | None = None
    paused: bool = False
    reason: str = ""
    stopped: bool = False
    last_ms: int = 0
    turns: tuple[TurnClock, ...] = ()

    @property
    def ticking(self) -> int | None:
        """The seat whose time is running down right now, if any."""
        return None if self.paused or self.stopped or self.since is None else self.running

    def left(self, seat: int, at_ms: int) -> int:
        """Milliseconds left on ``seat``'s clock at server time ``at_ms``."""
        spent = at_ms - self.since if self.ticking == seat and self.since is not None else 0
        return self.remaining_ms[seat] - spent


class TurnScore(Frozen):
    """Control points scored at the end of one turn (kill box included) and the totals after it."""

    round: int
    seat: int
    cp: tuple[int, int]
    killbox: tuple[bool, bool] = (False, False)
    totals: tuple[int, int]
    final: bool = False


class ScenarioState(Frozen):
    """The scenario being played and its control points, turn by turn."""

    name: str
    cp: tuple[int, int] = (0, 0)
    turns: tuple[TurnScore, ...] = ()


class Result(Frozen):
    """How the game ended and its tiebreakers, in order: the win, control points, army points destroyed,
    army points in scenario elements (doc 002 "Game Ending"; the last is asked from the players).

    ``seat`` is the side assassinated, out of time or conceding. ``due`` says what the players still have to
    enter: the immediate scoring after a clock ran out in its own turn, or the final scoring after an
    assassination. ``destroyed[s]`` is the army points side ``s`` destroyed of the opposing army."""

    winner: int | None
    how: How
    detail: str
    seat: int | None = None
    round: int = 0
    turn: int = 0
    cp: tuple[int, int] = (0, 0)
    destroyed: tuple[float, float] = (0.0, 0.0)
    uncounted: tuple[str, ...] = ()
    elements: tuple[int, int] | None = None
    due: Literal["clock_score", "final_score"] | None = None


Status = Literal["in_play", "removed", "destroyed"]


class Activation(Frozen):
    """Bookkeeping for the activation in progress (cleared when the model's next turn begins)."""

    ran: bool = False
    charged: bool = False
    attack: int = 1
    boosted: tuple[str, ...] = ()
    bought_attacks: int = 0
    feat: bool = False
    spells: int = 0
    declared: int = 0


StatName = Literal["SPD", "STR", "MAT", "RAT", "DEF", "ARM", "CMD", "THR", "FOCUS", "FURY", "ESSENCE"]
Duration = Literal["activation", "turn", "round", "upkeep"]


class StatMod(Frozen):
    """A spell, feat or animus changing one stat of a model for a while: ``amount`` added to ``stat`` because of
    ``cause``. ``seat``: the side whose turn it was when it began (a "round" ends as that side's next turn
    begins); ``activation``: the model whose activation a "this activation" change ends with; ``caster``: whose
    upkeep spell (named ``cause``) keeps a "while upkept" change in play."""

    stat: StatName
    amount: int
    cause: str
    duration: Duration
    seat: int
    activation: str | None = None
    caster: str | None = None


class ModelState(Frozen):
    id: str
    card: str
    name: str
    seat: int
    unit: str | None = None
    leader: bool = False
    battlegroup: str | None = None
    essence: int | None = None
    marks: tuple[int, ...] = ()
    status: Status = "in_play"
    # Why a model left play, in a few words for its card ("sacrificed", "used as a vessel"); empty in play.
    removed_why: str = ""
    activation: Literal["ready", "active", "done"] = "ready"
    act: Activation = Activation()
    replenished: Literal["leech", "sacrifice"] | None = None
    soul_tokens: int = 0
    effects: tuple[str, ...] = ()
    # Stats changed for a while by spells, feats and animi (``warmachine.modifiers`` reads them).
    mods: tuple[StatMod, ...] = ()
    feat_used: bool = False
    summoned_this_turn: bool = False
    arrived_this_turn: bool = False
    upkeeps: tuple[str, ...] = ()
    upkept: tuple[str, ...] = ()
    # Warcasters and warjacks hold focus, warlocks and warbeasts fury (None: the model has no such points).
    focus: int | None = None
    fury: int | None = None
    # Things done this turn that may be done only once per turn ("spirit_bond", "threshold", "arcana",
    # "power_up", "continuous:fire", "frenzy"...); cleared whenever a player's turn begins.
    done_this_turn: tuple[str, ...] = ()
    # A Grymkin warlock's three Arcana cards and those already played (doc 001 "Arcana").
    arcana: tuple[str, ...] = ()
    arcana_played: tuple[str, ...] = ()

    @property
    def in_play(self) -> bool:
        return self.status == "in_play"


class AttackRecord(Frozen):
    """The attack in progress (doc 002 "Appendix A: Attack Sequence"): who attacks whom, the step it has
    reached, and every roll the players entered (dice as numbers, so replay is exact).

    ``step``: ``attack_roll`` (waiting for the attack roll), ``damage_roll`` (hit: waiting for the damage
    roll), ``disabled`` / ``boxed`` (damage application paused for effects such as Tough on ``pending``).
    Damage typed in at the table pauses the same way: ``kind`` "damage", no ``attacker``, no rolls.
    ``weapon``: where the weapon sits on a warjack (a crippled arm or head rolls fewer dice); ``charge``: a
    charge attack (its damage roll is boosted); ``combined``: the other troopers of the attacker's unit taking
    part in a combined melee or ranged attack (the attacker rolls for them all); ``spell``: the offensive spell
    whose magic attack this is (its POW and AOE are on the caster's card)."""

    attacker: str | None
    target: str
    kind: Literal["melee", "ranged", "magic", "power", "damage"]
    weapon: str | None = None
    charge: bool = False
    step: Literal["attack_roll", "damage_roll", "disabled", "boxed"] = "attack_roll"
    attack_dice: tuple[int, ...] = ()
    rerolled: tuple[tuple[int, ...], ...] = ()
    boosted_attack: bool = False
    hit: bool | None = None
    damage_dice: tuple[int, ...] = ()
    boosted_damage: bool = False
    damage: int | None = None
    pending: tuple[str, ...] = ()
    combined: tuple[str, ...] = ()
    # Written only when set: an attack of no spell is written as it was before spells made attacks.
    spell: str | None = Field(default=None, exclude_if=lambda v: v is None)


class WarmachineBoard(Board):
    """Warmachine's part of a game's state. Its fields were the state's own before each system had a board, and
    clients read them there: they stay at the top level of the state's JSON (``flat``).

    ``turn_flow``: how the turn moves on (phases.py): 2 passes the steps with nothing to decide and leaves out
    the steps an army does not have; 3 also moves on after a step's last decision (the last tithe hands the turn
    over); 1 and 2 are how games logged before were played, so that their logs replay exactly (setup commands
    before 2 say 1: migration 0005; those before 3 say 2, as they were written whole). ``listed``: the ids of the
    models that began the game (its army lists)."""

    flat: ClassVar[bool] = True

    models: tuple[ModelState, ...] = ()
    cards: dict[str, Card] = Field(default_factory=dict)
    pending_tithe: tuple[str, ...] = ()
    turn_flow: int = 1
    pregame: Pregame | None = None
    clock: ClockState | None = None
    scenario: ScenarioState | None = None
    result: Result | None = None
    listed: tuple[str, ...] = ()
    attack: AttackRecord | None = None

    def model(self, model_id: str) -> ModelState:
        for m in self.models:
            if m.id == model_id:
                return m
        raise RuleViolation("model.unknown", f"There is no model {model_id!r} in this game.")

    def card_of(self, m: ModelState) -> Card:
        return self.cards[m.card]


# What a state of no Warmachine game holds of Warmachine's: nothing (as before setup).
NOTHING = WarmachineBoard()


def board(state: GameState) -> WarmachineBoard:
    """Warmachine's part of ``state``: an empty board when the state has none (not set up yet, or another
    system's game), as the state's own fields were before."""
    return state.board if isinstance(state.board, WarmachineBoard) else NOTHING


def with_board(state: GameState, **update: Any) -> GameState:
    """``state`` with these fields of its Warmachine board changed (not validated: the values are the rules')."""
    return state.model_copy(update={"board": board(state).model_copy(update=update)})


def with_models(state: GameState, *changed: ModelState) -> GameState:
    """``state`` with ``changed`` in place of the models of the same ids."""
    by_id = {m.id: m for m in changed}
    return with_board(state, models=tuple(by_id.get(m.id, m) for m in board(state).models))
