"""The pre-game screen of a Warlord game (models/rules/warlord/pregame.py): before game turn 1, every card whose
numbers are still to be typed in one form, a model and its copies on one card, and one tap that begins game turn 1.
What was typed already is filled in; nothing else is (doc 003 gives no card numbers). The rules check every
number and say what is missing; one undo takes the whole form back."""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState
from models.rules.warlord import StatName, builders
from models.service.views.warlord import PregameCard, pregame_cards
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.components.seat import own_model
from webapp.components.warlord.numbers import MEANING, StatFields
from webapp.view import GameView

HELP = ("Type what each model's card shows. Models entered under one name share a card: its numbers are typed "
        f"once. {MEANING}")


class PregameScreen:
    def __init__(self, view: GameView) -> None:
        self.view = view
        self._shown: tuple[PregameCard, ...] | None = None
        self.forms: list[tuple[PregameCard, StatFields]] = []
        self.box = named(ui.card().classes("w-full"), "Pre-game screen", role="region")
        with self.box:
            ui.label("Before game turn 1: the card numbers").classes("text-h6")
            ui.label(HELP).classes("tk-kind")
            self.body = ui.column().classes("w-full gap-2")
            with ui.row().classes("gap-2"):
                once(ui.button("Start game turn 1").props("no-caps size=lg"), lambda: self._send(begin=True))
                once(ui.button("Keep these numbers").props("outline no-caps"), lambda: self._send(begin=False))
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        """Shown while the game waits before game turn 1; its cards are drawn again only when theirs change (an
        undo, or numbers kept on another device), so what is being typed here stays."""
        visible = state.phase == "setup"
        self.box.set_visibility(visible)
        cards = tuple(c for c in pregame_cards(state) if own_model(self.view, c.seat)) if visible else ()
        if cards == self._shown:
            return
        self._shown = cards
        self.forms = []
        self.body.clear()
        with self.body:
            for seat in (0, 1):
                mine = [c for c in cards if c.seat == seat]
                if mine:
                    ui.label(f"{state.player_name(seat)}'s warband").classes(f"tk-side-name tk-seat-{seat}")
                for card in mine:
                    with named(ui.column().classes("tk-wl-model w-full gap-1"), card.name, role="group"):
                        ui.label(card.heading).classes("text-bold")
                        self.forms.append((card, StatFields(card.name, card.stats)))

    async def _send(self, begin: bool) -> None:
        cards: dict[str, dict[StatName, int | None]] = {}
        for card, fields in self.forms:
            typed = fields.typed()
            if isinstance(typed, str):
                ui.notify(f"{card.name}: {typed}", type="warning")
                return
            cards.update({model: typed for model in card.ids})
        await self.view.send(builders.pregame(cards, begin))
