"""A model's card numbers (MOV, MAV, RAV, DV, CP, #MA, #RA and the Special MOV doc 003 "Burrowed" names), typed
by the players: on the new-game form or later on the model's card. The app invents none of them; a number left
empty holds up the start of the game until someone types it."""

from __future__ import annotations

from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warlord.state import SYSTEM, Figure, Stats, board, figure, with_figures

StatName = Literal["mov", "special_mov", "mav", "rav", "dv", "cp", "ma", "ra"]
STAT_LABELS: dict[StatName, str] = {"mov": "MOV", "special_mov": "Special MOV", "mav": "MAV", "rav": "RAV",
                                    "dv": "DV", "cp": "CP", "ma": "MA", "ra": "RA"}
# Special MOV only matters to a model that burrows: it may stay empty.
OPTIONAL: frozenset[StatName] = frozenset({"special_mov"})


def missing(stats: Stats) -> list[StatName]:
    """The numbers still to type; RAV only matters to a model with ranged attacks."""
    gaps = [n for n in STAT_LABELS if getattr(stats, n) is None and n not in OPTIONAL]
    return [n for n in gaps if not (n == "rav" and stats.ra == 0)]


def missing_numbers(state: GameState) -> list[str]:
    """"Knight: MAV, DV" for each model whose card still has empty numbers (models of a game set up before
    the app kept card numbers have no card here and never hold up the start)."""
    out = []
    for f in board(state).figures:
        gaps = missing(f.stats) if f.stats is not None else []
        if gaps:
            out.append(f"{f.name}: {', '.join(STAT_LABELS[n] for n in gaps)}")
    return out


def stats_text(stats: Stats) -> str:
    """"MOV 6 · MAV 4 · ..." with "?" for an empty number (Special MOV only when typed)."""
    parts = []
    for name, shown in STAT_LABELS.items():
        value = getattr(stats, name)
        if value is None and name in OPTIONAL:
            continue
        parts.append(f"{shown} {'?' if value is None else value}")
    return " · ".join(parts)


def known(f: Figure, *names: StatName) -> tuple[int, ...]:
    """The named numbers of ``f``'s card; refused with ``stats.unknown`` while any of them is empty."""
    stats = f.stats or Stats()
    values = [getattr(stats, n) for n in names]
    gaps = [STAT_LABELS[n] for n, v in zip(names, values, strict=True) if v is None]
    if gaps:
        raise RuleViolation("stats.unknown", f"{f.name}'s card has no {' or '.join(gaps)} yet: type it on the "
                                             "model's card first.")
    return tuple(v for v in values if v is not None)


class WarlordSetStats(Command):
    """The numbers of a model's card as a player types them (all of them: an empty one stays empty)."""

    type: Literal["warlord_set_stats"] = "warlord_set_stats"
    model: str
    stats: Stats


@handles(WarlordSetStats, system=SYSTEM, timing="anytime")
def set_stats(state: GameState, cmd: WarlordSetStats) -> tuple[GameState, list[Event]]:
    """Any time: a number mistyped at the start can be put right mid-game (our reading: the card is a fact)."""
    f = figure(state, cmd.model)
    if f.stats == cmd.stats:
        raise RuleViolation("stats.same", f"{f.name}'s card has these numbers already.")
    f = f.model_copy(update={"stats": cmd.stats})
    return with_figures(state, f), [Event(kind="warlord.stats", model=f.id,
                                          text=f"{f.name}'s card: {stats_text(cmd.stats)}.")]
