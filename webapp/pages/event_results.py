"""The results part of an event page: a player's "my table" (report the result, confirm or dispute the opponent's
report, see where the round stands between rounds) and the organiser's enter or correct for any table. The form is
one dialog for both; the service decides what counts (models/service/event_results.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC
from typing import Any
from zoneinfo import ZoneInfo

from nicegui import ui

from models.service.event_results import HOWS, Correction, ScoreIn
from models.service.events import EventView, Pairing
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


def result_words(p: Pairing, names: dict[str, str]) -> str:
    """The result that counts, with its numbers and where it came from ("" while the table has none)."""
    r = p.result
    if r is None or not r.finished:
        return ""
    who = "a draw" if r.winner is None else f"{names.get(r.winner) or GONE} won"
    words = f"{who} ({HOWS.get(r.how or '', r.how or '')})"
    if r.control_points is not None:
        a, b = p.name_a or GONE, p.name_b or GONE
        cp, apd = r.control_points, r.army_points_destroyed or (0, 0)
        words += (f"; control points {a} {cp[0]}, {b} {cp[1]}; army points destroyed {a} {_points(apd[0])}, "
                  f"{b} {_points(apd[1])}")
    return words + f"; {PROVENANCE.get(r.provenance or '', '')}"


def report_words(p: Pairing, names: dict[str, str]) -> str:
    """What a waiting or disputed report says."""
    r = p.result
    if r is None or r.report is None:
        return ""
    who = names.get(r.reported_by or "") or GONE
    winner = names.get(r.report_winner or "") or GONE
    return f"{who} reported: {winner} won ({HOWS.get(r.report_how or '', r.report_how or '')})"


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
    words = (f"Round {c.round}, table {c.table}: {'entered' if c.before is None else 'corrected'} by {c.by} on "
             f"{when}: {_logged(c.after, sides)}")
    if c.before is not None:
        words += f", was {_logged(c.before, sides)}"
    return words + (f". Note: {c.note}" if c.note else ".")


def _logged(result: dict[str, Any], sides: tuple[str, str]) -> str:
    winner = result.get("winner")
    who = "a draw" if winner not in (0, 1) else f"{sides[winner]} won"
    how = HOWS.get(result.get("how") or "", result.get("how") or "")
    return f"{who} ({how}; {PROVENANCE.get(result.get('provenance') or '', '')})"


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
    with named(ui.column().classes("gap-2"), "My table's result", role="group"):
        if r.finished:
            ui.label(f"Your result: {result_words(mine, names)}.").classes("text-bold")
        elif r.report == "disputed":
            ui.label(f"{report_words(mine, names)}. Disputed: the organiser settles it.").classes("text-bold")
        elif r.report == "reported" and r.reported_by == me:
            ui.label(f"{report_words(mine, names)}. Waiting for your opponent to confirm it.")
            ui.button("Change your report", icon="edit_note",
                      on_click=lambda: forms.open_result(mine, as_organiser=False)).props("no-caps outline")
        elif r.report == "reported":
            ui.label(f"{report_words(mine, names)}.").classes("text-bold")
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
                if await self.act(current().events.results.answer, mine.round, mine.table, False, note.value or ""):
                    self.dialog.close()

            with ui.row().classes("gap-3"):
                once(ui.button("Send the dispute", icon="flag").props("no-caps"), send, self.dialog)
                ui.button("Cancel", on_click=self.dialog.close).props("no-caps flat")
        self.dialog.open()

    def open_result(self, p: Pairing, *, as_organiser: bool) -> None:
        """The result form for table ``p``: a player's report, or the organiser's entry (with a note for the log)."""
        a, b = p.name_a or GONE, p.name_b or GONE
        self.card.clear()
        with self.card:
            ui.label(f"Round {p.round}, table {p.table}: {a} against {b}").classes("text-h6")
            winner = named(ui.select({p.player_a: a, p.player_b: b}, label="Winner").classes("w-64"), "Winner")
            how = named(ui.select(dict(HOWS), label="How").classes("w-64"), "How")
            fields: dict[str, tuple[ui.number, ui.number]] = {}
            for key, label, step in (("cp", "Control points", 1), ("apd", "Army points destroyed", 0.5),
                                     ("elements", "Army points in scenario elements", 0.5)):
                with ui.row().classes("items-end gap-2"):
                    x, y = (named(ui.number(f"{label}: {name}", value=0, min=0, step=step).classes("w-36"),
                                  f"{label} of {name}") for name in (a, b))
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
