"""Ranged attacks and spells as actions, and the model states that forbid or change them (doc 003 "Burrowed",
"Flying", "Shaken", "Disabled", "Blessed")."""

from models.rules import GameState
from models.rules.warlord.activation import WarlordActivate, WarlordEndActivation
from models.rules.warlord.combat import WarlordCastSpell, WarlordRangedAttack
from models.rules.warlord.state import Stats
from tests.rules.warlord.game import BRUTE, KNIGHT, ORC, events, fig, given, numbered, refused, run

SHOOT = WarlordRangedAttack(model=KNIGHT, target=ORC)
CAST = WarlordCastSpell(model=KNIGHT, spell="Fire Bolt", target=ORC)


def _active(game: GameState, *states: str) -> GameState:
    """The Knight, with ARCHER's card and the given states, activated; the Orc with BRUTE's card."""
    state = given(numbered(numbered(game, KNIGHT), ORC, BRUTE), KNIGHT, *states)
    return run(state, WarlordActivate(model=KNIGHT))


def test_a_ranged_attack_is_an_action_with_its_numbers(game: GameState) -> None:
    """doc 003 "Shaken" (RAV is the number attacks use): the log says how many shots at which RAV."""
    state, happened = events(_active(game), SHOOT)
    assert fig(state, KNIGHT).actions == ("ranged_attack",)
    assert happened[0].text == "Knight: Ranged attack (action 1 of 2): 2 shots at Orc with RAV 4."
    assert happened[0].data["attacks"] == 2 and happened[0].data["value"] == 4


def test_flying_model_makes_no_ranged_attacks(game: GameState) -> None:
    """doc 003 "Flying": a Flying model may not conduct any ranged attacks."""
    refused(_active(game, "flying"), SHOOT, "ranged.flying")


def test_burrowed_model_makes_no_ranged_attacks(game: GameState) -> None:
    """doc 003 "Burrowed": while Burrowed a model cannot conduct ranged attacks."""
    refused(_active(game, "burrowed"), SHOOT, "ranged.burrowed")


def test_burrowed_model_cannot_be_shot(game: GameState) -> None:
    """doc 003 "Burrowed": nor can it be targeted by ranged attacks."""
    refused(given(_active(game), ORC, "burrowed"), SHOOT, "ranged.target_burrowed")


def test_burrowed_model_casts_no_spells(game: GameState) -> None:
    """doc 003 "Burrowed": Burrowed models may not cast spells."""
    refused(_active(game, "burrowed"), CAST, "spell.burrowed")


def test_burrowed_model_is_no_target_for_a_spell_needing_line_of_sight(game: GameState) -> None:
    """doc 003 "Burrowed": nor be the target of spells that require LOS (others still reach it)."""
    state = given(_active(game), ORC, "burrowed")
    refused(state, CAST, "spell.target_burrowed")
    assert fig(run(state, CAST.model_copy(update={"needs_los": False})), KNIGHT).actions == ("cast_spell",)


def test_flying_spellcaster_may_cast(game: GameState) -> None:
    """doc 003 "Flying": Flying spellcasters may cast spells."""
    assert fig(run(_active(game, "flying"), CAST), KNIGHT).actions == ("cast_spell",)


def test_shaken_target_gives_the_attacker_plus_2(game: GameState) -> None:
    """doc 003 "Shaken": attacks against a Shaken model get +2 to their RAV or CP."""
    state = given(_active(game), ORC, "shaken")
    _, shot = events(state, SHOOT)
    assert shot[0].data["value"] == 6 and "RAV 4 +2 (Orc is Shaken) = 6" in shot[0].text
    _, spell = events(state, CAST)
    assert spell[0].data["value"] == 4 and "CP 2 +2 (Orc is Shaken) = 4" in spell[0].text


def test_flying_target_gives_ranged_attacks_from_the_ground_minus_1(game: GameState) -> None:
    """doc 003 "Flying": ranged attacks from models on the ground against Flying models receive -1."""
    _, shot = events(given(_active(game), ORC, "flying"), SHOOT)
    assert shot[0].data["value"] == 3 and "-1 (Orc is Flying)" in shot[0].text


def test_disabled_model_shoots_one_fewer(game: GameState) -> None:
    """doc 003 "Disabled": -1 #RA."""
    _, shot = events(_active(game, "disabled"), SHOOT)
    assert shot[0].data["attacks"] == 1


def test_disabled_model_may_be_left_without_ranged_attacks(game: GameState) -> None:
    """doc 003 "Disabled": a model may go below one attack offensively."""
    state = given(numbered(numbered(game, KNIGHT, {**BRUTE, "ra": 1, "rav": 3}), ORC, BRUTE), KNIGHT, "disabled")
    refused(run(state, WarlordActivate(model=KNIGHT)), SHOOT, "ranged.no_attacks")


def test_blessed_adds_1_to_the_die_and_is_spent_by_the_ranged_attack(game: GameState) -> None:
    """doc 003 "Blessed": +1 to all die rolls until the end of its next combat action."""
    state, shot = events(_active(game, "blessed"), SHOOT)
    assert shot[0].data["roll"] == 1 and "die rolls +1" in shot[0].text
    assert not fig(state, KNIGHT).has("blessed")


def test_cursed_takes_1_from_the_die(game: GameState) -> None:
    """doc 003 "Cursed": -1 to all die rolls."""
    _, spell = events(_active(game, "cursed"), CAST)
    assert spell[0].data["roll"] == -1


def test_stunned_model_shoots_as_its_one_action(game: GameState) -> None:
    """doc 003 "Stunned": a single action in its next activation, a ranged attack included."""
    refused(run(_active(game, "stunned"), SHOOT), CAST, "stunned.one_action")


def test_a_model_without_ranged_attacks_or_cp_is_refused(game: GameState) -> None:
    """doc 003 "Shaken" names RAV and CP: a card with RA 0 or CP 0 has neither to attack with."""
    state = run(numbered(numbered(game, KNIGHT, BRUTE), ORC, BRUTE), WarlordActivate(model=KNIGHT))
    refused(state, SHOOT, "ranged.none")
    refused(state, CAST, "spell.not_caster")


def test_a_card_without_the_number_asks_for_it(game: GameState) -> None:
    """doc 003 "Shaken": the RAV comes from the card; once the game runs, the app asks for it instead of
    guessing."""
    state = run(game, WarlordActivate(model=ORC), WarlordEndActivation(model=ORC))
    state = run(numbered(state, KNIGHT, {"ra": 1}), WarlordActivate(model=KNIGHT))
    assert "RAV" in refused(state, SHOOT, "stats.unknown").message
    assert fig(state, KNIGHT).stats == Stats(ra=1)


def test_a_ranged_attack_needs_the_activated_model(game: GameState) -> None:
    """doc 003 "Stunned" counts actions within an activation: shooting is one of them."""
    refused(numbered(game, KNIGHT), SHOOT, "activation.not_active")


def test_a_model_cannot_shoot_itself(game: GameState) -> None:
    """doc 003 "Shaken": an attack is against another model."""
    refused(_active(game), SHOOT.model_copy(update={"target": KNIGHT}), "target.self")
