"""Before a game starts, one screen per side asks for the facts its cards lack (the warjack's grid drawn by tapping
boxes, a horror's ring split, a caster's ESSENCE and boxes); saving keeps the cards in the card book and starts the
game; going back starts nothing; bad input is refused and saves nothing.
"""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from models.db.tables import Game
from models.rules.warmachine.match import board
from tests.webapp.helpers import (
    card_book,
    choose,
    click,
    complete_pregame,
    eventually,
    exists,
    fill,
    find,
    model_card,
    region,
    see,
    service,
    shows,
)

# A light warjack's 26 boxes as a player draws them (top to bottom): (column, box, taps) where one tap makes a
# box and each further tap moves it on through L, R, M, C, H, A.
CHARGER_TAPS = [(1, b, 1) for b in (3, 4, 5, 6)] + [(2, b, 1) for b in (2, 3, 4)] + [(2, b, 2) for b in (5, 6)] \
    + [(3, 3, 1)] + [(3, b, 4) for b in (4, 5, 6)] + [(4, 3, 1)] \
    + [(4, b, 5) for b in (4, 5, 6)] + [(5, b, 1) for b in (2, 3, 4)] + [(5, b, 3) for b in (5, 6)] \
    + [(6, b, 1) for b in (3, 4, 5, 6)]
CHARGER_GRID = ("--....", "-...LL", "--.MMM", "--.CCC", "-...RR", "--....")


def games() -> int:
    from sqlmodel import Session, func, select

    with Session(service().repo.engine) as session:
        return session.exec(select(func.count()).select_from(Game)).one()


def tap(user: User, column: int, box: int, times: int) -> None:
    for _ in range(times):
        cell = find(user, lambda n, c=column, b=box: n.startswith(f"Column {c}, box {b}:"), ui.button)
        UserInteraction(user, {cell}, None).click()


async def fill_haley_with_a_charger(user: User) -> None:
    """The quick form: Ann with Agathon against Bob with Captain Victoria Haley and a Charger (whose grid the
    catalog does not give)."""
    await user.open("/")
    fill(user, "Game title", "Agathon against Haley")
    for seat, name, caster in ((1, "Ann", "Agathon"), (2, "Bob", "Captain Victoria Haley")):
        fill(user, f"Player {seat} name", name)
        choose(user, f"Player {seat} caster", caster)
    choose(user, "Player 2 warjack or warbeast", "Charger")
    click(user, "Add warjack or warbeast for player 2")
    await see(user, "Charger")


async def test_an_incomplete_warjack_is_drawn_by_tapping_before_the_game_starts(user: User) -> None:
    assert service().cards()["charger"].damage.columns is None
    await fill_haley_with_a_charger(user)
    click(user, "Start game")
    await see(user, "Bob: 1 card needs facts: complete them now")
    assert games() == 0  # the game waits for the facts
    charger = region(user, "Charger's card")
    assert shows(user, "0 boxes drawn of the 26 on the card.", charger)

    # Too few boxes: refused, nothing kept, no game.
    tap(user, 1, 3, 1)
    await see(user, "1 boxes drawn of the 26 on the card.", charger)
    assert exists(user, "Column 1, box 3: box", ui.button)
    click(user, "Save Bob's cards")
    await see(user, "Charger: Columns 2, 3, 4, 5, 6 have no box: tap the boxes each column has on your card.")
    assert games() == 0 and card_book(user) == {}

    tap(user, 1, 3, len(("-", ".", "L", "R", "M", "C", "H", "A")))  # a full cycle comes back to a box
    assert exists(user, "Column 1, box 3: box", ui.button)
    tap(user, 1, 3, 7)  # and on round to no box
    assert exists(user, "Column 1, box 3: no box", ui.button)
    for column, box, times in CHARGER_TAPS:
        tap(user, column, box, times)
    assert exists(user, "Column 2, box 5: L box (Left arm)", ui.button)
    await see(user, "26 boxes drawn of the 26 on the card.", charger)

    click(user, "Save Bob's cards")
    await see(user, "Ann's turn")  # the table of the new game
    assert games() == 1
    game_id = user.back_history[-1].split("/")[2]
    assert board(service().state(game_id)[1]).cards["charger"].damage.columns == CHARGER_GRID
    assert card_book(user)["charger"].damage.columns == CHARGER_GRID  # offered next time
    assert service().cards()["charger"].damage.columns is None  # the site's catalog is not changed
    assert shows(user, "Damage grid", model_card(user, "Bob", "Charger"))

    # Next time the card book's Charger is used: no screen, the game starts at once.
    await fill_haley_with_a_charger(user)
    click(user, "Start game")
    await eventually(lambda: games() == 2, "the second game")
    assert not shows(user, "needs facts")


async def test_each_side_gets_its_own_screen_and_going_back_starts_nothing(user: User) -> None:
    await user.open("/")
    fill(user, "Game title", "Two screens")
    for seat, name, caster in ((1, "Ann", "Agathon"), (2, "Bea", "Omodamos")):
        fill(user, f"Player {seat} name", name)
        choose(user, f"Player {seat} caster", caster)
    choose(user, "Player 1 horror", "Foreboder")
    click(user, "Add horror for player 1")
    choose(user, "Player 2 horror", "Foreboder")
    click(user, "Add horror for player 2")
    click(user, "Start game")
    await see(user, "Ann: 1 card needs facts: complete them now")
    foreboder = region(user, "Foreboder's card")
    await see(user, "The web has 14 boxes in all.", foreboder)
    for ring, boxes in (("outer", "6"), ("middle", "4"), ("centre", "5")):
        fill(user, f"Boxes in the {ring} ring", boxes, within=foreboder)
    click(user, "Save Ann's cards")
    await see(user, "Foreboder: the three rings must add up to the web's 14 boxes.")
    fill(user, "Boxes in the centre ring", "4", within=foreboder)
    click(user, "Save Ann's cards")

    # Bea's screen: the Foreboder is done already; Omodamos lacks his ESSENCE and boxes.
    await see(user, "Bea: 1 card needs facts: complete them now")
    omodamos = region(user, "Omodamos's card")
    assert not exists(user, "Foreboder's card")
    fill(user, "ESSENCE", None, within=omodamos)  # text that is no number
    fill(user, "Damage boxes", "18", within=omodamos)
    click(user, "Save Bea's cards")
    await see(user, "Omodamos, ESSENCE: enter a whole number from 1 to 99.")
    assert "omodamos" not in card_book(user)
    click(user, "Back to the form")
    await eventually(lambda: not shows(user, "needs facts"), "the screen to close")
    assert games() == 0
    assert card_book(user)["foreboder"].damage.rings == (6, 4, 4)  # Ann's saved card stays in the book


async def test_a_tournament_game_from_lists_asks_before_its_setup_wizard(user: User) -> None:
    """The same screen before a game from pasted lists with the setup wizard: the wizard opens on a game whose
    cards can all be tracked."""
    await user.open("/")
    fill(user, "Side 1 player name", "Ann")
    fill(user, "Side 1 list text", "Agathon\n- Foreboder\n")
    fill(user, "Side 2 player name", "Bob")
    fill(user, "Side 2 list text", "Agathon\n- Guardian of Souls\n")
    assert find(user, "Setup wizard with lists", ui.checkbox).value  # the tournament path starts with it ticked
    click(user, "Start the game from these lists")
    await see(user, "Ann: 1 card needs facts: complete them now")
    assert games() == 0
    assert await complete_pregame(user) == ["Ann"]
    await eventually(lambda: games() == 1, "the game to start")
    await eventually(lambda: exists(user, "Setup wizard"), "the setup wizard")
    game_id = user.back_history[-1].split("/")[2]
    state = service().state(game_id)[1]
    assert state.phase == "setup" and board(state).cards["foreboder"].damage.rings == (8, 3, 3)


async def test_the_card_editor_draws_a_shipped_warjacks_grid_by_tapping_and_shows_it_again(user: User) -> None:
    await user.open("/cards?key=charger")
    await see(user, "Edit Charger")
    tap(user, 1, 1, 1)
    click(user, "Save card in my card book")
    await see(user, "Columns 2, 3, 4, 5, 6 have no box: tap the boxes each column has on your card. Nothing was saved.")
    tap(user, 1, 1, 7)  # back to no box
    for column, box, times in CHARGER_TAPS:
        tap(user, column, box, times)
    click(user, "Save card in my card book")
    await see(user, "Saved the card Charger in your card book.")
    assert card_book(user)["charger"].damage.columns == CHARGER_GRID

    await user.open("/cards?key=charger")  # the saved drawing comes back, ready to correct
    await see(user, "Edit Charger")
    assert exists(user, "Column 4, box 6: C box (Cortex)", ui.button)
    assert exists(user, "Column 1, box 1: no box", ui.button)


async def test_a_units_trooper_boxes_are_asked_and_its_leader_may_keep_the_same(user: User) -> None:
    await user.open("/")
    fill(user, "Game title", "A swarm")
    for seat, name, caster in ((1, "Ann", "Agathon"), (2, "Bob", "Princess Regna")):
        fill(user, f"Player {seat} name", name)
        choose(user, f"Player {seat} caster", caster)
    choose(user, "Player 1 unit or solo", "Griever Swarm")
    click(user, "Add model for player 1")
    click(user, "Start game")
    await see(user, "Ann: 1 card needs facts: complete them now")
    swarm = region(user, "Griever Swarm's card")
    fill(user, "Trooper boxes", "0", within=swarm)
    click(user, "Save Ann's cards")
    await see(user, "Griever Swarm, Trooper boxes: enter a whole number from 1 to 99.")
    fill(user, "Trooper boxes", "1", within=swarm)  # the leader's field left empty: the same boxes
    click(user, "Save Ann's cards")
    await eventually(lambda: games() == 1, "the game to start")
    unit = card_book(user)["griever-swarm"].unit
    assert unit is not None and (unit.trooper_boxes, unit.leader_boxes) == (1, None)


async def test_a_game_without_a_title_is_refused_before_any_fact_is_asked(user: User) -> None:
    await fill_haley_with_a_charger(user)
    fill(user, "Game title", "")
    click(user, "Start game")
    await see(user, "The game title cannot be empty.")
    assert not shows(user, "needs facts") and games() == 0
