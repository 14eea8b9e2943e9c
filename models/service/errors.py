"""Service refusals the pages and the API turn into clear messages (404, 403, 401, 422). Each is a
:class:`Refusal` (a code and a sentence), as the rules' are, so a page catches that one type; a conflict and a
repeated start are not refusals but answers to act on (resync, the first answer)."""

from __future__ import annotations

from models.rules.refusals import Refusal


class NotFound(Refusal):
    """No such game (or list), or a link whose token does not open it: both answer alike, so a stranger cannot
    tell whether a game exists. ``what`` is the id looked for (never told to the reader)."""

    def __init__(self, what: str = "", message: str = "There is no such game.", code: str = "game.not_found") -> None:
        super().__init__(code, message)
        self.what = what


class Forbidden(Refusal):
    """The link's token does not allow this; the message says who can (shown to the player as it is)."""

    def __init__(self, message: str = "This link cannot change the game.") -> None:
        super().__init__("access.forbidden", message)


class Conflict(Exception):
    """Someone else changed the game first; ``current`` is the version to resync to."""

    def __init__(self, current: int) -> None:
        super().__init__(f"The game changed meanwhile (now at version {current}); showing the latest state.")
        self.current = current


class AlreadyStarted(Exception):
    """A start repeated with its ``command_id`` after this process forgot the answer: the game exists, and its
    links were shown once, to the first request (only their hashes are stored)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"This command_id already started game {game_id}; its links were given in the first "
                         "answer only.")
        self.game_id = game_id


class NotSignedIn(Refusal):
    """The request needs an account and carries no valid session (401 in the API, the sign-in page on a page)."""

    def __init__(self, message: str = "Sign in first.") -> None:
        super().__init__("account.signed_out", message)


class NoSuchEvent(NotFound):
    """No event has this id, or the reader has nothing in it to show (404 ``event.not_found``)."""

    def __init__(self, message: str = "There is no such event.") -> None:
        super().__init__(message=message, code="event.not_found")


class SiteError(Refusal):
    """A refusal of the site's services (accounts, events, listings, my data), apart from the rules' RuleViolation:
    a stable ``code`` (catalogued in ``models.service.site_codes``) and a sentence for a person. Nothing changed."""

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


class AccountError(SiteError):
    """Refused by the accounts service (``account.*``)."""


class EventError(SiteError):
    """Refused by the events service (``event.*``, ``result.*`` of an event's tables)."""


class ListingError(SiteError):
    """Refused by the Live now listings (``listing.*``)."""


class MyDataError(SiteError):
    """Refused while moving a browser's data into an account (``my_data.*``)."""


class CommunityError(SiteError):
    """Refused by the community card book (``community.*``)."""


class Busy(SiteError):
    """Refused at once because the lane for this heavy work is full (``account.busy``, ``account.data_busy``):
    ask again after ``retry_after`` seconds. Nothing was done or counted."""

    def __init__(self, code: str, message: str, retry_after: int) -> None:
        super().__init__(code, message)
        self.retry_after = retry_after
