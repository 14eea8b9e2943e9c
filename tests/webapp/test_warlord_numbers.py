"""Warlord card numbers on the pages (webapp/pages/warlord.py, webapp/components/warlord/numbers.py and
pregame.py): typed on the new-game form, the empty ones on the pre-game screen before game turn 1, corrected on the
card, shown after the model states (doc 003 "Shaken", "Disabled", "Flying"), and the attack and spell dialogs."""

from __future__ import annotations

from nicegui import ui
from nicegui.element import Element
from nicegui.elements.mixins.value_element import ValueElement
from nicegui.testing import User

from models.rules.warlord import ModelEntry, Stats, Warband, WarlordSetup
from models.rules.warlord.card import STAT_LABELS
from tests.rules.warlord.game import ARCHER, BRUTE
from tests.webapp.helpers import (
    click,
    eventually,
    exists,
    fill,
    find,
    model_card,
    region,
    see,
    service,
    shown,
    shows,
    table_url,
)


async def _new_game(user: User, knight: dict[str, int | None]) -> None:
    """Ann's Knight with ``knight``'s numbers, Bob's Orc with BRUTE's, through the new-game form."""
    await user.open("/warlord/new")
    fill(user, "Game title", "Ford")
    for who, player, model, numbers in (("Player 1", "Ann", "Knight", knight), ("Player 2", "Bob", "Orc", BRUTE)):
        form = find(user, who, ui.card)
        fill(user, f"{who} name", player, within=form)
        fill(user, f"{who} model name", model, within=form)
        fill(user, f"{who} damage tracks", "3", within=form)
        for name, label in STAT_LABELS.items():
            value = numbers.get(name)
            fill(user, f"{who} {label}", None if value is None else str(value), within=form)
        click(user, f"Add model for {who}", within=form)
    await see(user, "Orc · 3 DT · MOV 5 · MAV 5 · RAV 0 · DV 4 · CP 0 · MA 3 · RA 0")
    click(user, "Start game")
    await see(user, "Game turn 1")


async def test_form_numbers_show_on_the_card_and_change_with_shaken_and_disabled(user: User) -> None:
    """doc 003 "Shaken" (+2 for attackers) and "Disabled" (-1 MA, -1 RA) on the model's card."""
    await _new_game(user, ARCHER)
    knight = model_card(user, "Ann", "Knight")
    assert shows(user, "MOV 6 · MAV 3 · RAV 4 · DV 5 · CP 2 · MA 2 · RA 2", knight)
    for state, words in (("Shaken", "attacks against it +2"), ("Disabled", "MA 1 (card 2)")):
        click(user, "Add state: Knight", within=knight)
        click(user, state, within=find(user, "Add a state to Knight", ui.card))
        await see(user, words, knight)
    await see(user, "MA 1 (card 2) · RA 1 (card 2) · attacks against it +2", knight)


async def test_an_empty_number_is_typed_on_the_pre_game_screen(user: User) -> None:
    """doc 003 "Disabled" needs the MA: the game waits before game turn 1, with the card in one form, until it is
    typed; the rules refuse a number no card holds and a start with a number still empty, and one undo takes the
    form back."""
    await _new_game(user, {**ARCHER, "ma": None})
    screen = region(user, "Pre-game screen")
    knight = find(user, "Knight", within=screen)
    assert not exists(user, "Activate: Knight", ui.button, within=model_card(user, "Ann", "Knight"))
    orc_mov = find(user, "Orc MOV", ValueElement, within=find(user, "Orc", within=screen))
    assert orc_mov.value == 5  # typed on the new-game form: filled in, to check before the game
    fill(user, "Knight MA", "-1", within=knight)
    click(user, "Start game turn 1", within=screen)
    await user.should_see("Knight's MA: a whole number from 0 to 30 (not -1).")
    fill(user, "Knight MA", None, within=knight)
    click(user, "Start game turn 1", within=screen)
    await user.should_see("Before game turn 1 begins, type the card numbers still empty: Knight: MA.")
    fill(user, "Knight MA", "2", within=knight)
    click(user, "Start game turn 1", within=screen)
    await see(user, "Activations: no model activated", region(user, "Turn"))
    await eventually(lambda: not shown(screen), "the pre-game screen to close")
    click(user, "Undo last action", within=region(user, "Turn"))
    await eventually(lambda: shown(screen), "the pre-game screen to come back")
    knight = find(user, "Knight", within=screen)  # as it was: the undone form took its numbers with it
    assert find(user, "Knight MA", ValueElement, within=knight).value is None
    fill(user, "Knight MA", "2", within=knight)
    click(user, "Start game turn 1", within=screen)
    await see(user, "Activations: no model activated", region(user, "Turn"))
    knight_card = model_card(user, "Ann", "Knight")
    click(user, "Activate: Knight", within=knight_card)
    await see(user, "Activated: 0 of 2 actions taken", knight_card)


async def test_a_number_is_corrected_on_the_card_during_the_game(user: User) -> None:
    """doc 003 "Disabled": a card number mistyped at the start is put right on the model's card."""
    await _new_game(user, ARCHER)
    knight = model_card(user, "Ann", "Knight")
    click(user, "Card numbers: Knight", within=knight)
    dialog = find(user, "Card numbers of Knight", ui.card)
    fill(user, "Knight MA", "-1", within=dialog)
    click(user, "Save numbers", within=dialog)
    await user.should_see("MA: a whole number from 0 to 30, or empty if not known yet.")
    fill(user, "Knight MA", "3", within=dialog)
    click(user, "Save numbers", within=dialog)
    await see(user, "MA 3", knight)


async def _knight_against_a_shaken_orc(user: User) -> Element:
    """The new game with a Shaken Orc and the Knight activated: the Knight's card."""
    await _new_game(user, ARCHER)
    orc = model_card(user, "Bob", "Orc")
    click(user, "Add state: Orc", within=orc)
    click(user, "Shaken", within=find(user, "Add a state to Orc", ui.card))
    await see(user, "attacks against it +2", orc)
    knight = model_card(user, "Ann", "Knight")
    click(user, "Activate: Knight", within=knight)
    await see(user, "Activated: 0 of 2 actions taken", knight)
    return knight


async def test_ranged_attack_dialog_shoots_at_a_shaken_target(user: User) -> None:
    """doc 003 "Shaken": the log line gives RAV +2 against a Shaken target; "Flying" greys the button."""
    knight = await _knight_against_a_shaken_orc(user)
    click(user, "Ranged attack: Knight", within=knight)
    await eventually(lambda: exists(user, "Ranged attack: Knight", ui.card), "the ranged attack's dialog")
    click(user, "Orc", within=find(user, "Ranged attack: Knight", ui.card))
    await see(user, "2 shots at Orc with RAV 4 +2 (Orc is Shaken) = 6", region(user, "Turn"))
    click(user, "Add state: Knight", within=knight)
    click(user, "Flying", within=find(user, "Add a state to Knight", ui.card))
    await see(user, "RA 0 (card 2)", knight)
    shoot = find(user, "Ranged attack: Knight", ui.button, within=knight)
    assert shoot.props["aria-disabled"] == "true" and "Flying" in shoot.props["title"]


async def test_spell_dialog_casts_at_a_named_target_and_burrowed_greys_it(user: User) -> None:
    """doc 003 "Burrowed": a Burrowed model may not cast spells; otherwise the log gives the spell at its CP."""
    await _new_game(user, ARCHER)
    knight = model_card(user, "Ann", "Knight")
    click(user, "Activate: Knight", within=knight)
    await see(user, "Activated: 0 of 2 actions taken", knight)
    click(user, "Cast a spell: Knight", within=knight)
    await eventually(lambda: exists(user, "Cast a spell: Knight", ui.card), "the spell's dialog")
    dialog = find(user, "Cast a spell: Knight", ui.card)
    fill(user, "Spell name", "Fire Bolt", within=dialog)
    click(user, "Orc", within=dialog)
    await see(user, "Fire Bolt on Orc with CP 2", region(user, "Turn"))
    click(user, "Add state: Knight", within=knight)
    click(user, "Burrowed", within=find(user, "Add a state to Knight", ui.card))
    await see(user, "Burrowed", knight)
    cast = find(user, "Cast a spell: Knight", ui.button, within=knight)
    assert cast.props["aria-disabled"] == "true" and "Burrowed" in cast.props["title"]


async def test_melee_dialog_fights_a_shaken_target(user: User) -> None:
    """doc 003 "Shaken": attacks against it get +2 MAV, as the log line of the melee attack says."""
    knight = await _knight_against_a_shaken_orc(user)
    click(user, "Melee attack: Knight", within=knight)
    await eventually(lambda: exists(user, "Melee attack: Knight", ui.card), "the melee attack's dialog")
    click(user, "Orc", within=find(user, "Melee attack: Knight", ui.card))
    await see(user, "2 melee attacks at Orc with MAV 3 +2 (Orc is Shaken) = 5", region(user, "Turn"))


async def test_a_seat_types_its_own_cards_and_the_copies_share_one(user: User) -> None:
    """A seat link's pre-game screen holds its own warband's cards; two Orcs entered under one name are one card."""
    blank = Stats()
    game = service().start(WarlordSetup(title="Ford", pregame=True, sides=(
        Warband(player="Ann", models=(ModelEntry(name="Knight", tracks=3, stats=blank),)),
        Warband(player="Bob", models=(ModelEntry(name="Orc", tracks=2, stats=blank),
                                      ModelEntry(name="Orc", tracks=2, stats=blank))))))
    await user.open(table_url(game, "seat2"))
    screen = region(user, "Pre-game screen")
    assert not exists(user, "Knight", within=screen)
    orcs = find(user, "Orc", within=screen)
    assert shows(user, "Orc · 2 models share this card", orcs)
    for name, label in STAT_LABELS.items():
        value = BRUTE.get(name)
        fill(user, f"Orc {label}", None if value is None else str(value), within=orcs)
    click(user, "Start game turn 1", within=screen)
    await user.should_see("Before game turn 1 begins, type the card numbers still empty: Knight: MOV, MAV, RAV, DV, "
                          "CP, MA, RA.")
    click(user, "Keep these numbers", within=screen)
    await eventually(lambda: all(service().state(game.game_id)[1].board.figures[i].stats == Stats(**BRUTE)
                                 for i in (1, 2)), "both Orcs' cards to be kept")
