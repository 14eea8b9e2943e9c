"""A Warlord model's card, the poison checks, Next's words and the new-game form's lines, as the table and the
spectators read them (models/service/views/warlord.py)."""

from models.rules import GameState, apply
from models.rules.warlord.end_phase import WarlordEndTurn
from models.rules.warlord.setup import ModelEntry, Warband, WarlordSetup
from models.rules.warlord.state import Stats
from models.service.views.warlord import STATES, card, entry_words, next_label, poison_checks, pregame_cards, where
from tests.rules.warlord.game import KNIGHT, ORC, activation, given, new_game, run


def test_a_card_names_its_kind_tracks_and_each_state_with_its_remove_button() -> None:
    c = card(given(new_game(), KNIGHT, "poisoned"), KNIGHT)
    assert (c.name, c.kind, c.dt, c.dt_words) == ("Knight", "Tough 1", "DT 3/3", "Damage tracks: 3 of 3 left")
    assert [(chip.name, chip.remove) for chip in c.chips] == [("poisoned", "Remove Poisoned: Knight")]


def test_a_card_shows_no_numbers_until_they_are_typed() -> None:
    c = card(new_game(), ORC)
    assert c.numbers == "" and c.stats is None


def test_a_card_looks_done_once_its_activation_is_over() -> None:
    c = card(activation(new_game(), KNIGHT), KNIGHT)
    assert c.look == "done" and c.status == "Done this game turn"


def test_poison_checks_are_asked_only_in_the_end_phase_with_what_is_added_to_the_die() -> None:
    state = given(new_game(), KNIGHT, "poisoned")
    assert poison_checks(state) == ()
    (check,) = poison_checks(run(state, WarlordEndTurn()))
    assert check.figure_id == KNIGHT
    assert check.words == "Knight: die +3 for 3 damage tracks left, +1 for Tough 1"


def test_next_starts_the_following_game_turn() -> None:
    assert next_label(new_game()) == "Start game turn 2"


def test_every_model_state_may_be_offered_with_its_words() -> None:
    assert ("poisoned", "Poisoned") in STATES


def test_the_form_lists_a_model_with_its_tracks_abilities_and_numbers() -> None:
    entry = ModelEntry(name="Ogre", tracks=3, tough=2, abilities=("undead",), stats=Stats(mov=6))
    assert entry_words(entry).startswith("Ogre · 3 DT · Tough 2 · Undead · MOV 6 · MAV ?")
    assert entry_words(ModelEntry(name="Orc", tracks=2)) == "Orc · 2 DT"


def test_the_pre_game_screen_puts_copies_on_one_card_and_the_turn_line_says_it_waits() -> None:
    """Models entered under one name on one side, typed alike so far, are one card; a copy typed otherwise, or
    another side's model of that name, is a card of its own."""
    blank, typed = Stats(), Stats(mov=4)
    state, _ = apply(GameState(), WarlordSetup(title="Ford", pregame=True, sides=(
        Warband(player="Ann", models=tuple(ModelEntry(name="Orc", tracks=2, stats=s) for s in (blank, blank, typed))),
        Warband(player="Bob", models=(ModelEntry(name="Orc", tracks=2, stats=blank),)))))
    cards = pregame_cards(state)
    assert [(c.heading, c.ids) for c in cards] == [("Orc · 2 models share this card", ("p1-1", "p1-2")),
                                                   ("Orc 3", ("p1-3",)), ("Orc 4", ("p2-1",))]
    assert cards[1].needs == ("MAV", "RAV", "DV", "CP", "MA", "RA")
    assert where(state) == ("Game turn 1", "Before the game: the players type their models' card numbers")
