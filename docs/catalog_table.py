"""Writes docs/CATALOG.md: per faction, what each shipped card knows, what is still missing and where the facts
came from, so a player (or a contributor with a source) sees at a glance which cards the app will ask about.

Run from the repository root: ``python -m models.catalog doc`` (or ``python docs/catalog_table.py``);
tests/catalog checks the file is current.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from models.catalog import shipped_cards
from models.catalog.roster import roster_source
from models.catalog.schema import (
    CASTER_ROLES,
    BoxesLayout,
    Card,
    GridLayout,
    SpiralLayout,
    WebLayout,
    missing_facts,
)
from models.rules.warmachine.completion import facts_to_ask

# A page address or a reference document: a card citing one carries facts beyond the roster.
CITED = re.compile(r"https?://(?!pypi\.org)\S+|reference README|doc 00\d")

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "CATALOG.md"

# The stat line each role's card prints (RAT is left out: many models have no ranged attack, so a blank RAT is
# not a gap).
_LINE = ("SPD", "STR", "MAT", "DEF", "ARM")
STATS_BY_ROLE: dict[str, tuple[str, ...]] = {
    "warcaster": (*_LINE, "CMD", "FOCUS"),
    "warlock": (*_LINE, "CMD", "FURY"),
    "infernal_master": (*_LINE, "CMD", "ESSENCE"),
    "master_infernalist": (*_LINE, "CMD", "ESSENCE"),
    "warjack": _LINE,
    "warbeast": (*_LINE, "FURY", "THR"),
    "horror": (*_LINE, "ESSENCE"),
    "unit": (*_LINE, "CMD"),
    "solo": (*_LINE, "CMD"),
    "structure": ("DEF", "ARM"),
    "battle_engine": (*_LINE,),
    "attachment": (),
}
ROLE_NAMES = {"infernal_master": "infernal master", "master_infernalist": "Master Infernalist"}


def known(card: Card) -> str:
    """The facts the card ships with, in the order of a printed stat card."""
    parts = [" ".join(f"{s} {v}" for s, v in card.stats.model_dump().items() if v is not None)]
    if card.base_mm:
        parts.append(f"{card.base_mm} mm base")
    parts.append(_damage(card))
    if card.battlegroup_points is not None:
        parts.append(f"+{card.battlegroup_points} battlegroup points")
    if card.unit and card.unit.costs:
        parts.append(", ".join(f"{n} models for {c}" for n, c in sorted(card.unit.costs.items())))
    elif card.cost is not None:
        parts.append(f"cost {card.cost}")
    if card.fa:
        parts.append(f"FA {card.fa}")
    if card.trump:
        parts.append(f"Trump {card.trump}")
    return ", ".join(p for p in parts if p) or "name only"


def _damage(card: Card) -> str:
    layout = card.damage
    if card.unit is not None:
        return f"{_boxes(card.unit.trooper_boxes)} each" if card.unit.trooper_boxes else ""
    if isinstance(layout, BoxesLayout) and layout.boxes:
        return _boxes(layout.boxes)
    if isinstance(layout, WebLayout) and layout.total:
        rings = f" ({'/'.join(map(str, layout.rings))})" if layout.rings else ""
        return f"web {layout.total}{rings}"
    if isinstance(layout, GridLayout | SpiralLayout) and layout.total:
        return f"{'two ' + layout.kind + 's' if layout.sides == 2 else layout.kind} {layout.total}"
    return ""


def _boxes(n: int) -> str:
    return f"{n} box" if n == 1 else f"{n} boxes"


def missing(card: Card) -> str:
    """What the app asks before play or lists (``missing_facts``), then the blanks of the printed stat line."""
    gaps = list(missing_facts(card))
    gaps += [s for s in STATS_BY_ROLE.get(card.role, ()) if getattr(card.stats, s) is None]
    if card.base_mm is None and card.role != "attachment":
        gaps.append("base")
    return ", ".join(gaps) or "nothing"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


ROLE_ORDER = ("warcaster", "warlock", "infernal_master", "master_infernalist", "warjack", "warbeast", "horror",
              "unit", "attachment", "solo", "battle_engine", "structure")
ROLE_PLURALS = {"warcaster": "warcasters", "warlock": "warlocks", "infernal_master": "infernal masters",
                "master_infernalist": "Master Infernalists", "warjack": "warjacks", "warbeast": "warbeasts",
                "horror": "horrors", "unit": "units", "attachment": "attachments", "solo": "solos",
                "battle_engine": "battle engines", "structure": "structures"}
COLUMNS = ("models listed", "with point cost", "complete stat line", "playable without typing",
           "grid or spiral unknown")


def has_cost(card: Card) -> bool:
    """A cost is known: a caster's battlegroup points, a unit's cost of some size, any other model's cost."""
    if card.role in ("warcaster", "warlock", "infernal_master"):
        return card.battlegroup_points is not None
    if card.role == "unit" and card.unit is not None and card.unit.costs:
        return True
    return card.cost is not None


def complete_line(card: Card) -> bool:
    return all(getattr(card.stats, s) is not None for s in STATS_BY_ROLE.get(card.role, _LINE))


def playable(card: Card) -> bool:
    """Nothing to type on the pre-game screen (the same question the screen asks, completion.facts_to_ask)."""
    return not facts_to_ask(card)


def layout_unknown(card: Card) -> bool:
    d = card.damage
    return (isinstance(d, GridLayout) and d.columns is None) or (isinstance(d, SpiralLayout) and d.branches is None)


def counts(cards: list[Card]) -> tuple[int, ...]:
    return (len(cards), sum(map(has_cost, cards)), sum(map(complete_line, cards)), sum(map(playable, cards)),
            sum(map(layout_unknown, cards)))


def _row(label: str, numbers: tuple[int, ...]) -> str:
    return "| " + " | ".join([label, *map(str, numbers)]) + " |"


# How a player enters what a card leaves blank (webapp/components/warmachine/fast_card.py, code_entry.py).
ENTRY = (
    "## How a card is entered",
    "",
    "A player enters a card once, from the printed card in hand, into their card book (their account's when",
    "signed in); the list builder, the quick form and every game of theirs then use it. Two screens ask: the",
    "pre-game screen (only what the game needs, before it starts) and, before game day, the screen for every",
    "card of a list that lacks a fact (**Enter its cards** on the Lists page, or **A list's cards** on the Cards",
    "page), in list order with its progress (\"3 of 7 cards complete\").",
    "",
    "- **Stat line** in the card's order: SPD STR MAT RAT DEF ARM CMD, then FOCUS, FURY, THR or ESSENCE; a",
    "  tablet opens its number keypad and Tab walks along the line. What the catalog gives is shown, read only.",
    "- **A warjack's grid, column by column**: each column's box count, then its system letters from the bottom",
    "  up. `6 L L L` (or `6LLL`) is six boxes, the bottom three Left arm, the rest plain; `.` is a plain box",
    "  between letters (`6 . . L L L`). A colossal has twelve columns, the left grid's first. The grid is drawn",
    "  beside as it is typed; a box tapped on the drawing rewrites its column's code. **Mirror left and right**",
    "  turns a grid round (columns reversed, L and R swapped).",
    "- **A warbeast's spiral, branch by branch** (Mind, Body, Spirit; a gargantuan's two spirals, left first):",
    "  its box count, then its aspect boxes from the inside out, as letters (`5 M M`) or a number (`5 2`).",
    "- **Start from** another card already entered of the same faction and role (the catalog, the player's card",
    "  book, or a card typed higher on the same screen: the Destroyer from the Juggernaut), then adjust.",
    "- **A web's rings** (outer, middle, centre), **damage boxes**, a **unit's** trooper and leader boxes and",
    "  its sizes with their costs, a card's **cost** (or battlegroup points) and **FA**, and **weapons** as rows",
    "  (name, RNG, ROF, AOE, POW, P+S).",
    "",
    "A code or number that cannot be right is refused in words under its field as it is typed (\"Column 3: X is",
    "not a system letter\"), and a card with one is not saved. A signed-in player may also publish what a",
    "screen saves to the community card book (**Also publish them to the community book**, saying where the",
    "facts come from: their printed card, a page address or a card pack), so the next player types nothing.",
    "",
    "Measured in `tests/e2e/test_card_entry_taps.py`: a 34-box heavy warjack grid takes 6 taps (one field per",
    "column), and the Khador-against-Circle game of issue 35, every missing fact and the warjacks' and the",
    "Warpwolf's stat lines entered and published, 69 taps from the home page to the first activation; another",
    "player, after that, 28 taps with no fact typed (the issue's targets: 20, 120 and 30). The same test",
    "enters a list's cards at 768 px wide and on a 390 px phone: every control at least 48 px, nothing wider",
    "than the screen, and axe-core finding nothing serious.",
)


# Where facts come from beyond the shipped catalog (models/service/community.py, book_coverage.py).
COMMUNITY = (
    "## Coverage: shipped, community, agreed",
    "",
    "Each fact a game uses resolves through three layers, in this order of trust: the shipped catalog (this page),",
    "the site's **community card book** (facts signed-in players published from their own cards, each with who",
    "entered it, from what, how many other accounts entered the same value and whether a moderator checked it;",
    "`/cards/community`), and the player's own card book on top. A game records which community facts it used",
    "(publication and version), so a later correction never changes it. The shipped numbers are the tables below;",
    "the community's live on each site's database and are counted there, by the site's operator:",
    "",
    "```sh",
    "DATABASE_URL=postgresql+psycopg://... python -m models.service.book_coverage",
    "```",
    "",
    "It prints, as a table: the shipped cards playable without typing, the cards the community book makes",
    "playable beyond them, the cards with community facts, and the community facts agreed by two or more",
    "accounts (or checked by a moderator) and those whose values disagree. A fresh install's book is empty. The",
    "book exports as a card pack (`/cards/community`, `GET /api/cards/community/pack`) that a club tablet",
    "imports offline.",
)


def render(cards: Iterable[Card]) -> str:
    """The whole document for these cards: coverage per faction and per role, then the cards with facts."""
    cards = list(cards)
    factions = sorted({c.faction for c in cards})
    casters = [c for c in cards if c.role in CASTER_ROLES]
    lines = [
        "# The card catalog: coverage",
        "",
        "Generated by `python -m models.catalog doc` from the catalog (a test checks it is current).",
        f"Every Mk III model of the open roster, {roster_source().split(' (')[0]}, is listed by name,",
        "faction, role and card id; its numbers come from the public pages cited on its card",
        "(`models/catalog/facts/`, and the hand-made faction files of `models/catalog/`). A blank stays blank and",
        "the app asks the player for it once, before the game, from their own stat card (kept in their card book).",
        "\"Playable without typing\" means the pre-game screen asks nothing for it; no public page gives a",
        "warjack's grid or a warbeast's spiral box by box, so those are tapped in once (\"grid or spiral",
        "unknown\"). The pages were stored at different dates during Mark III: a card changed by a later errata or",
        "points update may show its earlier value; its owner corrects it once in the card editor.",
        "",
        *ENTRY,
        "",
        *COMMUNITY,
        "",
        f"Casters playable without typing: {sum(map(playable, casters))} of {len(casters)}. "
        f"Models with a cited cost: {sum(map(has_cost, cards))} of {len(cards)}.",
        "",
        "## Per faction",
        "",
        "| faction | " + " | ".join(COLUMNS) + " |",
        "|---" * (len(COLUMNS) + 1) + "|",
    ]
    lines += [_row(f, counts([c for c in cards if c.faction == f])) for f in factions]
    lines.append(_row("**all**", counts(cards)))
    lines += ["", "## Per role", "", "| role | " + " | ".join(COLUMNS) + " |", "|---" * (len(COLUMNS) + 1) + "|"]
    lines += [_row(ROLE_PLURALS[r], counts([c for c in cards if c.role == r]))
              for r in ROLE_ORDER if any(c.role == r for c in cards)]
    order = list(ROLE_ORDER)
    for faction in factions:
        mine = sorted((c for c in cards if c.faction == faction and CITED.search(c.source)),
                      key=lambda c: (order.index(c.role), c.name))
        if not mine:
            continue
        lines += ["", f"## {faction}: cards with facts", "", "| card | role | known | missing | source |",
                  "|---|---|---|---|---|"]
        for c in mine:
            role = ROLE_NAMES.get(c.role, c.role.replace("_", " ")) + (f" ({c.weight})" if c.weight else "")
            row = (c.name, role, known(c), missing(c), c.source)
            lines.append("| " + " | ".join(_cell(x) for x in row) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    DOC.write_text(render(shipped_cards().values()), encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)} ({len(shipped_cards())} cards)")


if __name__ == "__main__":
    main()
