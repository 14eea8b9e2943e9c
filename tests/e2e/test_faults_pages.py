"""Pages under faults and abuse, in a real Chromium against the real server.

- Reconnect: a watch page that loses its connection (the browser goes offline) shows the current state when it
  is back, with no manual reload: a change made while it was offline appears by itself.
- Forged socket events: a watch page's own socket sends NiceGUI ``event`` messages with every real listener id
  of a table page of the same game and of the watch page itself: nothing changes. The same socket with the table
  page's client id and its "Next" listener does move the game (the control).
- Markup in free text: script-injection and markup payloads as the game title, player names, a spell name and a
  card name (a player's own card in the game's setup) render as literal text on the table and the watch page; no
  dialog opens, no injected element or script runs.
"""

from __future__ import annotations

import json
import re
import time
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.bench.script import HORRORS, MASTERS, SIDES
from tests.e2e.test_faults_crash import api

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

LIVE = 20_000  # ms: after coming back online the socket reconnects (engine.io back-off) and catches up
VIEWPORT = {"width": 1280, "height": 900}

PAYLOADS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(2)>",
    '"><svg onload=alert(3)>',
    "<b>bold</b>{{ 7*7 }}",
    "javascript:alert(4)",
    "<style>*{display:none}</style>",
    "'; alert(5); //",
    "&lt;i&gt;&amp;",
    "${alert(6)}",
    "<a href=javascript:alert(7)>x</a>",
    "<iframe srcdoc='<script>alert(8)'>",
]


def game_body(title: str, players: tuple[str, str]) -> dict[str, Any]:
    return {"title": title, "sides": [{"player": name, "army": [e.model_dump(exclude_none=True) for e in army]}
                                      for name, (_, army) in zip(players, SIDES, strict=True)]}


def create(server: Server, title: str = "Faults", players: tuple[str, str] = ("Ann", "Bob")) -> dict[str, Any]:
    status, game = api("POST", server.url("/api/games"), game_body(title, players))
    assert status == 201, game
    return game


def command(server: Server, game: dict[str, Any], version: int, body: dict[str, Any]) -> int:
    status, out = api("POST", server.url(f"/api/games/{game['id']}/commands"),
                      {"command": body, "expected_version": version}, game["tokens"]["table"])
    assert status == 200, out
    return out["version"]


def web_label(page: Page, marked: int) -> re.Pattern[str]:
    return re.compile(rf"outer ring {marked} of 30 marked")


def horror_web(page: Page) -> Locator:
    """Side 1's Guardian of Souls' damage web (its accessible name says what is marked: ``web_label``)."""
    return page.get_by_role("group", name="Guardian of Souls").first.get_by_role("img")


def hurt_horror(server: Server, game: dict[str, Any], version: int, amount: int) -> int:
    """Mark ``amount`` damage on side 1's Guardian of Souls through the API; the new version."""
    return command(server, game, version, {"type": "mark_damage", "model": HORRORS[0], "amount": amount})


# -- reconnect -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("offline_s", [pytest.param(0.5, id="short"),
                                       pytest.param(15, id="past-reconnect-timeout", marks=pytest.mark.slow)])
def test_a_watch_page_that_was_offline_shows_the_change_made_meanwhile(browser: Browser, server: Server,
                                                                        offline_s: float) -> None:
    """Short: the socket reconnects and NiceGUI replays what was missed. Past the server's reconnect timeout
    (10 s) the page's server-side client is gone: the page reloads itself and shows the current state."""
    game = create(server)
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        assert page.goto(server.url(game["watch_url"])).status == 200
        horror = horror_web(page)
        version = hurt_horror(server, game, game["version"], 1)
        expect(horror).to_have_attribute("aria-label", web_label(page, 1), timeout=LIVE)
        navigations: list[str] = []
        page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)

        context.set_offline(True)
        # Until the socket notices (a ping timeout), the page may still think it is online: wait for the
        # disconnect to be seen, bounded.
        page.wait_for_function("() => !window.socket || !window.socket.connected", timeout=LIVE)
        hurt_horror(server, game, version, 2)
        page.wait_for_timeout(offline_s * 1000)
        expect(horror).to_have_attribute("aria-label", web_label(page, 1))  # offline: still the old state
        context.set_offline(False)

        expect(horror).to_have_attribute("aria-label", web_label(page, 3), timeout=LIVE)
        assert page.evaluate("() => window.socket.connected")
        # NiceGUI may reload the page by itself (when its client was already dropped); nobody had to.
        assert len(navigations) <= 1
    finally:
        context.close()


# -- forged socket events --------------------------------------------------------------------------------------

# Every listener of a page, with its real id, read from the page's own state as anyone can in the browser's
# console: NiceGUI 3.18 keeps the element tree in its Vue app's data (`mounted_app.elements`, nicegui.js),
# each element with its `events` and each event with its `listener_id`.
# Each listener with its element's tap count (a one-shot control acts only on a click carrying the count the
# browser shows: webapp/components/once.py), so forged clicks look exactly like real ones.
LISTENERS = """() => Object.entries(mounted_app.elements).flatMap(([id, element]) =>
    (element.events || []).map(event => ({id: Number(id), listener_id: event.listener_id, type: event.type,
                                          tap: (element.props || {})["data-tap"] ?? null})))"""
# The "event" message nicegui.js sends when a listener fires, sent on this page's own socket.
EMIT = """(events) => { for (const e of events) window.socket.emit("event", e); return events.length; }"""


def listeners(page: Page) -> list[dict[str, Any]]:
    page.wait_for_function("() => window.did_handshake && window.socket && window.socket.connected")
    return page.evaluate(LISTENERS)


def event(client_id: str, element_id: int, listener_id: str, *args: Any) -> dict[str, Any]:
    return {"id": element_id, "client_id": client_id, "listener_id": listener_id,
            "args": [json.dumps(a) for a in args]}


def click(listener: dict[str, Any]) -> Any:
    """What a browser sends with a click on that listener's element: its tap count, or the click's details."""
    return listener["tap"] if listener["tap"] is not None else {}


def game_log(server: Server, game: dict[str, Any]) -> tuple[int, list[str]]:
    """The game's version and the kinds of its log entries, as the API tells a spectator."""
    status, now = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["watch"])
    assert status == 200, now
    status, log = api("GET", server.url(f"/api/games/{game['id']}/log"), token=game["tokens"]["watch"])
    assert status == 200, log
    return now["version"], [entry["kind"] for entry in log]


def test_events_forged_on_a_watch_pages_socket_change_nothing(browser: Browser, server: Server) -> None:
    """A spectator's page sends NiceGUI "event" messages with its own client id and every real listener id of
    the table page and of itself: nothing changes. The same socket with the table page's client id and its
    "Next" listener does move the game (positive control: the forged messages reach NiceGUI's handlers)."""
    game = create(server)
    table_context, watch_context = browser.new_context(viewport=VIEWPORT), browser.new_context(viewport=VIEWPORT)
    try:
        table = table_context.new_page()
        assert table.goto(server.url(game["table_url"])).status == 200
        at_table = listeners(table)
        next_id = int(table.get_by_role("button", name=re.compile("^Next")).get_attribute("id").removeprefix("c"))
        next_click = next(h for h in at_table if h["id"] == next_id and h["type"] == "click")

        watch = watch_context.new_page()
        assert watch.goto(server.url(game["watch_url"])).status == 200
        own = listeners(watch)
        watch_client = watch.evaluate("() => window.clientId")
        own_ids = sorted({h["id"] for h in own})
        # Each table listener at its own element id and at every element of the watch page that has listeners;
        # each of the watch page's own listeners with the arguments of a click, a value and a toggle.
        forged = [event(watch_client, element_id, h["listener_id"], click(h))
                  for h in at_table for element_id in {h["id"], *own_ids}]
        forged += [event(watch_client, h["id"], h["listener_id"], *args)
                   for h in own for args in ((), ({},), (5,), ("x",), (True,))]
        assert event(watch_client, next_id, next_click["listener_id"], click(next_click)) in forged
        assert len(at_table) > 50 and own, (len(at_table), own)  # the table's controls and the watch's own

        assert watch.evaluate(EMIT, forged) == len(forged)
        watch.wait_for_timeout(1500)
        assert game_log(server, game) == (game["version"], ["setup"]), "a forged event changed the game"

        # Positive control: the same socket, the same listener id, the table page's client id.
        table_client = table.evaluate("() => window.clientId")
        watch.evaluate(EMIT, [event(table_client, next_id, next_click["listener_id"], click(next_click))])
        deadline = time.monotonic() + LIVE / 1000
        while game_log(server, game)[0] == game["version"] and time.monotonic() < deadline:
            time.sleep(0.1)
        assert game_log(server, game) == (game["version"] + 1, ["setup", "advance"]), "the control did not move"
        status, _ = api("GET", server.url("/healthz"))
        assert status == 200
    finally:
        table_context.close()
        watch_context.close()


# -- markup in free text ---------------------------------------------------------------------------------------

def with_own_card(server: Server, title: str, players: tuple[str, str], card_name: str) -> dict[str, Any]:
    """The usual game, with a solo of player 1's own writing (a card the catalog does not ship) named ``card_name`` (a
    game link cannot rename a shipped card, its author names their own)."""
    status, cards = api("GET", server.url("/api/cards"))
    own = {"key": "own-solo", "name": card_name, "faction": "Infernals", "role": "solo",
           "damage": {"kind": "boxes", "boxes": 5}}
    catalog = {**{c["key"]: c for c in cards}, "own-solo": own}
    sides = game_body(title, players)["sides"]
    sides[0]["army"].append({"card": "own-solo"})
    used = {e["card"] for side in sides for e in side["army"]}
    setup = {"type": "setup", "title": title, "sides": sides, "cards": {k: catalog[k] for k in sorted(used)}}
    status, game = api("POST", server.url("/api/games/start"), {"command": setup})
    assert status == 201, game
    return game


def plant(server: Server, title: str, players: tuple[str, str], spell: str, card_name: str) -> dict[str, Any]:
    """A game whose title, player names, a spell on Agathon and a player's own card name are payloads."""
    game = with_own_card(server, title, players, card_name)
    version = game["version"]
    for _ in range(10):  # on to the activation phase
        status, now = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["table"])
        if now["state"]["phase"] == "activation":
            break
        version = command(server, game, version, {"type": "advance"})
    version = command(server, game, version, {"type": "activate", "model": MASTERS[0]})
    command(server, game, version, {"type": "cast", "model": MASTERS[0], "spell": spell, "cost": 1, "upkeep": True})
    return game


def assert_literal(page: Page, texts: list[str], dialogs: list[str]) -> None:
    for text in texts:
        expect(page.get_by_text(text, exact=False).filter(visible=True).first).to_be_visible()
    assert not dialogs, f"a dialog opened: {dialogs}"
    injected = page.evaluate("""() => ({
        // NiceGUI's own page script carries the texts as data; a payload turned into a script would hold only it
        scripts: [...document.querySelectorAll('script')].filter(s => /^\\s*alert\\(/.test(s.textContent)).length,
        handlers: [...document.querySelectorAll('body *')].filter(e => [...e.attributes]
            .some(a => a.name.startsWith('on') && /alert/.test(a.value))).length,
        frames: document.querySelectorAll('iframe').length,
        bold: [...document.querySelectorAll('b')].filter(b => b.textContent === 'bold').length,
        hidden: getComputedStyle(document.body).display === 'none',
    })""")
    assert injected == {"scripts": 0, "handlers": 0, "frames": 0, "bold": 0, "hidden": False}, injected


def shifted(k: int) -> tuple[str, tuple[str, str], str, str]:
    """Payloads k, k+1, ... for title, player 1, player 2, spell, card name."""
    p = [PAYLOADS[(k + j) % len(PAYLOADS)] for j in range(5)]
    return p[0], (p[1], p[2]), p[3], p[4]


def check_markup(browser: Browser, server: Server, rounds: list[int]) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    dialogs: list[str] = []
    try:
        page = context.new_page()
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        for k in rounds:
            title, players, spell, card_name = shifted(k)
            game = plant(server, title, players, spell, card_name)
            texts = [title, *players, spell, card_name]
            for path in (game["table_url"], game["watch_url"]):
                assert page.goto(server.url(path)).status == 200
                assert_literal(page, texts, dialogs)
    finally:
        context.close()


def test_markup_in_every_free_text_field_renders_as_text(browser: Browser, server: Server) -> None:
    # Three games put each payload in at least one field (5 fields a game).
    check_markup(browser, server, [0, 5, 10])


@pytest.mark.slow
def test_every_payload_in_every_field_renders_as_text(browser: Browser, server: Server) -> None:
    check_markup(browser, server, list(range(len(PAYLOADS))))
