"""``python -m models.catalog``: rewrite ``card.schema.json`` from the schema and check every faction file."""

from __future__ import annotations

import json

from models.catalog import CATALOG_DIR, shipped_arcana, shipped_cards
from models.catalog.schema import SCHEMA_FILE, card_json_schema


def main() -> None:
    out = CATALOG_DIR / SCHEMA_FILE
    out.write_text(json.dumps(card_json_schema(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {out}; {len(shipped_cards())} cards and {len(shipped_arcana())} arcana cards load")


if __name__ == "__main__":
    main()
