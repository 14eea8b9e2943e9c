"""``python -m models.service.book_coverage``: how far a site's cards reach, layer by layer (docs/CATALOG.md
"Coverage: shipped, community, agreed"): the shipped catalog's cards playable without typing, those the community
card book makes playable, and the community facts two or more accounts agree on (or a moderator checked). Read from
the database of ``DATABASE_URL`` (the default SQLite file without it), as a Markdown table."""

from __future__ import annotations

import os
import sys

from sqlalchemy import Engine

from models.catalog import shipped_cards
from models.db.engine import DEFAULT_URL, make_engine, migrate
from models.rules.warmachine.completion import pregame_facts
from models.service.community import CommunityBook


def coverage(engine: Engine) -> list[tuple[str, int, int]]:
    """(layer, cards or facts, out of) rows: shipped playable, community playable, facts agreed."""
    cards = shipped_cards()
    book = CommunityBook(engine).resolved()
    playable = sum(1 for c in cards.values() if not pregame_facts(c))
    completed = sum(1 for k, c in book.items() if pregame_facts(cards[k]) and not pregame_facts(c.resolved))
    facts = [f for c in book.values() for f in c.facts]
    agreed = sum(1 for f in facts if (s := f.chosen) is not None and (s.accounts > 1 or s.checked))
    return [("shipped catalog: cards playable without typing", playable, len(cards)),
            ("community card book: more cards it makes playable", completed, len(cards) - playable),
            ("community card book: cards with facts", len(book), len(cards)),
            ("community facts agreed by two or more accounts or checked", agreed, len(facts)),
            ("community facts whose values disagree", sum(1 for f in facts if f.disagreement), len(facts))]


def main(url: str | None = None) -> int:
    engine = make_engine(url or os.environ.get("DATABASE_URL", DEFAULT_URL))
    try:
        migrate(engine)
        rows = coverage(engine)
    finally:
        engine.dispose()
    print("| layer | count | of |\n|---|---|---|")
    for label, count, out_of in rows:
        print(f"| {label} | {count} | {out_of} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
