"""The benchmark's curves as one PNG (docs/bench-curve.png after a full run): what a change costs the server as
spectators grow, app against the bare broadcast; spectator p95 as processes are added; the event day's
measured points with the model that carries them to the budgeted day; and the bytes a change puts on a venue's
Wi-Fi, this build against the baseline measured in the same run. A panel whose benchmark did not run is
left out."""

from __future__ import annotations

import os
import statistics
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.bench.common import Curve, EventModel


def _medians(points: list[tuple[int, float]]) -> tuple[list[int], list[float]]:
    """The median y at each x, x ascending."""
    by_x: dict[int, list[float]] = defaultdict(list)
    for x, y in points:
        by_x[x].append(y)
    xs = sorted(by_x)
    return xs, [statistics.median(by_x[x]) for x in xs]


def _cpu(ax: Any, curve: Curve) -> None:
    for points, label in ((curve.app_cpu, "app"), (curve.bare_cpu, "bare python-socketio")):
        if points:
            (line,) = ax.plot(*_medians(points), label=f"{label} (median of the rounds)")
            ax.scatter(*zip(*points, strict=True), s=14, alpha=0.6, color=line.get_color())
    ax.set(title="One process: server CPU per change", xlabel="spectators on the game (the app's 1: one alone)",
           ylabel="ms of CPU per change")
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=8)


def _p95(ax: Any, curve: Curve) -> None:
    by_size: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for processes, spectators, ms in curve.one_game_p95:
        by_size[spectators].append((processes, ms))
    clustered = {n for n, points in by_size.items() if any(p > 1 for p, _ in points)}
    for n in sorted(clustered or by_size):  # one process's other sizes are on the CPU panel's scale only
        (line,) = ax.plot(*_medians(by_size[n]), marker="o", label=f"{n} spectators on one game")
        ax.scatter(*zip(*by_size[n], strict=True), s=14, alpha=0.6, color=line.get_color())
    for processes, spectators, ms in curve.event_p95:
        ax.scatter([processes], [ms], marker="s", s=30, label=f"event day, {spectators} spectators")
    ax.axhline(250, color="grey", linestyle="--", linewidth=1, label="budget 250 ms")
    ax.set(title="Spectator latency p95", xlabel="app processes", ylabel="ms", xticks=[1, 2, 3, 4])
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=8)


def _event_day(ax: Any, curve: Curve, model: EventModel) -> None:
    xs = [0, max(curve.event_target, *(n for n, _ in curve.event_cores))]
    ax.plot(xs, [model.cores(x) for x in xs],
            label=f"model: {model.base_ms:.1f} ms + {model.per_spectator_ms:.3f} ms x spectators per table")
    ax.scatter(*zip(*curve.event_cores, strict=True), zorder=3, label="measured days")
    ax.scatter([curve.event_target], [model.cores(curve.event_target)], marker="x", s=60, color="tab:red", zorder=3,
               label=f"the budgeted day, {curve.event_target:,}")
    ax.axhline(model.processes, color="grey", linestyle="--", linewidth=1,
               label=f"{model.processes} processes (a core each)")
    ax.axhline(os.cpu_count() or 1, color="grey", linestyle=":", linewidth=1, label="this machine's cores")
    ax.set(title=f"Event day: {model.tables} tables, a tap each every {model.interval:.0f} s",
           xlabel="spectators over all tables", ylabel="cores (app processes and nginx)")
    ax.set_ylim(0, 1.3 * max(model.processes, os.cpu_count() or 1, model.cores(xs[1])))
    ax.legend(fontsize=8)


def _venue(ax: Any, curve: Curve) -> None:
    changes = list(dict.fromkeys(c for c, _, _ in curve.venue_bytes))
    builds = list(dict.fromkeys(b for _, b, _ in curve.venue_bytes))
    width = 0.8 / max(1, len(builds))
    for k, build in enumerate(builds):
        got = {c: n for c, b, n in curve.venue_bytes if b == build}
        ax.bar([i + k * width for i in range(len(changes))], [got.get(c, 0) for c in changes], width, label=build)
    ax.axhline(1024, color="grey", linestyle="--", linewidth=1, label="budget 1 KiB")
    ax.set_xticks([i + width * (len(builds) - 1) / 2 for i in range(len(changes))], changes, fontsize=8)
    ax.set(title="Venue Wi-Fi: bytes on the wire per change", ylabel="bytes to the browser per change")
    ax.legend(fontsize=8)


def draw(curve: Curve, path: Path) -> bool:
    """Write the PNG; False (nothing written) when no benchmark that draws has run."""
    panels: list[Callable[[Any], None]] = []
    if curve.app_cpu:
        panels.append(lambda ax: _cpu(ax, curve))
    if curve.one_game_p95 or curve.event_p95:
        panels.append(lambda ax: _p95(ax, curve))
    model = curve.event_model
    if model is not None:
        panels.append(lambda ax: _event_day(ax, curve, model))
    if curve.venue_bytes:
        panels.append(lambda ax: _venue(ax, curve))
    if not panels:
        return False
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(panels), figsize=(5.2 * len(panels), 4.2), dpi=100, squeeze=False)
    for panel, ax in zip(panels, axes[0], strict=True):
        panel(ax)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return True
