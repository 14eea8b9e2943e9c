"""``python -m models.catalog [schema|build|check|doc]``.

- ``schema`` (the default): rewrite ``card.schema.json`` from the schema and check that every card loads.
- ``build``: rewrite ``roster/`` from the installed open data package (``pip install -e '.[catalog]'``).
- ``check``: load everything and list what the merge could not use (conflicting facts, records naming no model);
  exits 1 when there is any.
- ``doc``: rewrite docs/CATALOG.md, the coverage table (docs/catalog_table.py).
"""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

from models.catalog import CATALOG_DIR, build_catalog, shipped_arcana, shipped_cards, shipped_themes
from models.catalog.schema import SCHEMA_FILE, card_json_schema

DOC_SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "catalog_table.py"


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "schema"
    if what == "schema":
        out = CATALOG_DIR / SCHEMA_FILE
        out.write_text(json.dumps(card_json_schema(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {out}; {len(shipped_cards())} cards and {len(shipped_arcana())} arcana cards load")
    elif what == "build":
        from models.catalog.roster import build

        print(build())
    elif what == "check":
        catalog = build_catalog()
        problems = [*map(str, catalog.conflicts), *catalog.unmatched]
        print(f"{len(catalog.cards)} cards, {len(shipped_themes())} theme forces load")
        print("\n".join(problems) or "no conflicting facts, every record names a model")
        return 1 if problems else 0
    elif what == "doc":
        runpy.run_path(str(DOC_SCRIPT), run_name="__main__")
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
