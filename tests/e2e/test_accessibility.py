"""Accessible in both themes: axe-core, injected into the real pages in Chromium, finds no serious or critical violation
on the home, table, watch, lists, result and the hosted site's pages (account, my games, Live now, events, an event, an
event's hall screen; /events and a played event on a 390 px phone with the standings' tiebreakers opened), in the light
and the dark theme, and none on the table page at each decision a turn can wait for (tithe, fire, upkeep, a disabled
model's pause, a threshold check).

axe-core is not committed: the test fetches the npm package (``npm pack``, else the registry's tarball) into a
cache directory once, and skips with the reason printed when neither can be reached.
"""

from __future__ import annotations

import re
import subprocess
import tarfile
from collections.abc import Callable
from typing import TYPE_CHECKING

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.axe_sweep import BLOCKING, fetch_axe
from tests.e2e.events import Api
from tests.e2e.finders import complete_pregame
from tests.e2e.test_decisions import new_game as new_game_api
from tests.e2e.test_faults_crash import api
from tests.e2e.test_faults_pages import command

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

TABLET = {"width": 1180, "height": 820}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def axe() -> str:
    try:
        return fetch_axe()
    except (RuntimeError, OSError, subprocess.SubprocessError, tarfile.TarError) as error:
        print(f"axe-core not available, accessibility test skipped: {error}")
        pytest.skip(f"axe-core not available: {error}")


def violations(page: Page, axe_js: str) -> list[dict]:
    """The serious and critical violations axe-core finds on the page as it is shown now."""
    page.add_script_tag(content=axe_js)
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [v for v in found if v.get("impact") in BLOCKING]


def describe(page_name: str, scheme: str, found: list[dict]) -> str:
    lines = [f"{page_name} ({scheme}): {len(found)} serious or critical violation(s)"]
    for v in found:
        lines.append(f"  [{v['impact']}] {v['id']}: {v['help']}")
        for node in v["nodes"][:5]:
            summary = " ".join(node.get("failureSummary", "").split())[:160]
            html = node.get("html", "")
            named = re.search(r'aria-label="([^"]*)"', html)
            lines.append(f"      {html[:100]}{' named ' + repr(named.group(1)) if named else ''}\n        {summary}")
    return "\n".join(lines)


def new_game(page: Page, server: Server) -> dict:
    created = page.request.post(server.url("/api/games"), data={
        "title": "Accessible game", "sides": [
            {"player": "Ann", "army": [{"card": "agathon"}, {"card": "foreboder", "battlegroup_of": 0}]},
            {"player": "Bob", "army": [{"card": "princess-regna"}]}]})
    assert created.status == 201, created.text()
    return created.json()


def new_event(page: Page, server: Server, scheme: str) -> str:
    """An event organised through the API (its page is public)."""
    signed = page.request.post(server.url("/api/account/sign-up"), data={
        "email": f"organiser-{scheme}@example.org", "password": "correct horse battery", "name": "Org"})
    assert signed.status == 201, signed.text()
    made = page.request.post(server.url("/api/events"), headers={"Authorization": f"Bearer {signed.json()['session']}"},
                             data={"name": "Club night", "day": "2026-12-05", "deadline": "2026-12-05T18:00:00"})
    assert made.status == 201, made.text()
    return str(made.json()["id"])


def played_event(server: Server, scheme: str) -> str:
    """An event with two players whose round 1 is over (one conceded), made through the API: its page has tables
    and standings."""
    with httpx.Client(base_url=server.url("/"), timeout=30) as client:
        olga = Api(client, f"Olga{scheme}")
        made = olga.call("POST", "/api/events", json={"name": "Saturday", "day": "2030-01-10", "lists_per_player": 1,
                                                      "deadline": "2030-01-10T09:00:00Z"})
        assert made.status_code == 201, made.text
        event_id = str(made.json()["id"])
        ann, bob = Api(client, f"Ann{scheme}"), Api(client, f"Bob{scheme}")
        for player in (ann, bob):
            player.enter(event_id)
        paired = olga.call("POST", f"/api/events/{event_id}/rounds", json={"scenario": "Recon"})
        assert paired.status_code == 201, paired.text
        bob.concede(event_id)
    return event_id


def pick(page: Page, group: str, field: str, option: str) -> None:
    form = page.get_by_role("group", name=group, exact=True)
    form.get_by_role("combobox", name=field, exact=True).click()
    page.get_by_role("option", name=option, exact=True).click()
    expect(page.get_by_role("listbox")).to_have_count(0)


def fill_quick_form(page: Page, server: Server) -> None:
    """The casual path as a player fills it: both casters, a horror, a unit (so its rows and points show)."""
    page.goto(server.url("/"))
    page.get_by_role("textbox", name="Game title", exact=True).fill("Form game")
    page.get_by_role("textbox", name="Player 1 name").fill("Ann")
    page.get_by_role("textbox", name="Player 2 name").fill("Cyd")
    pick(page, "Player 1", "Caster", "Agathon")
    pick(page, "Player 1", "Horror", "Tormentor")
    page.get_by_role("button", name="Add horror for player 1").click()
    pick(page, "Player 1", "Unit or solo", "Cultist Band")
    page.get_by_role("button", name="Add model for player 1").click()
    pick(page, "Player 2", "Caster", "Captain Victoria Haley")
    expect(page.get_by_role("button", name="Remove Cultist Band")).to_be_visible()


def pregame_screen(page: Page, server: Server) -> None:
    """Start game: the Tormentor's card lacks its ring split, so its player is asked for it first."""
    page.get_by_role("button", name="Start game", exact=True).click()
    expect(page.get_by_role("dialog", name="Ann: ").filter(has_text="complete them now")).to_be_visible()


def start_and_come_back(page: Page, server: Server) -> None:
    """The game starts once its facts are given (test numbers); the home page then lists it with Resume."""
    rings = ("Boxes in the outer ring", "Boxes in the middle ring", "Boxes in the centre ring")
    complete_pregame(page, "Ann", {"Tormentor": dict(zip(rings, (12, 7, 5), strict=True))})
    expect(page).to_have_url(re.compile(r"/table/"))
    page.goto(server.url("/"))
    expect(page.get_by_role("button", name=re.compile("^Resume"))).to_be_visible()


def tournament_path(page: Page, server: Server) -> None:
    page.goto(server.url("/"))
    page.get_by_role("tab", name="Tournament game from lists").click()
    expect(page.get_by_role("button", name="Start the game from these lists")).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_has_no_serious_or_critical_violation(browser: Browser, server: Server, axe: str,
                                                         scheme: str) -> None:
    context = browser.new_context(viewport=TABLET, color_scheme=scheme)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        game = new_game(page, server)
        event_id = new_event(page, server, scheme)
        played = played_event(server, scheme)
        pages: dict[str, str | Callable[[Page, Server], None]] = {
            "home": "/",
            "home, casual path filled in": fill_quick_form,
            "pre-game screen": pregame_screen,
            "home, with a game to resume": start_and_come_back,
            "home, tournament path": tournament_path,
            "table": game["table_url"],
            "watch": game["watch_url"],
            "lists": "/lists",
            "account": "/account",
            "my games (signed out)": "/games",
            "live now": "/live",
            "events": "/events",
            "event": f"/events/{event_id}",
            "hall screen": f"/events/{played}/hall",
            "result": f"/result/{game['id']}/{game['tokens']['watch']}",
            "not found": f"/table/{game['id']}/not-the-key",
        }
        report, failing = [], 0
        for name, how in pages.items():
            if isinstance(how, str):
                page.goto(server.url(how))
            else:
                how(page, server)
            expect(page.get_by_role("button", name="Switch light or dark theme")).to_be_visible()
            page.wait_for_load_state("networkidle")
            dark = page.evaluate("document.body.classList.contains('body--dark')")
            assert dark == (scheme == "dark"), f"{name}: the page does not follow the {scheme} theme"
            found = violations(page, axe)
            failing += len(found)
            report.append(describe(name, scheme, found))
        phone = browser.new_context(viewport=PHONE, color_scheme=scheme, is_mobile=True, has_touch=True)
        on_phone = phone.new_page()
        on_phone.set_default_timeout(15_000)
        for name, path in (("events on a phone", "/events"), ("event on a phone", f"/events/{played}")):
            on_phone.goto(server.url(path))
            expect(on_phone.get_by_role("button", name="Switch light or dark theme")).to_be_visible()
            if path != "/events":  # the standings' tiebreakers opened, as a player taps them
                on_phone.get_by_role("button", name=re.compile("^Tiebreakers of")).first.click()
                expect(on_phone.get_by_role("cell", name=re.compile("^Control points"))).to_be_visible()
            on_phone.wait_for_load_state("networkidle")
            found = violations(on_phone, axe)
            failing += len(found)
            report.append(describe(name, scheme, found))
        phone.close()
        print("\n".join(report))
        assert failing == 0, "\n".join(report)
    finally:
        context.close()


# -- every decision a turn can wait for ------------------------------------------------------------------------

def _read(server: Server, game: dict) -> dict:
    _, now = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["table"])
    return now


def _send(server: Server, game: dict, *steps: dict) -> None:
    for step in steps:
        command(server, game, _read(server, game)["version"], step)


def _drive(server: Server, game: dict, until: Callable[[dict], bool]) -> None:
    """Move the game on through the API (paying every tithe due) until ``until`` says it is there."""
    for _ in range(60):
        state = _read(server, game)["state"]
        if until(state):
            return
        _send(server, game, {"type": "pay_tithe", "horror": state["pending_tithe"][0]} if state["pending_tithe"]
              else {"type": "advance"})
    raise AssertionError("the game never reached the state asked for")


def _threshold_game(server: Server) -> dict:
    """A warlock and a warbeast (cards as their player typed them: test numbers, a 3-branch spiral) against a
    warcaster, set up through the API's setup command."""
    spiral = {"kind": "spiral", "branches": ["...MM", "....BB", "...SS"]}
    cards = {
        "test-warlock": {"key": "test-warlock", "name": "Warlock Test", "faction": "Trollbloods", "role": "warlock",
                         "stats": {"FURY": 6}, "damage": {"kind": "boxes", "boxes": 18}},
        "test-beast": {"key": "test-beast", "name": "Beast Test", "faction": "Trollbloods", "role": "warbeast",
                       "weight": "heavy", "stats": {"FURY": 4, "THR": 9}, "damage": spiral},
        "test-caster": {"key": "test-caster", "name": "Caster Test", "faction": "Cygnar", "role": "warcaster",
                        "stats": {"FOCUS": 6}, "damage": {"kind": "boxes", "boxes": 17}},
    }
    sides = [{"player": "Tro", "army": [{"card": "test-warlock"}, {"card": "test-beast", "battlegroup_of": 0}]},
             {"player": "Cy", "army": [{"card": "test-caster"}]}]
    status, game = api("POST", server.url("/api/games/start"),
                       {"command": {"type": "setup", "title": "Threshold", "cards": cards, "sides": sides}})
    assert status == 201, game
    return game


def _decisions(server: Server) -> list[tuple[str, dict, Callable[[Page], None]]]:
    """(what the turn waits for, the game, how the table page shows it): each reached through the API."""
    infernal = new_game_api(server)
    _drive(server, infernal, lambda s: s["phase"] == "activation")
    _send(server, infernal, {"type": "activate", "model": "p1-agathon"},
          {"type": "cast", "model": "p1-agathon", "spell": "Arcane Shield", "cost": 2, "upkeep": True},
          {"type": "add_effect", "model": "p1-agathon", "effect": "fire"},
          {"type": "end_activation", "model": "p1-agathon"})
    _drive(server, infernal, lambda s: s["step"] == "tithe" and bool(s["pending_tithe"]))
    tough = api("POST", server.url("/api/games"), {"title": "Tough", "sides": [
        {"player": "Ann", "army": [{"card": "madrak-ironhide"}]}, {"player": "Bob", "army": [{"card": "agathon"}]}]})[1]
    _send(server, tough, {"type": "mark_damage", "model": "p1-madrak-ironhide", "amount": 18})
    beasts = _threshold_game(server)
    _drive(server, beasts, lambda s: s["phase"] == "activation")
    _send(server, beasts, {"type": "activate", "model": "p1-test-beast"},
          {"type": "force", "warbeast": "p1-test-beast", "points": 3, "why": "its animus"},
          {"type": "end_activation", "model": "p1-test-beast"})
    _drive(server, beasts, lambda s: (s["round"], s["active"], s["step"]) == (2, 0, "frenzy"))

    def tithe(page: Page) -> None:
        expect(page.get_by_role("button", name=re.compile(r"^Let .+ go$")).first).to_be_visible()

    def fire(page: Page) -> None:
        _drive(server, infernal, lambda s: (s["round"], s["active"], s["step"]) == (2, 0, "continuous"))
        expect(page.get_by_role("region", name="Continuous effects")).to_contain_text("Agathon: fire")

    def upkeep(page: Page) -> None:
        _send(server, infernal, {"type": "resolve_continuous", "model": "p1-agathon", "effect": "fire",
                                 "expires": True})
        _drive(server, infernal, lambda s: s["step"] == "upkeep")
        expect(page.get_by_role("region", name="Control phase guide").get_by_role(
            "button", name="Upkeep Arcane Shield (1): Agathon")).to_be_visible()

    def paused(page: Page) -> None:
        expect(page.get_by_role("region", name="Attack")).to_contain_text("is disabled: every damage box is marked")

    def threshold(page: Page) -> None:
        expect(page.get_by_role("button", name="Threshold check: Beast Test")).to_be_visible()

    return [("tithe", infernal, tithe), ("fire", infernal, fire), ("upkeep", infernal, upkeep),
            ("disabled pause", tough, paused), ("threshold check", beasts, threshold)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_decision_a_turn_waits_for_has_no_serious_or_critical_violation(browser: Browser, server: Server,
                                                                              axe: str, scheme: str) -> None:
    """The table page at each decision a turn can hold (a tithe, a fire, an upkeep, a disabled model's pause, a
    threshold check), in the light and the dark theme."""
    context = browser.new_context(viewport=TABLET, color_scheme=scheme)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        report, failing, shown = [], 0, None
        for name, game, reach in _decisions(server):
            if shown != game["id"]:
                page.goto(server.url(game["table_url"]))
                shown = game["id"]
            reach(page)
            page.wait_for_load_state("networkidle")
            found = violations(page, axe)
            failing += len(found)
            report.append(describe(f"table, {name}", scheme, found))
        print("\n".join(report))
        assert failing == 0, "\n".join(report)
    finally:
        context.close()
