"""What the current moment of a warband turn asks of the players, in our words: the neutrals to act, the rout
check (the Morale it uses, passed or failed, a voluntary rout), the treasure tokens, each ongoing spell's check,
and the treasure grab after a rout, one token at a time. The app never rolls: the players say how checks went."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from nicegui import ui

from models.rules import Command, GameState
from models.rules.warband import MEANING, board, builders
from models.service.views.warband import (
    NEUTRALS,
    PLAYING,
    SPELLS,
    event_words,
    grab_choice,
    grab_words,
    headline,
    hidden_events_words,
    prompt,
    rout_passed,
    rout_words,
    spells_due,
    treasure_words,
)
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.components.seat import grey, seat_refusal
from webapp.components.warband.dialogs import UNDER, roll_field, typed_roll
from webapp.view import GameView


def _key(state: GameState) -> tuple[object, ...]:
    b = board(state)
    return (state.phase, state.step, state.round, state.active, b.rout, b.grab, b.events, b.treasures,
            b.hidden_events, tuple(prompt(state)))


def _spell_check(unit: str, spell: str) -> Callable[[bool, int | None], Command]:
    """The check of ``unit``'s lasting ``spell`` as the player records it."""
    return lambda passed, roll: builders.spell_check(unit, spell, passed, roll)


class StepPanel:
    def __init__(self, view: GameView, controls: bool) -> None:
        self.view, self.controls = view, controls
        self._shown: tuple[object, ...] | None = None
        with named(ui.card().classes("tk-guide w-full"), "What happens now", role="region"):
            self.body = ui.column().classes("gap-2 w-full")
            if controls:  # the watch page stays small: its unit cards say what a unit's condition means
                with ui.expansion("What Stunned, Dazed and Staggered mean").classes("w-full"):
                    for condition in ("stunned", "dazed", "staggered"):
                        ui.label(f"{condition.capitalize()}: {MEANING[condition]}")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        key = _key(state)
        if key == self._shown:
            return
        self._shown = key
        self.body.clear()
        with self.body:
            draw = {"neutrals": self._neutrals, "rout": self._rout, "treasure": self._treasure,
                    "spells": self._spells}.get(state.step) if state.phase == "upkeep" else None
            if state.phase == "over":
                ui.label(headline(state) + " The game is over.").classes("tk-prompt")
            elif state.phase == "grab":
                self._grab(state)
            elif state.phase == "play":
                ui.label(PLAYING)
            elif draw is not None:
                draw(state)
            self._events(state)

    # -- helpers ------------------------------------------------------------------------------------------
    def _send(self, command: Command) -> Callable[[], Awaitable[bool]]:
        """A click handler that sends ``command``."""
        return lambda: self.view.send(command)

    def _check(self, what: str, make: Callable[[bool, int | None], Command]) -> None:
        """Passed / Failed buttons with an optional typed roll; ``what`` names them for a screen reader. On a
        player's own link they are greyed when the check is the other side's, saying who can record it."""
        if not self.controls:
            return
        not_ours = seat_refusal(self.view, make(True, None))
        with ui.row().classes("items-center gap-2"):
            roll = roll_field("Roll (optional)", f"Roll for {what}")
            for passed, word in ((True, "Passed"), (False, "Failed")):
                async def record(p: bool = passed) -> None:
                    if not_ours:
                        ui.notify(not_ours, type="warning")
                        return
                    ok, value = typed_roll(roll)
                    if ok:
                        await self.view.send(make(p, value))

                grey(named(once(ui.button(word).props("no-caps"), record), f"{word}: {what}"), not_ours)

    def _button(self, text: str, make: Callable[[], Command], props: str) -> None:
        """A button that sends the command ``make`` builds when tapped (from what the panel's fields say then);
        greyed with who can when this page's link may not send it."""
        not_ours = seat_refusal(self.view, make())

        async def tap() -> None:
            if not_ours:
                ui.notify(not_ours, type="warning")
                return
            await self.view.send(make())

        grey(once(ui.button(text).props(props), tap), not_ours)

    # -- steps --------------------------------------------------------------------------------------------
    def _neutrals(self, state: GameState) -> None:
        ui.label(NEUTRALS).classes("tk-prompt")

    def _rout(self, state: GameState) -> None:
        b = board(state)
        why, how = rout_words(state)
        ui.label(why).classes("tk-prompt")
        ui.label(f"{how} Roll it as your game does and say how it went.")
        if b.rout == "due":
            self._check("rout check", builders.rout_check)
        elif b.rout == "passed":
            ui.label(rout_passed(state))
            if self.controls:
                self._button("Rout by choice", builders.voluntary_rout, "no-caps outline")

    def _treasure(self, state: GameState) -> None:
        ui.label(treasure_words(state, self.controls)).classes("tk-prompt")
        if hidden_events_words(state):
            ui.label(hidden_events_words(state))

    def _spells(self, state: GameState) -> None:
        ui.label(SPELLS).classes("tk-prompt")
        for unit, spell, words in spells_due(state):
            ui.label(words)
            self._check(words, _spell_check(unit, spell))

    def _events(self, state: GameState) -> None:
        for i, event in enumerate(board(state).events):
            with ui.row().classes("items-center gap-2"):
                ui.label(event_words(state, event))
                if self.controls and event.neutrals_on_board:
                    named(once(ui.button("Neutrals left the board").props("no-caps flat"),
                               self._send(builders.neutrals_gone(i))), f"Neutrals left the board: event {i + 1}")

    # -- the grab after a rout ----------------------------------------------------------------------------
    def _grab(self, state: GameState) -> None:
        b = board(state)
        g = b.grab
        assert g is not None
        win, lose = state.player_name(g.winner), state.player_name(g.loser)
        first, second = grab_words(state)
        ui.label(first).classes("tk-prompt")
        ui.label(second)
        if g.turn == "where":
            if self.controls:
                winner = named(ui.checkbox(f"{win} has a unit within 5\""), f"{win} has a unit within 5 inches")
                loser = named(ui.checkbox(f"{lose} has a unit within 5\""), f"{lose} has a unit within 5 inches")

                async def answer() -> None:
                    await self.view.send(builders.grab_nearby(bool(winner.value), bool(loser.value)))

                once(ui.button("Confirm").props("no-caps"), answer)
            return
        if not self.controls:
            return
        owner, units = grab_choice(state)
        unit = named(ui.select(units, value=next(iter(units), None), label="Unit").classes("w-64"),
                     f"{owner}'s unit")
        under = named(ui.radio(UNDER, value="nothing").props("inline"), "What was under the token")
        plague = named(ui.radio({"pass": "Plague check passed", "fail": "Plague check failed"}).props("inline"),
                       "Plague check")
        plague.bind_visibility_from(under, "value", backward=lambda v: v == "plague")

        def attempt(passed: bool | None, roll: int | None) -> Command:
            return builders.grab_attempt(unit.value or "", passed, roll, under.value,
                                         None if plague.value is None else plague.value == "pass")

        if g.turn == "winner_auto":
            self._button("Take the token", lambda: attempt(None, None), "no-caps")
        else:
            self._check("the grab", attempt)
