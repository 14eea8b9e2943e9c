"""``python -m models.service.moderators grant-moderator EMAIL`` (or ``revoke-moderator EMAIL``): the site's
operator makes an account a moderator of the community card book, or no longer one. A command on the server, never
the web: no page or route can give the right. It uses the database of ``DATABASE_URL`` (the server's default
SQLite file without it) and brings its schema up to date first, as the server does."""

from __future__ import annotations

import os
import sys

from models.db.community_repository import CommunityRepository
from models.db.engine import DEFAULT_URL, make_engine, migrate

USAGE = "usage: python -m models.service.moderators grant-moderator|revoke-moderator EMAIL"


def main(argv: list[str], url: str | None = None) -> int:
    if len(argv) != 2 or argv[0] not in ("grant-moderator", "revoke-moderator"):
        print(USAGE, file=sys.stderr)
        return 2
    engine = make_engine(url or os.environ.get("DATABASE_URL", DEFAULT_URL))
    try:
        migrate(engine)
        email = argv[1].strip().lower()
        grant = argv[0] == "grant-moderator"
        account = CommunityRepository(engine).set_moderator(email, grant)
    finally:
        engine.dispose()
    if account is None:
        print(f"No account has the email {email}.", file=sys.stderr)
        return 1
    print(f"{account.name} ({email}) is {'now' if grant else 'no longer'} a moderator of the community card book.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
