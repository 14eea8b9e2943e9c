"""The Warlord turn bar: the game turn, the phase and whose activation is going on; on the table also ending
the game turn, the end phase's poison checks (the players type their die, the app adds the bonuses), ending the
game (in the end phase, naming the winner or a draw) or conceding, and undo.
The newest log line stays in view, so a consequence the app worked out (burning damage, a poison check's
result, Blessed and Cursed cancelling) is read where the players look."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial

from nicegui import ui

from models.rules import Command, GameState, Option, answered, options
from models.rules.warlord import MAX_DIE, REASON_MAX, turn_options
from models.service.views.warlord import POISON_PROMPT, PoisonCheck, next_label, poison_checks, where
from webapp.components.a11y import named
from webapp.components.asking import send_answers
from webapp.components.dialogs import named_dialog
from webapp.components.once import once
from webapp.components.seat import for_link
from webapp.components.version_stamp import stamp
from webapp.components.warlord.model import grey
from webapp.components.whole_numbers import whole_number
from webapp.view import GameView


class WarlordTurnBar:
    def __init__(self, view: GameView, controls: bool) -> None:
        self.view = view
        self._shown: tuple[object, ...] | None = None
        self._due: tuple[object, ...] | None = None
        self.end = self.next = None
        self.options: dict[str, Option] = {}
        self.box = ui.card().classes("tk-turnbar w-full").props('role="region" aria-label="Turn"')
        with self.box:
            with ui.row().classes("items-center gap-4 w-full"):
                self.turn = ui.label("").classes("tk-round")
                self.phase = ui.label("").classes("tk-phase").props('aria-live="polite"')
                ui.space()
                if controls:
                    self.end = once(ui.button("End game turn").props("no-caps"), lambda: self._turn("end_turn"))
                    self.next = once(ui.button("").props("no-caps"), lambda: self._turn("next_turn"))
                    self.finish = once(ui.button("End the game…").props("outline no-caps"), self._end_dialog)
                    once(ui.button("Undo last action").props("outline no-caps"), view.undo)
            self.latest = ui.label("").classes("tk-wl-latest").props('aria-live="polite"')
            self.poison = ui.column().classes("w-full gap-2") if controls else None
        view.on_update(self.update)
        view.on_version(self.show_latest)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        stamp(self.box, self.view.version)
        shown = where(state)
        if shown != self._shown:
            self._shown = shown
            turn, phase = shown
            self.turn.set_text(turn)
            self.phase.set_text(phase)
        if self.end is not None and self.next is not None:
            found = turn_options(state)
            if found != self.options:
                self.options = found
                self.next.set_text(next_label(state))
                grey(self.end, found["end_turn"])
                grey(self.next, found["next_turn"])
                self.finish.set_visibility(state.phase != "over")
        if self.poison is not None:
            due = poison_checks(state)
            if due != self._due:
                self._due = due
                self._draw_poison(due)

    async def show_latest(self, version: int) -> None:
        entries = await self.view.deps.live.log(self.view.game_id, version - 1, version)
        if entries:
            self.latest.set_text(" ".join(entries[-1].texts))

    async def _turn(self, which: str) -> None:
        option = self.options[which]
        if not option.allowed:
            ui.notify(option.reason, type="warning")
            return
        if option.command is not None:
            await self.view.send(option.command)

    def _end_dialog(self) -> None:
        """Ending the game (only in the end phase of a game turn: the buttons say why not before) or a player
        conceding (a seat link concedes only for its own side)."""
        state = self.view.state
        names = state.player_name(0), state.player_name(1)
        found = turn_options(state)
        with named_dialog("End the game") as dialog:
            ui.label("End the game").classes("text-h6")

            async def do(option: Option, make: Callable[[], Command]) -> bool:
                if not option.allowed:
                    ui.notify(option.reason, type="warning")
                    return False
                return await self.view.send(make())

            def button(text: str, key: str, make: Callable[[], Command], look: str = "") -> None:
                option = for_link(self.view, found[key])
                grey(named(once(ui.button(text).props(f"no-caps {look}"), lambda: do(option, make), dialog,
                                closes=True), text), option, hide=False)

            ui.label("At the end of a game turn the players end the game: who won, as your scenario says?")
            reason = named(ui.input("What decided it (optional)").props(f"maxlength={REASON_MAX}").classes(
                "w-full"), "What decided it (optional)")
            with ui.row().classes("gap-2"):
                def ending(winner: int | None) -> Callable[[], Command]:
                    return lambda: answered(found["end_game"], winner=winner, reason=reason.value or "")

                for s in (0, 1):
                    button(f"{names[s]} wins", "end_game", ending(s))
                button("A draw", "end_game", ending(None), "outline")
            ui.label("Or a player concedes: the other side wins.")
            with ui.row().classes("gap-2"):
                for s in (0, 1):
                    button(f"{names[s]} concedes", f"concede:{s}", partial(answered, found[f"concede:{s}"]),
                           "outline color=negative")
            ui.button("Cancel", on_click=dialog.close).props("flat no-caps")
        dialog.open()

    def _draw_poison(self, due: tuple[PoisonCheck, ...]) -> None:
        assert self.poison is not None
        self.poison.clear()
        if not due:
            return
        with self.poison:
            ui.label(POISON_PROMPT).classes("tk-prompt")
            for check in due:
                with ui.row().classes("tk-wl-poison items-center gap-2 w-full"):
                    ui.label(check.words).classes("text-bold")
                    die = named(ui.number(label="Die").props("dense outlined").classes("tk-amount"),
                                f"Die result for {check.name}")
                    button = named(once(ui.button("Check poison").props("no-caps"),
                                        self._checker(check.figure_id, die)), f"Check poison: {check.name}")
                    grey(button, self._poison_option(check.figure_id), hide=False)

    def _poison_option(self, figure_id: str) -> Option:
        """The model's poison check as this page's link may send it (a seat rolls only for its own models)."""
        return for_link(self.view, next(o for o in options(self.view.state, figure_id) if o.action == "poison_check"))

    def _checker(self, figure_id: str, die: ui.number) -> Callable[[], Awaitable[None]]:
        """The poison check of ``figure_id`` with the result typed in ``die`` when the button is tapped."""
        return lambda: self._check(figure_id, die.value)

    async def _check(self, figure_id: str, value: object) -> None:
        option = self._poison_option(figure_id)
        if not option.allowed:
            ui.notify(option.reason, type="warning")
            return
        die = whole_number(value, 1, MAX_DIE)
        if die is None:
            ui.notify(f"Type the die's result: a whole number from 1 to {MAX_DIE}.", type="warning")
            return
        await send_answers(self.view, option, die=die)
