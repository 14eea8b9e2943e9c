"""The pre-game screen's rules (pregame.py): a game set up with card numbers still empty waits before game turn 1
until one form has typed them; nothing is filled in for the players (doc 003 gives no card numbers: they are on
each model's card), and a bad or missing number is refused with nothing changed."""

from __future__ import annotations

from models.rules import GameState, apply
from models.rules.warlord.activation import WarlordActivate
from models.rules.warlord.card import WarlordSetStats
from models.rules.warlord.damage import WarlordDamage
from models.rules.warlord.ending import WarlordConcede
from models.rules.warlord.pregame import WarlordPregame
from models.rules.warlord.setup import ModelEntry, Warband, WarlordSetup
from models.rules.warlord.state import Stats
from tests.rules.warlord.game import ARCHER, BRUTE, fig, refused, run

KNIGHT, ORC = "p1-1", "p2-1"


def _setup(pregame: bool = True, knight: Stats | None = None) -> tuple[GameState, list[str]]:
    state, events = apply(GameState(), WarlordSetup(title="Ford", pregame=pregame, sides=(
        Warband(player="Ann", models=(ModelEntry(name="Knight", tracks=3, stats=knight or Stats()),)),
        Warband(player="Bob", models=(ModelEntry(name="Orc", tracks=2, stats=Stats(mov=5)),)),
    )))
    return state, [e.text for e in events]


def test_a_game_with_empty_card_numbers_opens_before_game_turn_1() -> None:
    """doc 003 "Shaken" and "Disabled" read MAV, RAV, CP, MA and RA: they are typed before the first activation."""
    state, said = _setup()
    assert state.phase == "setup" and state.round == 1
    assert said[-1] == "Before game turn 1, the players type the card numbers still empty."
    refused(state, WarlordActivate(model=KNIGHT), "game.not_started")
    refused(state, WarlordDamage(model=KNIGHT), "game.not_started")
    assert run(state, WarlordConcede(seat=0)).phase == "over"  # a player may still concede


def test_a_game_whose_cards_are_complete_starts_at_once() -> None:
    """Positive control: nothing to type, no pre-game screen; and without the flag the old games' way holds."""
    assert _setup(knight=Stats(**ARCHER))[0].phase == "setup"  # Bob's Orc is still empty
    state, _ = apply(GameState(), WarlordSetup(title="Ford", pregame=True, sides=(
        Warband(player="Ann", models=(ModelEntry(name="Knight", tracks=3, stats=Stats(**ARCHER)),)),
        Warband(player="Bob", models=(ModelEntry(name="Orc", tracks=2, stats=Stats(**BRUTE)),)),
    )))
    assert state.phase == "activations"
    assert _setup(pregame=False)[0].phase == "activations"


def test_one_form_types_every_card_and_begins_game_turn_1() -> None:
    """doc 003 "Shaken": RAV matters only to a model that shoots: BRUTE (RA 0) leaves it empty."""
    state, _ = _setup()
    brute = {**BRUTE, "rav": None}
    state, events = apply(state, WarlordPregame(cards={KNIGHT: ARCHER, ORC: brute}))
    assert state.phase == "activations" and state.round == 1
    assert fig(state, KNIGHT).stats == Stats(**ARCHER) and fig(state, ORC).stats == Stats(**brute)
    assert [e.text for e in events][-1] == "Game turn 1 begins."
    assert len(events) == 3  # each card typed, then the turn
    assert fig(run(state, WarlordActivate(model=KNIGHT)), KNIGHT).activation == "active"


def test_an_empty_number_is_refused_by_name_and_nothing_changes() -> None:
    state, _ = _setup()
    refusal = refused(state, WarlordPregame(cards={KNIGHT: {**ARCHER, "dv": None}, ORC: BRUTE}), "stats.missing")
    assert refusal.message == "Before game turn 1 begins, type the card numbers still empty: Knight: DV."


def test_a_number_out_of_range_is_refused_with_the_model_named() -> None:
    state, _ = _setup()
    refusal = refused(state, WarlordPregame(cards={KNIGHT: {**ARCHER, "mav": 31}, ORC: BRUTE}), "stats.range")
    assert refusal.message == "Knight's MAV: a whole number from 0 to 30 (not 31)."
    refused(state, WarlordPregame(cards={"p9-9": BRUTE}), "model.unknown")


def test_numbers_may_be_kept_without_beginning_and_the_screen_stays() -> None:
    state, _ = _setup()
    state, events = apply(state, WarlordPregame(cards={KNIGHT: ARCHER}, begin=False))
    assert state.phase == "setup" and fig(state, KNIGHT).stats == Stats(**ARCHER)
    assert [e.text for e in events] == ["Knight's card: MOV 6 · Special MOV 4 · MAV 3 · RAV 4 · DV 5 · CP 2 · MA 2 "
                                        "· RA 2."]
    refused(state, WarlordPregame(cards={KNIGHT: ARCHER}, begin=False), "stats.same")
    refused(state, WarlordPregame(), "stats.missing")  # the Orc's card is still empty


def test_the_form_is_refused_once_game_turn_1_has_begun() -> None:
    state = run(_setup()[0], WarlordPregame(cards={KNIGHT: ARCHER, ORC: BRUTE}))
    refused(state, WarlordPregame(cards={KNIGHT: BRUTE}), "pregame.over")
    # a card is corrected on the model's card instead
    assert fig(run(state, WarlordSetStats(model=KNIGHT, stats=Stats(**BRUTE))), KNIGHT).stats == Stats(**BRUTE)
