"""A model's card numbers (MOV, Special MOV, MAV, RAV, DV, CP, MA, RA): typed by the players, never invented, and
asked for before the game starts. doc 003 names the numbers its states change ("Shaken": MAV, RAV, CP;
"Disabled": #MA, #RA; "Burrowed": Special MOV)."""

from models.rules import GameState, apply
from models.rules.warlord.activation import WarlordActivate, WarlordEndActivation
from models.rules.warlord.card import WarlordSetStats, missing_numbers, stats_text
from models.rules.warlord.setup import ModelEntry, Warband, WarlordSetup
from models.rules.warlord.state import Stats
from tests.rules.warlord.game import ARCHER, BRUTE, KNIGHT, fig, numbered, refused, run


def _game_with_cards(knight: Stats, orc: Stats) -> GameState:
    state, _ = apply(GameState(), WarlordSetup(title="Ford", sides=(
        Warband(player="Ann", models=(ModelEntry(name="Knight", tracks=3, stats=knight),)),
        Warband(player="Bob", models=(ModelEntry(name="Orc", tracks=2, stats=orc),)),
    )))
    return state


def test_card_numbers_typed_at_setup_are_kept() -> None:
    """doc 003 "Shaken" / "Disabled": the numbers the states change come from the player's card."""
    state = _game_with_cards(Stats(**ARCHER), Stats(**BRUTE))
    assert fig(state, "p1-1").stats == Stats(**ARCHER)
    assert stats_text(Stats(**ARCHER)) == "MOV 6 · Special MOV 4 · MAV 3 · RAV 4 · DV 5 · CP 2 · MA 2 · RA 2"


def test_an_empty_number_holds_up_the_first_activation() -> None:
    """doc 003 "Disabled": -1 MA needs the MA; an empty number is asked for before the game starts."""
    state = _game_with_cards(Stats(mov=6, mav=3, rav=4, cp=0, ma=2, ra=1), Stats(**BRUTE))
    refusal = refused(state, WarlordActivate(model="p2-1"), "stats.missing")
    assert "Knight: DV" in refusal.message


def test_typing_the_missing_number_on_the_card_starts_the_game() -> None:
    """doc 003 "Shaken": attacks against a model compare with its numbers, so the card is completed first."""
    state = _game_with_cards(Stats(mov=6, mav=3, rav=4, cp=0, ma=2, ra=1), Stats(**BRUTE))
    state = run(state, WarlordSetStats(model="p1-1", stats=Stats(mov=6, mav=3, rav=4, dv=5, cp=0, ma=2, ra=1)))
    assert missing_numbers(state) == []
    assert fig(run(state, WarlordActivate(model="p1-1")), "p1-1").activation == "active"


def test_no_rav_is_asked_of_a_model_without_ranged_attacks() -> None:
    """doc 003 "Shaken": RAV only matters to a model that shoots (RA 0: none)."""
    assert missing_numbers(_game_with_cards(Stats(**ARCHER), Stats(**{**BRUTE, "rav": None}))) == []


def test_an_empty_number_typed_mid_game_holds_nothing_up() -> None:
    """doc 003 (all states): once a model has activated the game has started; a gap is asked for where needed."""
    state = run(_game_with_cards(Stats(**ARCHER), Stats(**BRUTE)), WarlordActivate(model="p1-1"),
                WarlordEndActivation(model="p1-1"), WarlordSetStats(model="p1-1", stats=Stats(mov=6)))
    assert fig(run(state, WarlordActivate(model="p2-1")), "p2-1").activation == "active"


def test_a_game_without_card_numbers_is_never_held_up(game: GameState) -> None:
    """doc 003 (all states): games set up before card numbers were kept still play."""
    assert fig(run(game, WarlordActivate(model=KNIGHT)), KNIGHT).activation == "active"


def test_the_same_numbers_again_change_nothing(game: GameState) -> None:
    """doc 003 "Shaken": the card's numbers are facts; typing them again is refused with a reason."""
    state = numbered(game, KNIGHT)
    refused(state, WarlordSetStats(model=KNIGHT, stats=Stats(**ARCHER)), "stats.same")
