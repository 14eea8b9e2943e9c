"""The pages (webapp/pages): the table page and its turn bar (tithe prompt, undo), live updates reaching a
watch page open by a second user, what a watch page lacks, 404 / 403 pages, names shown as text, and starting
a game from the home page.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from nicegui import ui
from nicegui.element import Element
from nicegui.testing import User

from models.rules.warmachine.match import board as warmachine_board
from models.service import Created
from tests.webapp.helpers import (
    accessible_name,
    advance,
    board,
    choose,
    click,
    elements,
    eventually,
    exists,
    fill,
    fill_new_game,
    find,
    model_card,
    new_game,
    next_button,
    region,
    see,
    service,
    shows,
    table_url,
    texts,
    version,
    watch_url,
    watched,
)

SCRIPT = "<script>alert(1)</script>"
TITHE = "Tithe: each horror pays 1 essence to stay, or leaves play."


async def hurt_regna(user: User, amount: int) -> None:
    """Mark damage on Princess Regna; she takes it herself rather than transferring it."""
    regna = model_card(user, "Bob", "Princess Regna")
    fill(user, "Damage to apply to Princess Regna", str(amount), within=regna)
    click(user, "Apply damage to Princess Regna", within=regna)
    await eventually(lambda: exists(user, "Princess Regna takes it", ui.button), "the transfer question")
    click(user, "Princess Regna takes it")


async def test_table_page_shows_both_sides_the_turn_and_the_log(user: User, game: Created) -> None:
    await user.open(table_url(game))
    await see(user, "Friday game")
    turn = region(user, "Turn")
    assert {"Round 1", "Ann's turn", "Activation: Activate every model"} <= set(texts(user, turn))
    assert accessible_name(next_button(user)) == "Next: End of turn · Tithe: each horror pays 1 essence or leaves"
    for side, models in (("Ann", ["Agathon", "Guardian of Souls", "Foreboder"]),
                         ("Bob", ["Princess Regna", "Foreboder"])):
        for model in models:
            assert model_card(user, side, model)
    log = region(user, "Game log")
    assert shows(user, "Friday game: Ann against Bob.", log)
    assert shows(user, "Round 1: Ann's turn begins.", log)


async def test_next_moves_through_the_steps_and_logs_them(user: User, game: Created) -> None:
    """Steps with nothing to decide pass by themselves and say so in the log (fewer taps)."""
    await user.open(table_url(game))
    log = region(user, "Game log")
    assert shows(user, "Maintenance: Continuous effects: nothing to decide.", log)
    assert shows(user, "Control: Soul tokens become essence: nothing to decide.", log)
    assert shows(user, "Activation: Activate every model", region(user, "Turn"))
    await advance(user)
    await see(user, "End of turn: Tithe: each horror pays 1 essence or leaves", region(user, "Turn"))
    await see(user, "End of turn phase.", log)
    assert accessible_name(next_button(user)) == "End turn: hand over to Bob"
    assert version(game) == 2


async def test_tithe_prompt_at_the_end_of_the_turn(user: User, game: Created) -> None:
    await user.open(table_url(game))
    assert not shows(user, TITHE)
    await advance(user, 1)
    turn = region(user, "Turn")
    await see(user, "End of turn: Tithe: each horror pays 1 essence or leaves", turn)
    await see(user, TITHE, turn)
    assert shows(user, "Guardian of Souls (4 essence)", turn)
    assert shows(user, "Foreboder (1 essence)", turn)
    assert not shows(user, "Princess Regna", turn)  # only the active player's horrors
    assert accessible_name(next_button(user)) == "End turn: hand over to Bob"

    click(user, "End turn: hand over to Bob")
    await see(user, "Decide the tithe first for: Guardian of Souls, Foreboder.")
    assert shows(user, "Ann's turn", turn)

    click(user, "Pay tithe for Guardian of Souls")
    await see(user, "Essence 3 / 4", model_card(user, "Ann", "Guardian of Souls"))
    await eventually(lambda: not shows(user, "Guardian of Souls (", region(user, "Turn")), "the paid row to go")
    assert shows(user, TITHE, region(user, "Turn"))

    # The last horror decided, nothing is left in Ann's turn: it passes to Bob by itself, as the prompt said.
    assert shows(user, "Once every horror is decided, the turn passes to Bob.", region(user, "Turn"))
    click(user, "Let Foreboder go")
    await see(user, "Removed from play: tithe not paid", model_card(user, "Ann", "Foreboder"))
    await eventually(lambda: not shows(user, TITHE, region(user, "Turn")), "the tithe prompt to go")
    await see(user, "Bob's turn", region(user, "Turn"))
    assert shows(user, "Round 1", region(user, "Turn"))


async def test_undo_last_action_restores_the_page_and_keeps_the_log(user: User, game: Created) -> None:
    await user.open(table_url(game))
    regna = model_card(user, "Bob", "Princess Regna")
    await hurt_regna(user, 2)
    await see(user, "Damage boxes: 2 of 5 marked", regna)
    click(user, "Undo last action")
    await see(user, "Damage boxes: 0 of 5 marked", regna)
    log = region(user, "Game log")
    await see(user, "Undone: Princess Regna suffers 2 damage", log)
    assert shows(user, "Princess Regna suffers 2 damage (marked at the table).", log)  # history stays
    struck = [e for e in log.descendants() if "tk-undone" in e.classes]
    assert len(struck) == 1 and shows(user, "Princess Regna suffers 2 damage", struck[0])

    click(user, "Undo last action")
    await see(user, "There is nothing left to undo.")
    assert version(game) == 3


def clickable(user: User) -> list[Element]:
    return [e for e in elements(user) if any(listener.type == "click" for listener in e._event_listeners.values())]


async def test_a_change_at_the_table_reaches_the_watch_page(user: User, create_user: Callable[[], User],
                                                             game: Created) -> None:
    watcher = create_user()
    await watcher.open(watch_url(game))
    await user.open(table_url(game))
    await watcher.should_see("Watching: Friday game")
    await watcher.should_see("Damage boxes: 0 of 5 marked")

    await hurt_regna(user, 3)
    await watcher.should_see("Damage boxes: 3 of 5 marked", retries=50)
    await watcher.should_see("Princess Regna suffers 3 damage (marked at the table).", retries=50)

    click(user, "Next: End of turn · Tithe: each horror pays 1 essence or leaves")
    await watcher.should_see("End of turn: Tithe: each horror pays 1 essence or leaves", retries=50)

    click(user, "Undo last action")
    await watcher.should_see("Activation: Activate every model", retries=50)
    await watcher.should_see("Undone: ", retries=50)
    assert shows(watcher, "Damage boxes: 3 of 5 marked")


async def test_a_change_on_one_table_page_reaches_another(user: User, create_user: Callable[[], User],
                                                          game: Created) -> None:
    other = create_user()
    await other.open(table_url(game, "seat2"))
    await user.open(table_url(game))
    agathon = model_card(user, "Ann", "Agathon")
    click(user, "Apply damage to Agathon", within=agathon)
    await eventually(lambda: exists(user, "Agathon takes it", ui.button), "the transfer question")
    click(user, "Agathon takes it")
    await other.should_see("Damage boxes: 1 of 17 marked", retries=50)
    # The second page follows the new version, so its own next command is not a conflict.
    await hurt_regna(other, 1)
    await user.should_see("Damage boxes: 1 of 5 marked", retries=50)
    assert version(game) == 3
    assert not any("changed on another screen" in m for m in other.notify.messages + user.notify.messages)


async def test_the_watch_page_has_no_controls(user: User, game: Created) -> None:
    await user.open(watch_url(game))
    await see(user, "Watching: Friday game")
    assert shows(user, "Essence 9 / 9") and shows(user, "Damage boxes: 0 of 17 marked")
    for text in ("Apply damage", "Next", "Undo last action", "Complete card", "Leech", "Pay tithe", "Share links"):
        await user.should_not_see(text)
    assert not elements(user, ui.number) and not elements(user, ui.input)
    # Nothing on the page has a handler on the server: the theme switch is the browser's own (watch.js).
    assert clickable(user) == [] and not board(user)._event_listeners
    await user.open(table_url(game))  # the positive control: the table page's buttons are found
    assert "Undo last action" in [accessible_name(e) for e in clickable(user)]


async def test_a_watch_link_cannot_open_the_table(user: User, game: Created) -> None:
    response = await user.http_client.get(table_url(game, "watch"))
    assert response.status_code == 403
    assert "A watch link cannot open the table." in response.text


@pytest.mark.parametrize("page", ["table", "watch"])
async def test_unknown_game_shows_the_404_message(user: User, game: Created, page: str) -> None:
    response = await user.http_client.get(f"/{page}/no-such-game/{game.tokens['table']}")
    assert response.status_code == 404
    assert "There is no game at this address." in response.text
    assert "Traceback" not in response.text


@pytest.mark.parametrize("page", ["table", "watch"])
async def test_a_wrong_token_answers_like_an_unknown_game(user: User, game: Created, page: str) -> None:
    other = new_game("Other game")
    for token in ("wrong", other.tokens["table"]):
        response = await user.http_client.get(f"/{page}/{game.game_id}/{token}")
        assert response.status_code == 404
        assert "There is no game at this address." in response.text


@pytest.mark.parametrize("page", ["table", "watch"])
async def test_names_are_shown_literally_never_as_markup(user: User, page: str) -> None:
    game = new_game(SCRIPT, (SCRIPT, 'Bob" onclick="alert(2)'))
    url = table_url(game) if page == "table" else watch_url(game)
    response = await user.http_client.get(url)
    assert response.status_code == 200
    assert SCRIPT not in response.text  # escaped in the page's element data
    assert '"onclick"' not in response.text  # the quote in a name never splits into an attribute of its own

    await user.open(url)
    await see(user, SCRIPT)
    assert not any(SCRIPT in str(getattr(e, "content", "")) for e in elements(user, ui.html))
    await see(user, f"{SCRIPT}'s turn")
    assert not any("onclick" in e.props for e in elements(user))
    if page == "table":
        showing = [e for e in elements(user) if SCRIPT in str(getattr(e, "text", ""))]
        assert showing and all(isinstance(e, ui.label) for e in showing)
        assert find(user, SCRIPT, ui.column)  # the side's region is named with the text as typed
    else:  # the board gets names as plain strings of its view, which watch.js shows as text (tests/e2e)
        view = watched(user)
        assert view["players"] == [SCRIPT, 'Bob" onclick="alert(2)'] and view["title"] == SCRIPT
        assert all(SCRIPT not in str(card["track"]) for card in view["cards"].values() if card.get("track"))


async def test_the_home_page_starts_a_game(user: User) -> None:
    await fill_new_game(user, "Home game")
    await see(user, "New Warmachine Mk III game")
    choose(user, "Player 1 horror", "Guardian of Souls")
    click(user, "Add horror for player 1")
    await see(user, "Guardian of Souls")
    click(user, "Start game")
    await see(user, "Ann's turn")
    await see(user, "Home game")
    game_id = user.back_history[-1].split("/")[2]
    state = service().state(game_id)[1]
    assert (state.title, state.player_name(0), state.player_name(1)) == ("Home game", "Ann", "Bob")
    assert [m.name for m in warmachine_board(state).models] == ["Agathon", "Guardian of Souls", "Princess Regna"]
    assert "Essence 9 / 9" in texts(user, model_card(user, "Ann", "Agathon"))
    assert model_card(user, "Ann", "Guardian of Souls")


async def test_a_started_game_is_listed_on_the_home_page_with_each_players_own_link(user: User) -> None:
    await fill_new_game(user, "Kept game")
    click(user, "Start game")
    await see(user, "Ann's turn")
    game_id = user.back_history[-1].split("/")[2]
    click(user, "Share links")
    await see(user, "Ann's own link (acts for that side only, on their own device)")
    seat_links = [e.props.get("href") for e in elements(user, ui.link) if "/table/" in str(e.props.get("href"))]
    assert len(seat_links) == 3 and len(set(seat_links)) == 3  # the table link and one per player
    assert all(str(link).startswith("http") for link in seat_links)  # full addresses, to send or scan
    for what in ("watch link", "table link", "Ann's own link", "Bob's own link"):
        assert find(user, f"Copy the {what}", ui.button)
        assert find(user, f"QR code of the {what}", ui.html)
    await user.open("/")
    mine = region(user, "Games started on this device")
    assert "Kept game" in texts(user, mine)
    assert any(f"/watch/{game_id}/" in str(e.props.get("href")) for e in elements(user, ui.link, within=mine))


async def test_the_home_page_refuses_a_game_without_casters(user: User) -> None:
    await user.open("/")
    fill(user, "Game title", "No casters")
    click(user, "Start game")
    await see(user, "Each player needs a caster.")
