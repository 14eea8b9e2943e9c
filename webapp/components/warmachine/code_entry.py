"""A warjack's grid typed column by column, or a warbeast's spiral branch by branch, as short codes ("6 L L L":
six boxes, the bottom three Left arm), with the grid or spiral drawn beside while typing; the drawing still takes
taps, and a tap rewrites its column's code. "Start from" copies another entered card's grid or spiral; "Mirror left
and right" turns the grid round. What a code means and what is wrong with one are the service's
(models/service/card_entry.py); a bad code is refused in words under its field as it is typed, and the drawing keeps
what was last right.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from nicegui import ui

from models.catalog.schema import Card, GridLayout, SpiralLayout
from models.rules import RuleViolation
from models.service.card_entry import codes_for, start_choices, started_from
from webapp.components.a11y import named
from webapp.components.warmachine.tap_editor import TapGrid, TapSpiral

CSS = """
.tk-codes { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.tk-code-fields { display: flex; flex-direction: column; gap: 2px; min-width: 15rem; }
.tk-code-fields .q-field { width: 15rem; }
"""


class CodeEntry:
    """The codes of one card's grid or spiral and its drawing; ``layout()`` is what was entered (None: nothing)."""

    def __init__(self, card: Card, cards: Mapping[str, Card] | None = None) -> None:
        ui.add_css(CSS)
        codes = codes_for(card)
        assert codes is not None, "a card with a grid or a spiral"
        self.card, self.codes, self.cards = card, codes, cards or {}
        layout = card.damage
        assert isinstance(layout, GridLayout | SpiralLayout)
        self.total = layout.total
        self._quiet = False  # a tap is rewriting a code: not a code typed
        self.on_typed: Callable[[], None] | None = None  # told when what is drawn changed
        start = self.codes.codes(_strings(layout))
        choices = start_choices(card, self.cards)
        with ui.element("div").classes("tk-codes w-full"):
            with ui.element("div").classes("tk-code-fields"):
                what = "column" if codes.kind == "grid" else "branch"
                ui.label(f"Type each {what}: {codes.hint}").classes("text-sm")
                with ui.row().classes("items-center gap-2"):
                    self.start = named(ui.select(choices, label="Start from", with_input=True,
                                                 on_change=self._start).classes("w-56"), "Start from")
                    self.start.set_visibility(bool(choices))
                    if codes.kind == "grid":
                        named(ui.button("Mirror left and right", icon="flip", on_click=self.mirror).props(
                            "no-caps outline"), "Mirror left and right")
                self.fields = [self._field(i, section, start[i]) for i, section in enumerate(codes.sections)]
            with ui.element("div"):
                self.drawing = (TapGrid if codes.kind == "grid" else TapSpiral)(
                    card.name, card.weight, self.total, _strings(layout))
        self.drawing.on_change = self._tapped

    def _field(self, i: int, section: str, code: str) -> ui.input:
        def problem(value: str | None) -> str | None:
            return self._problem(i, value)

        field = ui.input(section, value=code, validation=problem,
                         on_change=lambda e: self._typed(i, e.value)).props(
            "maxlength=40 autocomplete=off autocapitalize=characters spellcheck=false enterkeyhint=next")
        field.props["placeholder"] = "6 L L L" if self.codes.kind == "grid" else "5 2"
        return named(field, section)

    def _problem(self, i: int, value: str | None) -> str | None:
        try:
            self.codes.string(i, value or "")
        except RuleViolation as refusal:
            return refusal.message
        return None

    def _typed(self, i: int, value: str | None) -> None:
        if self._quiet:
            return
        try:
            string = self.codes.string(i, value or "")
        except RuleViolation:
            return  # said under the field; the drawing keeps what was last right
        self.drawing.set_section(i, string or "")
        self._changed()

    def _changed(self) -> None:
        if self.on_typed is not None:
            self.on_typed()

    def _tapped(self, i: int) -> None:
        self._quiet = True
        try:
            self.fields[i].set_value(self.codes.code(self.drawing.section(i)))
        finally:
            self._quiet = False
        self._changed()

    def set_codes(self, codes: tuple[str, ...]) -> None:
        """Put ``codes`` in the fields (each is drawn as it is set)."""
        for field, code in zip(self.fields, codes, strict=False):
            field.set_value(code)

    def _start(self, event: object) -> None:
        key = getattr(event, "value", None)
        source = self.cards.get(key or "")
        if source is not None:
            self.set_codes(started_from(self.card, source))
            ui.notify(f"Started from {source.name}'s {self.codes.kind}: check each "
                      f"{'column' if self.codes.kind == 'grid' else 'branch'} against your card.", type="info")

    def offer(self, cards: Mapping[str, Card]) -> None:
        """Offer to start from ``cards`` (a card saved since this entry was drawn counts)."""
        self.cards = cards
        choices = start_choices(self.card, cards)
        self.start.set_options(choices)
        self.start.set_visibility(bool(choices))

    def mirror(self) -> None:
        try:
            self.set_codes(self.codes.mirrored([f.value or "" for f in self.fields]))
        except RuleViolation as refusal:
            ui.notify(refusal.message, type="warning")

    def drawn(self) -> Card | None:
        """The card with what is drawn so far, when it is a whole grid or spiral (another card may start from it);
        None while a code is wrong or a column or branch is empty."""
        try:
            layout = self.layout()
        except RuleViolation:
            return None
        return None if layout is None else self.card.model_copy(update={"damage": layout})

    def typed(self) -> tuple[str, ...]:
        return tuple(str(f.value or "") for f in self.fields)

    def layout(self) -> GridLayout | SpiralLayout | None:
        """The entered grid or spiral as drawn, with the card's total (None when nothing is drawn); RuleViolation
        naming a bad code, a column or branch without a box, or boxes that do not make the card's total."""
        for i, code in enumerate(self.typed()):
            self.codes.string(i, code)
        if not self.drawing.boxes():
            return None
        problem = self.drawing.problem(self.total)
        if problem:
            raise RuleViolation("card.drawing", problem)
        return self.drawing.layout(self.total)


def _strings(layout: GridLayout | SpiralLayout) -> tuple[str, ...]:
    return tuple((layout.columns if isinstance(layout, GridLayout) else layout.branches) or ())


def offer_each_other(entries: Sequence[CodeEntry], catalog: Mapping[str, Card]) -> None:
    """A grid or spiral typed on this screen may be started from by the other cards of the screen (a Destroyer
    from the Juggernaut typed above it)."""
    def offer() -> None:
        drawn = {card.key: card for entry in entries if (card := entry.drawn()) is not None}
        for entry in entries:
            entry.offer({**catalog, **drawn})

    for entry in entries:
        entry.on_typed = offer


def code_entry(card: Card, cards: Mapping[str, Card] | None = None) -> CodeEntry | None:
    """The code entry of a card with a grid or a spiral; None for any other card."""
    return CodeEntry(card, cards) if codes_for(card) is not None else None

