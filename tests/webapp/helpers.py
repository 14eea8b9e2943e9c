"""Finding and using things on a simulated page the way a person (or a screen reader) does: by accessible name
(aria-label, else the visible text), inside named regions, and only what is shown (open dialogs, visible
elements). Imported by the tests in this folder as ``tests.webapp.helpers``.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable
from typing import Any

from nicegui import storage, ui
from nicegui.element import Element
from nicegui.elements.mixins.value_element import ValueElement
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from models.catalog import shipped_cards
from models.catalog.schema import Card
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.setup import ArmyEntry
from models.service import Created, GameService
from models.service.lists import ListService
from webapp.components.watch_board import WatchBoard
from webapp.components.watch_board import texts as watch_texts

ARMY_1 = [ArmyEntry(card="agathon"), ArmyEntry(card="guardian-of-souls", battlegroup_of=0),
          ArmyEntry(card="foreboder", battlegroup_of=0)]
ARMY_2 = [ArmyEntry(card="princess-regna"), ArmyEntry(card="foreboder", battlegroup_of=0)]
RETRIES = 50  # x 0.1 s: commands run in a worker thread, live notices hop threads


def service() -> GameService:
    """The GameService of the app the `user` fixture is running (main.py has just installed it)."""
    return importlib.import_module("webapp.deps").current().service


def site_lists() -> ListService:
    """The ListService of the app the `user` fixture is running, with the site's catalog."""
    return importlib.import_module("webapp.deps").current().lists


def new_game(title: str = "Friday game", players: tuple[str, str] = ("Ann", "Bob")) -> Created:
    return service().start(setup_game(title, [(players[0], ARMY_1), (players[1], ARMY_2)]))


def completed_foreboder(rings: tuple[int, int, int] = (6, 4, 4)) -> Card:
    """The Foreboder's card with the web rings a player reads off their own stat card."""
    card = shipped_cards()["foreboder"]
    return card.model_copy(update={"damage": card.damage.model_copy(update={"rings": rings})})


def table_url(game: Created, token: str = "table") -> str:
    return f"/table/{game.game_id}/{game.tokens[token]}"


def watch_url(game: Created) -> str:
    return f"/watch/{game.game_id}/{game.tokens['watch']}"


def version(game: Created) -> int:
    return service().state(game.game_id)[0]


# -- finding --------------------------------------------------------------------------------------------------

def accessible_name(element: Element) -> str:
    return str(element.props.get("aria-label") or element.props.get("label") or getattr(element, "text", "") or "")


def shown(element: Element) -> bool:
    """Visible, and not inside a closed dialog (closed dialogs stay in the element tree)."""
    return all(e.visible and not (isinstance(e, ui.dialog) and not e.value) for e in (element, *element.ancestors()))


def elements(user: User, kind: type[Element] = Element, within: Element | None = None) -> list[Element]:
    root = within if within is not None else user.client.layout
    return [e for e in root.descendants() if isinstance(e, kind) and shown(e)]


def find(user: User, name: str | Callable[[str], bool], kind: type[Element] = Element,
         within: Element | None = None) -> Element:
    """The first shown element whose accessible name is ``name`` (or satisfies it)."""
    match = name if callable(name) else (lambda n: n == name)
    found = [e for e in elements(user, kind, within) if match(accessible_name(e))]
    assert found, f"nothing named {name!r} is shown"
    return found[0]


def exists(user: User, name: str, kind: type[Element] = Element, within: Element | None = None) -> bool:
    return any(accessible_name(e) == name for e in elements(user, kind, within))


def region(user: User, name: str) -> Element:
    """A labelled region or group (a player's side, a model's card, the turn bar)."""
    return find(user, name)


def model_card(user: User, side: str, model: str) -> Element:
    """A model's full card on a side, selected first by tapping its tile (a side shows one card at a time)."""
    pick(user, side, model)
    return find(user, model, ui.card, within=region(user, side))


def tile(user: User, model: str, within: Element | None = None) -> Element:
    """A model's tile on the table page: a button named "Select <model>: <what it shows>"."""
    return find(user, lambda name: name.startswith(f"Select {model}:"), within=within)


def pick(user: User, side: str, model: str) -> None:
    """Tap a model's tile on a side when its card is not the one shown."""
    within = region(user, side)
    if not exists(user, model, ui.card, within):
        UserInteraction(user, {tile(user, model, within)}, None).click()


def texts(user: User, within: Element | None = None) -> list[str]:
    """Every text shown (labels, button texts, html content such as the damage drawing's aria-label)."""
    out = []
    for e in elements(user, Element, within):
        for content in e._displayed_contents(only_visible=True):  # noqa: SLF001 - what User.should_see reads
            if content not in (None, ""):
                out.append(str(content))
    return out


def shows(user: User, text: str, within: Element | None = None) -> bool:
    return any(text in t for t in texts(user, within))


# -- the watch page: one board that renders the game's view in the browser ----------------------------------

def board(user: User) -> WatchBoard:
    found = elements(user, WatchBoard)
    assert len(found) == 1, f"a watch page has one board, not {len(found)}"
    return found[0]


def watched(user: User) -> dict[str, Any]:
    """The view a watch page's board shows: the newest one sent to its game's room (its browser renders it)."""
    edition = importlib.import_module("webapp.deps").current().live.reads.cached(board(user).game_id)
    assert edition is not None, "no view was made for the watch page"
    return edition.view


def watched_card(user: User, name: str) -> dict[str, Any]:
    """A model's (or unit's) card on a watch page, found by its name."""
    cards = [c for c in watched(user)["cards"].values() if c["name"] == name]
    assert cards, f"no card named {name!r} on the watch page"
    return cards[0]


def record_broadcasts() -> list[tuple[str, dict[str, Any], str]]:
    """From now on, each (event, message, room) the app emits to watch pages' rooms, as it is emitted."""
    live = importlib.import_module("webapp.deps").current().live
    sent: list[tuple[str, dict[str, Any], str]] = []
    emit = live.emit

    async def recording(event: str, data: dict[str, Any], room: str) -> None:
        sent.append((event, data, room))
        await emit(event, data, room=room)

    live.emit = recording
    return sent


def card_shows(user: User, name: str, text: str) -> bool:
    return any(text in t for t in watch_texts(watched_card(user, name)))


# -- doing ----------------------------------------------------------------------------------------------------

def click(user: User, name: str | Callable[[str], bool], within: Element | None = None) -> None:
    button = find(user, name, ui.button, within)
    for listener in button._event_listeners.values():  # noqa: SLF001
        # A browser's click runs with the request its listener was made under (Element._handle_event); the
        # simulated click keeps the request of the test's first page, which may name another storage id.
        storage.request_contextvar.set(listener.request)
        break
    UserInteraction(user, {button}, None).click()


def fill(user: User, name: str, text: str | None, within: Element | None = None) -> None:
    """Replace a field's value as typed; None is what a number field reports for text that is no number."""
    field = UserInteraction(user, {find(user, name, ValueElement, within)}, None).clear()
    if text is not None:
        field.type(text)


def choose(user: User, name: str, option: str, within: Element | None = None) -> None:
    """Open a select and pick the option shown as ``option``."""
    select = find(user, name, ui.select, within)
    UserInteraction(user, {select}, option).click()  # opens the list
    UserInteraction(user, {select}, option).click()  # picks the option


async def fill_new_game(user: User, title: str) -> None:
    """Open the home page and fill its new-game form: Ann with Agathon against Bob with Princess Regna."""
    await user.open("/")
    fill(user, "Game title", title)
    for seat, name, caster in ((1, "Ann", "Agathon"), (2, "Bob", "Princess Regna")):
        fill(user, f"Player {seat} name", name)
        choose(user, f"Player {seat} caster", caster)


def next_button(user: User) -> Element:
    return find(user, lambda n: n.startswith(("Next", "End turn")), ui.button, within=region(user, "Turn"))


async def eventually(check: Callable[[], bool], what: str = "the page to change") -> None:
    for _ in range(RETRIES):
        if check():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


async def see(user: User, text: str, within: Element | None = None) -> None:
    """Wait until ``text`` is shown (inside ``within`` when given; notifications count on the whole page)."""
    if within is None:
        await user.should_see(text, retries=RETRIES)
        return
    await eventually(lambda: shows(user, text, within), f"{text!r}")


async def advance(user: User, times: int = 1) -> None:
    """Tap the turn bar's Next button, waiting each time for the phase shown to change (and, as a person does,
    for the button to take taps again: it is disabled while its tap is recorded)."""
    for _ in range(times):
        before = texts(user, region(user, "Turn"))
        await eventually(lambda: next_button(user).enabled, "the Next button to take taps")
        UserInteraction(user, {next_button(user)}, None).click()
        await eventually(lambda b=before: texts(user, region(user, "Turn")) != b, "the turn to move on")


def card_book(user: User) -> dict[str, Card]:
    """The card book of this simulated browser, read as the app reads it (found by the browser's cookie)."""
    from nicegui import storage

    from webapp.components.warmachine.card_book import book_of

    token = storage.request_contextvar.set(user.client.request)
    try:
        return book_of(None).book()
    finally:
        storage.request_contextvar.reset(token)


def pregame_screen(user: User) -> ui.dialog | None:
    """The pre-game screen asking a side for its cards' missing facts, when one is shown."""
    found = [e for e in elements(user, ui.dialog) if "need" in accessible_name(e) and "facts" in accessible_name(e)]
    return found[0] if found else None  # type: ignore[return-value]


async def complete_pregame(user: User) -> list[str]:
    """Fill every pre-game screen as a player would from their own cards (test numbers: ESSENCE 5, 8 boxes, a
    web split outer/middle/centre with the middle and centre a quarter each); the players named, in order."""
    players: list[str] = []
    for _ in range(2):
        await asyncio.sleep(0.1)
        await eventually(lambda: pregame_screen(user) is not None or "/table/" in (user.back_history or [""])[-1],
                         "a pre-game screen or the table")
        screen = pregame_screen(user)
        if screen is None:
            break
        player = accessible_name(screen).split(":")[0]
        players.append(player)
        for field in elements(user, ui.number, within=screen):
            label = accessible_name(field)
            group = next(a for a in field.ancestors() if isinstance(a, ui.card))
            if "ring" in label:
                total = int(next(t for t in texts(user, group) if t.startswith("The web has")).split()[3])
                value = {"middle": total // 4, "centre": total // 4}.get(label.split()[3], total - 2 * (total // 4))
            else:
                value = {"ESSENCE": 5, "FOCUS": 6, "FURY": 5, "THR": 8, "Trooper boxes": 1}.get(
                    label, 8)
            fill(user, label, str(value), within=group)
        click(user, f"Save {player}'s cards")
        await eventually(lambda s=screen: not s.value or s.is_deleted, "the screen to close")
    return players
