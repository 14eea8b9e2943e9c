"""The deathclock component (webapp/components/warmachine/clock.py) through NiceGUI's `user` fixture: the app's
GameService gets an injected clock (time moves only when the test says so, never a sleep).

What the browser counts down by itself (clock.js) is checked in Playwright (tests/e2e/test_full_game.py);
here the values the server hands to each face are checked: the remaining time, whether it runs, since when.
"""

from __future__ import annotations

import pytest
from nicegui import ui
from nicegui.testing import User

from models.rules.dice import Roll
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.clock import StartClock
from models.rules.warmachine.match import board
from models.rules.warmachine.pregame import (
    ChooseObjectives,
    ChooseOrder,
    ChooseScenario,
    ChooseSide,
    RevealLists,
    RollPriority,
)
from models.service import Actor, Created
from tests.webapp.helpers import (
    ARMY_1,
    ARMY_2,
    click,
    elements,
    eventually,
    exists,
    find,
    record_broadcasts,
    region,
    see,
    service,
    table_url,
    version,
    watch_url,
    watched,
)
from webapp.components.warmachine.clock import Countdown

TABLE = Actor(role="table")
T0 = 1_700_000_000_000
MINUTE = 60_000


class FakeClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> int:
        return self.now


@pytest.fixture
def clock(user: User) -> FakeClock:
    fake = FakeClock()
    service().now_ms = fake
    return fake


@pytest.fixture
def wizard(clock: FakeClock) -> Created:
    """A wizard game at its clock step: Ann won priority and goes first; Bob picked the side."""
    svc = service()
    created = svc.start(setup_game("Club final", [("Ann", ARMY_1), ("Bob", ARMY_2)], wizard=True))
    for command in (ChooseScenario(name="Club scenario"), RevealLists(), ChooseObjectives(),
                    RollPriority(dice=(Roll(dice=(6,)), Roll(dice=(1,)))), ChooseOrder(goes_first=True),
                    ChooseSide(side="north")):
        svc.execute(created.game_id, command, version(created), TABLE)
    return created


def faces(user: User) -> list[Countdown]:
    """The clock panel's two faces (the turn line shows the same times, smaller)."""
    return [e for e in elements(user, Countdown) if not e.props["aria-label"].endswith("(turn line)")]


def face_values(user: User) -> list[tuple[int, bool, int | None]]:
    return [(f.props["remaining"], f.props["running"], f.props["since"]) for f in faces(user)]


async def test_starting_the_clock_shows_two_faces_and_the_first_players_time_runs(user: User, wizard: Created,
                                                                                  clock: FakeClock) -> None:
    await user.open(table_url(wizard))
    assert not exists(user, "Clock")  # no clock yet: the panel is hidden
    await see(user, "Setup, step 7 of 10: Start the clock")
    click(user, "Start the clock")
    await eventually(lambda: len(faces(user)) == 2, "the clock faces")
    assert face_values(user) == [(60 * MINUTE, True, T0), (60 * MINUTE, False, T0)]
    assert [f.props["aria-label"] for f in faces(user)] == ["Ann's time left", "Bob's time left"]
    await see(user, "Running", within=region(user, "Ann's clock"))
    assert exists(user, "Hand the clock to Bob")
    assert not exists(user, "Hand the clock to Ann")


async def test_one_tap_hands_the_clock_over_and_back(user: User, wizard: Created, clock: FakeClock) -> None:
    await user.open(table_url(wizard))
    click(user, "Start the clock")
    await eventually(lambda: exists(user, "Hand the clock to Bob"), "the clock")
    clock.now += 90_000
    click(user, "Hand the clock to Bob")
    await eventually(lambda: exists(user, "Hand the clock to Ann"), "the hand-over")
    assert face_values(user) == [(60 * MINUTE - 90_000, False, T0 + 90_000), (60 * MINUTE, True, T0 + 90_000)]
    clock.now += 15_000
    click(user, "Hand the clock to Ann")
    await eventually(lambda: exists(user, "Hand the clock to Bob"), "the clock back")
    assert face_values(user)[1] == (60 * MINUTE - 15_000, False, T0 + 105_000)


async def test_the_watch_page_follows_the_clock_without_controls(user: User, create_user, wizard: Created,
                                                                 clock: FakeClock) -> None:
    await user.open(table_url(wizard))
    click(user, "Start the clock")
    await eventually(lambda: exists(user, "Hand the clock to Bob"), "the clock")
    spectator: User = create_user()
    await spectator.open(watch_url(wizard))
    sent = record_broadcasts()
    await eventually(lambda: watched(spectator)["clock"] is not None, "the watch page's clock")
    assert not exists(spectator, "Hand the clock to Bob") and not exists(spectator, "Pause for a judge")
    clock.now += 30_000
    click(user, "Hand the clock to Bob")
    await eventually(lambda: watched(spectator)["clock"]["ticking"] == 1, "the spectator's clock to change hands")
    face = watched(spectator)["clock"]
    assert (face["remaining"], face["ticking"], face["since"]) == ([60 * MINUTE - 30_000, 60 * MINUTE], 1, T0 + 30_000)
    assert face["status"] == ["Waiting", "Running"]
    # The page's room is sent the change once, with the server's time for the browser's countdown.
    await eventually(lambda: len(sent) == 1, "the broadcast")
    event, message, room = sent[0]
    assert event == "tk_view" and room == f"watch:{wizard.game_id}" and message["now"] == T0 + 30_000
    assert message["patch"]["clock"]["ticking"] == 1 and message["base"] == message["v"] - 1


async def test_pause_for_a_judge_and_resume(user: User, wizard: Created, clock: FakeClock) -> None:
    await user.open(table_url(wizard))
    click(user, "Start the clock")
    await eventually(lambda: exists(user, "Pause for a judge"), "the clock")
    clock.now += 10_000
    click(user, "Pause for a judge")
    await see(user, "Paused: Judge call.")
    assert face_values(user)[0] == (60 * MINUTE - 10_000, False, None)
    assert not exists(user, "Hand the clock to Bob")
    clock.now += 5 * MINUTE
    click(user, "Resume the clock")
    await eventually(lambda: exists(user, "Hand the clock to Bob"), "the clock to run again")
    assert face_values(user)[0] == (60 * MINUTE - 10_000, True, T0 + 10_000 + 5 * MINUTE)


async def test_time_up_is_offered_at_zero_and_ends_the_game(user: User, wizard: Created, clock: FakeClock) -> None:
    svc = service()
    svc.execute(wizard.game_id, StartClock(minutes_per_player=1), version(wizard), TABLE)
    clock.now += 61_000  # Ann's minute is gone (during setup, before her turn)
    await user.open(table_url(wizard))
    await eventually(lambda: exists(user, "Ann's time is up"), "the time-up button")
    assert not exists(user, "Bob's time is up")
    click(user, "Ann's time is up")
    await see(user, "Bob wins on the clock")
    assert board(svc.state(wizard.game_id)[1]).result.winner == 1
    assert not exists(user, "Hand the clock to Bob")
    await see(user, "The clock has stopped: the game is over.")


async def test_the_turn_line_shows_both_times_and_a_seat_link_sees_the_judges_buttons_greyed(
        user: User, wizard: Created, clock: FakeClock) -> None:
    service().execute(wizard.game_id, StartClock(minutes_per_player=60), version(wizard), TABLE)
    await user.open(table_url(wizard, "seat2"))
    turn_line = [e for e in elements(user, Countdown, within=region(user, "Turn"))]
    assert [(e.props["aria-label"], e.props["running"]) for e in turn_line] == [
        ("Ann's time (turn line)", True), ("Bob's time (turn line)", False)]
    pause = find(user, "Pause for a judge", ui.button)
    assert pause.props.get("aria-disabled") == "true"
    assert pause.props.get("title") == "Only the shared table link can pause the clock (an organiser's decision)."
    click(user, "Pause for a judge")
    await see(user, "Only the shared table link can pause the clock (an organiser's decision).")
    assert not board(service().state(wizard.game_id)[1]).clock.paused  # type: ignore[union-attr]
