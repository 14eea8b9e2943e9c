"""Times as an event's people read them: in the organiser's time zone, with UTC beside for anyone elsewhere. The
event's sentences take them from the service (models/service/zones.py), and so do the pages."""

from __future__ import annotations

from models.service.zones import at

__all__ = ["at"]
