"""Warlord's board, registered with the core (doc 003, "Game Effects & Model States"): the models of both
warbands with their damage tracks, special abilities and model states; then finding and replacing figures, as every
rule does.

A model state is called a *condition* here, because "state" already means the whole game state.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.catalog.schema import Frozen
from models.rules.core import Board, GameState, RuleViolation

SYSTEM = "warlord"

ConditionName = Literal["blessed", "burning", "burrowed", "cursed", "disabled", "flying", "held", "poisoned",
                        "shaken", "stunned"]
CONDITIONS: tuple[ConditionName, ...] = ("blessed", "burning", "burrowed", "cursed", "disabled", "flying", "held",
                                         "poisoned", "shaken", "stunned")
# The special abilities (SAs) doc 003 names for immunities; Tough carries a number of its own.
Ability = Literal["construct", "undead", "non_corporeal", "fearless", "mindless"]
ABILITIES: tuple[Ability, ...] = ("construct", "undead", "non_corporeal", "fearless", "mindless")
PlainAction = Literal["move", "charge", "run", "combat", "extinguish", "shake_off", "other"]
ACTIONS: tuple[PlainAction, ...] = ("move", "charge", "run", "combat", "extinguish", "shake_off", "other")
# Melee and ranged attacks and spells are combat actions with numbers of their own (their own commands).
ActionName = PlainAction | Literal["melee_attack", "ranged_attack", "cast_spell"]
MAX_STAT = 30


class Stats(Frozen):
    """The numbers of a model's card, typed by a player: ``None`` is a number nobody has typed yet (the app asks
    for it before the game starts). ``ra`` 0: the model has no ranged attacks; ``cp`` 0: it casts no spells.
    ``special_mov``: the MOV a Burrowed model moves with (doc 003 "Burrowed"), empty for a model that does not
    burrow."""

    mov: int | None = Field(default=None, ge=0, le=MAX_STAT)
    special_mov: int | None = Field(default=None, ge=0, le=MAX_STAT)
    mav: int | None = Field(default=None, ge=0, le=MAX_STAT)
    rav: int | None = Field(default=None, ge=0, le=MAX_STAT)
    dv: int | None = Field(default=None, ge=0, le=MAX_STAT)
    cp: int | None = Field(default=None, ge=0, le=MAX_STAT)
    ma: int | None = Field(default=None, ge=0, le=MAX_STAT)
    ra: int | None = Field(default=None, ge=0, le=MAX_STAT)


class Condition(Frozen):
    """One model state on one model.

    ``since``: how many activations the model had begun when it got the condition; a condition that lasts for
    "its next activation" (Disabled, Held, Stunned) concerns activation number ``since + 1``.
    ``until_turn``: the game turn at whose end it ends (Cursed). ``flame``: a Burning model that has taken
    burning damage has the Flame Attack SA until the fire is out."""

    name: ConditionName
    since: int = 0
    until_turn: int | None = None
    flame: bool = False


class Figure(Frozen):
    """One model of a warband (called a figure here: Warmachine's board holds ``models``)."""

    id: str
    name: str
    seat: int
    tracks: int = Field(ge=1)
    damage: int = 0
    tough: int = 0
    abilities: tuple[Ability, ...] = ()
    # None: a game set up before the app kept card numbers; its models never hold up the start.
    stats: Stats | None = None
    conditions: tuple[Condition, ...] = ()
    activation: Literal["ready", "active", "done"] = "ready"
    # Activations begun so far in the game, and the actions recorded in the current (or last) one.
    started: int = 0
    actions: tuple[ActionName, ...] = ()

    @property
    def remaining(self) -> int:
        """Damage tracks left."""
        return max(0, self.tracks - self.damage)

    @property
    def out_of_action(self) -> bool:
        return self.remaining == 0

    def condition(self, name: str) -> Condition | None:
        return next((c for c in self.conditions if c.name == name), None)

    def has(self, name: str) -> bool:
        return self.condition(name) is not None


HowEnded = Literal["out_of_action", "end_of_game", "concession"]


class WarlordResult(Frozen):
    """How the game ended: ``winner`` (None: a draw), ``how``, a sentence for the result page, and the game turn."""

    winner: int | None
    how: HowEnded
    detail: str
    round: int


class WarlordBoard(Board):
    """The models of both warbands, in setup order (player 1's first), and the result once the game is over."""

    figures: tuple[Figure, ...] = ()
    result: WarlordResult | None = None



def board(state: GameState) -> WarlordBoard:
    """The warbands of a set-up Warlord game (every command but the setup needs one)."""
    if not isinstance(state.board, WarlordBoard) or not state.players:
        raise RuleViolation("game.not_set_up", "Set the game up first.")
    return state.board


def figure(state: GameState, figure_id: str) -> Figure:
    for f in board(state).figures:
        if f.id == figure_id:
            return f
    raise RuleViolation("model.unknown", f"There is no model {figure_id!r} in this game.")


def in_play(state: GameState, figure_id: str) -> Figure:
    """A model still in the game (at 0 damage tracks a model is out of action: our reading of doc 003)."""
    f = figure(state, figure_id)
    if f.out_of_action:
        raise RuleViolation("model.not_in_play", f"{f.name} is out of action.")
    return f


def with_figures(state: GameState, *changed: Figure) -> GameState:
    by_id = {f.id: f for f in changed}
    figures = tuple(by_id.get(f.id, f) for f in board(state).figures)
    return state.model_copy(update={"board": board(state).model_copy(update={"figures": figures})})


def active_figure(state: GameState) -> Figure | None:
    """The model whose activation is going on, if any."""
    return next((f for f in board(state).figures if f.activation == "active"), None)
