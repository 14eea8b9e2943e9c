"""The service layer's face: GameService, access tokens, service errors, and what a server needs of the
database (its URL, engine and migrations, the PostgreSQL listener of other processes' commits). The web imports
this, never ``models.db``."""

from models.db.engine import DEFAULT_URL, make_engine, migrate
from models.db.notify import Listener
from models.service.access import Actor
from models.service.errors import AlreadyStarted, Conflict, Forbidden, NotFound, SiteError
from models.service.games import Created, GameService, Outcome
from models.service.history import LogEntry

__all__ = [
    "DEFAULT_URL",
    "Actor",
    "AlreadyStarted",
    "Conflict",
    "Created",
    "Forbidden",
    "GameService",
    "Listener",
    "LogEntry",
    "NotFound",
    "Outcome",
    "SiteError",
    "make_engine",
    "migrate",
]
