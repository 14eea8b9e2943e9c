"""Steamroller 2019 list pairs on the pages (the rules: models/rules/warmachine/list_pairs.py): the tournament
tab's form for a game with pairs, and the setup wizard's lists step of such a game. Each player pastes two lists,
then picks one; the other's pair is shown only once both are given, a choice only once both are made. Nothing is
decided here: a list is read and checked by the list service, the pair and the choice are commands."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial

from nicegui import ui

from models.rules import Command, GameState, RuleViolation
from models.rules.warmachine import TEXT_MAX, ArmyEntry, PairedList, Pregame, builders
from models.service import Actor
from models.service.access import send_refusal
from models.service.lists import ListService
from webapp.blocking import io
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.components.starting import GameStarter
from webapp.deps import current

Send = Callable[[Command], Awaitable[object]]
ORDINALS = ("first", "second")


def lists_of_site() -> ListService:
    """Lists read with the site's cards: a pair's cards come from the site's catalog (GameService._pair_cards)."""
    return current().lists


def acts_for(actor: Actor, state: GameState, seat: int) -> bool:
    """Whether this link gives and chooses for ``seat``: the service's answer (both commands name the seat they
    act for, so a choice asks for both)."""
    return send_refusal(actor, state, builders.choose_from_pair(seat, 0)) is None


def pairs_game_section() -> None:
    """Start a game whose players each give two lists in the setup wizard and then play one of them."""
    with ui.column().classes("w-full tk-pairs-game").props('role="region" aria-label="Start with list pairs"'):
        ui.label("Steamroller 2019: each player brings two lists, sees the other's pair in the setup wizard and "
                 "then plays one of their own.").classes("tk-kind")
        title = named(ui.input("Game title").props("maxlength=60").classes("w-96"), "Game title with list pairs")
        with ui.row().classes("gap-4"):
            names = [named(ui.input(f"Player {s + 1} name").props("maxlength=60"), f"Player {s + 1} with a pair")
                     for s in (0, 1)]
        starter = GameStarter()

        async def start() -> None:
            name = title.value or "Game with list pairs"
            sides: list[tuple[str, list[ArmyEntry]]] = [(n.value or f"Player {s + 1}", []) for s, n in enumerate(names)]
            service = current().service
            await starter.start(lambda key: service.start(builders.setup_game(name, sides, pairs=True), key), name)

        named(once(ui.button("Start with list pairs", icon=icons.PLAY).props("no-caps size=lg"), start),
              "Start with list pairs")


class PairStep:
    """The wizard's lists step in a game with pairs; ``drafts`` keeps typed lists across redraws (the step is
    drawn again when the other player gives or chooses)."""

    def __init__(self, actor: Actor, send: Send) -> None:
        self.actor = actor
        self.send = send
        self.drafts: dict[str, str] = {}

    def show(self, state: GameState, pre: Pregame) -> None:
        if pre.pairs[0] is None or pre.pairs[1] is None:
            ui.label("Each player gives two lists. Neither pair is shown until both are given.")
            for seat in (0, 1):
                who = state.player_name(seat)
                if pre.pairs[seat] is not None:
                    ui.label(f"{who} has given a pair of lists (sealed until both have).")
                elif acts_for(self.actor, state, seat):
                    self._form(seat, who)
                else:
                    ui.label(f"Waiting for {who}'s pair of lists.")
            return
        ui.label("Both pairs are shown. Each player chooses one of their own lists in secret; the choices are "
                 "revealed together.")
        with ui.row().classes("w-full gap-4"):
            for seat, pair in enumerate((pre.pairs[0], pre.pairs[1])):
                self._pair(state, pre, seat, pair)

    def _form(self, seat: int, who: str) -> None:
        with ui.card().classes("tk-sideform").props(f'role="group" aria-label="{who}\'s pair of lists"'):
            ui.label(f"{who}'s pair of lists").classes("text-h6")
            texts = []
            for n in ORDINALS:
                key = f"{seat}-{n}"
                area = ui.textarea(f"{who}'s {n} list (as text)", value=self.drafts.get(key, ""),
                                   on_change=lambda e, k=key: self.drafts.__setitem__(k, e.value or ""))
                texts.append(named(area.props(f"outlined maxlength={TEXT_MAX}").classes("w-full tk-mono"),
                                   f"{who}'s {n} list"))

            async def give() -> None:
                lists: list[PairedList] = []
                for n, area in zip(ORDINALS, texts, strict=True):
                    try:
                        lists.append(await io(lists_of_site().paired_list, area.value or ""))
                    except RuleViolation as refusal:
                        ui.notify(f"{who}'s {n} list: {refusal.message}", type="warning")
                        return
                await self.send(builders.give_list_pair(seat, (lists[0], lists[1])))

            named(once(ui.button(f"Give {who}'s pair").props("no-caps"), give), f"Give {who}'s pair")

    def _pair(self, state: GameState, pre: Pregame, seat: int, pair: tuple[PairedList, PairedList]) -> None:
        who = state.player_name(seat)
        with ui.card().classes("tk-sideform").props(f'role="group" aria-label="{who}\'s pair"'):
            ui.label(f"{who}'s pair").classes("text-h6")
            for lst in pair:
                models = ", ".join(pre.pair_cards[e.card].name for e in lst.army if e.card in pre.pair_cards)
                ui.label(f"{lst.name}: {models}")
            if pre.picks[seat] is not None:
                ui.label(f"{who} has chosen (sealed until both have).")
            elif acts_for(self.actor, state, seat):
                for index, lst in enumerate(pair):
                    once(ui.button(f"{who} plays {lst.name}").props("no-caps outline"),
                         partial(self.send, builders.choose_from_pair(seat, index)))
            else:
                ui.label(f"Waiting for {who}'s choice.")
