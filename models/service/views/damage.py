"""A model's damage track as the table shows it and asks about it: its boxes and marks (or what its card still
lacks), its drawing and crippled notes, where damage goes in on a grid or spiral, and who may take its damage
instead (transference). Pure functions of the state: the table's components render these answers and decide
nothing about the track themselves."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from models.catalog.schema import GridLayout
from models.rules import GameState, RuleViolation
from models.rules.warmachine import grids
from models.rules.warmachine.continuous import Continuous, unresolved
from models.rules.warmachine.damage import crippled_notes, marks_of, rolled_layout, sections, transfer_targets
from models.rules.warmachine.grids import Side
from models.rules.warmachine.match import ModelState, board
from models.service.views.drawings import drawing, faces, shape


@dataclass(frozen=True)
class Track:
    """Boxes per section and how many of each are marked, or (``missing``) what the card must still give
    before the model can take damage. Cheap to build: a page compares it to decide whether to draw again."""

    sizes: tuple[int, ...] = ()
    marks: tuple[int, ...] = ()
    missing: str = ""

    @property
    def boxes(self) -> int:
        return sum(self.sizes)

    @property
    def marked(self) -> int:
        return sum(self.marks)


def track(state: GameState, m: ModelState) -> Track:
    try:
        return Track(sections(state, m), marks_of(state, m))
    except RuleViolation as missing:
        return Track(missing=missing.message)


def picture(state: GameState, m: ModelState, t: Track) -> tuple[str, str]:
    """The track's drawing and the notes under it (what is crippled), or no drawing and what the card lacks."""
    if t.missing:
        return "", t.missing
    return drawing(state, m, t.sizes, t.marks), " ".join(crippled_notes(state, m))


def outline(state: GameState, m: ModelState, t: Track) -> tuple[dict[str, Any] | None, str]:
    """As :func:`picture`, the track's shape (drawings.shape) instead of its drawing: what a spectator's browser
    draws."""
    if t.missing:
        return None, t.missing
    return shape(state, m, t.sizes, t.marks), " ".join(crippled_notes(state, m))


@dataclass(frozen=True)
class Entrance:
    """Where damage goes in on a warjack's grid or a warbeast's spiral: the players roll a d6 (or a rule names
    the column). A colossal's grids or a gargantuan's spirals first need the side, then, when the damage fills
    that side, a second d6 for where the rest goes in on the other."""

    kind: str  # "grid" or "spiral"
    sides: tuple[Side, ...]  # the sides to choose from: left and right, or none for a single grid or spiral
    entered: tuple[tuple[str, ...], ...]  # per side (0 left, 1 right): the section each d6 face, 1 to 6, enters
    branches: tuple[str, ...]  # per side: which faces send damage to which spiral branch ("" for a grid)
    roll_sides: tuple[Side, ...]  # the side each d6 face, 1 to 6, gives when no attacker's side says
    room: tuple[int, ...]  # per side: its unmarked boxes (empty while the card lacks its boxes)

    @property
    def grid(self) -> bool:
        return self.kind == "grid"

    def spills(self, amount: int, side: Side | None) -> int:
        """How much of ``amount`` the named side cannot hold: that much goes into the other side."""
        if side not in self.sides or not self.room:
            return 0
        return max(0, amount - self.room[self.sides.index(side)])


def entrance(state: GameState, model_id: str) -> Entrance | None:
    """How damage to the model goes in, or None when it needs no answer (boxes, a web, a unit's trooper)."""
    m = board(state).model(model_id)
    layout = rolled_layout(state, m)
    if layout is None:
        return None
    at = range(layout.sides)
    try:
        sizes, marks = sections(state, m), marks_of(state, m)
        room = tuple(sum(sizes[i] - marks[i] for i in grids.side_range(layout, s)) for s in at)
    except RuleViolation:  # the card lacks its boxes: the rules say so when the damage is sent
        room = ()
    return Entrance(
        kind=grids.kind_name(layout), sides=grids.SIDES if layout.sides == 2 else (),
        entered=tuple(tuple(grids.entered_by(layout, n, s) for n in range(1, 7)) for s in at),
        branches=tuple(_branches(layout, s) for s in at),
        roll_sides=tuple(grids.side_for_roll(n) for n in range(1, 7)), room=room)


def _branches(layout: grids.Layout, side: int) -> str:
    """"1-2 Mind, 3-4 Body, 5-6 Spirit" for a spiral's three branches; six branches take one face each."""
    if isinstance(layout, GridLayout):
        return ""
    count = grids.per_side(layout)
    if count != 3:
        return "one per face"
    return ", ".join(f"{faces(layout, i)} {grids.BRANCH_NAMES[i % count]}" for i in grids.side_range(layout, side))


def first_entrance(state: GameState, model_ids: Iterable[str]) -> Entrance | None:
    """The entrance of the first of ``model_ids`` with a grid or spiral (the attacked model, then who may take
    its damage): one set of fields asks for them all."""
    return next((e for x in model_ids if (e := entrance(state, x)) is not None), None)


@dataclass(frozen=True)
class Receiver:
    """A model that may take another's damage, and how many unmarked boxes it has (None: its card lacks them)."""

    id: str
    name: str
    room: int | None

    def comes_back(self, amount: int) -> int:
        """What of ``amount`` it cannot hold (that comes back to the model that sent it)."""
        return 0 if self.room is None else max(0, amount - self.room)


@dataclass(frozen=True)
class Transfer:
    """Damage transference (doc 001 "Damage Transference"): a master's horrors for 1 essence, a warlock's
    warbeasts for 1 fury; ``receivers`` is empty when it cannot pay or has none."""

    receivers: tuple[Receiver, ...]
    pays: str  # "essence", "fury", or "" for a model that transfers nothing
    kind: str  # what a receiver is: "horror" or "warbeast"
    sender: str  # what the sending model is: "master" or "warlock"


def transfer(state: GameState, m: ModelState) -> Transfer:
    """Who may take ``m``'s damage now, and what it pays."""
    targets, pays = transfer_targets(state, m)
    receivers = tuple(Receiver(h.id, h.name, None if (t := track(state, h)).missing else t.boxes - t.marked)
                      for h in targets)
    essence = pays == "essence"
    return Transfer(receivers, pays, "horror" if essence else "warbeast", "master" if essence else "warlock")


def continuous_due(state: GameState) -> tuple[tuple[str, Continuous], ...]:
    """(model id, effect) of each fire and corrosion still to resolve, while the turn waits at the
    continuous-effects step of the maintenance phase."""
    if (state.phase, state.step) != ("maintenance", "continuous"):
        return ()
    return tuple((m.id, effect) for m, effect in unresolved(state))
