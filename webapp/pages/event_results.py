"""The results part of an event page: a player's "my table" (report the result, confirm or dispute the opponent's
report, see where the round stands between rounds) and the organiser's enter or correct for any table. The form is
one dialog for both; the service decides what counts (models/service/events/results.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC
from typing import Any
from zoneinfo import ZoneInfo

from nicegui import ui

from models.service.events.records import Correction, EventView, Pairing
from models.service.events.results import HOWS, ScoreIn
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.components.times import at
from webapp.deps import current

Act = Callable[..., Awaitable[bool]]  # the page's _act: runs action(me, event_id, *args), True when it went through
GONE = "a player who left"
PROVENANCE = {"played": "played in the app", "confirmed": "reported and confirmed",
              "organiser": "entered by the organiser"}


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


def accepted(p: Pairing, view: EventView) -> bool:
    """Whether the organiser accepted the table's report (the correction log says so)."""
    return any(c.round == p.round and c.table == p.table and c.after.get("provenance") == "confirmed"
               for c in view.corrections)


def result_words(p: Pairing, names: dict[str, str], by_organiser: bool = False) -> str:
    """The result that counts, with its numbers and where it came from ("" while the table has none);
    ``by_organiser``: its report was accepted by the organiser, not confirmed by the opponent."""
    r = p.result
    if r is None or not r.finished:
        return ""
    who = "a draw" if r.winner is None else f"{names.get(r.winner) or GONE} won"
    words = f"{who} ({HOWS.get(r.how or '', r.how or '')})"
    numbers = numbers_words(_sides(p), r.control_points, r.army_points_destroyed)
    if numbers:
        words += f"; {numbers}"
    where = "reported, accepted by the organiser" if by_organiser and r.provenance == "confirmed" else \
        PROVENANCE.get(r.provenance or "", "")
    return words + f"; {where}"


def report_words(p: Pairing, names: dict[str, str]) -> str:
    """What a waiting or disputed report says."""
    r = p.result
    if r is None or r.report is None:
        return ""
    who = names.get(r.reported_by or "") or GONE
    winner = names.get(r.report_winner or "") or GONE
    return f"{who} reported: {winner} won ({HOWS.get(r.report_how or '', r.report_how or '')})"


def reported_numbers(p: Pairing) -> str:
    """The numbers a waiting or disputed report gives ("" without a report)."""
    r = p.result
    if r is None or r.report is None:
        return ""
    return numbers_words(_sides(p), r.report_control_points, r.report_army_points_destroyed,
                         r.report_army_points_in_scenario_elements)


def dispute_words(p: Pairing, names: dict[str, str]) -> str:
    """Who disputes the report and why ("" unless disputed)."""
    r = p.result
    if r is None or r.report != "disputed":
        return ""
    other = p.player_b if r.reported_by == p.player_a else p.player_a
    return f"{names.get(other or '') or GONE} disputes it: \u201c{r.note}\u201d" if r.note else \
        f"{names.get(other or '') or GONE} disputes it."


def from_report(p: Pairing) -> ScoreIn | None:
    """The table's waiting or disputed report as a result to start a form from (None: no report)."""
    r = p.result
    if r is None or r.report is None or r.report_how is None:
        return None
    return ScoreIn(winner=r.report_winner, how=r.report_how, control_points=r.report_control_points or (0, 0),
                   army_points_destroyed=r.report_army_points_destroyed or (0, 0),
                   army_points_in_scenario_elements=r.report_army_points_in_scenario_elements or (0, 0))


def walk_in_opponent(p: Pairing, me: str, view: EventView) -> str | None:
    """The name of ``me``'s opponent at ``p`` when they are a walk-in (no account to confirm a report with)."""
    other = p.player_b if me == p.player_a else p.player_a
    found = next((e for e in view.players if e.account == other), None)
    return found.name if found is not None and found.walk_in else None


def _sides(p: Pairing) -> tuple[str, str]:
    return p.name_a or GONE, p.name_b or GONE


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


def correction_words(c: Correction, view: EventView) -> str:
    """One line of the correction log: which table, entered or corrected, by whom and when, the result it gave and
    the one it replaced, and the organiser's note."""
    table = next((p for p in view.pairings if p.round == c.round and p.table == c.table), None)
    sides = (table.name_a or GONE, table.name_b or GONE) if table is not None else (GONE, GONE)
    when = at(c.at if c.at.tzinfo is not None else c.at.replace(tzinfo=UTC), view.event.time_zone)
    done = "entered" if c.before is None else "corrected"
    if c.after.get("provenance") == "confirmed":  # a report accepted as it stands
        reporter = c.after.get("reported_by")
        done = f"{sides[reporter]}'s report accepted" if reporter in (0, 1) else "report accepted"
    words = f"Round {c.round}, table {c.table}: {done} by {c.by} on {when}: {_logged(c.after, sides)}"
    if c.before is not None:
        words += f", was {_logged(c.before, sides)}"
    return words + (f". Note: {c.note}" if c.note else ".")


def _logged(result: dict[str, Any], sides: tuple[str, str]) -> str:
    winner = result.get("winner")
    who = "a draw" if winner not in (0, 1) else f"{sides[winner]} won"
    how = HOWS.get(result.get("how") or "", result.get("how") or "")
    numbers = numbers_words(sides, result.get("control_points"), result.get("destroyed"), result.get("elements"))
    return f"{who} ({how}; {numbers + '; ' if numbers else ''}{PROVENANCE.get(result.get('provenance') or '', '')})"


def next_round_words(view: EventView) -> str:
    """When the organiser said the next round starts ("" when not said, or after the last round)."""
    when, zone = view.event.next_round_at, view.event.time_zone
    if when is None or view.event.round >= view.event.rounds:
        return ""
    day = when.astimezone(ZoneInfo(zone))
    return f"Round {view.event.round + 1} starts on {day:%d %b} at {at(when, zone, day=False)}."



def draw_my_result(mine: Pairing, me: str, view: EventView, act: Act, forms: ResultForms) -> None:
    """A player's table: the result that counts, or the report waiting for an answer, with what they can do."""
    r = mine.result
    if r is None:
        return
    names = view.names
    numbers = reported_numbers(mine)
    with named(ui.column().classes("gap-2"), "My table's result", role="group"):
        if r.finished:
            ui.label(f"Your result: {result_words(mine, names, accepted(mine, view))}.").classes("text-bold")
        elif r.report == "disputed":
            ui.label(f"{report_words(mine, names)}. Disputed: the organiser settles it.").classes("text-bold")
            ui.label(f"Reported {numbers}. {dispute_words(mine, names)}").classes("tk-kind")
        elif r.report == "reported" and r.reported_by == me:
            walk_in = walk_in_opponent(mine, me, view)
            waiting = f"Waiting for the organiser to confirm it: {walk_in} plays without an account." if walk_in \
                else "Waiting for your opponent to confirm it."
            ui.label(f"{report_words(mine, names)}. {waiting}")
            ui.label(f"Reported {numbers}.").classes("tk-kind")
            ui.button("Change your report", icon="edit_note",
                      on_click=lambda: forms.open_result(mine, as_organiser=False, start=from_report(mine))) \
                .props("no-caps outline")
        elif r.report == "reported":
            ui.label(f"{report_words(mine, names)}.").classes("text-bold")
            ui.label(f"Reported {numbers}.").classes("tk-kind")
            with ui.row().classes("gap-3"):
                once(ui.button("Confirm the result", icon="check").props("no-caps"),
                     lambda: act(current().events.results.answer, mine.round, mine.table, True))
                ui.button("Dispute the result", icon="flag",
                          on_click=lambda: forms.open_dispute(mine)).props("no-caps outline")
        else:
            ui.button("Report the result", icon="edit_note",
                      on_click=lambda: forms.open_result(mine, as_organiser=False)).props("no-caps")
        for words in (progress_words(view), next_round_words(view)):
            if words:
                ui.label(words).classes("tk-kind")


class ResultForms:
    """The page's two dialogs (a result, a dispute), made once outside what live updates redraw, so that a change
    elsewhere in the event never closes a form being filled; each opening fills it for one table."""

    def __init__(self, act: Act) -> None:
        self.act = act
        with ui.dialog() as self.dialog, ui.card().classes("gap-2 tk-result-form"):
            self.card = ui.column().classes("gap-2")

    def open_dispute(self, mine: Pairing) -> None:
        self.card.clear()
        with self.card:
            ui.label("What is wrong with the report? The organiser reads this and settles the result.")
            note = named(ui.input("Why you dispute it").props("maxlength=200").classes("w-72"), "Why you dispute it")

            async def send() -> None:
                if not (note.value or "").strip():
                    ui.notify("Say why you dispute the report: the organiser reads it to settle the result.",
                              type="warning")
                    return
                if await self.act(current().events.results.answer, mine.round, mine.table, False, note.value or ""):
                    self.dialog.close()

            with ui.row().classes("gap-3"):
                once(ui.button("Send the dispute", icon="flag").props("no-caps"), send, self.dialog)
                ui.button("Cancel", on_click=self.dialog.close).props("no-caps flat")
        self.dialog.open()

    def open_result(self, p: Pairing, *, as_organiser: bool, start: ScoreIn | None = None,
                    said: str = "") -> None:
        """The result form for table ``p``: a player's report, or the organiser's entry (with a note for the log);
        it starts from ``start`` (a report, or what the game in the app knows) and shows ``said`` above it (a
        dispute's reason)."""
        a, b = p.name_a or GONE, p.name_b or GONE
        self.card.clear()
        with self.card:
            ui.label(f"Round {p.round}, table {p.table}: {a} against {b}").classes("text-h6")
            if said:
                ui.label(said).classes("tk-kind")
            players = {p.player_a: a, p.player_b: b}
            winner = named(ui.select(players, label="Winner",
                                     value=start.winner if start and start.winner in players else None)
                           .classes("w-64"), "Winner")
            how = named(ui.select(dict(HOWS), label="How", value=start.how if start and start.how in HOWS else None)
                        .classes("w-64"), "How")
            given = {"cp": start.control_points, "apd": start.army_points_destroyed,
                     "elements": start.army_points_in_scenario_elements} if start else {}
            fields: dict[str, tuple[ui.number, ui.number]] = {}
            for key, label, step in (("cp", "Control points", 1), ("apd", "Army points destroyed", 0.5),
                                     ("elements", "Army points in scenario elements", 0.5)):
                with ui.row().classes("items-end gap-2"):
                    values = given.get(key, (0, 0))
                    x, y = (named(ui.number(f"{label}: {name}", value=values[i], min=0, step=step).classes("w-36"),
                                  f"{label} of {name}") for i, name in enumerate((a, b)))
                    fields[key] = (x, y)
            note = named(ui.input("Note for the correction log").props("maxlength=200").classes("w-72"),
                         "Note for the correction log") if as_organiser else None

            async def send() -> None:
                if how.value is None or winner.value is None:
                    ui.notify("Choose the winner and how the game was won.", type="warning")
                    return
                numbers = {k: (_number(x.value), _number(y.value)) for k, (x, y) in fields.items()}
                score = ScoreIn(winner=str(winner.value), how=str(how.value),
                                control_points=(int(numbers["cp"][0]), int(numbers["cp"][1])),
                                army_points_destroyed=numbers["apd"],
                                army_points_in_scenario_elements=numbers["elements"])
                if as_organiser:
                    done = await self.act(current().events.results.enter, p.round, p.table, score,
                                          note.value if note is not None else "")
                else:
                    done = await self.act(current().events.results.report, p.round, p.table, score)
                if done:
                    self.dialog.close()

            with ui.row().classes("gap-3"):
                once(ui.button("Save the result" if as_organiser else "Send the report", icon="send")
                     .props("no-caps"), send, self.dialog)
                ui.button("Cancel", on_click=self.dialog.close).props("no-caps flat")
        self.dialog.open()


def _number(value: Any) -> float:
    return float(value) if value is not None else 0.0
