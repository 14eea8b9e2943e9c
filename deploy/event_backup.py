"""Back up and restore one event with its games (docs/DEPLOY.md "Restoring one event").

    python -m deploy.event_backup export EVENT_ID > event.json
    python -m deploy.event_backup restore event.json

The database is ``DATABASE_URL`` (as for the server) unless ``--database-url`` names another. A restore migrates
the database first, so it also fills a new, empty one. What is written and why: models/db/event_archive.py.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from models.db.engine import DEFAULT_URL, make_engine, migrate
from models.db.event_archive import ArchiveError, export_event, restore_event


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deploy.event_backup", description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", DEFAULT_URL))
    verbs = parser.add_subparsers(dest="verb", required=True)
    verbs.add_parser("export", help="write the event as JSON to standard output").add_argument("event_id")
    verbs.add_parser("restore", help="put an exported event back").add_argument("file", type=Path)
    args = parser.parse_args(argv)
    engine = make_engine(args.database_url)
    try:
        if args.verb == "export":
            json.dump(export_event(engine, args.event_id), sys.stdout, ensure_ascii=False)
            sys.stdout.write("\n")
            return 0
        try:
            archive = json.loads(args.file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise ArchiveError(f"{args.file} cannot be read as JSON: {e}") from None
        migrate(engine)
        done = restore_event(engine, archive)
        print(f"Event {done.event_id} restored: {done.games_restored} games restored, {done.games_kept} kept as "
              f"they were, {done.accounts_made} accounts made again (they set a password by a reset).")
        return 0
    except ArchiveError as e:
        print(e, file=sys.stderr)
        return 1
    finally:
        engine.dispose()


if __name__ == "__main__":
    sys.exit(main())
