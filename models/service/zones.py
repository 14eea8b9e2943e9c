"""Time zones an event's times are shown in: IANA names ("Europe/London"), as the system's time zone database
knows them; UTC always. Its people read a time in the organiser's zone, with UTC beside (``at``)."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from models.service.errors import EventError

UTC_NAME = "UTC"
ZONE_MAX = 64


@cache
def zones() -> tuple[str, ...]:
    """Every time zone an event may take, UTC first."""
    return (UTC_NAME, *sorted(z for z in available_timezones() if z != UTC_NAME and "/" in z
                               and not z.startswith(("Etc/", "SystemV/", "posix/", "right/"))))


def check_zone(name: str) -> str:
    """``name`` if it is a time zone events may take; else refused with a reason."""
    name = (name or "").strip()
    if name == UTC_NAME:
        return name
    if len(name) > ZONE_MAX or name not in zones():
        raise EventError("event.time_zone", "Pick the event's time zone from the list (such as Europe/London).")
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise EventError("event.time_zone", "Pick the event's time zone from the list (such as "
                                            "Europe/London).") from None
    return name


def at(when: datetime, zone: str, day: bool = True) -> str:
    """``when`` in ``zone`` with UTC beside: "10 Jan 2030, 09:00 Europe/London (09:00 UTC)"; the UTC time names its
    own day when that differs. An event in UTC shows it once."""
    utc = when.astimezone(UTC)
    shown = "%d %b %Y, %H:%M" if day else "%H:%M"
    if zone == UTC_NAME:
        return f"{utc:{shown}} UTC"
    local = utc.astimezone(ZoneInfo(zone))
    beside = f"{utc:%H:%M} UTC" if utc.date() == local.date() else f"{utc:%d %b, %H:%M} UTC"
    return f"{local:{shown}} {zone} ({beside})"
