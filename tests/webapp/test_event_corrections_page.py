"""Results on the event page (simulated browser): anyone reading the event sees each result the organiser entered
or corrected, with who, when, the result and the one it replaced, as it happens; the organiser's table buttons stay
put while other parts of the event change."""

from __future__ import annotations

from nicegui.testing import User

from models.service.events.results import ScoreIn
from tests.service.site_client import seed_in_order
from tests.webapp.helpers import exists, find, see
from tests.webapp.test_event_pages import concede, deps, event_with_players, sign_in


async def test_a_spectator_sees_the_organisers_correction_with_who_and_when_without_a_reload(user: User) -> None:
    event = event_with_players()
    olga, _ = event["organiser"]
    tables = deps().events.rounds.pair(olga, event["id"], "Spread the Net", seed_in_order(4))
    concede(tables[0].game_id or "", 1)  # Bob concedes in the app: Ann wins
    await user.open(f"/events/{event['id']}")
    await see(user, "Table 1: Ann against Bob: Ann won (concession)")
    assert not exists(user, "Result corrections")  # nothing corrected yet: the log is not shown

    bob = event["players"]["Bob"][0]
    fixed = ScoreIn(winner=bob.id, how="assassination", control_points=(1, 3), army_points_destroyed=(0, 12.5))
    deps().events.results.enter(olga, event["id"], 1, 1, fixed, "conceded on the wrong link")
    await see(user, "Table 1: Ann against Bob: Bob won (assassination)")
    await see(user, "Round 1, table 1: corrected by Olga on ")
    # the numbers before and after are in the log, not only who won and how
    await see(user, "Bob won (assassination; control points Ann 1, Bob 3; army points destroyed Ann 0, Bob 12.5; "
                    "entered by the organiser), was Ann won (concession; control points Ann 0, Bob 0; army points "
                    "destroyed Ann 0, Bob 0; played in the app). Note: conceded on the wrong link")
    assert exists(user, "Result corrections")


async def test_the_organisers_table_buttons_stay_put_while_another_part_of_the_event_changes(user: User) -> None:
    """A change elsewhere in the event (here the lists published) leaves the tables as they were: a tap on a
    table's button at that moment is not lost to a redraw."""
    event = event_with_players()
    olga, token = event["organiser"]
    tables = deps().events.rounds.pair(olga, event["id"], "Spread the Net", seed_in_order(4))
    await user.open("/events")
    sign_in(user, token)
    await user.open(f"/events/{event['id']}")
    button = find(user, "Enter the result of round 1, table 1")
    deps().events.lists.publish(olga, event["id"])
    await see(user, "Published: everyone reads these lists.")
    assert find(user, "Enter the result of round 1, table 1") is button
    concede(tables[0].game_id or "", 1)
    await see(user, "Table 1: Ann against Bob: Ann won (concession)")
    assert find(user, "Correct the result of round 1, table 1") is not button  # a change of the table redraws it
