"""Damage tracks as box data (:func:`shape`) and drawn as SVG from it (so the markup is ours and safe to render
unsanitised).

The table page draws a model's track here (memoised). The spectators' view (views/warmachine.py) carries the
shape instead, and their browsers draw it the same way (static/damage.js): a damage mark then changes a few numbers
and the track's description in the view, not a whole drawing, so the update sent to every spectator stays small.
"""

from __future__ import annotations

import html
import math
from functools import lru_cache
from typing import Any

from models.catalog.schema import GridLayout
from models.rules import GameState
from models.rules.warmachine import grids
from models.rules.warmachine.damage import crippled_systems, rolled_layout
from models.rules.warmachine.match import ModelState, board

RING_NAMES = ("outer", "middle", "centre")
RING_RADII = (0.86, 0.58, 0.30)


def describe(sizes: tuple[int, ...], marks: tuple[int, ...], web: bool) -> str:
    """The words a screen reader hears for a damage track."""
    if web:
        parts = [f"{RING_NAMES[i]} ring {marks[i]} of {sizes[i]} marked" for i in range(len(sizes))]
        return "Damage web: " + ", ".join(parts)
    return f"Damage boxes: {sum(marks)} of {sum(sizes)} marked"


@lru_cache(maxsize=1024)  # every page showing a game draws the same track: drawn once (tests/bench fan-out)
def web_svg(sizes: tuple[int, ...], marks: tuple[int, ...], size: int = 168) -> str:
    """Three concentric rings of boxes; marked boxes are filled (outer ring first, like the damage)."""
    half = size / 2
    parts = [f'<svg class="tk-web" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
             f'role="img" aria-label="{describe(sizes, marks, True)}">']
    for ring, (count, marked) in enumerate(zip(sizes, marks, strict=True)):
        radius = RING_RADII[ring] * (half - 8)
        parts.append(f'<circle class="tk-ring tk-ring-{ring}" cx="{half}" cy="{half}" r="{radius:.1f}"/>')
        box = max(2.5, min(7.0, math.pi * radius / max(count, 1) * 0.8))
        for k in range(count):
            angle = 2 * math.pi * k / count - math.pi / 2
            x, y = half + radius * math.cos(angle), half + radius * math.sin(angle)
            state = "marked" if k < marked else "open"
            parts.append(f'<circle class="tk-box tk-{state}" cx="{x:.1f}" cy="{y:.1f}" r="{box:.1f}"/>')
    parts.append("</svg>")
    return "".join(parts)


@lru_cache(maxsize=1024)
def boxes_svg(total: int, marked: int, per_row: int = 10) -> str:
    """A plain row of damage boxes, wrapped every ``per_row`` boxes."""
    cell = 16
    rows = max(1, math.ceil(total / per_row))
    width, height = min(total, per_row) * cell + 2, rows * cell + 2
    parts = [f'<svg class="tk-boxes" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
             f'role="img" aria-label="{describe((total,), (marked,), False)}">']
    for k in range(total):
        x, y = 1 + (k % per_row) * cell, 1 + (k // per_row) * cell
        state = "marked" if k < marked else "open"
        parts.append(f'<rect class="tk-box tk-{state}" x="{x}" y="{y}" width="{cell - 3}" height="{cell - 3}" rx="2"/>')
    parts.append("</svg>")
    return "".join(parts)


def _letter(ch: str) -> str:
    """A system or aspect letter as safe SVG text (cards typed over the API are not checked for markup)."""
    return ch if ch.isascii() and ch.isalpha() else "?"


def _box(x: int, y: int, cell: int, marked: bool, ch: str, corner: int, lift: int) -> list[str]:
    """One box of a grid or spiral, with its system or aspect letter ('.': a plain box)."""
    state = "marked" if marked else "open"
    out = [f'<rect class="tk-box tk-{state}" x="{x}" y="{y}" width="{cell - 3}" height="{cell - 3}" rx="{corner}"/>']
    if ch != ".":
        out.append(f'<text class="tk-sys tk-{state}" x="{x + (cell - 3) / 2}" y="{y + cell / 2 + lift}" '
                   f'text-anchor="middle">{_letter(ch)}</text>')
    return out


def describe_sections(kind: str, names: tuple[str, ...], sizes: tuple[int, ...], marks: tuple[int, ...],
                      crippled: tuple[str, ...]) -> str:
    """The words a screen reader hears for a grid or spiral: marked boxes per column or branch, and what is
    crippled."""
    parts = [f"{name} {mark} of {size} marked" for name, size, mark in zip(names, sizes, marks, strict=True)]
    lame = f"crippled: {', '.join(crippled)}" if crippled else "nothing crippled"
    return f"Damage {kind}: " + ", ".join(parts) + f"; {lame}"


def grid_label(columns: tuple[str, ...], marks: tuple[int, ...], crippled: tuple[str, ...], sides: int) -> str:
    """The words a screen reader hears for a warjack's grid (or a colossal's two)."""
    per = len(columns) // sides
    sizes = tuple(sum(1 for ch in c if ch != "-") for c in columns)
    names = tuple((f"{('left', 'right')[i // per]} " if sides == 2 else "") + f"column {i % per + 1}"
                  for i in range(len(columns)))
    return describe_sections("grid" if sides == 1 else "grids", names, sizes, marks, crippled)


@lru_cache(maxsize=1024)
def grid_svg(columns: tuple[str, ...], marks: tuple[int, ...], label: str, sides: int = 1) -> str:
    """A warjack's damage grid: six columns numbered 1 to 6, each read top to bottom; '-' leaves a gap, a
    letter is a system box. Damage fills each column from the top, so its first ``marks[i]`` boxes are marked.
    A colossal's two grids (``sides`` 2) are drawn side by side, left then right, their columns headed L1-L6 and
    R1-R6."""
    cell, top, gap = 28, 20, 12
    per = len(columns) // sides
    rows = max((len(c) for c in columns), default=0)
    width, height = len(columns) * cell + (sides - 1) * gap + 2, top + rows * cell + 2
    parts = [f'<svg class="tk-grid" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
             f'role="img" aria-label="{html.escape(label)}">']
    for i, column in enumerate(columns):
        x = 1 + i * cell + (i // per) * gap
        head = f"{'LR'[i // per]}{i % per + 1}" if sides == 2 else str(i + 1)
        parts.append(f'<text class="tk-grid-head" x="{x + cell / 2 - 1}" y="14" text-anchor="middle">{head}</text>')
        box = 0
        for row, ch in enumerate(column):
            if ch == "-":
                continue
            y = top + row * cell
            parts += _box(x, y, cell, box < marks[i], ch, corner=2, lift=2)
            box += 1
    parts.append("</svg>")
    return "".join(parts)


@lru_cache(maxsize=1024)
def spiral_svg(branches: tuple[str, ...], heads: tuple[str, ...], marks: tuple[int, ...], label: str) -> str:
    """A warbeast's damage spiral as its branches, one row each read from the outside in, headed by the d6
    faces that send damage there (``heads``: "1-2 Mind"); a letter is an aspect box. The first ``marks[i]``
    boxes of a branch are marked."""
    count = len(branches)
    label_w, gap = max(84, 8 * max((len(h) for h in heads), default=0)), 4
    longest = max((len(b) - b.count("-") for b in branches), default=1)
    cell = max(12, min(24, (320 - label_w) // max(longest, 1)))
    width, height = label_w + longest * cell + 2, count * (cell + gap) + 2
    parts = [f'<svg class="tk-spiral" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
             f'role="img" aria-label="{html.escape(label)}">']
    for i, branch in enumerate(branches):
        y = 1 + i * (cell + gap)
        parts.append(f'<text class="tk-branch" x="0" y="{y + cell - 5}">{html.escape(heads[i])}</text>')
        for k, ch in enumerate(ch for ch in branch if ch != "-"):
            x = label_w + k * cell
            parts += _box(x, y, cell, k < marks[i], ch, corner=6, lift=1)
    parts.append("</svg>")
    return "".join(parts)


def shape(state: GameState, m: ModelState, sizes: tuple[int, ...], marks: tuple[int, ...]) -> dict[str, Any]:
    """A model's damage track as data: its kind ("grid", "spiral", "web" or "boxes"), what the drawing is made
    of (a grid's columns, a spiral's branches and their heads, the sections' sizes), the marks per section and
    the track's description (``label``: the marked boxes and crippled systems, what a screen reader hears)."""
    layout = rolled_layout(state, m)
    if layout is not None:
        lame = tuple(grids.meaning(layout, ch)[0] for ch in crippled_systems(state, m))
        lines = grids.strings(layout)
        if isinstance(layout, GridLayout):
            return {"kind": "grid", "columns": list(lines), "sides": layout.sides, "marks": list(marks),
                    "label": grid_label(lines, marks, lame, layout.sides)}
        count = len(lines)
        names = tuple(grids.section_name(layout, i) for i in range(count))
        heads = [f"{faces(layout, i)} {names[i].removesuffix(' branch')}" for i in range(count)]
        if layout.sides == 2:  # "L 1-2 Mind": the side's letter first, as on the grids
            heads = [f"{names[i][0].upper()} {faces(layout, i)} {names[i].split(' ')[1]}" for i in range(count)]
        return {"kind": "spiral", "branches": list(lines), "heads": heads, "marks": list(marks),
                "label": describe_sections("spiral", names, sizes, marks, lame)}
    damage = board(state).card_of(m).damage
    if damage is not None and damage.kind == "web" and board(state).card_of(m).role != "unit":
        return {"kind": "web", "sizes": list(sizes), "marks": list(marks), "label": describe(sizes, marks, True)}
    return {"kind": "boxes", "sizes": [sum(sizes)], "marks": [sum(marks)],
            "label": describe((sum(sizes),), (sum(marks),), False)}


def draw(track: dict[str, Any]) -> str:
    """The SVG of a track's :func:`shape` (static/damage.js draws the same in a spectator's browser)."""
    marks = tuple(track["marks"])
    if track["kind"] == "grid":
        return grid_svg(tuple(track["columns"]), marks, track["label"], track["sides"])
    if track["kind"] == "spiral":
        return spiral_svg(tuple(track["branches"]), tuple(track["heads"]), marks, track["label"])
    if track["kind"] == "web":
        return web_svg(tuple(track["sizes"]), marks)
    return boxes_svg(track["sizes"][0], marks[0])


def drawing(state: GameState, m: ModelState, sizes: tuple[int, ...], marks: tuple[int, ...]) -> str:
    """The SVG of a model's damage track (its description names the marked boxes and crippled systems)."""
    return draw(shape(state, m, sizes, marks))


def faces(layout: grids.Layout, index: int) -> str:
    """The d6 faces that send damage into section ``index`` ("1-2"; a grid's column is its own number)."""
    hits = [r for r in range(1, 7) if grids.entry(layout, r, grids.side_of(layout, index)) == index]
    if not hits:
        return ""
    return str(hits[0]) if len(hits) == 1 else f"{hits[0]}-{hits[-1]}"
