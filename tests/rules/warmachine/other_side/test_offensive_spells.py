"""Spells cast from the caster's card: an offensive spell is resolved as a magic attack (doc 002 "Appendix A -
Timing Charts", "Spell-casting Sequence"), and a spell whose area or unit covers several models changes each of
them in one casting.

The caster's spells are test data typed as a player would from a card: a bolt (POW 12), a blast (AOE 3, POW 13),
a curse (offensive, no POW), a ward (not offensive, upkeep) and a field around the caster (SELF, AOE CTRL,
upkeep).
"""

from models.catalog.schema import Spell, Stats
from models.rules import GameState
from models.rules.warmachine.attack_math import attack_stat
from models.rules.warmachine.attacks import AttackRoll, Boost, DamageRoll, DeclareAttack, suggested_hit
from models.rules.warmachine.match import board
from models.rules.warmachine.spells import CastSpell, DropUpkeep
from tests.rules.warmachine.game import AGATHON, REGNA
from tests.rules.warmachine.game import activated as activated_infernal
from tests.rules.warmachine.game import new_game as infernal_game
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    CARDS,
    CASTER,
    JACK,
    JACK_1,
    JACK_2,
    LOCK,
    activated,
    happened,
    kinds,
    new_game,
    refused,
    roll,
    run,
    to_step,
)

SPELLS = (Spell(name="Test Bolt", cost=2, rng="10", pow=12, off=True),
          Spell(name="Test Blast", cost=3, rng="8", aoe="3", pow=13, off=True),
          Spell(name="Test Curse", cost=2, rng="8", off=True),
          Spell(name="Test Ward", cost=2, rng="6", dur="UP", off=False),
          Spell(name="Test Field", cost=2, rng="SELF", aoe="CTRL", dur="UP", off=False))
CAST = "p1-test-caster"
FOCUS = 6  # the test caster's FOCUS


def casting() -> GameState:
    """Cy's warcaster (FOCUS 6, DEF 16, its spells on its card) activated, with its focus; its warjacks have
    DEF 12."""
    cards = {**CARDS, CASTER.key: CASTER.model_copy(update={"spells": SPELLS, "stats": Stats(FOCUS=6, ARM=15,
                                                                                              DEF=16)}),
             JACK.key: JACK.model_copy(update={"stats": Stats(DEF=12)})}
    return activated(new_game(cards=cards), CAST)


def bolt(target: str = BLITZ, **more: object) -> CastSpell:
    return CastSpell(model=CAST, spell="Test Bolt", cost=2, attack_target=target, **more)


def focus(state: GameState) -> int | None:
    return board(state).model(CAST).focus


def test_an_offensive_spell_is_resolved_as_a_magic_attack_from_checking_range():
    """doc 002, "Spell-casting Sequence": the COST is paid, then an offensive spell is resolved with the attack
    sequence from "Check the range to the target": the assistant waits for its attack roll."""
    state, events = happened(casting(), bolt())
    assert kinds(events)[-2:] == ["spell.cast", "attack.declared"]
    attack = board(state).attack
    assert (attack.attacker, attack.target, attack.kind, attack.spell, attack.step) == (
        CAST, BLITZ, "magic", "Test Bolt", "attack_roll")
    assert focus(state) == FOCUS - 2


def test_an_offensive_spell_out_of_range_misses_without_a_roll():
    """doc 002, "Attack Sequence" step "Check the range": out of range, the attack misses, no attack roll; the
    COST is paid all the same (doc 002, "Spell-casting Sequence": it is paid when the spell is declared)."""
    state, events = happened(casting(), bolt(in_range=False))
    assert kinds(events)[-1] == "attack.missed"
    assert board(state).attack is None and focus(state) == FOCUS - 2


def test_the_magic_attack_roll_adds_focus_and_the_damage_roll_the_spells_pow_from_the_card():
    """doc 002, "Spell-casting Sequence" and "Attack Sequence": the attack roll is a magic attack (a warcaster's
    FOCUS, Mk III core rules); the damage roll adds the spell's POW as the caster's card prints it, so the
    damage is worked out without the players typing the POW."""
    state = run(casting(), bolt())
    assert attack_stat(state, board(state).model(CAST), "magic") == ("FOCUS", FOCUS)
    hit, words = suggested_hit(state, board(state).attack, (4, 4))
    assert hit is None and words.startswith("roll 8 + FOCUS 6 = 14")  # the warbeast's card has no DEF
    state = run(state, AttackRoll(dice=roll(4, 4), hit=True))
    state, events = happened(state, DamageRoll(dice=roll(3, 3), armour=15, column=1))
    assert events[0].data["damage"] == 3 + 3 + 12 - 15
    assert board(state).attack is None


def test_an_infernal_masters_magic_attack_adds_its_essence():
    """doc 001, "ESSENCE": a model uses its ESSENCE when making magic attack rolls (Agathon: ESSENCE 9)."""
    state = activated_infernal(infernal_game(), AGATHON)
    assert attack_stat(state, board(state).model(AGATHON), "magic") == ("ESSENCE", 9)
    assert attack_stat(state, board(state).model(REGNA), "magic") == ("ESSENCE", 5)


def test_a_spell_the_card_says_is_not_offensive_makes_no_attack():
    """doc 002, "Spell-casting Sequence": only an offensive spell goes on with the attack sequence; the card
    says which spells are. Nothing is paid. Positive control: an offensive spell without a POW on the card may
    still be declared an attack (the assistant then asks for its POW)."""
    ward = CastSpell(model=CAST, spell="Test Ward", cost=2, upkeep=True, attack_target=BLITZ)
    state = casting()
    assert refused(state, ward) == "spell.not_offensive"
    assert focus(state) == FOCUS
    cursed = run(state, CastSpell(model=CAST, spell="Test Curse", cost=2, attack_target=BLITZ))
    assert board(cursed).attack.spell == "Test Curse"


def test_an_offensive_spell_is_not_aimed_at_its_caster():
    """doc 002, "Spell-casting Sequence": the spell's target is declared; an attack never targets its own
    attacker (as ``DeclareAttack``)."""
    assert refused(casting(), bolt(CAST)) == "target.self"


def test_a_spells_magic_attack_is_no_attack_of_the_combat_action():
    """doc 001, "Spellcaster": casters make magic attacks and melee or ranged attacks in the same activation;
    a boost paid for the next melee attack is not the spell's, and the spell's boost costs its own point."""
    state = run(casting(), Boost(model=CAST, roll="attack"), bolt())
    assert focus(state) == FOCUS - 3
    state = run(state, AttackRoll(dice=roll(4, 4, 4), boosted=True, hit=False))
    assert focus(state) == FOCUS - 4, "the spell's boost is paid apart"
    state = run(state, DeclareAttack(attacker=CAST, target=BLITZ))
    assert board(state).attack.kind == "melee"
    assert refused(state, AttackRoll(dice=roll(4, 4), hit=True)) == "attack.dice_count", "its boost was paid"


def test_an_area_spell_changes_every_model_it_covers_in_one_casting():
    """doc 001, "Control Range": some spells use the control range as their area of effect; doc 002 "Attack
    Sequence": every model in an area is affected. One casting records the change on each model named, kept
    while the spell is upkept (doc 001 "Control Phase" step 4) and ended on all of them when it expires."""
    field = CastSpell(model=CAST, spell="Test Field", cost=2, upkeep=True, targets=(CAST, JACK_1, JACK_2),
                      stat="DEF", amount=2)
    state, events = happened(casting(), field)
    assert kinds(events).count("effect.stat") == 3
    assert all([(mod.stat, mod.amount, mod.cause) for mod in board(state).model(x).mods]
               == [("DEF", 2, "Test Field")] for x in (CAST, JACK_1, JACK_2))
    assert board(state).model(LOCK).mods == ()
    state = run(to_step(state, "control", "upkeep", seat=0), DropUpkeep(master=CAST, spell="Test Field"))
    assert all(board(state).model(x).mods == () for x in (CAST, JACK_1, JACK_2))


def test_a_spell_names_each_model_it_changes_once():
    """One change per model and spell: a model named twice is refused and nothing is paid."""
    twice = CastSpell(model=CAST, spell="Test Field", cost=2, upkeep=True, target=JACK_1, targets=(JACK_1,),
                      stat="DEF", amount=2)
    state = casting()
    assert refused(state, twice) == "spell.target_twice"
    assert focus(state) == FOCUS
