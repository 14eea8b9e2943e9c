"""The event page on the day, on the simulated browser: the organisers check players in, add a walk-in, drop and
reinstate a player, review lists (a rejected player reads the note) and publish them for everyone; a player drops
out from their own page and reads the right words; a seat link is offered only its own side's wizard choices and
starts the event's clock."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from models.rules.warmachine import ChooseObjectives, ChooseOrder, ChooseSide, RollPriority
from models.rules.warmachine.match import board
from models.service import Actor
from tests.service.test_event_people import HERETIC_LIST
from tests.service.test_lists import AGATHON_LIST
from tests.webapp.helpers import click, exists, fill, find, region, see
from tests.webapp.test_event_pages import DEADLINE, account, deps, save_lists, sign_in

TABLE = Actor(role="table")


def one_list_event(names: tuple[str, ...], clock: int | None = None) -> dict[str, object]:
    """A 50-point event of one list each with ``names`` registered and their lists in (Ann's a Heretic list the
    catalog cannot check)."""
    events = deps().events
    organiser, token = account("Olga")
    info = events.settings.create(organiser, "Saturday Steamroller", "2030-01-01", 50, 3, 1, DEADLINE, clock)
    players = {}
    for name in names:
        me, player_token = account(name)
        events.players.register(me, info.id)
        events.lists.submit(me, info.id, save_lists(me, HERETIC_LIST if name == "Ann" else AGATHON_LIST))
        players[name] = (me, player_token)
    return {"id": info.id, "organiser": (organiser, token), "players": players}


async def test_the_organiser_runs_the_players_and_the_lists_from_the_page(user: User) -> None:
    made = one_list_event(("Ann", "Bob", "Cid"))
    await user.open("/events")
    sign_in(user, made["organiser"][1])  # type: ignore[index]
    await user.open(f"/events/{made['id']}")
    players, lists = region(user, "Players"), region(user, "Submitted lists")
    await see(user, "Ann: lists wait for the organiser's approval", players)
    await see(user, "The Heretic's Trump card is not known yet", lists)  # what the catalog could not check

    click(user, "Reject Ann's lists")  # without a note
    await see(user, "Say in the note why the lists are rejected.")
    fill(user, "Note for Ann", "Name your Trump card")
    click(user, "Reject Ann's lists")
    await see(user, "Ann: lists rejected (Name your Trump card)", players)
    click(user, "Approve Ann's lists")
    await see(user, "Ann: lists approved", players)

    click(user, "Check in Ann")
    await see(user, "Ann: lists approved, checked in", players)
    click(user, "Check in Bob")
    await see(user, "Bob: lists given, checked in", players)
    click(user, "Drop Cid")
    await see(user, "Cid: dropped by the organiser before round 1", players)
    click(user, "Reinstate Cid")
    await see(user, "Cid: lists given, checked in", players)

    fill(user, "Walk-in's name", "Sam")
    fill(user, "Walk-in's list", "Agathon\n- Tormentor")
    click(user, "Add the walk-in")
    await see(user, "Sam: lists approved, walk-in, checked in", players)

    assert not exists(user, "Publish the lists", ui.button)  # not before they lock
    fill(user, "Scenario of round 1", "Spread the Net")
    click(user, "Pair round 1")
    await see(user, "Round 1 tables")
    click(user, "Publish the lists")
    await see(user, "Published: everyone reads these lists.", lists)


async def test_a_rejected_player_reads_the_note_and_everyone_reads_published_lists(user: User) -> None:
    made = one_list_event(("Ann", "Bob"))
    olga = made["organiser"][0]  # type: ignore[index]
    ann_token = made["players"]["Ann"][1]  # type: ignore[index]
    events = deps().events
    await user.open("/events")
    sign_in(user, ann_token)
    await user.open(f"/events/{made['id']}")
    part = region(user, "Your part in this event")
    await see(user, "Your lists: lists wait for the organiser's approval", part)
    ann_id = made["players"]["Ann"][0].id  # type: ignore[index]
    events.lists.review(olga, made["id"], ann_id, False, "Name your Trump card")  # the organiser, elsewhere
    await see(user, "Your lists: lists rejected (the organiser's note: Name your Trump card)", part)
    assert not exists(user, "Submitted lists")  # a player reads no one's lists before they are published
    events.lists.review(olga, made["id"], ann_id, True)
    events.rounds.pair(olga, made["id"], "Spread the Net")
    events.lists.publish(olga, made["id"])
    await see(user, "Published: everyone reads these lists.")
    await see(user, "Bob: lists given", region(user, "Submitted lists"))


async def test_a_player_drops_out_from_their_page_and_reads_why_they_play_no_more(user: User) -> None:
    made = one_list_event(("Bob", "Cid"))
    events = deps().events
    events.rounds.pair(made["organiser"][0], made["id"], "Spread the Net")  # type: ignore[index]
    await user.open("/events")
    sign_in(user, made["players"]["Bob"][1])  # type: ignore[index]
    await user.open(f"/events/{made['id']}")
    click(user, "Drop out of this event")
    click(user, "Stay in")  # a second thought: nothing changes
    assert not events.event(made["id"]).players[0].dropped  # type: ignore[arg-type]
    click(user, "Drop out of this event")
    click(user, "Drop out")
    await see(user, "You are out of this event: dropped out after round 1.")
    await see(user, "Bob: dropped out after round 1", region(user, "Players"))


async def test_a_seat_sees_only_its_own_wizard_choices_and_starts_the_events_clock(user: User) -> None:
    made = one_list_event(("Bob", "Cid"), clock=45)
    events = deps().events
    [table] = events.rounds.pair(made["organiser"][0], made["id"], "Spread the Net")  # type: ignore[index]
    service, game_id = deps().service, table.game_id or ""
    version = service.state(game_id)[0]
    version = service.execute(game_id, ChooseObjectives(objectives=("", "")), version, TABLE).version
    while board(service.state(game_id)[1]).pregame.priority is None:  # type: ignore[union-attr]
        version = service.execute(game_id, RollPriority(), version, TABLE).version
    winner = board(service.state(game_id)[1]).pregame.priority  # type: ignore[union-attr]
    links = table.links or {}
    loser_link, winner_link = links[f"seat{2 - winner}"], links[f"seat{winner + 1}"]  # type: ignore[operator]
    await user.open(f"/table/{game_id}/{loser_link}")
    await see(user, "Waiting for")
    assert not exists(user, "goes first", ui.button)  # the other side's choice is not offered
    version = service.execute(game_id, ChooseOrder(goes_first=True), version, TABLE).version
    await user.open(f"/table/{game_id}/{winner_link}")  # the winner goes first: the loser picks the side
    await see(user, "Waiting for")
    service.execute(game_id, ChooseSide(side="north"), version, TABLE)
    await user.open(f"/table/{game_id}/{winner_link}")
    await see(user, "The event gives each player 45 minutes.")
    click(user, "Start the clock (45 minutes each)")
    await see(user, "Before the game begins")
    clock = board(service.state(game_id)[1]).clock
    assert clock is not None and clock.remaining_ms == (45 * 60_000, 45 * 60_000)


async def test_a_note_or_a_tap_for_one_player_outlives_another_players_registration(user: User) -> None:
    made = one_list_event(("Ann", "Bob"))
    await user.open("/events")
    sign_in(user, made["organiser"][1])  # type: ignore[index]
    await user.open(f"/events/{made['id']}")
    players, lists = region(user, "Players"), region(user, "Submitted lists")
    await see(user, "The Heretic's Trump card is not known yet", lists)
    fill(user, "Note for Ann", "Trump checked on her card")
    note, check_in = find(user, "Note for Ann", ui.input), find(user, "Check in Ann")

    eve, _ = account("Eve")  # Eve registers and submits her lists elsewhere while Olga types
    deps().events.players.register(eve, made["id"])
    deps().events.lists.submit(eve, made["id"], save_lists(eve, AGATHON_LIST))
    await see(user, "Eve: lists given", players)
    await see(user, "Eve: lists given", lists)
    assert find(user, "Note for Ann", ui.input) is note and note.value == "Trump checked on her card"
    assert find(user, "Check in Ann") is check_in  # Ann's row stayed as it was: a tap on it is not lost
    click(user, "Approve Ann's lists")
    await see(user, "Ann: lists approved", players)
    await see(user, "Trump checked on her card", lists)  # the note went with the approval


async def test_the_organiser_checks_everyone_in_with_one_tap_near_the_top_and_is_not_offered_registration(
        user: User) -> None:
    made = one_list_event(("Ann", "Bob", "Cid"))
    await user.open("/events")
    sign_in(user, made["organiser"][1])  # type: ignore[index]
    await user.open(f"/events/{made['id']}")
    check_in = region(user, "Check-in")
    await see(user, "Check-in: 0 of 3 players checked in.", check_in)
    await see(user, "You run this event.", region(user, "Your part in this event"))
    assert not exists(user, "Register for this event", ui.button)  # the organiser runs it: playing is apart
    await see(user, "Play in it too", region(user, "Your part in this event"))
    click(user, "Check in Ann")
    await see(user, "Check-in: 1 of 3 players checked in.", check_in)
    click(user, "Check in all 2")
    await see(user, "Check-in: 3 of 3 players checked in.", check_in)
    await see(user, "Cid: lists given, checked in", region(user, "Players"))
    assert not exists(user, "Check in Bob")


async def test_a_player_is_offered_registration(user: User) -> None:
    """The positive control of the organiser's page above: someone else signed in registers from the page."""
    made = one_list_event(("Ann",))
    _, token = account("Eve")
    await user.open("/events")
    sign_in(user, token)
    await user.open(f"/events/{made['id']}")
    await see(user, "Register for this event")
    assert not exists(user, "Check-in: 0 of 1 players checked in.")  # a player checks nobody in
