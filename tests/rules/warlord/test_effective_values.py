"""Each model state's effect on the model's numbers (MOV, MAV, RAV, DV, CP, MA, RA after states) and on defensive
combat, as the card and ``/options`` show them (doc 003, one test per state)."""

from models.rules import GameState, options
from models.rules.warlord.activation import WarlordActivate
from models.rules.warlord.combat import WarlordDefend
from models.rules.warlord.effects import effective, words
from tests.rules.warlord.game import BRUTE, KNIGHT, ORC, events, fig, given, numbered, refused, run


def _numbered(game: GameState, *states: str) -> GameState:
    """The Knight with ARCHER's card and the states; the Orc with BRUTE's."""
    return given(numbered(numbered(game, KNIGHT), ORC, BRUTE), KNIGHT, *states)


def _now(game: GameState, *states: str) -> dict[str, int]:
    derived = options(_numbered(game, *states), KNIGHT)[0]
    assert derived.action == "derived" and not derived.allowed and derived.values is not None
    return derived.values


def test_no_state_leaves_the_card_numbers(game: GameState) -> None:
    """doc 003 (no state): the numbers are the card's."""
    assert _now(game) == {"MOV": 6, "MAV": 3, "RAV": 4, "DV": 5, "CP": 2, "MA": 2, "RA": 2, "defensive_strikes": 2,
                          "defensive_shots": 2, "counterspell": 1, "die_rolls": 0, "attacks_against": 0,
                          "DT": 3, "DT:max": 3, "actions": 2}


def test_disabled_takes_1_ma_and_1_ra(game: GameState) -> None:
    """doc 003 "Disabled": -1 #MA and -1 #RA."""
    values = _now(game, "disabled")
    assert (values["MA"], values["RA"]) == (1, 1)


def test_disabled_never_takes_the_last_defensive_strike_or_shot(game: GameState) -> None:
    """doc 003 "Disabled": below one offensively, never defensively."""
    state = given(numbered(game, KNIGHT, {**BRUTE, "ma": 1, "ra": 1, "rav": 2}), KNIGHT, "disabled")
    now = effective(fig(state, KNIGHT))
    assert (now.ma, now.ra, now.strikes, now.shots) == (0, 0, 1, 1)


def test_disabled_card_shows_the_defensive_strike_it_keeps(game: GameState) -> None:
    """doc 003 "Disabled": no melee attack left offensively, still one defensive strike."""
    state = given(numbered(game, KNIGHT, {**BRUTE, "ma": 1}), KNIGHT, "disabled")
    assert "MA 0 (card 1) · RA 0 · defensive strikes 1" in words(fig(state, KNIGHT))


def test_stunned_card_says_no_defensive_combat(game: GameState) -> None:
    """doc 003 "Stunned": no Defensive Strikes, Defensive Shots or Counterspell."""
    assert words(fig(_numbered(game, "stunned"), KNIGHT)).endswith("RA 2 · no defensive combat")


def test_disabled_is_shown_on_the_card_with_the_card_number(game: GameState) -> None:
    """doc 003 "Disabled": the card shows MA and RA one less, beside the printed number."""
    assert "MA 1 (card 2) · RA 1 (card 2)" in words(fig(_numbered(game, "disabled"), KNIGHT))


def test_stunned_gets_no_defensive_combat(game: GameState) -> None:
    """doc 003 "Stunned": no Defensive Strikes, Defensive Shots or Counterspell."""
    values = _now(game, "stunned")
    assert (values["defensive_strikes"], values["defensive_shots"], values["counterspell"]) == (0, 0, 0)
    state = run(_numbered(game, "stunned"), WarlordActivate(model=ORC))
    for kind in ("strike", "shot", "counterspell"):
        refused(state, WarlordDefend(model=KNIGHT, kind=kind), "stunned.no_defence")


def test_a_model_not_stunned_defends_against_the_activated_enemy(game: GameState) -> None:
    """doc 003 "Stunned" (positive control): without it, a model answers an attack with its strikes."""
    state = run(_numbered(game, "disabled"), WarlordActivate(model=ORC))
    _, happened = events(state, WarlordDefend(model=KNIGHT, kind="strike"))
    assert happened[0].data == {"kind": "strike", "count": 1}


def test_defence_needs_an_activated_enemy(game: GameState) -> None:
    """doc 003 "Stunned": defensive combat answers an attack; with no enemy activated there is none."""
    refused(_numbered(game), WarlordDefend(model=KNIGHT, kind="strike"), "defence.no_attack")


def test_flying_has_no_ranged_attacks_not_even_defensive_shots(game: GameState) -> None:
    """doc 003 "Flying": no ranged attacks, even Defensive Shots."""
    values = _now(game, "flying")
    assert (values["RA"], values["defensive_shots"]) == (0, 0)
    refused(run(_numbered(game, "flying"), WarlordActivate(model=ORC)), WarlordDefend(model=KNIGHT, kind="shot"),
            "ranged.flying")


def test_burrowed_moves_with_its_special_mov(game: GameState) -> None:
    """doc 003 "Burrowed": while Burrowed underground, the model uses its Special MOV."""
    values = _now(game, "burrowed")
    assert (values["MOV"], values["RA"]) == (4, 0)


def test_shaken_gives_attacks_against_it_plus_2(game: GameState) -> None:
    """doc 003 "Shaken": +2 to the MAV, RAV or CP of attacks against it."""
    assert _now(game, "shaken")["attacks_against"] == 2
    assert "attacks against it +2" in words(fig(_numbered(game, "shaken"), KNIGHT))


def test_blessed_adds_1_to_its_die_rolls(game: GameState) -> None:
    """doc 003 "Blessed": +1 to all die rolls."""
    assert _now(game, "blessed")["die_rolls"] == 1


def test_cursed_takes_1_from_its_die_rolls(game: GameState) -> None:
    """doc 003 "Cursed": -1 to all die rolls."""
    assert _now(game, "cursed")["die_rolls"] == -1


def test_shaken_and_disabled_together(game: GameState) -> None:
    """doc 003 "Shaken" and "Disabled": both apply at once."""
    assert words(fig(_numbered(game, "shaken", "disabled"), KNIGHT)) == (
        "MOV 6 · MAV 3 · RAV 4 · DV 5 · CP 2 · MA 1 (card 2) · RA 1 (card 2) · attacks against it +2")


def test_a_model_without_card_numbers_derives_none(game: GameState) -> None:
    """doc 003 (all states): no number is invented for a card nobody typed."""
    derived = options(given(game, KNIGHT, "disabled"), KNIGHT)[0]
    assert derived.values == {"counterspell": 0, "die_rolls": 0, "attacks_against": 0,
                              "DT": 3, "DT:max": 3, "actions": 2}  # the tracks and actions are known without it
