"""Times as an event's people read them: in the organiser's time zone, with UTC beside for anyone elsewhere."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from models.service.zones import UTC_NAME


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
