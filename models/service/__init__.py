"""The service layer: GameService, access tokens, service errors."""

from models.service.access import Actor
from models.service.errors import AlreadyStarted, Conflict, Forbidden, NotFound
from models.service.games import Created, GameService, LogEntry, Outcome

__all__ = ["Actor", "AlreadyStarted", "Conflict", "Created", "Forbidden", "GameService", "LogEntry", "NotFound",
           "Outcome"]
