"""Melee attacks as actions, and the model states that forbid or change them (doc 003 "Burrowed", "Flying",
"Shaken", "Disabled")."""

from models.rules import GameState
from models.rules.warlord.activation import WarlordActivate
from models.rules.warlord.combat import WarlordMeleeAttack
from tests.rules.warlord.game import BRUTE, KNIGHT, ORC, events, fig, given, numbered, refused, run

FIGHT = WarlordMeleeAttack(model=KNIGHT, target=ORC)


def _active(game: GameState, knight: tuple[str, ...] = (), orc: tuple[str, ...] = ()) -> GameState:
    """The Knight (ARCHER's card) and the Orc (BRUTE's) with the given states; the Knight activated."""
    state = given(given(numbered(numbered(game, KNIGHT), ORC, BRUTE), KNIGHT, *knight), ORC, *orc)
    return run(state, WarlordActivate(model=KNIGHT))


def test_a_melee_attack_is_a_combat_action_with_its_numbers(game: GameState) -> None:
    """doc 003 "Shaken" (MAV is what melee attacks use): the log gives the attacks and the MAV."""
    state, happened = events(_active(game), FIGHT)
    assert fig(state, KNIGHT).actions == ("melee_attack",)
    assert happened[0].text == "Knight: Melee attack (action 1 of 2): 2 melee attacks at Orc with MAV 3."


def test_shaken_target_gives_the_attacker_plus_2_mav(game: GameState) -> None:
    """doc 003 "Shaken": attacks against a Shaken model get +2 to their MAV."""
    _, happened = events(_active(game, orc=("shaken",)), FIGHT)
    assert happened[0].data["value"] == 5 and "MAV 3 +2 (Orc is Shaken) = 5" in happened[0].text


def test_disabled_model_makes_one_melee_attack_fewer(game: GameState) -> None:
    """doc 003 "Disabled": -1 #MA."""
    _, happened = events(_active(game, knight=("disabled",)), FIGHT)
    assert happened[0].data["attacks"] == 1


def test_disabled_model_may_be_left_without_melee_attacks(game: GameState) -> None:
    """doc 003 "Disabled": a model may go below one melee attack offensively."""
    state = given(numbered(numbered(game, KNIGHT, {**BRUTE, "ma": 1}), ORC, BRUTE), KNIGHT, "disabled")
    refused(run(state, WarlordActivate(model=KNIGHT)), FIGHT, "melee.no_attacks")


def test_burrowed_models_fight_only_burrowed_models(game: GameState) -> None:
    """doc 003 "Burrowed": melee only from and against other Burrowed models."""
    refused(_active(game, knight=("burrowed",)), FIGHT, "melee.burrowed")
    refused(_active(game, orc=("burrowed",)), FIGHT, "melee.burrowed")
    state = run(_active(game, knight=("burrowed",), orc=("burrowed",)), FIGHT)
    assert fig(state, KNIGHT).actions == ("melee_attack",)


def test_flying_models_fight_only_flying_models_but_for_a_swift_attack(game: GameState) -> None:
    """doc 003 "Flying": melee only between Flying models, except a Flying model's Swift Attack on the ground."""
    refused(_active(game, knight=("flying",)), FIGHT, "melee.flying")
    refused(_active(game, orc=("flying",)), FIGHT.model_copy(update={"swift": True}), "melee.flying")
    state = run(_active(game, knight=("flying",)), FIGHT.model_copy(update={"swift": True}))
    assert fig(state, KNIGHT).actions == ("melee_attack",)
