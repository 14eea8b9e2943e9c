"""Every sentence a person reads about an event, made here and nowhere else: a table's line and its result, a report
and its dispute, where the round stands, when the next one starts, the correction log, where a player stands, the
round timer, the hall screen's headings and the lines of a game's result export. The event page, the phone's game
page, the hall screen and the text export take them from here, so a result reads the same on each.

How a game was won has one vocabulary, the result form's (``HOWS``): a win on tiebreakers reads "tiebreakers at
time" on the TV as on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from models.rules import tournament_of
from models.rules.tournament.round_timer import RoundTimer
from models.rules.tournament.table_results import HOWS as HOWS  # the result form offers these
from models.rules.tournament.table_results import Score
from models.service.events.records import (
    Correction,
    Entrant,
    EventInfo,
    EventView,
    EventWords,
    Pairing,
    TableWords,
)
from models.service.zones import at

GONE = "a player who left"  # an account deleted after its games were paired
PROVENANCE = {"played": "played in the app", "confirmed": "reported and confirmed",
              "organiser": "entered by the organiser"}
LISTS_WORDS = {"": "no lists yet", "checked": "lists given", "pending": "lists wait for the organiser's approval",
               "approved": "lists approved", "rejected": "lists rejected"}
NOT_PAIRED = "Round 1 is not paired yet."  # the tables' place before round 1
DROPPED = {"no_lists": "left out: no lists when round 1 was paired",
           "not_checked_in": "left out: not checked in when round 1 was paired"}


def worded(view: EventView) -> EventView:
    """``view`` with its sentences: each table's and the event's, made once for every screen that shows it."""
    names, fixes = view.names, view.corrections
    pairings = tuple(replace(p, words=table_said(p, names, fixes)) for p in view.pairings)
    shown, info = replace(view, pairings=pairings), view.event
    return replace(shown, words=EventWords(
        round=round_words(info), tables=tables_heading(info), scenario=scenario_words(shown),
        progress=progress_words(shown), next_round=next_round_words(info),
        corrections=tuple(correction_words(c, shown) for c in fixes)))


def table_said(p: Pairing, names: dict[str, str], corrections: Sequence[Correction]) -> TableWords:
    """Every sentence of one table (``corrections``: the event's, which say whether a report was accepted)."""
    return TableWords(line=table_words(p, names), outcome=outcome_words(p, names),
                      result=result_words(p, names, corrections), report=report_words(p, names),
                      reported=reported_numbers(p), dispute=dispute_words(p, names))


def how_words(how: str | None) -> str:
    """How a game was won, as the result form offers it."""
    return HOWS.get(how or "", how or "")


def _points(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def numbers_words(sides: tuple[str, str], cp: Sequence[float] | None, apd: Sequence[float] | None,
                  elements: Sequence[float] | None = None) -> str:
    """A result's numbers in words, each with the players' names ("" without numbers)."""
    if cp is None:
        return ""
    a, b = sides
    apd = apd or (0, 0)
    words = (f"control points {a} {_points(cp[0])}, {b} {_points(cp[1])}; army points destroyed {a} "
             f"{_points(apd[0])}, {b} {_points(apd[1])}")
    if elements is not None and any(elements):
        words += f"; in scenario elements {a} {_points(elements[0])}, {b} {_points(elements[1])}"
    return words


def sides(p: Pairing) -> tuple[str, str]:
    """The table's two players' names, in its order."""
    return p.name_a or GONE, p.name_b or GONE


def outcome_words(p: Pairing, names: dict[str, str]) -> str:
    """Who won the table and how ("Ann won (scenario)"; "" while it has no result)."""
    r = p.result
    if r is None or not r.finished:
        return ""
    who = "a draw" if r.winner is None else f"{names.get(r.winner) or GONE} won"
    return f"{who} ({how_words(r.how)})"


def table_words(p: Pairing, names: dict[str, str]) -> str:
    """A table as a sentence: who plays whom and where their game stands."""
    a, b = sides(p)
    if p.player_b is None:
        return f"{a} has a bye" + ("" if p.published else " (drafted)")
    players = f"{a} against {b}"
    if not p.published:
        return f"{players}: drafted"
    r = p.result
    if r is None or not r.finished:
        return f"{players}: " + (f"game round {r.game_round}" if r is not None and r.game_round else "setting up")
    return f"{players}: {outcome_words(p, names)}"


def accepted(p: Pairing, corrections: Sequence[Correction]) -> bool:
    """Whether the organiser accepted the table's report (the correction log says so)."""
    return any(c.round == p.round and c.table == p.table and c.after.get("provenance") == "confirmed"
               for c in corrections)


def result_words(p: Pairing, names: dict[str, str], corrections: Sequence[Correction]) -> str:
    """The result that counts, with its numbers and where it came from ("" while the table has none): a report the
    organiser accepted reads so, not as confirmed by the opponent."""
    r = p.result
    if r is None or not r.finished:
        return ""
    words = outcome_words(p, names)
    numbers = numbers_words(sides(p), r.control_points, r.army_points_destroyed)
    if numbers:
        words += f"; {numbers}"
    where = "reported, accepted by the organiser" if r.provenance == "confirmed" and accepted(p, corrections) else \
        PROVENANCE.get(r.provenance or "", "")
    return words + f"; {where}"


def report_words(p: Pairing, names: dict[str, str]) -> str:
    """What a waiting or disputed report says."""
    r = p.result
    if r is None or r.report is None:
        return ""
    who = names.get(r.reported_by or "") or GONE
    winner = names.get(r.report_winner or "") or GONE
    return f"{who} reported: {winner} won ({how_words(r.report_how)})"


def reported_numbers(p: Pairing) -> str:
    """The numbers a waiting or disputed report gives ("" without a report)."""
    r = p.result
    if r is None or r.report is None:
        return ""
    return numbers_words(sides(p), r.report_control_points, r.report_army_points_destroyed,
                         r.report_army_points_in_scenario_elements)


def dispute_words(p: Pairing, names: dict[str, str]) -> str:
    """Who disputes the report and why ("" unless disputed)."""
    r = p.result
    if r is None or r.report != "disputed":
        return ""
    other = names.get((p.player_b if r.reported_by == p.player_a else p.player_a) or "") or GONE
    return f"{other} disputes it: \u201c{r.note}\u201d" if r.note else f"{other} disputes it."


def report_said(words: TableWords) -> str:
    """A waiting or disputed report whole, for the organiser who settles it: who reported what, its numbers, and
    the dispute's reason."""
    return " ".join(w for w in (f"{words.report}: {words.reported}.", words.dispute) if w)


def check_in_words(checked_in: int, present: int) -> str:
    """How the check-in before round 1 stands, and what it means for the pairing."""
    return (f"Check-in: {checked_in} of {present} players checked in. Once anyone is checked in, round 1 pairs only "
            "those checked in.")


def progress_words(view: EventView) -> str:
    """Where the newest round stands: how many tables are still playing, and which."""
    tables = [p for p in view.pairings if p.round == view.event.round and p.player_b is not None]
    playing = [p.table for p in tables if p.result is None or not p.result.finished]
    if not tables:
        return ""
    if not playing:
        last = view.event.round >= view.event.rounds
        return (f"Round {view.event.round}: every table has a result. " +
                ("The event is over." if last else "The next round starts once the organiser pairs it."))
    numbers = ", ".join(map(str, playing))
    return (f"Round {view.event.round}: {len(playing)} of {len(tables)} tables still playing "
            f"(table{'s' if len(playing) > 1 else ''} {numbers}).")


def next_round_words(info: EventInfo) -> str:
    """When the organiser said the next round starts ("" when not said, or after the last round)."""
    when, zone = info.next_round_at, info.time_zone
    if when is None or info.round >= info.rounds:
        return ""
    day = when.astimezone(ZoneInfo(zone))
    return f"Round {info.round + 1} starts on {day:%d %b} at {at(when, zone, day=False)}."


def correction_words(c: Correction, view: EventView) -> str:
    """One line of the correction log: which table, entered or corrected, by whom and when, the result it gave and
    the one it replaced, and the organiser's note."""
    table = next((p for p in view.pairings if p.round == c.round and p.table == c.table), None)
    names = sides(table) if table is not None else (GONE, GONE)
    when = at(c.at if c.at.tzinfo is not None else c.at.replace(tzinfo=UTC), view.event.time_zone)
    done = "entered" if c.before is None else "corrected"
    if c.after.get("provenance") == "confirmed":  # a report accepted as it stands
        reporter = c.after.get("reported_by")
        done = f"{names[reporter]}'s report accepted" if reporter in (0, 1) else "report accepted"
    words = f"Round {c.round}, table {c.table}: {done} by {c.by} on {when}: {_logged(c.after, names)}"
    if c.before is not None:
        words += f", was {_logged(c.before, names)}"
    return words + (f". Note: {c.note}" if c.note else ".")


def _logged(result: dict[str, Any], names: tuple[str, str]) -> str:
    """A logged result (a table's score as stored, with where it came from) in words."""
    score = Score.from_json(result)
    who = "a draw" if score.winner is None else f"{names[score.winner]} won"
    numbers = numbers_words(names, score.control_points, score.destroyed, score.elements)
    return f"{who} ({how_words(score.how)}; {numbers}; {PROVENANCE.get(result.get('provenance') or '', '')})"


def entrant_words(e: Entrant) -> str:
    """Where a player stands in the event, in words: dropped (and why), or their lists and check-in."""
    after = f"after round {e.dropped_round}" if e.dropped_round else "before round 1"
    if e.left:
        return "left the site; their results stay"
    if e.dropped:
        return {**DROPPED, "organiser": f"dropped by the organiser {after}",
                "player": f"dropped out {after}"}.get(e.drop_reason, "dropped")
    words = [lists_words(e.lists_status)]
    if e.lists_status == "rejected" and e.lists_note:
        words[0] += f" ({e.lists_note})"
    if e.walk_in:
        words.append("walk-in")
    if e.checked_in:
        words.append("checked in")
    return ", ".join(words)


def lists_words(status: str) -> str:
    """A player's lists' review, in a few words."""
    return LISTS_WORDS.get(status, status)


def stage_words(info: EventInfo) -> str:
    """Where an event stands, in a few words ("round 2 of 3")."""
    if info.status == "finished":
        return "finished"
    if info.round:
        return f"round {info.round} of {info.rounds}"
    return "lists locked" if info.lists_locked else "registration open"


def round_words(info: EventInfo) -> str:
    """Where an event stands, as a heading reads it ("Round 2 of 3", "Finished after 3 rounds")."""
    if info.status == "finished":
        return f"Finished after {info.rounds} rounds"
    words = stage_words(info)
    return words[:1].upper() + words[1:]


def day_words(day: str) -> str:
    """An event's day as a person reads it ("Sat 10 Jan 2030")."""
    try:
        return date.fromisoformat(day).strftime("%a %d %b %Y").replace(" 0", " ")
    except ValueError:
        return day


def facts_words(info: EventInfo) -> str:
    """The event's facts in one line: its day, size, rounds, lists, clock, tables, players and where it stands."""
    lists = "one list" if info.lists_per_player == 1 else "two lists"
    players = "1 player" if info.players == 1 else f"{info.players} players"
    clock = f" · {info.clock_minutes} minutes each on the clock" if info.clock_minutes else ""
    clock += f" · {info.tables} tables" if info.tables else ""
    return (f"{day_words(info.day)} · {info.game_size} points · {info.rounds} rounds · {lists} each{clock} · "
            f"{players} · {stage_words(info)}")


def page_facts_words(info: EventInfo) -> str:
    """The event's facts as its own page heads them: with its organiser and when the lists lock."""
    return (f"{facts_words(info)} · organised by {info.organiser_name} · lists lock "
            f"{at(info.deadline, info.time_zone)}")


def draw_words(info: EventInfo) -> str:
    """How round 1 was drawn, so that anyone can draw it again ("" before it was)."""
    if info.seed is None:
        return ""
    return (f"Round 1 was drawn at random with seed {info.seed}: the n-th registered player is placed by the "
            f"SHA-256 of \"{info.seed}:n\", so anyone can draw it again.")


def tables_heading(info: EventInfo) -> str:
    return f"Round {info.round} tables" if info.round else "Tables"


def newest_scenario(view: EventView) -> str:
    """The newest round's scenario as the organiser named it ("": none)."""
    return next((p.scenario for p in view.pairings if p.round == view.event.round and p.scenario), "")


def scenario_words(view: EventView) -> str:
    """The newest round's scenario as its game system names it ("": none)."""
    scenario = newest_scenario(view)
    return f"Scenario: {tournament_of(view.event.system).scenario_words(scenario)}" if scenario else ""


def hall_progress(info: EventInfo, playing: int, tables: int) -> str:
    """How many of the round's tables still play, for a room to read ("" before round 1)."""
    if not info.round:
        return ""
    if playing:
        return f"{playing} of {tables} tables still playing"
    return f"Every table of round {info.round} has a result"


def hall_state(p: Pairing, names: dict[str, str], game: dict[str, Any]) -> str:
    """Where a table of the round stands on the hall screen: a bye, its result, or its game's round and phase
    from the game's spectators' view (``game``)."""
    if p.player_b is None:
        return "bye"
    if p.result is not None and p.result.finished:
        return outcome_words(p, names)
    turn, score = game.get("turn") or {}, game.get("score") or {}
    # before the first turn the step of the setup says where the table is ("Setup · Deployment"), not the
    # phase every setup step shares ("Before the game": a table deploying on a running clock looked unstarted)
    phase = turn.get("phase", "") if score.get("round") else turn.get("player", "")
    return " · ".join(w for w in (turn.get("round", ""), phase) if w) or "setting up"


def timer_words(timer: RoundTimer | None, now_ms: int, zone: str) -> str:
    """The round timer's state in a few words (the end of a running round in the event's time zone)."""
    if timer is None:
        return "The round's timer has not been started."
    left_ms = timer.left(now_ms)
    left = left_ms // 1000
    if not timer.running:
        return f"Round {timer.round} timer paused with {left // 60}:{left % 60:02d} left."
    if not left_ms:
        return f"Round {timer.round}: time is up."
    ends = datetime.fromtimestamp((now_ms + left_ms) / 1000, UTC)
    return f"Round {timer.round} timer running: the round ends at {at(ends, zone, day=False)}."


def export_lines(event: dict[str, Any]) -> list[str]:
    """An event game's table and its result as the event counts it (a report confirmed or the organiser's entry
    where the game in the app has none), as lines of the game result's text export."""
    lines = [f"Event: {event['name']}, round {event['round']}, table {event['table']}"]
    counted, waiting = event["result"], event["report"]
    if counted is not None:
        who = counted["winner_name"] or "nobody (a draw)"
        cp, apd = counted["control_points"], counted["army_points_destroyed"]
        lines.append(f"Event result: {who} won ({how_words(counted['how'])}), "
                     f"{PROVENANCE.get(counted['provenance'], '')}; control points {cp[0]}-{cp[1]}, army points "
                     f"destroyed {apd[0]:g}-{apd[1]:g}")
    elif waiting is not None:
        lines.append(f"Event result: not yet; {waiting['by']} reported {waiting['winner_name']} won "
                     f"({how_words(waiting['how'])}), {waiting['status']}")
    else:
        lines.append("Event result: not yet")
    return lines
