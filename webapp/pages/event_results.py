"""The results part of an event page: a player's "my table" (report the result, confirm or dispute the opponent's
report, see where the round stands between rounds) and the organiser's enter or correct for any table. The form is
one dialog for both; the service decides what counts (models/service/events/results.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from nicegui import ui

from models.service.events.records import EventView, Pairing
from models.service.events.results import ScoreIn
from models.service.events.words import HOWS, sides
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.deps import current

Act = Callable[..., Awaitable[bool]]  # the page's _act: runs action(me, event_id, *args), True when it went through


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


def draw_my_result(mine: Pairing, me: str, view: EventView, act: Act, forms: ResultForms) -> None:
    """A player's table: the result that counts, or the report waiting for an answer, with what they can do."""
    r = mine.result
    if r is None:
        return
    said, numbers = mine.words.report, mine.words.reported
    with named(ui.column().classes("gap-2"), "My table's result", role="group"):
        if r.finished:
            ui.label(f"Your result: {mine.words.result}.").classes("text-bold")
        elif r.report == "disputed":
            ui.label(f"{said}. Disputed: the organiser settles it.").classes("text-bold")
            ui.label(f"Reported {numbers}. {mine.words.dispute}").classes("tk-kind")
        elif r.report == "reported" and r.reported_by == me:
            walk_in = walk_in_opponent(mine, me, view)
            waiting = f"Waiting for the organiser to confirm it: {walk_in} plays without an account." if walk_in \
                else "Waiting for your opponent to confirm it."
            ui.label(f"{said}. {waiting}")
            ui.label(f"Reported {numbers}.").classes("tk-kind")
            ui.button("Change your report", icon="edit_note",
                      on_click=lambda: forms.open_result(mine, as_organiser=False, start=from_report(mine))) \
                .props("no-caps outline")
        elif r.report == "reported":
            ui.label(f"{said}.").classes("text-bold")
            ui.label(f"Reported {numbers}.").classes("tk-kind")
            with ui.row().classes("gap-3"):
                once(ui.button("Confirm the result", icon="check").props("no-caps"),
                     lambda: act(current().events.results.answer, mine.round, mine.table, True))
                ui.button("Dispute the result", icon="flag",
                          on_click=lambda: forms.open_dispute(mine)).props("no-caps outline")
        else:
            ui.button("Report the result", icon="edit_note",
                      on_click=lambda: forms.open_result(mine, as_organiser=False)).props("no-caps")
        for words in (view.words.progress, view.words.next_round):
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
        a, b = sides(p)
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
