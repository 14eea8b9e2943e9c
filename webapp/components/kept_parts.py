"""A column of parts, one per key (a player, say), each redrawn only when what it shows changes: a tap on one part's
button, or a field being typed in it, outlives another part's change."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from nicegui.element import Element


class Part(NamedTuple):
    key: str
    shown: Any  # what the part shows, compared with what it showed: equal, it is left as it is
    make: Callable[[], Element]  # the part's own container, made once
    draw: Callable[[], None]  # its contents, drawn inside it


class KeptParts:
    def __init__(self, container: Element) -> None:
        self.container = container
        self.parts: dict[str, tuple[Any, Element]] = {}

    def show(self, parts: Sequence[Part]) -> None:
        """Show ``parts`` in this order for new ones (appended); a part no longer given is removed."""
        given = {p.key for p in parts}
        for key in [k for k in self.parts if k not in given]:
            self.parts.pop(key)[1].delete()
        for part in parts:
            found = self.parts.get(part.key)
            if found is not None and found[0] == part.shown:
                continue
            if found is None:
                with self.container:
                    box = part.make()
            else:
                box = found[1]
                box.clear()
            self.parts[part.key] = (part.shown, box)
            with box:
                part.draw()
