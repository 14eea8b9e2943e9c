"""Before a game starts: which cards still lack a fact the game needs to track their models, and how a drawn
grid or spiral becomes the card's strings.

The pre-game screen asks these rules and shows their answer; it decides nothing itself. "Needed" is what the
rules read: damage boxes and their layout, ESSENCE (``missing_for_play``), and the FOCUS, FURY or THR the
points rules start a caster or warbeast with (points.py, fury.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from models.catalog.schema import (
    TWO_SIDED,
    BoxesLayout,
    Card,
    GridLayout,
    SpiralLayout,
    WebLayout,
    has_stat,
    missing_for_play,
    with_web_rings,
)
from models.rules.core import RuleViolation
from models.rules.text import clean_text
from models.rules.warmachine.army_rules import army_problems
from models.rules.warmachine.grids import BRANCH_NAMES, NO_BOX, PLAIN, SIDES
from models.rules.warmachine.setup import NAME_MAX, ArmyEntry

# A tap on a grid cell moves it on through these: no box, a plain box, then the systems (grids.SYSTEMS).
GRID_CYCLE = (NO_BOX, PLAIN, "L", "R", "M", "C", "H", "A")
COLOSSAL_CYCLE = (*GRID_CYCLE, "G", "S", "F")  # a colossal's generator, superstructure, field generator
GRID_ROWS = 6
COLOSSAL_ROWS = 8
SPIRAL_CELLS = 12  # cells drawn per branch (read from the outside in): a heavy's branch fits, on a tablet
GARGANTUAN_SPIRAL_CELLS = 20
RING_NAMES = ("Outer", "Middle", "Centre")  # a web's rings as its card prints them, outer first
RING_MAX = 60


def stats_to_ask(card: Card) -> tuple[str, ...]:
    """FOCUS, FURY or THR a warcaster, warlock or warbeast card still lacks."""
    return tuple(s for s in ("FOCUS", "FURY", "THR") if has_stat(card, s) and getattr(card.stats, s) is None)


def facts_to_ask(card: Card) -> tuple[str, ...]:
    """Every fact the game needs and the card does not give, in words."""
    return (*missing_for_play(card), *stats_to_ask(card))


def trump_to_ask(card: Card) -> tuple[str, ...]:
    """A Grymkin warlock's Trump arcana card when its card does not name it (doc 001 "Arcana": its three Arcana
    cards include it, so they cannot be dealt without it)."""
    return ("Trump arcana",) if card.role == "warlock" and card.faction == "Grymkin" and not card.trump else ()


def rings_to_ask(card: Card) -> tuple[str, ...]:
    """The web rings a card must still be given (from the player's own card) before its model can be tracked,
    outer first; none when the card has them."""
    return RING_NAMES if "web rings" in missing_for_play(card) else ()


def with_typed_rings(card: Card, rings: Sequence[int | None]) -> Card:
    """``card`` with the rings its player typed for ``rings_to_ask`` (None: not a whole number), or the card as
    it is when none are asked. Whether they fit its web is checked where the card is used."""
    if not rings_to_ask(card):
        return card
    typed = [r for r in rings if r is not None and 1 <= r <= RING_MAX]
    if len(typed) != len(RING_NAMES) or len(rings) != len(RING_NAMES):
        raise RuleViolation("card.rings", f"Each ring needs a whole number of boxes from 1 to {RING_MAX}.")
    return with_web_rings(card, (typed[0], typed[1], typed[2]))


def completed_card(card: Card, stats: Mapping[str, int], boxes: int | None = None,
                   rings: tuple[int, int, int] | None = None, drawn: GridLayout | SpiralLayout | None = None) -> Card:
    """``card`` with the facts its player typed from their own card: stats, its damage boxes, a web's rings, or
    a grid or spiral drawn on the screen (the card's total of boxes is kept). A drawing with a column or branch
    without a box, or not the card's boxes, is refused; the rest is checked where the card is used."""
    damage = card.damage
    if boxes is not None:
        damage = BoxesLayout(boxes=boxes)
    if rings is not None:
        damage = WebLayout(total=damage.total if isinstance(damage, WebLayout) else None, rings=rings)
    if drawn is not None:
        damage = type(drawn).model_validate({**drawn.model_dump(), "total": getattr(damage, "total", None)})
        problem = drawing_problem(damage)
        if problem:
            raise RuleViolation("card.drawing", problem)
    return card.model_copy(update={"stats": card.stats.model_copy(update=dict(stats)), "damage": damage})


def pregame_facts(card: Card) -> tuple[str, ...]:
    """Everything the pre-game screen asks of this card: what the game needs, and a missing Trump card."""
    return (*facts_to_ask(card), *trump_to_ask(card))


def cards_to_complete(keys: Iterable[str], cards: Mapping[str, Card], skip: Iterable[str] = ()) -> list[Card]:
    """The cards among ``keys`` that lack a needed fact, each once, in list order (``skip``: already asked)."""
    seen = set(skip)
    out: list[Card] = []
    for key in keys:
        card = cards.get(key)
        if card is not None and key not in seen and pregame_facts(card):
            out.append(card)
        seen.add(key)
    return out


def setup_refusal(title: str, sides: Sequence[tuple[str, Sequence[ArmyEntry]]], cards: Mapping[str, Card]
                  ) -> str | None:
    """The refusal setting this game up would meet (setup.py: its title and names; army_rules.py), in its words;
    None when it may start. Entries whose card is unknown are left to the set-up to refuse."""
    try:
        clean_text(title, "game title", NAME_MAX)
        for player, _ in sides:
            clean_text(player, "player name", NAME_MAX)
    except RuleViolation as refusal:
        return refusal.message
    for player, army in sides:
        problems = army_problems(army, {i: cards[e.card] for i, e in enumerate(army) if e.card in cards})
        if problems:
            return f"{player}'s army: {problems[0].message}"
    return None


def is_colossal(weight: str | None) -> bool:
    return weight in ("colossal", "gargantuan")


def sides(weight: str | None, kind: str) -> int:
    """How many grids or spirals a card of ``weight`` has: two for a colossal's grids and a gargantuan's
    spirals (left and right), else one."""
    return 2 if TWO_SIDED.get(weight or "") == kind else 1


def section_names(kind: str, count: int) -> list[str]:
    """The drawn sections as a player reads them: "Column 3", "Mind branch"; on two sides "Left column 3",
    "Right Mind branch"."""
    per = 6 if kind == "grid" else 3
    two = count == 2 * per
    out = []
    for i in range(count):
        name = f"column {i % per + 1}" if kind == "grid" else f"{BRANCH_NAMES[i % per]} branch"
        out.append(f"{SIDES[i // per]} {name}" if two else name)
    return [n[0].upper() + n[1:] for n in out]


def grid_rows(weight: str | None, columns: Sequence[str] = ()) -> int:
    """Rows drawn for a grid: six, eight for a colossal's, more when a column given already is longer."""
    return max(COLOSSAL_ROWS if is_colossal(weight) else GRID_ROWS, *(len(c) for c in columns), 0)


def grid_cycle(weight: str | None) -> tuple[str, ...]:
    return COLOSSAL_CYCLE if is_colossal(weight) else GRID_CYCLE


def spiral_cells(weight: str | None, branches: Sequence[str] = ()) -> int:
    """Cells drawn per branch: more for a gargantuan, and enough for the longest branch given already."""
    return max(GARGANTUAN_SPIRAL_CELLS if is_colossal(weight) else SPIRAL_CELLS, *(len(b) for b in branches), 0)


def drawn_cells(strings: Sequence[str], sections: int, size: int) -> list[list[str]]:
    """A grid's columns or a spiral's branches (the card's strings) as the cells a tap editor starts from."""
    padded = [*strings, *[""] * sections][:sections]
    return [[*s[:size], *[NO_BOX] * (size - len(s[:size]))] for s in padded]


def spiral_cycle(branch: int) -> tuple[str, ...]:
    """No box, a plain box, the branch's own aspect box (Mind M, Body B, Spirit S)."""
    return NO_BOX, PLAIN, BRANCH_NAMES[branch][0]


def next_sign(cycle: Sequence[str], sign: str) -> str:
    """The sign a tap turns ``sign`` into."""
    return cycle[(cycle.index(sign) + 1) % len(cycle)] if sign in cycle else cycle[0]


def grid_columns(cells: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """Drawn columns (top to bottom) as the card's column strings; cells below the last box are left out."""
    return tuple("".join(column).rstrip(NO_BOX) for column in cells)


def spiral_branches(cells: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """Drawn branches as the card's branch strings: the boxes in order, gaps left out."""
    return tuple("".join(s for s in branch if s != NO_BOX) for branch in cells)


def drawing_problem(layout: GridLayout | SpiralLayout) -> str | None:
    """What is wrong with a drawn grid or spiral before the card's own checks, for the player."""
    parts = layout.columns if isinstance(layout, GridLayout) else layout.branches
    boxes = [len(p) - p.count(NO_BOX) for p in parts or ()]
    if isinstance(layout, GridLayout) and layout.sides == 2:
        labels = section_names("grid", len(boxes))
        empty = [labels[n] for n, count in enumerate(boxes) if not count]
        if empty:
            which = f"{', '.join(empty)} have" if len(empty) > 1 else f"{empty[0]} has"
            return f"{which} no box: tap the boxes each column has on your card."
    elif isinstance(layout, GridLayout):
        empty = [str(n) for n, count in enumerate(boxes, start=1) if not count]
        if empty:
            which = f"Columns {', '.join(empty)} have" if len(empty) > 1 else f"Column {empty[0]} has"
            return f"{which} no box: tap the boxes each column has on your card."
    else:
        branches = [n.removesuffix(" branch") for n in section_names("spiral", len(boxes))]
        empty = [branches[n] for n, count in enumerate(boxes) if not count]
        if empty:
            names = f"{', '.join(empty[:-1])} and {empty[-1]}" if len(empty) > 1 else empty[0]
            which = f"The {names} branches have" if len(empty) > 1 else f"The {names} branch has"
            return f"{which} no box: tap the boxes each branch has on your card."
    if layout.total is not None and sum(boxes) != layout.total:
        return f"Your card has {layout.total} boxes; {sum(boxes)} are drawn."
    return None
