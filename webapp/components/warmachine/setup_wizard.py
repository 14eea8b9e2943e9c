"""The setup wizard on the table page (doc 002 "Game Setup", in its order): one step at a time, the answers so
far above it. Every answer is a command (models/rules/warmachine/pregame.py); nothing is decided here."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Literal

from nicegui import ui

from models.rules import Command, GameState, tournament_of
from models.rules.warmachine import (
    PREGAME_LABELS,
    PREGAME_STEPS,
    PREGAME_TEXT_MAX,
    TASK_MAX,
    Pregame,
    board,
    builders,
)
from models.service.access import send_refusal
from webapp.components.once import once
from webapp.components.warmachine.list_pairs import PairStep
from webapp.view import GameView

STEPS_SHOWN = len(PREGAME_STEPS) - 1  # "done" is not a step the players see
DEFAULT_MINUTES = 60  # a starting value the players confirm or change: not an official figure


class SetupWizard:
    def __init__(self, view: GameView) -> None:
        self.view = view
        self._shown: Pregame | None = None
        self.pairs = PairStep(view.actor, view.send)
        self.box = ui.card().classes("tk-wizard w-full").props('role="region" aria-label="Setup wizard"')
        with self.box:
            self.heading = ui.label("").classes("text-h6").props('aria-live="polite"')
            self.answers = ui.column().classes("gap-0 tk-wizard-answers")
            self.body = ui.column().classes("w-full gap-2")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        pre = board(state).pregame
        visible = state.phase == "setup" and pre is not None and pre.step != "done"
        self.box.set_visibility(visible)
        if not visible or pre == self._shown:
            return
        assert pre is not None
        self._shown = pre
        number = PREGAME_STEPS.index(pre.step) + 1
        self.heading.set_text(f"Setup, step {number} of {STEPS_SHOWN}: {PREGAME_LABELS[pre.step]}")
        self.answers.clear()
        with self.answers:
            for line in _answers(state, pre):
                ui.label(line).classes("tk-wizard-answer")
        self.body.clear()
        with self.body:
            getattr(self, f"_step_{pre.step}")(state, pre)

    def redraw(self) -> None:
        self._shown = None
        self.update(self.view.state)

    async def send(self, command: object) -> None:
        if not await self.view.send(command):  # type: ignore[arg-type]
            self.redraw()

    # -- steps -------------------------------------------------------------------------------------------
    def _step_scenario(self, state: GameState, pre: Pregame) -> None:
        ui.label("Tap the scenario the organiser announced (or you agreed), or type the name of another.")
        with ui.row().classes("gap-2").props('role="group" aria-label="Steamroller 2019 scenarios"'):
            for scenario in tournament_of(state.system).scenarios:
                _button(scenario, partial(self.send, builders.choose_scenario(scenario)), outline=True)
        name = _text("Another scenario", "Another scenario's name")
        _button("Confirm the scenario", lambda: self.send(builders.choose_scenario(name.value or "")))

    def _step_lists(self, state: GameState, pre: Pregame) -> None:
        if pre.paired:
            self.pairs.show(state, pre)
            return
        ui.label("Each player picks one list in secret; then both are revealed together. "
                 "Leave it blank for the army this game was set up with.")
        fields = [_text(f"{state.player_name(s)}'s list", f"{state.player_name(s)}'s list", placeholder="as set up")
                  for s in (0, 1)]
        _button("Reveal both lists",
                lambda: self.send(builders.reveal_lists((fields[0].value or "", fields[1].value or ""))))

    def _step_objectives(self, state: GameState, pre: Pregame) -> None:
        ui.label("Each player's objective for this scenario (blank: none).")
        fields = [_text(f"{state.player_name(s)}'s objective", f"{state.player_name(s)}'s objective")
                  for s in (0, 1)]
        _button("Confirm the objectives",
                lambda: self.send(builders.choose_objectives((fields[0].value or "", fields[1].value or ""))))

    def _step_priority(self, state: GameState, pre: Pregame) -> None:
        for roll in pre.rolls:
            a, b = roll.totals
            ui.label(f"Rolled: {state.player_name(0)} {a}, {state.player_name(1)} {b}: a tie, roll again.")
        ui.label("Roll a die each and enter what it shows, or let the app roll.")
        with ui.row().classes("items-end gap-3"):
            dice = [ui.number(f"{state.player_name(s)}'s die", step=1, format="%d").classes("w-40") for s in (0, 1)]

        async def typed() -> None:
            faces = [d.value for d in dice]
            if any(f is None or int(f) != f or not 1 <= f <= 6 for f in faces):
                ui.notify("Each die shows a number from 1 to 6.", type="warning")
                return
            await self.send(builders.roll_priority((int(faces[0]), int(faces[1]))))

        with ui.row():
            _button("Use these dice", typed)
            _button("Roll for us", lambda: self.send(builders.roll_priority()), outline=True)

    def _step_order(self, state: GameState, pre: Pregame) -> None:
        winner = state.player_name(pre.priority or 0)
        ui.label(f"{winner} won the roll and chooses.")
        if not self._may(state, builders.choose_order(True)):
            ui.label(f"Waiting for {winner} to choose.").classes("tk-kind")
            return
        with ui.row():
            _button(f"{winner} goes first", lambda: self.send(builders.choose_order(True)))
            _button(f"{winner} goes second", lambda: self.send(builders.choose_order(False)))

    def _step_side(self, state: GameState, pre: Pregame) -> None:
        second = state.player_name(1 - (pre.first or 0))
        ui.label(f"{second} goes second and picks the table side to deploy on.")
        if not self._may(state, builders.choose_side("-")):
            ui.label(f"Waiting for {second} to pick.").classes("tk-kind")
            return
        side = _text("Table side", "Table side", placeholder="e.g. the edge with the forest")
        _button("Confirm the side", lambda: self.send(builders.choose_side(side.value or "")))

    def _step_clock(self, state: GameState, pre: Pregame) -> None:
        first = state.player_name(pre.first or 0)
        if pre.clock_minutes is not None:
            fixed = pre.clock_minutes
            ui.label(f"The event gives each player {fixed:g} minutes. Either player starts the clock when both are "
                     f"ready; {first}'s time runs first: deployment is on the clock.")
            with ui.row():
                _button(f"Start the clock ({fixed:g} minutes each)",
                        lambda: self.send(builders.start_clock(fixed)))
                _button("Play without a clock", lambda: self.send(builders.finish_setup_step()), outline=True)
            return
        if not self._may(state, builders.start_clock(DEFAULT_MINUTES)):
            ui.label("The shared table link sets up the clock (the minutes are the organiser's call), or you both "
                     "play without one.")
            _button("Play without a clock", lambda: self.send(builders.finish_setup_step()), outline=True)
            return
        ui.label("Agree each player's time with your organiser (the app has no official figure). "
                 f"{first}'s time runs first: deployment is on the clock.")
        minutes = ui.number("Minutes on each player's clock", value=DEFAULT_MINUTES).props(
            'aria-label="Minutes on each player\'s clock"').classes("w-72")

        async def start() -> None:
            value = minutes.value
            if value is None or not 0 < value <= 600:
                ui.notify("Enter the minutes per player: more than 0, at most 600.", type="warning")
                return
            await self.send(builders.start_clock(float(value)))

        with ui.row():
            _button("Start the clock", start)
            _button("Play without a clock", lambda: self.send(builders.finish_setup_step()), outline=True)

    def _may(self, state: GameState, command: Command) -> bool:
        """Whether this page's link may send ``command`` (a seat is offered only its own side's choices)."""
        return send_refusal(self.view.actor, state, command) is None

    def _step_before(self, state: GameState, pre: Pregame) -> None:
        ui.label("Resolve what happens before the game begins: Arcana, terrain from a theme, Ambush, ...")
        self._checklist(pre, "before")
        _button("Done: deploy the armies", lambda: self.send(builders.finish_setup_step()))

    def _step_deploy(self, state: GameState, pre: Pregame) -> None:
        ui.label(f"Deploy the armies, {state.player_name(pre.first or 0)} first.")
        _button("Deployment is finished", lambda: self.send(builders.finish_setup_step()))

    def _step_after(self, state: GameState, pre: Pregame) -> None:
        ui.label("Resolve what happens after deployment, before the first turn (Prey, ...).")
        self._checklist(pre, "after")
        _button("Start the game", lambda: self.send(builders.start_game()))

    def _checklist(self, pre: Pregame, when: Literal["before", "after"]) -> None:
        tasks = pre.before if when == "before" else pre.after
        for i, task in enumerate(tasks):
            box = ui.checkbox(task.text, value=task.done)
            box.on_value_change(lambda e, k=i: self.send(builders.tick_setup_task(when, k, bool(e.value))))
        with ui.row().classes("items-end gap-2"):
            item = ui.input("Something to resolve", validation={f"At most {TASK_MAX} characters":
                                                                lambda v: len(v or "") <= TASK_MAX}).props(
                f'maxlength={TASK_MAX} aria-label="Something to resolve"').classes("w-96")
            _button("Add to the list", lambda: self.send(builders.add_setup_task(item.value or "", when)),
                    outline=True)


def _text(label: str, aria: str, placeholder: str = "") -> ui.input:
    most = PREGAME_TEXT_MAX
    field = ui.input(label, placeholder=placeholder,
                     validation={f"At most {most} characters": lambda v: len(v or "") <= most}).classes("w-96")
    field._props.update({"maxlength": PREGAME_TEXT_MAX, "aria-label": aria})
    return field


def _button(text: str, action: Callable[[], Awaitable[None] | None], outline: bool = False) -> ui.button:
    return once(ui.button(text).props("no-caps" + (" outline" if outline else "")), action)


def _answers(state: GameState, pre: Pregame) -> list[str]:
    n = state.player_name
    out: list[str] = []
    if pre.scenario:
        out.append(f"Scenario: {pre.scenario}")
    if pre.lists != ("", ""):
        out.append(f"Lists: {n(0)} plays {pre.lists[0]}; {n(1)} plays {pre.lists[1]}")
    if PREGAME_STEPS.index(pre.step) > PREGAME_STEPS.index("objectives"):
        out.append(f"Objectives: {n(0)}: {pre.objectives[0] or 'none'}; {n(1)}: {pre.objectives[1] or 'none'}")
    if pre.priority is not None and pre.rolls:
        a, b = pre.rolls[-1].totals
        out.append(f"Priority: {n(0)} {a}, {n(1)} {b}; {n(pre.priority)} chooses")
    if pre.first is not None:
        out.append(f"First: {n(pre.first)}")
    if pre.side:
        out.append(f"Table side ({n(1 - (pre.first or 0))}): {pre.side}")
    if PREGAME_STEPS.index(pre.step) > PREGAME_STEPS.index("clock"):
        clock = board(state).clock
        out.append(f"Clock: {clock.minutes:g} minutes each" if clock else "Clock: none")
    return out
