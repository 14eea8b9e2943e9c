"""Damage tracks: boxes, horror webs, warjack grids and warbeast spirals (doc 001 "Recording Damage To an
Horror"; doc 002 "Damage Application"; grids and spirals in ``grids.py``). Marks are counted per section: a
web's outer, middle and centre rings, a grid's columns, a spiral's branches, or a single run of boxes."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from models.catalog.schema import BoxesLayout, Frozen, GridLayout, SpiralLayout, WebLayout
from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine import grids
from models.rules.warmachine.match import AttackRecord, ModelState, board, with_board, with_models
from models.rules.warmachine.points import gained
from models.rules.warmachine.state import (
    SYSTEM,
    battlegroup,
    has_essence_manipulation,
    is_horror,
    live,
    remove,
    role,
    spend,
)

RING_NAMES = ("outer", "middle", "centre")
CRIPPLED_EFFECT = (
    "Running, charging and power attacks cost 1 essence.",
    "Rolls one fewer die on attack rolls.",
    "Disabled.",
)


def sections(state: GameState, m: ModelState) -> tuple[int, ...]:
    """Box counts per section in fill order; RuleViolation when the card lacks them (the player adds them)."""
    c = board(state).card_of(m)
    if c.role == "unit":
        info = c.unit
        boxes = None if info is None else info.trooper_boxes
        if info is not None and m.leader and info.leader_boxes is not None:
            boxes = info.leader_boxes
        if boxes is None:
            raise _incomplete(m, "how many damage boxes each trooper has")
        return (boxes,)
    layout = c.damage
    if isinstance(layout, WebLayout):
        if layout.rings is None:
            raise _incomplete(m, "how many boxes each ring of its web has")
        return layout.rings
    if isinstance(layout, BoxesLayout) and layout.boxes is not None:
        return (layout.boxes,)
    if isinstance(layout, GridLayout):
        if not layout.columns or not sum(grids.sizes(layout)):
            raise _incomplete(m, "the columns of its damage grid")
        return grids.sizes(layout)
    if isinstance(layout, SpiralLayout):
        if not layout.branches or not sum(grids.sizes(layout)):
            raise _incomplete(m, "the branches of its damage spiral")
        return grids.sizes(layout)
    raise _incomplete(m, "its damage boxes")


def rolled_layout(state: GameState, m: ModelState) -> GridLayout | SpiralLayout | None:
    """The model's grid or spiral (damage enters where a d6 says), or None for boxes and webs."""
    layout = board(state).card_of(m).damage
    if board(state).card_of(m).role != "unit" and isinstance(layout, GridLayout | SpiralLayout):
        return layout
    return None


def crippled_systems(state: GameState, m: ModelState) -> tuple[str, ...]:
    """Letters of the crippled systems of a grid or aspects of a spiral (every box of the letter marked); a
    gargantuan's per side ("left:M", grids.crippled_parts)."""
    layout = rolled_layout(state, m)
    if layout is None:
        return ()
    try:
        sections(state, m)
    except RuleViolation:
        return ()
    return grids.crippled_parts(layout, marks_of(state, m))


def _incomplete(m: ModelState, what: str) -> RuleViolation:
    return RuleViolation("card.incomplete", f"Before {m.name} can take damage, enter {what} from its card.")


def marks_of(state: GameState, m: ModelState) -> tuple[int, ...]:
    return m.marks or tuple(0 for _ in sections(state, m))


def unmarked(state: GameState, m: ModelState) -> int:
    return sum(sections(state, m)) - sum(marks_of(state, m))


def fill(sizes: tuple[int, ...], marks: tuple[int, ...], amount: int, start: int = 0
         ) -> tuple[tuple[int, ...], int]:
    """Mark ``amount`` boxes from section ``start`` on (outermost ring or first box by default; a grid's or
    spiral's rolled section, wrapping round); returns the new marks and the damage left over."""
    return grids.fill_from(sizes, marks, amount, start)


def clear(sizes: tuple[int, ...], marks: tuple[int, ...], amount: int) -> tuple[tuple[int, ...], int]:
    """Remove ``amount`` marks innermost section first (doc 001: healing a web starts at the centre)."""
    out = list(marks)
    for i in reversed(range(len(sizes))):
        take = min(amount, out[i])
        out[i] -= take
        amount -= take
    return tuple(out), amount


def crippled(state: GameState, m: ModelState) -> tuple[int, ...]:
    """Indexes of crippled rings of a horror's web (a ring is crippled while every box in it is marked)."""
    if not is_horror(state, m):
        return ()
    try:
        sizes = sections(state, m)
    except RuleViolation:
        return ()
    marks = marks_of(state, m)
    return tuple(i for i, size in enumerate(sizes) if size and marks[i] == size)


def crippled_notes(state: GameState, m: ModelState) -> tuple[str, ...]:
    layout = rolled_layout(state, m)
    if layout is not None:
        return tuple(grids.note(layout, ch) for ch in crippled_systems(state, m))
    return tuple(f"{RING_NAMES[i].capitalize()} ring crippled: {CRIPPLED_EFFECT[i]}"
                 for i in crippled(state, m))


Side = grids.Side


def side_index(state: GameState, m: ModelState, side: Side | None) -> int:
    """The side damage enters a colossal's grids or a gargantuan's spirals (0 left, 1 right); 0 for any other
    track. Two sides need the players' answer: the attacker's side, or a d6 (grids.py)."""
    layout = rolled_layout(state, m)
    if layout is None or layout.sides == 1:
        return 0
    if side is None:
        raise RuleViolation("damage.side_needed",
                            f"Say which of {m.name}'s {grids.kind_name(layout)}s the damage goes in, left or "
                            "right: the attacker's side, or roll a d6 when there is none (1-3 left, 4-6 right).")
    return grids.SIDES.index(side)


def entry_section(state: GameState, m: ModelState, column: int | None, side: Side | None = None) -> int:
    """Where damage starts: the rolled column or branch of a grid or spiral (on the named side of a colossal
    or gargantuan), else the first section."""
    layout = rolled_layout(state, m)
    if layout is None:
        return 0
    at = side_index(state, m, side)
    if column is None:
        where = "column" if isinstance(layout, GridLayout) else "branch"
        raise RuleViolation("damage.column_needed",
                            f"Roll a d6 (or choose) for the {where} where {m.name}'s damage goes in.")
    return grids.entry(layout, column, at)


def spills(state: GameState, m: ModelState, amount: int, side: Side | None) -> int:
    """How much of ``amount`` the named side of a colossal's grids or a gargantuan's spirals cannot hold (the
    rest goes into the other side); 0 for any other track."""
    layout = rolled_layout(state, m)
    if layout is None or layout.sides == 1 or side is None:
        return 0
    within = grids.side_range(layout, grids.SIDES.index(side))
    sizes, marks = sections(state, m), marks_of(state, m)
    return max(0, amount - sum(sizes[i] - marks[i] for i in within))


def fill_track(state: GameState, m: ModelState, amount: int, column: int | None, side: Side | None,
               then_column: int | None) -> tuple[tuple[int, ...], int]:
    """The marks after ``amount`` damage enters where the players said, and what is left over. On two sides,
    what the entered side cannot hold goes into the other side at ``then_column`` (the second d6; our reading
    of the public summary, grids.py)."""
    sizes, marks = sections(state, m), marks_of(state, m)
    start = entry_section(state, m, column, side)
    layout = rolled_layout(state, m)
    if layout is None or layout.sides == 1:
        return fill(sizes, marks, amount, start)
    at = grids.side_of(layout, start)
    marks, rest = grids.fill_from(sizes, marks, amount, start, grids.side_range(layout, at))
    other = grids.side_range(layout, 1 - at)
    if rest and any(marks[i] < sizes[i] for i in other):
        if then_column is None:
            raise RuleViolation("damage.then_column_needed",
                                f"{m.name}'s {grids.SIDES[at]} {grids.kind_name(layout)} is full: roll a d6 for "
                                f"where the other {rest} damage goes in on the {grids.SIDES[1 - at]} one.")
        marks, rest = grids.fill_from(sizes, marks, rest, grids.entry(layout, then_column, 1 - at), other)
    return marks, rest


def suffer(state: GameState, m: ModelState, amount: int, why: str, *, column: int | None = None,
           side: Side | None = None, then_column: int | None = None) -> tuple[GameState, list[Event], int]:
    """Mark damage (a grid or spiral needs the d6 ``column`` where it enters; a colossal's grids and a
    gargantuan's spirals the ``side`` too, and ``then_column`` when it spills into the other side) and start
    damage application (doc 002 "Damage Application"): a model whose last box is marked is disabled and stays on
    the table while the game pauses (``hold``). Every source of damage comes through here: the attack assistant,
    damage typed in, several models hit at once, fire, leeching."""
    sizes = sections(state, m)
    before, systems_before = crippled(state, m), crippled_systems(state, m)
    marks, rest = fill_track(state, m, amount, column, side, then_column)
    taken = amount - rest
    m = m.model_copy(update={"marks": marks})
    state = with_models(state, m)
    data: dict[str, object] = {"points": taken, "marks": list(marks)}
    if column is not None and rolled_layout(state, m) is not None:
        data["column"] = column
    layout = rolled_layout(state, m)
    if layout is not None and layout.sides == 2:
        data |= {"side": side, "then_column": then_column}
    events = [Event(kind="damage.marked", model=m.id, data=data,
                    text=f"{m.name} suffers {taken} damage ({why}).")]
    for i in crippled(state, m):
        if i not in before and i < 2:
            events.append(Event(kind="damage.crippled", model=m.id, data={"ring": RING_NAMES[i]},
                                text=f"{m.name}'s {RING_NAMES[i]} ring is crippled: {CRIPPLED_EFFECT[i]}"))
    for ch in crippled_systems(state, m):
        if layout is not None and ch not in systems_before:
            events.append(Event(kind="damage.crippled", model=m.id, data={"system": ch},
                                text=f"{m.name}: {grids.note(layout, ch)}"))
            if ch == "C" and role(state, m) == "warjack" and m.focus:
                m = m.model_copy(update={"focus": 0})
                state = with_models(state, m)
                events.append(Event(kind="focus.lost", model=m.id, text=f"{m.name} loses its focus."))
    if sum(marks) == sum(sizes):
        state, more = hold(state, m)
        events += more
    return state, events, rest


# Rules on a model's own card that act as it is disabled and can keep it in play: doc 002 "Damage Application"
# (and its attack sequence) names Tough as the effect resolved when a model becomes disabled.
ACTS_WHEN_DISABLED = frozenset({"Tough"})


def leech_own_life(state: GameState, m: ModelState, points: Literal["essence", "fury"], amount: int, cap: int,
                   why: str, data: dict[str, Any]) -> tuple[GameState, list[Event]]:
    """``m`` (a master, a warlock) takes ``amount`` essence or fury from its own life: never above ``cap``, and 1
    damage point per point, suffered as ``why`` says (it cannot be transferred; doc 001 "Leeching", the Mk III
    core rule for warlocks)."""
    m = gained(m, points, amount, cap, "leeching")
    sections(state, m)
    state, events, _ = suffer(with_models(state, m), m, amount, why)
    events.insert(0, Event(kind=f"{points}.leeched", model=m.id, data=data,
                           text=f"{m.name} leeches {amount} {points} from its own life."))
    return state, events


def pauses_for(state: GameState, m: ModelState) -> bool:
    """Whether damage application waits for the players as ``m`` is disabled and boxed: only when a rule in
    play acts then (its card's Tough, for one); otherwise nothing can happen at those steps."""
    return bool(ACTS_WHEN_DISABLED.intersection(board(state).card_of(m).rules))


def hold(state: GameState, m: ModelState) -> tuple[GameState, list[Event]]:
    """Damage application (doc 002 "Damage Application"): every box of ``m`` is marked, so it is disabled. When
    a rule in play acts on that (``pauses_for``), the players resolve it (Tough, for one) before it is boxed,
    and again before it is destroyed (``attacks.ResolveDisabled``): the pause is the attack in progress, or a
    record of its own for damage without an attack, and until it is over "any time" abilities wait (the phase
    gate). With nothing to resolve it is disabled, boxed and destroyed at once."""
    if not pauses_for(state, m):
        events = [Event(kind="damage.disabled", model=m.id,
                        text=f"{m.name} is disabled and boxed: every damage box is marked, and no rule in play "
                             "acts on it.")]
        state, more = remove(state, m, "destroyed", "every damage box is marked")
        return state, events + more
    a = board(state).attack or AttackRecord(attacker=None, target=m.id, kind="damage")
    if m.id in a.pending:
        return state, []
    events = [Event(kind="damage.disabled", model=m.id, text=f"{m.name} is disabled: every damage box is marked.")]
    if not a.pending:
        a = a.model_copy(update={"step": "disabled"})
        events.append(Event(kind="attack.paused", model=m.id,
                            text=f"{m.name} is disabled: apply any effect that saves it, or let it be boxed."))
    a = a.model_copy(update={"pending": (*a.pending, m.id)})
    return with_board(state, attack=a), events


def heal(state: GameState, m: ModelState, amount: int) -> tuple[GameState, Event]:
    sizes = sections(state, m)
    before = crippled(state, m)
    marks, _ = clear(sizes, marks_of(state, m), amount)
    m = m.model_copy(update={"marks": marks})
    state = with_models(state, m)
    healed = [RING_NAMES[i] for i in before if i not in crippled(state, m)]
    note = f"; its {' and '.join(healed)} ring is no longer crippled" if healed else ""
    return state, Event(kind="damage.healed", model=m.id, data={"points": amount, "marks": list(marks)},
                        text=f"{m.name} has {amount} damage removed{note}.")


class DamageToModel(Frozen):
    """Damage one model suffers and where it enters its track (``suffer``): the fields of a ``MarkDamage`` and of
    each hit of an attack that damages several models."""

    model: str
    amount: int = Field(ge=1, le=99)
    column: int | None = Field(default=None, ge=1, le=6)
    side: Side | None = None
    then_column: int | None = Field(default=None, ge=1, le=6)
    transfer_to: str | None = None
    in_control: bool = True

    def entry(self) -> Entry:
        return Entry(column=self.column, side=self.side, then_column=self.then_column)


class MarkDamage(DamageToModel, Command):
    """Damage a model suffers. A master may send it to a horror of its battlegroup (``transfer_to``). A grid or
    spiral needs the d6 ``column``; a colossal's or gargantuan's the ``side`` too, and ``then_column`` when the
    damage spills into its other side."""

    type: Literal["mark_damage"] = "mark_damage"


@handles(MarkDamage, system=SYSTEM, timing="anytime")
def mark_damage(state: GameState, cmd: MarkDamage) -> tuple[GameState, list[Event]]:
    """Damage fills the web outer ring first (doc 001); a grid or spiral from the rolled ``column`` on
    (grids.py); a model it disables waits for the players like one the attack assistant disables (doc 002
    "Damage Application", ``suffer``). Damage transference (doc 001, "Damage Transference"): 1 essence sends
    it to a horror in CTRL, whatever exceeds the horror's unmarked boxes comes back and cannot be transferred
    again. A warlock sends it to a warbeast of its battlegroup for 1 fury (Mk III core rule, public)."""
    m = live(state, cmd.model)
    sections(state, m)
    where = cmd.entry()
    if cmd.transfer_to is None:
        state, events, _ = suffer(state, m, cmd.amount, "marked at the table", **where.args())
        return state, events
    return transfer(state, m, cmd.transfer_to, cmd.amount, cmd.in_control, where)


def transfer_targets(state: GameState, m: ModelState) -> tuple[list[ModelState], str]:
    """The models ``m`` may send damage to, and what it pays with (doc 001 "Damage Transference"): a master's
    horrors (essence), a warlock's warbeasts (fury); none when it has no point to pay with."""
    if has_essence_manipulation(state, m):
        return (battlegroup(state, m.id) if (m.essence or 0) >= 1 else []), "essence"
    if role(state, m) == "warlock":
        beasts = [b for b in battlegroup(state, m.id) if role(state, b) == "warbeast"]
        return (beasts if (m.fury or 0) >= 1 else []), "fury"
    return [], ""


class Entry(Frozen):
    """Where damage goes in on a grid or spiral, as the players said (see ``suffer``)."""

    column: int | None = None
    side: Side | None = None
    then_column: int | None = None

    def args(self) -> dict[str, Any]:
        return {"column": self.column, "side": self.side, "then_column": self.then_column}


def transfer(state: GameState, m: ModelState, horror_id: str, amount: int, in_control: bool,
             where: Entry = Entry()) -> tuple[GameState, list[Event]]:
    """Damage transference of ``amount`` from master ``m`` to ``horror_id``: 1 essence; what does not fit
    comes back to ``m`` and cannot be transferred again. The same for a warlock and a warbeast of its
    battlegroup (1 fury; the spiral needs the d6 ``column``)."""
    warlock = role(state, m) == "warlock"
    if not (has_essence_manipulation(state, m) or warlock):
        raise RuleViolation("transfer.not_master", f"{m.name} cannot transfer damage.")
    horror = live(state, horror_id)
    if horror.battlegroup != m.id or (warlock and role(state, horror) != "warbeast"):
        raise RuleViolation("transfer.not_battlegroup", f"{horror.name} is not in {m.name}'s battlegroup.")
    if not in_control:
        raise RuleViolation("transfer.out_of_control", f"{horror.name} must be in {m.name}'s control range.")
    sections(state, horror)
    entry_section(state, horror, where.column, where.side)
    m, paid = spend(state, m, 1, f"transfer damage to {horror.name}", outside_activation=True)
    state = with_models(state, m)
    events = [paid]
    room = unmarked(state, horror)
    state, more, _ = suffer(state, board(state).model(horror.id), min(amount, room),
                            f"transferred from {m.name}", **where.args())
    events += more
    back = amount - min(amount, room)
    if back:
        state, more, _ = suffer(state, board(state).model(m.id), back, "transferred damage that did not fit")
        events += more
    return state, events


def remove_damage(state: GameState, m: ModelState, amount: int, column: int | None, side: Side | None = None
                  ) -> tuple[GameState, Event]:
    """Remove ``amount`` damage: a web from the centre out (doc 001), boxes from the last marked, a grid or
    spiral from the chosen column or branch on (last marked box first). A system, aspect or ring with a box
    freed is no longer crippled."""
    layout = rolled_layout(state, m)
    if layout is None:
        return heal(state, m, amount)
    start = entry_section(state, m, column, side)
    before = crippled_systems(state, m)
    at = grids.side_of(layout, start)
    marks, rest = grids.clear_from(marks_of(state, m), amount, start, grids.side_range(layout, at))
    if rest and layout.sides == 2:  # the named side is clear: the rest comes off the other side, first box on
        other = grids.side_range(layout, 1 - at)
        marks, _ = grids.clear_from(marks, rest, other[0], other)
    m = m.model_copy(update={"marks": marks})
    state = with_models(state, m)
    freed = [grids.meaning(layout, ch)[0] for ch in before if ch not in crippled_systems(state, m)]
    note = f"; no longer crippled: {', '.join(freed)}" if freed else ""
    return state, Event(kind="damage.healed", model=m.id, data={"points": amount, "marks": list(marks)},
                        text=f"{m.name} has {amount} damage removed{note}.")


class RemoveDamage(Command):
    """Damage removed at the table by a rule the app does not track itself (repair, regeneration, a healing
    spell, Tough). A grid or spiral says where: ``column`` is the column or the d6 of the branch (and ``side``
    on a colossal's grids or a gargantuan's spirals)."""

    type: Literal["remove_damage"] = "remove_damage"
    model: str
    amount: int = Field(ge=1, le=99)
    column: int | None = Field(default=None, ge=1, le=6)
    side: Side | None = None


@handles(RemoveDamage, system=SYSTEM, timing="anytime")
def remove_damage_cmd(state: GameState, cmd: RemoveDamage) -> tuple[GameState, list[Event]]:
    """Removing damage frees boxes; a crippled ring, system or aspect with a box freed is no longer crippled
    (doc 001 "Recording Damage To a Horror" for rings; the same for grids and spirals, Mk III core rules)."""
    m = live(state, cmd.model)
    sections(state, m)
    marked = sum(marks_of(state, m))
    if cmd.amount > marked:
        raise RuleViolation("heal.too_much", f"{m.name} has only {marked} damage to remove.")
    state, event = remove_damage(state, m, cmd.amount, cmd.column, cmd.side)
    return state, [event]
