"""The version a live part of a page shows, put on it as ``data-version`` in the same update as what it shows, so
that a test waits for the part at a given version, never for a moment. Every system's turn line carries it."""

from __future__ import annotations

from nicegui.element import Element


def stamp(line: Element, version: int) -> None:
    """Put the version a turn line shows on it (``data-version``), in the same update as what it shows."""
    value = str(version)
    if line.props.get("data-version") != value:
        line.props["data-version"] = value
        line.update()
