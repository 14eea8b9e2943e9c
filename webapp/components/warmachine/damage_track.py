"""The damage track of one model: a horror's web, a warjack's grid, a warbeast's spiral, or a row of boxes.

Tapping the track marks one damage point in rule order; "Apply" marks any amount. A grid or spiral first asks
where the damage goes in (the column, or the d6 that picks the branch: six buttons, or the app rolls). When
a master is damaged the transfer prompt offers each horror of its battlegroup (1 essence), a warlock's each
warbeast of its battlegroup (1 fury), or taking the damage itself.
"""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable, Callable
from functools import partial

from nicegui import ui

from models.rules import Command, GameState, answered, options
from models.rules.warmachine import Entry, Side, board
from models.service.views.damage import Transfer, entrance, picture, track, transfer
from webapp.components.a11y import named
from webapp.components.dialogs import titled_dialog, transient_dialog
from webapp.components.once import once
from webapp.components.warmachine.card_dialog import needs_completion, open_completion
from webapp.components.warmachine.dice import service_roll
from webapp.components.whole_numbers import whole_number
from webapp.view import GameView


def ask_column(view: GameView, model_id: str, amount: int, then: Callable[[Entry], Awaitable[bool]],
               verb: str = "suffers") -> None:
    """Where damage goes in on a grid (the column) or a spiral (the d6 that picks the branch): six buttons,
    or "Roll for me" (the app rolls the d6). A colossal's grids or a gargantuan's spirals first ask the side,
    and, when the damage fills that side, the column or branch it goes on into on the other side.
    ``then(entry)`` sends the command."""
    m = board(view.state).model(model_id)
    where_in = entrance(view.state, model_id)
    if where_in is None:
        return
    kind = where_in.kind
    question = f"{m.name} {verb} {amount} damage: where does it go in?"
    with named(transient_dialog(), question) as dialog, ui.card().classes("tk-dialog"):
        ui.label(question).classes("text-h6")
        body = ui.column().classes("gap-2")

    async def finish(entry: Entry) -> bool:
        if not await then(entry):
            return False
        dialog.close()
        return True

    def d6_buttons(side: int, pick: Callable[[int], Awaitable[bool]], what: str, last: bool) -> None:
        """Six buttons for the d6 and "Roll for me"; ``what`` names the roll for a screen reader. ``last``: the
        roll is the dialog's last question, so a tap closes it at once (a refusal shows it again)."""

        async def roll() -> bool:
            rolled = service_roll(view, 1)
            if rolled is None:
                return False
            n = rolled.dice[0]
            ui.notify(f"The app rolled {n}: {where_in.entered[side][n - 1]}.", type="info")
            return await pick(n)

        with ui.row().classes("gap-2"):
            for n in range(1, 7):
                where = where_in.entered[side][n - 1]
                name = where.capitalize() if where_in.grid else f"Roll of {n} ({where})"
                named(once(ui.button(str(n)).props("no-caps"), partial(pick, n), dialog, closes=last), name)
        with ui.row():
            named(once(ui.button("Roll for me", icon="casino").props("no-caps outline"), roll, dialog, closes=last),
                  f"Roll for me: {what} on {m.name}")
            ui.button("Cancel", on_click=dialog.close).props("flat no-caps")

    def ask_where(side: Side | None) -> None:
        at = 0 if side is None else where_in.sides.index(side)
        body.clear()
        with body:
            on = f" of its {side} {kind}" if side else ""
            if where_in.grid:
                ui.label(f"Roll a d6 for the column{on} (or take the one a rule names). Damage fills the column "
                         "from the top, then goes on to the next column.")
            else:
                ui.label(f"Roll a d6 for the branch{on} ({where_in.branches[at]}). Damage fills it from the outside "
                         "in, then goes on to the next branch.")

            async def pick(column: int) -> bool:
                now = entrance(view.state, model_id)  # the track as it is when the d6 is in
                rest = now.spills(amount, side) if now is not None else 0
                if rest:
                    ask_then(side, column, rest)
                    return False
                return await finish(Entry(column=column, side=side))

            d6_buttons(at, pick, "where the damage goes in", last=not where_in.spills(amount, side))

    def ask_then(side: Side | None, column: int, rest: int) -> None:
        at = where_in.sides.index(side) if side else 0
        other = where_in.sides[1 - at]
        body.clear()
        with body:
            ui.label(f"Its {side} {kind} fills up: the other {rest} damage goes on into its {other} {kind}. "
                     f"Roll a d6 for where it goes in there.").classes("tk-prompt")

            async def pick(then_column: int) -> bool:
                return await finish(Entry(column=column, side=side, then_column=then_column))

            d6_buttons(1 - at, pick, f"where the rest goes in on the {other} {kind}", last=True)

    def ask_side() -> None:
        with body:
            ui.label(f"Which {kind}: the one on the attacker's side. No attacker, or from behind: roll a d6 "
                     "(1-3 left, 4-6 right).")

            async def roll() -> None:
                rolled = service_roll(view, 1)
                if rolled is not None:
                    side = where_in.roll_sides[rolled.dice[0] - 1]
                    ui.notify(f"The app rolled {rolled.dice[0]}: the {side} {kind}.", type="info")
                    ask_where(side)

            with ui.row().classes("gap-2"):
                for side in where_in.sides:
                    named(ui.button(f"{side.capitalize()} {kind}", on_click=lambda _, s=side: ask_where(s))
                          .props("no-caps"), f"The {side} {kind} of {m.name}")
                named(ui.button("Roll for me", icon="casino", on_click=roll).props("no-caps outline"),
                      f"Roll for me: which {kind} of {m.name}")

    if where_in.sides:
        ask_side()
    else:
        ask_where(None)
    dialog.open()


class DamageTrack:
    def __init__(self, view: GameView, model_id: str, controls: bool, compact: bool = False) -> None:
        self.view, self.model_id, self.controls = view, model_id, controls
        self.name = name = board(view.state).model(model_id).name
        self._shown: tuple[object, ...] | None = None
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
        m = board(state).model(self.model_id)
        card = board(state).card_of(m)
        t = track(state, m)
        key = (t, m.status, card, state.phase == "over")
        if key == self._shown:
            return
        self._shown = key
        svg, notes = picture(state, m, t)
        self.drawing.set_content(svg)
        self.notes.set_text(notes)
        # Once the game is over the rules refuse damage (game.over): its controls go, the track stays to read.
        playing = state.phase != "over" and m.in_play
        if self.controls:
            self.drawing.classes(add="tk-tappable" if playing else "", remove="" if playing else "tk-tappable")
            self._tappable(playing, svg)
        if self.apply_row is not None:
            self.apply_row.set_visibility(playing and m.in_play)
        if self.complete is not None:
            self.complete.set_visibility(needs_completion(card) and (bool(t.missing) or card.role != "unit"))

    def _tappable(self, playing: bool, svg: str) -> None:
        """A tappable track is a button for a screen reader and a keyboard too (static/tablekeeper.js presses it
        on Enter or the space bar), named after the model and the boxes its drawing shows."""
        props = self.drawing.props
        for key in ("role", "tabindex", "aria-label"):
            props.pop(key, None)
        if playing and svg:
            shown = re.search(r'aria-label="([^"]*)"', svg)
            boxes = html.unescape(shown.group(1)) + ". " if shown else ""
            props.update({"role": "button", "tabindex": "0", "aria-label": f"{self.name}: {boxes}Mark 1 damage"})
        self.drawing.update()

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
        m = board(state).model(self.model_id)
        if not m.in_play:
            ui.notify(f"{m.name} is no longer in play.", type="warning")
            return
        if state.phase == "over":
            await self.view.send(self._damage(amount))  # the rules say why not (game.over)
            return
        offer = transfer(state, m)
        if offer.receivers:
            self._ask_transfer(amount, offer)
            return
        await self._mark(amount, None)

    async def _mark(self, amount: int, transfer_to: str | None) -> None:
        """Send the damage; a grid or spiral that receives it first asks where it goes in."""
        state = self.view.state
        m = board(state).model(self.model_id)
        receiver = board(state).model(transfer_to) if transfer_to else m
        if entrance(state, receiver.id) is None:
            await self.view.send(self._damage(amount, transfer_to))
            return
        verb = f"takes {m.name}'s" if transfer_to else "suffers"
        ask_column(self.view, receiver.id, amount,
                   lambda where: self.view.send(self._damage(amount, transfer_to, where)), verb=verb)

    def _damage(self, amount: int, transfer_to: str | None = None, where: Entry = Entry()) -> Command:
        """The rules' own ``mark_damage`` option of this model, answered: how much, where it goes in, and the
        model it is transferred to (if any)."""
        option = next(o for o in options(self.view.state, self.model_id) if o.action == "mark_damage")
        return answered(option, amount=amount, transfer_to=transfer_to, **where.args())

    def _ask_transfer(self, amount: int, offer: Transfer) -> None:
        m = board(self.view.state).model(self.model_id)
        kind = offer.kind
        with titled_dialog(f"{m.name} would suffer {amount} damage") as dialog:
            ui.label(f"Spend 1 {offer.pays} to send it to a {kind} of its battlegroup in its control range? "
                     f"What the {kind} cannot hold comes back to the {offer.sender}.")

            async def choose(target: str | None) -> bool:
                await self._mark(amount, target)  # a refusal of the damage says why in a notification
                return True

            for h in offer.receivers:
                if h.room is None:
                    detail = "card incomplete"
                else:
                    back = h.comes_back(amount)
                    detail = f"{h.room} boxes free" + (f", {back} comes back" if back else "")
                once(ui.button(f"Transfer to {h.name} ({detail})").props("no-caps"), partial(choose, h.id), dialog,
                     closes=True)
            once(ui.button(f"{m.name} takes it").props("outline no-caps"), lambda: choose(None), dialog, closes=True)

    def _complete(self) -> None:
        m = board(self.view.state).model(self.model_id)
        open_completion(self.view, board(self.view.state).card_of(m))
