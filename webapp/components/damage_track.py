"""The damage track of one model: a horror's web, a warjack's grid, a warbeast's spiral, or a row of boxes.

Tapping the track marks one damage point in rule order; "Apply" marks any amount. A grid or spiral first asks
where the damage goes in (the column, or the d6 that picks the branch: six buttons, or the app rolls). When
a master is damaged the transfer prompt offers each horror of its battlegroup (1 essence), a warlock's each
warbeast of its battlegroup (1 fury), or taking the damage itself.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from nicegui import ui

from models.catalog.schema import GridLayout
from models.rules import GameState, RuleViolation
from models.rules.warmachine import grids
from models.rules.warmachine.damage import (
    MarkDamage,
    crippled_notes,
    marks_of,
    rolled_layout,
    sections,
    transfer_targets,
    unmarked,
)
from models.service.views.drawings import drawing, faces
from webapp.components.a11y import named
from webapp.components.card_dialog import needs_completion, open_completion, whole_number
from webapp.components.dialogs import transient_dialog
from webapp.components.dice import service_roll
from webapp.components.once import once
from webapp.view import GameView


def ask_column(view: GameView, model_id: str, amount: int, then: Callable[[int], Awaitable[bool]],
               verb: str = "suffers") -> None:
    """Where damage goes in on a grid (the column) or a spiral (the d6 that picks the branch): six buttons,
    or "Roll for me" (the app rolls the d6). ``then(column)`` sends the command."""
    state = view.state
    m = state.model(model_id)
    layout = rolled_layout(state, m)
    if layout is None:
        return
    grid = isinstance(layout, GridLayout)
    with transient_dialog() as dialog, ui.card().classes("tk-dialog"):
        ui.label(f"{m.name} {verb} {amount} damage: where does it go in?").classes("text-h6")
        if grid:
            ui.label("Roll a d6 for the column (or take the one a rule names). Damage fills the column from the top, "
                     "then goes on to the next column.")
        else:
            branches = ", ".join(f"{faces(layout, i)} {grids.section_name(layout, i).removesuffix(' branch')}"
                                 for i in range(len(grids.strings(layout))))
            ui.label(f"Roll a d6 for the branch ({branches}). Damage fills it from the outside in, then goes on to "
                     "the next branch.")

        async def choose(column: int) -> None:
            if await then(column):
                dialog.close()

        async def roll() -> None:
            rolled = service_roll(view, 1)
            if rolled is None:
                return
            column = rolled.dice[0]
            where = grids.section_name(layout, grids.entry(layout, column))
            ui.notify(f"The app rolled {column}: {where}.", type="info")
            await choose(column)

        with ui.row().classes("gap-2"):
            for n in range(1, 7):
                name = f"Column {n}" if grid else f"Roll of {n} ({grids.section_name(layout, grids.entry(layout, n))})"
                named(once(ui.button(str(n)).props("no-caps"), lambda c=n: choose(c), dialog), name)
        with ui.row():
            named(once(ui.button("Roll for me", icon="casino").props("no-caps outline"), roll, dialog),
                  f"Roll for me: where the damage goes in on {m.name}")
            ui.button("Cancel", on_click=dialog.close).props("flat no-caps")
    dialog.open()


class DamageTrack:
    def __init__(self, view: GameView, model_id: str, controls: bool, compact: bool = False) -> None:
        self.view, self.model_id, self.controls = view, model_id, controls
        name = view.state.model(model_id).name
        self._shown: tuple | None = None
        with ui.column().classes("tk-damage gap-1"):
            self.drawing = ui.html("", sanitize=False).classes("tk-track")
            self.notes = ui.label("").classes("tk-notes")
            self.complete = self.apply_row = None
            if controls:
                once(self.drawing.classes("tk-tappable"), lambda: self.apply(1))
                if not compact:
                    with ui.row().classes("items-center gap-2 tk-apply") as self.apply_row:
                        self.amount = named(ui.number(value=1, placeholder="points").props(
                            "dense outlined").classes("tk-amount"), f"Damage to apply to {name}")
                        named(once(ui.button("Apply damage").props("no-caps"), self._apply_typed),
                              f"Apply damage to {name}")
                complete = ui.button(f"Complete {name}'s card").props("color=orange no-caps")
                self.complete = named(once(complete, self._complete), f"Complete {name}'s card")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        m = state.model(self.model_id)
        card = state.card_of(m)
        try:
            sizes = sections(state, m)
            marks = marks_of(state, m)
            gap = ""
        except RuleViolation as missing:
            sizes, marks, gap = (), (), missing.message
        key = (sizes, marks, gap, m.status, card, state.phase == "over")
        if key == self._shown:
            return
        self._shown = key
        if gap:
            self.drawing.set_content("")
            self.notes.set_text(gap)
        else:
            self.drawing.set_content(drawing(state, m, sizes, marks))
            self.notes.set_text(" ".join(crippled_notes(state, m)))
        # Once the game is over the rules refuse damage (game.over): its controls go, the track stays to read.
        playing = state.phase != "over" and m.in_play
        if self.controls:
            self.drawing.classes(add="tk-tappable" if playing else "", remove="" if playing else "tk-tappable")
        if self.apply_row is not None:
            self.apply_row.set_visibility(playing and m.in_play)
        if self.complete is not None:
            self.complete.set_visibility(needs_completion(card) and (bool(gap) or card.role != "unit"))

    async def _apply_typed(self) -> None:
        amount = whole_number(self.amount.value, 1, 99)
        if amount is None:
            ui.notify("Damage must be a whole number from 1 to 99.", type="warning")
            return
        # The field empties once used, so a second tap never applies the same amount again unseen.
        self.amount.set_value(None)
        await self.apply(amount)

    async def apply(self, amount: int) -> None:
        state = self.view.state
        m = state.model(self.model_id)
        if not m.in_play:
            ui.notify(f"{m.name} is no longer in play.", type="warning")
            return
        if state.phase == "over":
            await self.view.send(MarkDamage(model=m.id, amount=amount))  # the rules say why not (game.over)
            return
        targets, pays = transfer_targets(state, m)
        if targets:
            self._ask_transfer(amount, targets, pays)
            return
        await self._mark(amount, None)

    async def _mark(self, amount: int, transfer_to: str | None) -> None:
        """Send the damage; a grid or spiral that receives it first asks where it goes in."""
        state = self.view.state
        m = state.model(self.model_id)
        receiver = state.model(transfer_to) if transfer_to else m
        if rolled_layout(state, receiver) is None:
            await self.view.send(MarkDamage(model=m.id, amount=amount, transfer_to=transfer_to))
            return
        verb = f"takes {m.name}'s" if transfer_to else "suffers"
        ask_column(self.view, receiver.id, amount, lambda column: self.view.send(
            MarkDamage(model=m.id, amount=amount, transfer_to=transfer_to, column=column)), verb=verb)

    def _ask_transfer(self, amount: int, targets: list, pays: str) -> None:
        state = self.view.state
        m = state.model(self.model_id)
        kind = "horror" if pays == "essence" else "warbeast"
        with transient_dialog() as dialog, ui.card().classes("tk-dialog"):
            ui.label(f"{m.name} would suffer {amount} damage").classes("text-h6")
            ui.label(f"Spend 1 {pays} to send it to a {kind} of its battlegroup in its control range? "
                     f"What the {kind} cannot hold comes back to the {'master' if pays == 'essence' else 'warlock'}.")

            async def choose(target: str | None) -> None:
                dialog.close()
                await self._mark(amount, target)

            for h in targets:
                try:
                    room = unmarked(state, h)
                    back = max(0, amount - room)
                    detail = f"{room} boxes free" + (f", {back} comes back" if back else "")
                except RuleViolation:
                    detail = "card incomplete"
                once(ui.button(f"Transfer to {h.name} ({detail})").props("no-caps"), lambda t=h.id: choose(t), dialog)
            once(ui.button(f"{m.name} takes it").props("outline no-caps"), lambda: choose(None), dialog)
        dialog.open()

    def _complete(self) -> None:
        m = self.view.state.model(self.model_id)
        open_completion(self.view, self.view.state.card_of(m))
