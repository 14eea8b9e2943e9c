"""What the event tests in a real Chromium share: people signing up and in (on the page or through the REST API),
an event organised on /events, and the parts of the event page they look at, found by role and accessible name."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import Server

PASSWORD = "correct horse battery"
LIVE = 15_000  # ms: a change shows on the other devices within a few seconds, more on a busy machine
PHONE = {"width": 390, "height": 844}
# A Grymkin list the catalog cannot fully check (The Heretic's Trump is not in it), and a list typed as text.
HERETIC = {"title": "Ann's Heretic", "faction": "Grymkin", "size": 75, "entries": [
    {"card": "the-heretic", "arcana": ["Accursed", "Desolation", "Fortune's Path"]},
    {"card": "gorehound", "battlegroup_of": 0}]}
TYPED = "Agathon\n- Tormentor\n- Lamenter"
LIST = {"title": "{name}'s Agathon", "faction": "Infernals", "size": 75,
        "entries": [{"card": "agathon"}, {"card": "cultist-band", "size": 6}]}


def sign_up(page: Page, server: Server, name: str) -> None:
    page.goto(server.url("/account"))
    form = page.get_by_role("region", name="Sign up", exact=True)
    form.get_by_label("Name other players see").fill(name)
    form.get_by_label("Email").fill(f"{name.lower()}@example.org")
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name=f"Signed in as {name}")).to_be_visible(timeout=LIVE)


def sign_in(page: Page, server: Server, name: str) -> None:
    page.goto(server.url("/account"))
    form = page.get_by_role("region", name="Sign in", exact=True)
    form.get_by_label("Email").fill(f"{name.lower()}@example.org")
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name=f"Signed in as {name}")).to_be_visible(timeout=LIVE)


def phone(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)


def build_list(page: Page, server: Server, title: str) -> None:
    """A legal 75-point list built in the list builder: Agathon with a band of cultists."""
    page.goto(server.url("/lists"))
    builder = page.get_by_role("region", name="Army list")
    builder.get_by_label("List name").fill(title)
    catalog = page.get_by_role("region", name="Catalog")
    for model in ("Agathon", "Cultist Band"):
        catalog.get_by_role("button", name=f"Add {model}", exact=True).click()
    expect(builder.get_by_text("This list is legal.")).to_be_visible(timeout=LIVE)
    builder.get_by_role("button", name="Save list").click()
    expect(page.get_by_role("alert").filter(has_text=f"Saved “{title}”.")).to_be_visible(timeout=LIVE)


def choose(page: Page, field: str, option: re.Pattern[str] | str) -> None:
    page.get_by_role("combobox", name=field, exact=True).click()
    page.get_by_role("option", name=option).click()
    expect(page.get_by_role("listbox")).to_have_count(0)


def organise(page: Page, server: Server, name: str, day: str, *, rounds: int | None = None,
             clock_minutes: int | None = None, table_count: int | None = None) -> str:
    """An event made on /events by the signed-in ``page``, one list per player, its lists due on its ``day``: its id."""
    page.goto(server.url("/events"))
    form = page.get_by_role("region", name="Organise an event")
    form.get_by_label("Event name").fill(name)
    form.get_by_label("Day", exact=True).fill(day)
    choose(page, "Lists per player", "One list")
    for label, value in (("Rounds", rounds), ("Deathclock: minutes per player", clock_minutes),
                         ("Tables", table_count)):
        if value is not None:
            form.get_by_label(label).fill(str(value))
    form.get_by_label("List deadline: day").fill(day)
    form.get_by_role("button", name="Create event").click()
    page.wait_for_url(re.compile(r"/events/[0-9a-f]+$"))
    return page.url.rsplit("/", 1)[1]


def register_and_submit(page: Page, name: str) -> None:
    part = page.get_by_role("region", name="Your part in this event")
    # A player registers; the organiser, who runs the event, plays in it too.
    part.get_by_role("button", name=re.compile(r"^(Register for this event|Play in it too)$")).click()
    expect(part).to_contain_text("Your lists: none given yet", timeout=LIVE)
    choose(page, "Your list", re.compile(rf"^{name}'s Agathon \(Infernals"))
    part.get_by_role("button", name="Submit lists").click()
    expect(part).to_contain_text(f"Your lists: {name}'s Agathon", timeout=LIVE)


class Api:
    """A player made through the REST API (another device, as a club's own software would be)."""

    def __init__(self, client: httpx.Client, name: str, address: str | None = None) -> None:
        """``address``: the player's own device's address (sent as nginx would, ``X-Forwarded-For``), for events
        with more players than sign-ups one address may make."""
        self.client, self.name = client, name
        device = {"X-Forwarded-For": address} if address else {}
        r = client.post("/api/account/sign-up", json={"email": f"{name.lower()}@example.org", "password": PASSWORD,
                                                     "name": name}, headers=device)
        assert r.status_code == 201, r.text
        self.headers = {"Authorization": f"Bearer {r.json()['session']}", **device}
        self.id = r.json()["account"]["id"]
        army = {**LIST, "title": LIST["title"].format(name=name)}
        r = client.post("/api/lists", json={"army": army}, headers=self.headers)
        assert r.status_code == 201, r.text
        self.list_id = r.json()["id"]

    def call(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        return self.client.request(method, path, headers={**self.headers, **kwargs.pop("headers", {})}, **kwargs)

    def enter(self, event_id: str) -> None:
        assert self.call("POST", f"/api/events/{event_id}/registrations").status_code == 201
        r = self.call("PUT", f"/api/events/{event_id}/lists", json={"lists": [self.list_id]})
        assert r.status_code == 200, r.text

    def concede(self, event_id: str) -> None:
        """Concede this round's game on the player's own seat link."""
        mine = self.call("GET", f"/api/events/{event_id}/my-game").json()
        seat = "seat1" if "seat1" in mine["links"] else "seat2"
        token = {"X-Token": mine["links"][seat]}
        game = self.client.get(f"/api/games/{mine['game_id']}", headers=token).json()
        r = self.client.post(f"/api/games/{mine['game_id']}/commands", headers=token, json={
            "command": {"type": "concede", "seat": int(seat[-1]) - 1}, "expected_version": game["version"]})
        assert r.status_code == 200, r.text


def tables(page: Page) -> Any:
    return page.get_by_role("region", name="Tables", exact=True)


def standing(page: Page, rank: int) -> Any:
    """The standings table's row of ``rank`` (row 0 is the header)."""
    return page.get_by_role("region", name="Standings").get_by_role("row").nth(rank)


def part(page: Page) -> Any:
    return page.get_by_role("region", name="Your part in this event")


def wizard(page: Page) -> Any:
    return page.get_by_role("region", name="Setup wizard")


def my_result(page: Page) -> Any:
    return page.get_by_role("group", name="My table's result")


def fill_result(page: Page, winner: str, how: str, numbers: dict[str, int]) -> Any:
    """The result dialog filled in: the winner, how, and the numbers given by their field's accessible name."""
    dialog = page.get_by_role("dialog")
    choose(page, "Winner", winner)
    choose(page, "How", how)
    for field, value in numbers.items():
        dialog.get_by_label(field, exact=True).fill(str(value))
    return dialog
