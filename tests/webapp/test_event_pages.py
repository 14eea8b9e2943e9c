"""The event pages on the simulated browser: /events lists events and lets a signed-in person organise one; /events/{id}
shows anyone the tables, standings and players, live as games end and rounds are paired, lets a player register and
submit saved lists until they lock, and gives the organiser "Pair round N" and each table's links, and nobody else."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from nicegui import ui
from nicegui.storage import request_contextvar
from nicegui.testing import User
from sqlmodel import Session, select

from models.db.tables import Event
from models.rules.warmachine import Army
from models.rules.warmachine.ending import Concede
from models.service import Actor
from models.service.accounts import Me
from tests.service.site_client import seed_in_order
from tests.service.test_lists import AGATHON_LIST, OMODAMOS_LIST
from tests.webapp.helpers import choose, click, elements, eventually, exists, fill, find, region, see
from webapp.session import keep_session

PASSWORD = "correct horse battery"
DEADLINE = datetime(2030, 1, 1, 9, 0, tzinfo=UTC)


def deps() -> Any:
    return importlib.import_module("webapp.deps").current()


def account(name: str) -> tuple[Me, str]:
    """A new account and its session token."""
    return deps().accounts.sign_up(f"{name.lower()}@example.org", PASSWORD, name)


def sign_in(user: User, token: str) -> None:
    """This simulated browser keeps ``token`` as its session, as the sign-in page does (webapp/session.py)."""
    reset = request_contextvar.set(user.client.request)
    try:
        keep_session(token)
    finally:
        request_contextvar.reset(reset)


def save_lists(me: Me, *armies: Army) -> list[str]:
    return [deps().lists.save(me.owner, army).id for army in armies]


def event_with_players(names: tuple[str, ...] = ("Ann", "Bob", "Cid", "Dee"), zone: str = "UTC") -> dict[str, Any]:
    """An event of 50 points, two lists each, its times in ``zone``, with ``names`` registered and their lists in."""
    events = deps().events
    organiser, organiser_token = account("Olga")
    info = events.settings.create(organiser, "Club Steamroller", "2030-01-01", 50, 3, 2, DEADLINE, time_zone=zone)
    players = {}
    for name in names:
        me, token = account(name)
        events.players.register(me, info.id)
        events.lists.submit(me, info.id, save_lists(me, AGATHON_LIST, OMODAMOS_LIST))
        players[name] = (me, token)
    return {"id": info.id, "organiser": (organiser, organiser_token), "players": players}


def concede(game_id: str, seat: int) -> None:
    service = deps().service
    service.execute(game_id, Concede(seat=seat), service.state(game_id)[0], Actor(role="table"))


async def test_a_spectator_without_an_account_sees_a_game_end_and_the_standings_change_live(user: User) -> None:
    made = event_with_players()
    olga = made["organiser"][0]
    tables = deps().events.rounds.pair(olga, made["id"], "Spread the Net", seed_in_order(4))
    await user.open(f"/events/{made['id']}")
    await see(user, "Club Steamroller")
    await see(user, "Table 1: Ann against Bob: setting up")
    assert find(user, "Watch table 1").props["href"] == f"/watch/{tables[0].game_id}/{tables[0].watch}"
    assert not exists(user, "Pair round 2", ui.button)  # only the organiser pairs
    assert not exists(user, "Table 1: table link")  # nor holds the tables' own links
    await see(user, "sign in", region(user, "Your part in this event"))

    concede(tables[0].game_id or "", 1)  # Bob concedes: Ann wins
    await see(user, "Table 1: Ann against Bob: Ann won (concession)")
    rows = elements(user, ui.table, region(user, "Standings"))[0].props["rows"]
    assert [(r["rank"], r["name"], r["wins"]) for r in rows][:1] == [(1, "Ann", 1)]


async def test_a_player_registers_and_submits_lists_which_lock_when_round_one_is_paired(user: User) -> None:
    made = event_with_players(("Bob", "Cid", "Dee"))
    ann, token = account("Ann")
    save_lists(ann, AGATHON_LIST, OMODAMOS_LIST)
    await user.open("/events")
    sign_in(user, token)
    await user.open(f"/events/{made['id']}")
    click(user, "Register for this event")
    await see(user, "Your lists: none given yet")
    await eventually(lambda: exists(user, "First list", ui.select), "the saved lists")
    choose(user, "First list", "Agathon (Infernals, 21 of 50 points)")
    choose(user, "Second list", "Omodamos (Infernals, 6 of 50 points)")
    click(user, "Submit lists")
    await see(user, "Your lists: Agathon, Omodamos")

    deps().events.rounds.pair(made["organiser"][0], made["id"], "Spread the Net",  # elsewhere: no page pokes
                                  seed_in_order(4))
    await see(user, "Your lists (locked): Agathon, Omodamos")
    await see(user, "Your game this round: table 2 against Dee")
    assert not exists(user, "Submit lists", ui.button)


async def test_the_organiser_pairs_a_round_from_the_page_and_holds_every_tables_links(user: User) -> None:
    made = event_with_players()
    sign_in_page = made["organiser"][1]
    await user.open("/events")
    sign_in(user, sign_in_page)
    await user.open(f"/events/{made['id']}")
    fill(user, "Scenario of round 1", "Spread the Net")
    fill(user, "Draw seed (optional)", str(seed_in_order(4)))
    click(user, "Pair round 1")
    await see(user, "Round 1 tables")
    await see(user, "Table 2: Cid against Dee: setting up")
    assert exists(user, "Table 1: table link") and exists(user, "Table 1: Bob's link")
    assert exists(user, "Pair round 2", ui.button)
    fill(user, "Scenario of round 2", "Recon")
    click(user, "Pair round 2")  # games without results yet
    await see(user, "Round 1 is still being played at tables 1, 2")


async def test_someone_signed_in_organises_an_event_and_bad_input_changes_nothing(user: User) -> None:
    await user.open("/events")
    await see(user, "No event is coming up yet.")
    assert not exists(user, "Create event", ui.button)  # signed out: a link to sign in instead
    _, token = account("Olga")
    sign_in(user, token)
    await user.open("/events")
    click(user, "Create event")  # no name
    await see(user, "The event's name cannot be empty.")
    with Session(deps().service.repo.engine) as s:
        assert s.exec(select(Event)).all() == []
    fill(user, "Event name", "Winter <b>Steamroller</b>")
    fill(user, "List deadline: time", "half past nine")
    click(user, "Create event")
    await see(user, "Give the list deadline as a day and a time.")
    fill(user, "List deadline: time", "09:30")
    click(user, "Create event")
    await eventually(lambda: user.back_history[-1].startswith("/events/"), "the new event's page")
    headings = [e.text for e in elements(user, ui.label) if e.props.get("role") == "heading"]
    assert "Winter <b>Steamroller</b>" in headings  # as text, never markup
    with Session(deps().service.repo.engine) as s:
        made = s.exec(select(Event)).one()
    assert made.deadline.replace(tzinfo=UTC).time().isoformat() == "09:30:00"
    await user.open("/events")
    assert find(user, "Winter <b>Steamroller</b>").props["href"] == f"/events/{made.id}"


async def test_an_unknown_event_is_a_page_that_says_so(user: User) -> None:
    r = await user.http_client.get("/events/nothing-here")
    assert r.status_code == 404 and "There is no event at this address." in r.text



async def test_a_page_drawn_again_by_another_browsers_change_still_acts_for_its_own_account(
        user: User, create_user: Callable[[], User]) -> None:
    """Ann's page is open first (the feed's reads start from it); Bob registers elsewhere, so Bob's page draws his
    lists form during a live update; submitting it registers Bob's lists, never Ann's."""
    made = event_with_players(("Cid", "Dee"))
    ann, ann_token = account("Ann")
    bob, bob_token = account("Bob")
    deps().events.players.register(ann, made["id"])
    save_lists(bob, AGATHON_LIST, OMODAMOS_LIST)
    await user.open("/events")
    sign_in(user, ann_token)
    await user.open(f"/events/{made['id']}")
    bobs = create_user()
    await bobs.open("/events")
    sign_in(bobs, bob_token)
    await bobs.open(f"/events/{made['id']}")
    await see(bobs, "Register for this event")
    deps().events.players.register(bob, made["id"])  # through the API, say: the pages learn it from the feed
    await eventually(lambda: exists(bobs, "First list", ui.select), "Bob's lists form")
    choose(bobs, "First list", "Agathon (Infernals, 21 of 50 points)")
    choose(bobs, "Second list", "Omodamos (Infernals, 6 of 50 points)")
    # NiceGUI hands a handler the request current when its element was made (the simulated click does not): the
    # form drawn during the live update must not hold Ann's browser's request.
    submit = find(bobs, "Submit lists", ui.button)
    held = [listener.request for listener in submit._event_listeners.values()]  # noqa: SLF001
    assert held and all(r is None or r.session["id"] != user.client.request.session["id"] for r in held)
    click(bobs, "Submit lists")
    await see(bobs, "Your lists: Agathon, Omodamos")
    entrants = {e.name: e.lists for e in deps().events.event(made["id"]).players}
    assert entrants["Bob"] == ("Agathon", "Omodamos") and entrants["Ann"] == ()
