"""The tournament game on the pages through NiceGUI's `user` fixture: the setup wizard panel, the scoring prompt in the
turn bar, the end-game dialog, the result panel (live on the watch page) and the result page with its charts and
export."""

from __future__ import annotations

import pytest
from nicegui import ui
from nicegui.testing import User

from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.match import board
from models.rules.warmachine.scenario import last_step
from models.service import Actor, Created
from tests.webapp.helpers import (
    ARMY_1,
    ARMY_2,
    click,
    elements,
    eventually,
    exists,
    fill,
    region,
    see,
    service,
    table_url,
    version,
    watch_url,
    watched,
)

TABLE = Actor(role="table")
PLAIN_1 = [a for a in ARMY_1 if a.card == "agathon"]
PLAIN_2 = [a for a in ARMY_2 if a.card == "princess-regna"]


@pytest.fixture
def wizard(user: User) -> Created:
    return service().start(setup_game("Club final", [("Ann", PLAIN_1), ("Bob", PLAIN_2)], wizard=True))


def do(game: Created, type_: str, **fields: object) -> None:
    service().execute(game.game_id, {"type": type_, **fields}, version(game), TABLE)


def started(game: Created, scenario: str = "Club scenario") -> None:
    for type_, fields in (("choose_scenario", {"name": scenario}), ("reveal_lists", {}),
                          ("choose_objectives", {}), ("roll_priority", {"dice": [{"dice": [6]}, {"dice": [1]}]}),
                          ("choose_order", {"goes_first": True}), ("choose_side", {"side": "north"}),
                          ("finish_setup_step", {}), ("finish_setup_step", {}), ("finish_setup_step", {}),
                          ("start_game", {})):
        do(game, type_, **fields)


def to_turn_end(game: Created) -> None:
    while not last_step(service().state(game.game_id)[1]):
        do(game, "advance")


async def test_the_wizard_offers_the_six_steamroller_2019_scenarios_a_tap_each(user: User, wizard: Created) -> None:
    """The scenarios of the Steamroller 2019 pack the app knows are one tap each; a tap confirms the scenario."""
    await user.open(table_url(wizard))
    setup = region(user, "Setup wizard")
    for name in ("King of the Hill", "Bunkers", "Spread the Net", "Invasion", "Anarchy", "Recon II"):
        await see(user, name, within=setup)
    click(user, "Bunkers")
    await see(user, "Setup, step 2 of 10: Reveal the lists", within=setup)
    await see(user, "Scenario: Bunkers", within=setup)
    assert board(service().state(wizard.game_id)[1]).pregame.scenario == "Bunkers"


async def test_the_wizard_walks_doc_002s_steps_on_the_table(user: User, wizard: Created) -> None:
    await user.open(table_url(wizard))
    setup = region(user, "Setup wizard")
    await see(user, "Setup, step 1 of 10: Choose the scenario", within=setup)
    click(user, "Confirm the scenario")
    await see(user, "Enter the scenario's name.")  # blank: refused, nothing changes
    fill(user, "Another scenario's name", "Club scenario")
    click(user, "Confirm the scenario")
    await see(user, "Setup, step 2 of 10: Reveal the lists", within=setup)
    fill(user, "Ann's list", "Dark Host")
    click(user, "Reveal both lists")
    await see(user, "Lists: Ann plays Dark Host; Bob plays as set up", within=setup)
    click(user, "Confirm the objectives")
    await see(user, "Setup, step 4 of 10: Roll for priority", within=setup)
    fill(user, "Ann's die", "3")
    fill(user, "Bob's die", "3")
    click(user, "Use these dice")
    await see(user, "Rolled: Ann 3, Bob 3: a tie, roll again.", within=setup)
    fill(user, "Ann's die", "2")
    fill(user, "Bob's die", "5")
    click(user, "Use these dice")
    await see(user, "Bob won the roll and chooses.", within=setup)
    click(user, "Bob goes second")
    await see(user, "Bob goes second and picks the table side to deploy on.", within=setup)
    fill(user, "Table side", "the forest edge")
    click(user, "Confirm the side")
    await see(user, "Setup, step 7 of 10: Start the clock", within=setup)
    click(user, "Play without a clock")
    await see(user, "Setup, step 8 of 10: Before the game begins", within=setup)
    fill(user, "Something to resolve", "Ambush: none declared")
    click(user, "Add to the list")
    await eventually(lambda: any(isinstance(e, ui.checkbox) for e in elements(user, within=setup)), "the item")
    click(user, "Done: deploy the armies")
    await see(user, "Resolve these first: Ambush: none declared.")
    box = next(e for e in elements(user, ui.checkbox, within=setup))
    box.set_value(True)
    await eventually(lambda: board(service().state(wizard.game_id)[1]).pregame.before[0].done, "the tick")
    click(user, "Done: deploy the armies")
    await see(user, "Deploy the armies, Ann first.", within=setup)
    click(user, "Deployment is finished")
    click_start = "Start the game"
    await eventually(lambda: exists(user, click_start), "the last step")
    click(user, click_start)
    await see(user, "Round 1", within=region(user, "Turn"))
    await eventually(lambda: not exists(user, "Setup wizard"), "the wizard to close")
    state = service().state(wizard.game_id)[1]
    assert (state.round, state.active, board(state).scenario.name) == (1, 0, "Club scenario")


async def test_the_turn_ends_with_the_scoring_prompt(user: User, wizard: Created) -> None:
    started(wizard)
    to_turn_end(wizard)
    await user.open(table_url(wizard))
    turn = region(user, "Turn")
    await see(user, "End of Ann's turn: score the scenario.", within=turn)
    assert not exists(user, "End turn: hand over to Bob")  # the plain end turn gives way to scoring
    await see(user, "Scenario: Club scenario", within=turn)  # an organiser's own scenario: its name
    fill(user, "Control points scored by Ann", "2")
    click(user, "Score and hand over to Bob")
    await see(user, "Bob's turn", within=turn)
    await see(user, "CP Ann 2 · Bob 0", within=turn)


async def test_the_scoring_prompt_names_a_steamroller_scenario_and_its_elements(user: User, wizard: Created) -> None:
    """Steamroller 2019 scenario 4, Invasion: one rectangular zone, two circular zones, two objectives (models/service/
    scenarios.py, SOURCE); typed as the organiser announced it, in any case."""
    started(wizard, "invasion")
    to_turn_end(wizard)
    await user.open(table_url(wizard))
    await see(user, "Scenario: Invasion (scenario 4: 1 rectangular zone, 2 circular zones, 2 objectives)",
              within=region(user, "Turn"))


async def test_concession_shows_the_result_live_on_the_watch_page(user: User, create_user, wizard: Created) -> None:
    started(wizard)
    await user.open(table_url(wizard))
    spectator: User = create_user()
    await spectator.open(watch_url(wizard))
    assert watched(spectator)["result"] is None
    click(user, "End the game…")
    click(user, "Bob concedes")
    await eventually(lambda: exists(user, "Result") and watched(spectator)["result"] is not None, "the result")
    await see(user, "Ann wins by concession", within=region(user, "Result"))
    assert watched(spectator)["result"]["title"] == "Ann wins by concession"
    assert watched(spectator)["turn"]["round"] == "Game over"
    assert not exists(spectator, "Record the army points")  # a watch link only reads
    fill(user, "Army points of Ann in scenario elements", "12")
    click(user, "Record the army points")
    await eventually(lambda: "in scenario elements Ann 12, Bob 0" in watched(spectator)["result"]["tiebreakers"],
                     "the tiebreaker on the watch page")


async def test_after_an_assassination_one_final_scenario_scoring_then_the_last_tiebreaker(user: User,
                                                                                           wizard: Created) -> None:
    """doc 002 "Game Ending", Assassination: after one player is assassinated, a final round of scenario scoring
    (the 2nd tiebreaker), then army points destroyed (computed) and army points in scenario elements (asked)."""
    started(wizard, "Bunkers")
    do(wizard, "assassinated", seat=1)
    await user.open(table_url(wizard))
    result = region(user, "Result")
    await see(user, "Ann wins by assassination", within=result)
    await see(user, "The winner stands. One last scenario scoring still counts for the tiebreakers", within=result)
    await see(user, "Scenario: Bunkers (scenario 2: 2 rectangular zones, 3 flags, 2 objectives)", within=result)
    assert not exists(user, "Record the army points")  # the scoring comes first
    fill(user, "Final control points of Ann", "3")
    click(user, "Record the scoring")
    await see(user, "Last tiebreaker: army points each side has in scenario elements.", within=result)
    assert not exists(user, "Record the scoring")  # asked once, never again
    r = board(service().state(wizard.game_id)[1]).result
    assert (r.winner, r.how, r.cp, r.due) == (0, "assassination", (3, 0), None)  # the win is not changed by it


async def test_after_a_scenario_win_no_more_scenario_scoring_is_asked(user: User, wizard: Created) -> None:
    """doc 002 "Game Ending", Scenario: if one player wins on scenario, there is no need to do more scenario
    scoring; only the last tiebreaker (army points in scenario elements) is left to enter."""
    started(wizard)
    to_turn_end(wizard)
    do(wizard, "score_turn", cp=[5, 0])
    await user.open(table_url(wizard))
    result = region(user, "Result")
    await see(user, "Ann wins", within=result)
    await see(user, "Last tiebreaker: army points each side has in scenario elements.", within=result)
    assert not exists(user, "Record the scoring") and not exists(user, "Final control points of Ann")


async def test_result_page_shows_tiebreakers_charts_and_exports(user: User, wizard: Created) -> None:
    started(wizard)
    to_turn_end(wizard)
    do(wizard, "score_turn", cp=[1, 0])
    to_turn_end(wizard)
    do(wizard, "score_turn", cp=[0, 3])
    do(wizard, "concede", seat=1)
    await user.open(f"/result/{wizard.game_id}/{wizard.tokens['watch']}")
    await see(user, "Ann wins by concession")
    table = next(t for t in elements(user, ui.table) if t.props.get("aria-label") == "Tiebreakers")
    assert [(r["what"], r["a"], r["b"]) for r in table.rows] == [
        ("1. The win", "1", "0"), ("2. Control points", "1", "3"), ("3. Army points destroyed", "0", "0"),
        ("4. Army points in scenario elements", "not entered", "not entered")]
    charts = elements(user, ui.echart)
    assert len(charts) == 1  # control points; no clock in this game, so no clock chart
    series = charts[0].options["series"]
    assert [s["data"] for s in series] == [[1, 1], [0, 3]]
    click(user, "Download JSON")
    click(user, "Download text")
    await see(user, "Timeline")
