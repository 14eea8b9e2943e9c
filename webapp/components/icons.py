"""The icons a game's table page shows on its first screen, drawn here as SVG paths on a 24 x 24 grid.

Quasar draws an ``icon`` that is a path (``"M... | viewBox"``, paths joined by ``&&``, each with its style after
``@@``) as an inline SVG. A name such as ``"undo"`` is a glyph of the Material Icons font instead, and that font
is 126 KiB: a first visit to the table page downloaded it for these nine symbols (docs/PERFORMANCE.md, "A lighter
first load"). Pages that show other icons still load the font when they show them.
"""

from __future__ import annotations

LINE = "fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round"
SOLID = "fill:currentColor"


def _icon(*paths: tuple[str, str]) -> str:
    return "&&".join(f"{d}@@{style}" for d, style in paths) + "|0 0 24 24"


CLOSE = _icon(("M6 6L18 18M18 6L6 18", LINE))
PAUSE = _icon(("M7 5h3v14H7zM14 5h3v14h-3z", SOLID))
PLAY = _icon(("M8 5v14l11-7z", SOLID))
UNDO = _icon(("M9 14L4 9l5-5", LINE), ("M4 9h10a6 6 0 0 1 0 12h-3", LINE))
REDO = _icon(("M15 14l5-5-5-5", LINE), ("M20 9H10a6 6 0 0 0 0 12h3", LINE))
EDIT = _icon(("M4 20h4L19 9l-4-4L4 16z", LINE), ("M13 7l4 4", LINE))
SHARE = _icon(("M8.6 10.7l6.8-3.4M8.6 13.3l6.8 3.4", LINE),
              ("M6 9a3 3 0 1 1 0 6a3 3 0 1 1 0-6zM18 2a3 3 0 1 1 0 6a3 3 0 1 1 0-6zM18 16a3 3 0 1 1 0 6a3 3 0 1 1 0-6z",
               SOLID))
HISTORY = _icon(("M3.5 15a9 9 0 1 0 1.3-8.3", LINE), ("M4 3v4.5h4.5", LINE), ("M12 7.5V12l3 2", LINE))
FLAG = _icon(("M5 21V4M5 4h12l-2.5 4.5L17 13H5", LINE))
CONTRAST = _icon(("M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18z", LINE), ("M12 3a9 9 0 0 1 0 18z", SOLID))
