"""Spells, feats and animi that change a model's stats for a while (``stat_effects``, ``modifiers``): the changed
number is what the derived values and the attack arithmetic use, each change ends at the moment its duration
says, and an ESSENCE, FOCUS or FURY change applies the rules for the points above the stat."""

from models.rules.warmachine.activation import Activate
from models.rules.warmachine.attacks import DeclareAttack, suggested_damage, suggested_hit
from models.rules.warmachine.derived import derived, stat_words
from models.rules.warmachine.match import board
from models.rules.warmachine.shake import AddEffect
from models.rules.warmachine.spells import CastSpell
from models.rules.warmachine.state import control_range, remove
from tests.rules.warmachine.game import (
    AGATHON,
    GUARDIAN,
    REGNA,
    activated,
    happened,
    refused,
    run,
    to_step,
    with_model,
)
from tests.rules.warmachine.other_side import other_side_game as other


def change(model: str, stat: str, amount: int, cause: str, duration: str = "turn",
           caster: str | None = None) -> AddEffect:
    return AddEffect(model=model, effect="stat", stat=stat, amount=amount, cause=cause, duration=duration,
                     caster=caster)


def test_a_stat_change_shows_in_the_derived_stats_with_its_cause(game):
    """DESIGN.md "Effects change numbers through one path": +2 ARM from a spell makes Agathon's ARM 17, shown
    with its cause; a stat the four usual ones leave out (SPD) is shown while a change lasts. Positive control:
    before, his card's ARM 15."""
    assert derived(game, board(game).model(AGATHON)).stats["ARM"] == 15
    state = run(game, change(AGATHON, "ARM", 2, "Iron Flesh"), change(AGATHON, "SPD", -2, "Slow"))
    numbers = derived(state, board(state).model(AGATHON))
    assert numbers.stats == {"DEF": 14, "ARM": 17, "MAT": 6, "SPD": 4}
    assert stat_words(numbers) == "DEF 14 · ARM 17 (+2 Iron Flesh) · MAT 6 · SPD 4 (-2 Slow)"


def test_a_knocked_down_model_has_def_5_before_changes_apply(game):
    """Knocked down sets the base DEF to 5 (derived.py's public source); a change to DEF applies to that."""
    state = run(with_model(game, AGATHON, effects=("knocked_down",)), change(AGATHON, "DEF", 2, "Shield"))
    assert stat_words(derived(state, board(state).model(AGATHON))).startswith("DEF 7 (knocked down, +2 Shield)")


def test_the_attack_arithmetic_uses_the_changed_def_arm_and_mat(game):
    """doc 002 Appendix A (attack and damage rolls) with the changed numbers: the Guardian (MAT 6, +2 from a
    spell) attacks Regna (DEF 14 -2, ARM 14 +2), and the words say what changed each number."""
    state = activated(game, GUARDIAN)
    state = run(state, change(GUARDIAN, "MAT", 2, "Fury"), change(REGNA, "DEF", -2, "Marked"),
                change(REGNA, "ARM", 2, "Iron Flesh"), DeclareAttack(attacker=GUARDIAN, target=REGNA))
    hit, words = suggested_hit(state, board(state).attack, (2, 2))
    assert (hit, words) == (True, "roll 4 + MAT 8 (+2 Fury) = 12 vs DEF 12 (-2 Marked): hit")
    damage, words = suggested_damage(state, board(state).attack, (3, 3), power=14)
    assert (damage, words) == (4, "roll 6 + P+S 14 = 20 - ARM 16 (+2 Iron Flesh) = 4 damage")
    assert suggested_damage(state, board(state).attack, (3, 3), power=14, armour=14)[0] == 6, \
        "a number the players typed over the card's is theirs"


def test_a_change_for_this_turn_ends_when_the_next_turn_begins(activation):
    """A change lasting "this turn" is over at the end of the turn it was made in."""
    state = run(activation, change(REGNA, "ARM", 2, "Iron Flesh"))
    assert derived(state, board(state).model(REGNA)).stats["ARM"] == 16, "positive control: on for the rest of the turn"
    state = to_step(state, "activation", "activate", seat=1)
    assert derived(state, board(state).model(REGNA)).stats["ARM"] == 14
    assert board(state).model(REGNA).mods == ()


def test_a_change_for_one_round_ends_when_its_side_begins_its_next_turn(activation):
    """A one-round change made in seat 0's turn lasts through the opponent's turn and ends as seat 0's next turn
    begins (the Mk III round duration; stat_effects.py)."""
    state = run(activation, change(REGNA, "DEF", -2, "Marked", "round"))
    state = to_step(state, "activation", "activate", seat=1)
    assert derived(state, board(state).model(REGNA)).stats["DEF"] == 12, "still on in the other side's turn"
    state = to_step(state, "control", "replenish", seat=0, round_no=2)
    assert derived(state, board(state).model(REGNA)).stats["DEF"] == 14


def test_a_change_for_this_activation_ends_with_the_activation(game):
    """A change lasting "this activation" ends when the activation going on ends (here: the next model
    activates); with no model activating there is no activation for it to last."""
    assert refused(to_step(game, "activation", "activate"), change(GUARDIAN, "DEF", 2, "Haste", "activation")) \
        == "effect.no_activation"
    state = run(activated(game, AGATHON), change(GUARDIAN, "DEF", 2, "Haste", "activation"))
    assert derived(state, board(state).model(GUARDIAN)).stats["DEF"] == 11
    state, events = happened(state, Activate(model=GUARDIAN))
    assert derived(state, board(state).model(GUARDIAN)).stats["DEF"] == 9
    assert any(e.kind == "effect.ended" and e.model == GUARDIAN for e in events)


def test_an_upkept_change_ends_when_its_spell_expires(game):
    """doc 001 "Control Phase" step 4: a spell not upkept expires "and its effects immediately end"; a change
    needs an upkeep spell of that name in play."""
    state = activated(game, AGATHON)
    assert refused(state, change(GUARDIAN, "ARM", 2, "Dark Shroud", "upkeep", AGATHON)) == "effect.not_upkept"
    state = run(state, CastSpell(model=AGATHON, spell="Dark Shroud", cost=2, upkeep=True),
                change(GUARDIAN, "ARM", 2, "Dark Shroud", "upkeep", AGATHON))
    state = to_step(state, "control", "upkeep", seat=1)
    assert derived(state, board(state).model(GUARDIAN)).stats["ARM"] == 20, "kept through the opponent's turn"
    state = to_step(state, "activation", "activate", seat=0, round_no=2)  # the upkeep is let go on the way
    assert derived(state, board(state).model(GUARDIAN)).stats["ARM"] == 18


def test_an_upkept_change_ends_when_its_caster_leaves_play(game):
    """doc 001 "Control Phase" step 4 and state.remove: the caster gone, nothing keeps the spell."""
    state = run(activated(game, AGATHON), CastSpell(model=AGATHON, spell="Dark Shroud", cost=2, upkeep=True),
                change(REGNA, "ARM", -2, "Dark Shroud", "upkeep", AGATHON))
    assert derived(state, board(state).model(REGNA)).stats["ARM"] == 12
    state, events = remove(state, board(state).model(AGATHON), "destroyed", "test")
    assert derived(state, board(state).model(REGNA)).stats["ARM"] == 14
    assert any(e.kind == "effect.ended" for e in events)


def test_a_horror_whose_essence_is_lowered_loses_the_excess_at_once(game):
    """doc 001 "Horror Special Rules: Essence": "If a horror's current ESSENCE is reduced for any reason,
    immediately remove excess essence points." Positive control: a raised ESSENCE takes nothing."""
    state = with_model(game, GUARDIAN, essence=4)
    assert board(run(state, change(GUARDIAN, "ESSENCE", 1, "Blessing"))).model(GUARDIAN).essence == 4
    state, events = happened(state, change(GUARDIAN, "ESSENCE", -2, "Drain"))
    assert board(state).model(GUARDIAN).essence == 2
    assert [e.data["points"] for e in events if e.kind == "essence.lost"] == [2]


def test_a_master_above_a_lowered_essence_loses_the_excess_at_its_maintenance(game):
    """doc 001 "Maintenance Phase" step 1: a model with Essence Manipulation removes essence above its ESSENCE
    then, not before; its control range follows the stat at once (doc 001 "Control Range")."""
    state = to_step(with_model(game, AGATHON, essence=9), "activation", "activate", seat=1)
    state = run(state, change(AGATHON, "ESSENCE", -3, "Drain", "round"))
    assert board(state).model(AGATHON).essence == 9
    assert control_range(state, board(state).model(AGATHON)) == 12
    state = to_step(state, "control", "replenish", seat=0, round_no=2)
    assert board(state).model(AGATHON).essence == 6


def test_a_caster_above_a_lowered_focus_or_fury_loses_the_excess_at_its_maintenance():
    """doc 002 "Game Round", Maintenance: remove focus and fury in excess of the FOCUS and FURY stats. A
    change made in the opponent's turn for one round is on at that maintenance; the warcaster then replenishes
    to the changed FOCUS."""
    state = run(to_step(other.new_game(), "activation", "activate", seat=0),
                change(other.LOCK, "FURY", -1, "Chill", "round"))
    assert board(state).model(other.LOCK).fury == 6, "nothing lost before its maintenance"
    state = to_step(state, "activation", "activate", seat=1)
    assert board(state).model(other.LOCK).fury == 5
    state = run(state, change(other.CAST, "FOCUS", -2, "Feedback", "round"))
    assert board(state).model(other.CAST).focus == 6, "nothing lost before its maintenance"
    state = to_step(state, "activation", "activate", seat=0, round_no=2)
    assert board(state).model(other.CAST).focus == 4


def test_a_stat_change_needs_its_stat_an_amount_and_a_cause(game):
    """Bad input changes nothing and says why: no amount, a stat the card lacks (Agathon has no RAT), no
    cause, the same cause twice on one stat."""
    assert refused(game, change(AGATHON, "ARM", 0, "Nothing")) == "effect.stat_missing"
    assert refused(game, change(AGATHON, "RAT", 2, "Aim")) == "effect.no_stat"
    assert refused(game, change(AGATHON, "ARM", 2, " ")) == "name.empty"
    state = run(game, change(AGATHON, "ARM", 2, "Iron Flesh"))
    assert refused(state, change(AGATHON, "ARM", 2, "Iron Flesh")) == "effect.already"


def test_a_spell_that_changes_a_stat_records_the_change_when_cast(game):
    """doc 001 "Spellcaster" (the COST is paid) and "Control Phase" step 4: an upkeep spell's change lasts
    while upkept; a spell without upkeep lasts the duration the players give. A change the rules refuse
    refuses the whole casting: nothing is paid."""
    state = activated(game, AGATHON)
    assert refused(state, CastSpell(model=AGATHON, spell="Aim", cost=2, target=AGATHON, stat="RAT", amount=2)) \
        == "effect.no_stat"
    state = run(state, CastSpell(model=AGATHON, spell="Dark Shroud", cost=2, upkeep=True, target=REGNA,
                                 stat="ARM", amount=-2),
                CastSpell(model=AGATHON, spell="Quicken", cost=1, stat="DEF", amount=1, duration="round"))
    assert board(state).model(AGATHON).essence == board(game).model(AGATHON).essence - 3
    assert derived(state, board(state).model(REGNA)).stats["ARM"] == 12
    assert derived(state, board(state).model(AGATHON)).stats["DEF"] == 15, "no target: the caster itself"
    assert [m.duration for m in board(state).model(REGNA).mods] == ["upkeep"]
    state = run(state, CastSpell(model=AGATHON, spell="Dark Shroud", cost=2, upkeep=True, target=GUARDIAN,
                                 stat="ARM", amount=-2))
    assert derived(state, board(state).model(REGNA)).stats["ARM"] == 14, "cast again: the earlier casting's change ends"
    assert derived(state, board(state).model(GUARDIAN)).stats["ARM"] == 16
    state = to_step(state, "activation", "activate", seat=0, round_no=2)  # the upkeep is let go on the way
    assert derived(state, board(state).model(REGNA)).stats["ARM"] == 14
    assert derived(state, board(state).model(AGATHON)).stats["DEF"] == 14


def test_a_feat_or_spell_covering_an_area_changes_every_model_named_in_one_command(game):
    """doc 001 "Control Range": some spells and feats use the control range as their area of effect; every model
    the players name in it gets the change in one command (one undo takes it back). A model named twice, or a
    state put on several, is refused. Positive control: the Guardian's ARM 18 without it."""
    feat = AddEffect(model=AGATHON, effect="stat", stat="ARM", amount=2, cause="Test Feat", also=(GUARDIAN,))
    state, events = happened(game, feat)
    assert [e.model for e in events] == [AGATHON, GUARDIAN]
    assert [derived(state, board(state).model(x)).stats["ARM"] for x in (AGATHON, GUARDIAN)] == [17, 20]
    twice = AddEffect(model=AGATHON, effect="stat", stat="ARM", amount=2, cause="Test Feat", also=(AGATHON,))
    assert refused(game, twice) == "effect.model_twice"
    knocked = AddEffect(model=AGATHON, effect="knocked_down", also=(GUARDIAN,))
    assert refused(game, knocked) == "effect.one_model"
    assert derived(game, board(game).model(GUARDIAN)).stats["ARM"] == 18
