"""Summoning horrors through Marked Souls (doc 001 "Summoning", "MARKED SOULS"; doc 000 "Summoning",
"Summoned horror - Arrival turn"; the Infernal Gate card)."""

from models.rules import parse_command
from models.rules.warmachine.activation import Activate, Charge, EndActivation, Run
from models.rules.warmachine.attacks import Boost, BuyAttack
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.rules.warmachine.setup import ArmyEntry
from models.rules.warmachine.summoning import Summon
from models.rules.warmachine.tithe import PayTithe
from tests.rules.warmachine.game import with_stat
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    CARDS,
    CULTIST_1,
    CULTIST_2,
    DESOLATOR,
    DESOLATOR_DONE,
    ENEMY_LEADER,
    FOREBODER,
    GATE,
    LEADER,
    REGNA,
    SHIPPED,
    SHRIEKER,
    UMBRAL,
    activated,
    fall,
    happened,
    new_table,
    refused,
    run,
    to_step,
    with_model,
)

LAMENTER_CARD, TORMENTOR_CARD, FOREBODER_CARD = CARDS["lamenter"], CARDS["tormentor"], CARDS["foreboder"]


def summon(master=AGATHON, vessel=CULTIST_1, card=LAMENTER_CARD, **claims):
    return Summon(master=master, vessel=vessel, horror_card=card, **claims)


def test_summoning_replaces_a_marked_soul_with_a_horror_of_the_masters_battlegroup(table):
    """doc 001 "Summoning": the marked soul is removed from play and replaced by the horror, which is part of
    the master's battlegroup and enters play with 1 essence point."""
    state, events = happened(activated(table, AGATHON), summon())
    assert board(state).model(CULTIST_1).status == "removed"
    assert board(state).model(CULTIST_1).removed_why == "used as a vessel"  # its card says why it left play
    horror = board(state).models[-1]
    assert (horror.id, horror.name, horror.card) == ("p1-lamenter-2", "Lamenter 2", "lamenter")
    assert (horror.seat, horror.battlegroup, horror.essence) == (0, AGATHON, 1)
    assert board(state).model(AGATHON).summoned_this_turn
    assert [e.kind for e in events] == ["essence.spent", "model.removed", "summon.arrived"]


def test_summoning_costs_the_horrors_base_essence(table):
    """doc 001 "Summoning": the master spends essence points equal to the horror's base ESSENCE (Lamenter 3,
    Tormentor 4)."""
    state = run(activated(table, AGATHON), summon())
    assert board(state).model(AGATHON).essence == 6
    state = run(activated(table, AGATHON), summon(card=TORMENTOR_CARD))
    assert board(state).model(AGATHON).essence == 5


def test_summoning_near_an_infernal_gate_costs_1_less(table):
    """Infernal Gate card: summoning within 8 inches of it costs 1 less essence (the players' answer)."""
    state = run(activated(table, AGATHON), summon(card=TORMENTOR_CARD, near_gate=True))
    assert board(state).model(AGATHON).essence == 6


def test_the_gate_discount_needs_a_friendly_gate_in_play(table):
    """Infernal Gate card: the discount comes from a friendly Infernal Gate; a destroyed gate gives none."""
    state = fall(table, MarkDamage(model=GATE, amount=25))
    assert refused(activated(state, AGATHON), summon(near_gate=True)) == "summon.no_gate"


def test_a_master_summons_at_most_one_horror_per_turn(table):
    """doc 001 "Summoning": an infernal master can summon up to one horror during its activation each turn."""
    state = run(activated(table, AGATHON), summon())
    assert refused(state, summon(vessel=CULTIST_2)) == "summon.once_per_turn"


def test_a_master_may_summon_again_next_turn(table):
    """doc 001 "Summoning": the limit is one per turn."""
    state = run(activated(table, AGATHON), summon(card=FOREBODER_CARD), EndActivation(model=AGATHON))
    state = to_step(state, "control", "replenish", seat=1)
    state = run(activated(state, AGATHON), summon(vessel=CULTIST_2, card=FOREBODER_CARD))
    assert board(state).model("p1-foreboder-3").battlegroup == AGATHON


def test_each_master_summons_once_in_the_same_turn(table):
    """doc 001 "Summoning" and doc 000 "Master Infernalist": Regna has every master rule but the feat, so she
    summons into her own battlegroup besides Agathon's summon."""
    state = run(activated(table, AGATHON), summon(), Activate(model=REGNA),
                summon(master=REGNA, vessel=CULTIST_2, card=FOREBODER_CARD))
    assert board(state).model("p1-foreboder-2").battlegroup == REGNA
    assert board(state).model(REGNA).essence == 4


def test_summoning_happens_only_during_the_masters_activation(table):
    """doc 001 "Summoning": during its activation."""
    assert refused(table, summon()) == "step.wrong"
    state = to_step(table, "activation", "activate")
    assert refused(state, summon()) == "summon.not_activated"


def test_the_vessel_must_be_a_marked_soul(table):
    """doc 001 "Summoning": choose a friendly marked soul (the Umbral Guardian is not one)."""
    assert refused(activated(table, AGATHON), summon(vessel=UMBRAL)) == "summon.not_marked_soul"


def test_the_vessel_must_be_friendly(table):
    """doc 001 "Summoning": the marked soul is a friendly one."""
    assert refused(activated(table, AGATHON), summon(vessel=ENEMY_LEADER)) == "summon.vessel_not_friendly"


def test_the_vessel_must_be_in_the_masters_command_range(table):
    """doc 001 "Summoning": the marked soul is in the master's command range; it is chosen, not targeted, so
    line of sight is never asked."""
    assert refused(activated(table, AGATHON), summon(in_command=False)) == "summon.out_of_command"


def test_the_vessel_must_still_be_in_play(table):
    """doc 001 "Summoning": the marked soul is currently on the table."""
    state = fall(table, MarkDamage(model=CULTIST_1, amount=1))
    assert refused(activated(state, AGATHON), summon()) == "model.not_in_play"


def test_a_master_cannot_be_its_own_vessel(table):
    """doc 001 "Summoning": the marked soul is replaced by the horror; the master itself stays (Regna is a
    marked soul)."""
    assert refused(activated(table, REGNA), summon(master=REGNA, vessel=REGNA)) == "summon.vessel_self"


def test_colossal_horrors_cannot_be_summoned(table):
    """Guardian of Souls card and doc 001 "Horrors": colossal horrors come only with the army list."""
    state = activated(table, AGATHON)
    assert refused(state, summon(card=SHIPPED["guardian-of-souls"])) == "summon.forbidden"
    assert refused(state, summon(card=SHIPPED["harvester-of-souls"])) == "summon.forbidden"


def test_only_horrors_are_summoned(table):
    """doc 001 "Summoning": the master summons a horror."""
    assert refused(activated(table, AGATHON), summon(card=SHIPPED["umbral-guardian"])) == "summon.not_horror"


def test_summoning_needs_enough_essence(table):
    """doc 001 "Summoning": the master must spend the horror's ESSENCE in essence points."""
    state = with_model(activated(table, AGATHON), AGATHON, essence=2)
    assert refused(state, summon()) == "essence.not_enough"


def test_a_horror_need_not_be_in_the_army_list(table):
    """doc 000 "Summoning": the player picks the horror when summoning; the game learns its card then."""
    assert "shrieker" not in board(table).cards
    state = run(activated(table, AGATHON), summon(card=SHRIEKER))
    assert board(state).cards["shrieker"] == SHRIEKER
    assert board(state).model("p1-shrieker").essence == 1


def test_an_incomplete_horror_card_must_be_completed_before_summoning(table):
    """doc 001 "Summoning": the cost is the horror's ESSENCE and its web takes damage, so the player enters
    what the catalog lacks from their own card first."""
    state = activated(table, AGATHON)
    assert refused(state, summon(card=DESOLATOR)) == "card.incomplete"
    state = run(state, summon(card=DESOLATOR_DONE))
    assert board(state).model(AGATHON).essence == 5
    assert board(state).cards["desolator"] == DESOLATOR_DONE


def test_the_games_own_copy_of_a_card_is_used(table):
    """The game's own card is the one that counts when the picker sends the catalog's card."""
    state = with_stat(table, "lamenter", "ESSENCE", 2)
    state = run(activated(state, AGATHON), summon(card=SHIPPED["lamenter"]))
    assert board(state).model(AGATHON).essence == 7


def test_a_summoned_horror_forfeits_its_combat_action_that_turn(table):
    """doc 001 "Summoning" and doc 000 "Summoned horror - Arrival turn": it forfeits its Combat Action the
    turn it is summoned (no charge, no extra or boosted attacks)."""
    state = run(activated(table, AGATHON), summon(), Activate(model="p1-lamenter-2"))
    assert refused(state, BuyAttack(model="p1-lamenter-2")) == "summon.forfeit_combat"
    assert refused(state, Boost(model="p1-lamenter-2", roll="attack")) == "summon.forfeit_combat"
    assert refused(state, Charge(model="p1-lamenter-2")) == "summon.forfeit_combat"


def test_a_summoned_horror_still_activates_and_moves_that_turn(table):
    """doc 001 "Summoning": only the Combat Action is forfeited; it activates and may run (for free)."""
    state = run(activated(table, AGATHON), summon(), Activate(model="p1-lamenter-2"),
                Run(model="p1-lamenter-2"))
    assert board(state).model("p1-lamenter-2").act.ran
    assert board(state).model("p1-lamenter-2").essence == 1


def test_a_summoned_horror_pays_tithe_at_the_end_of_the_turn(table):
    """doc 000 "Summoned horror - Arrival turn": it still pays tithe as normal."""
    state = run(activated(table, AGATHON), summon())
    state = to_step(state, "end", "tithe")
    assert "p1-lamenter-2" in board(state).pending_tithe
    state = run(state, PayTithe(horror="p1-lamenter-2"))
    assert board(state).model("p1-lamenter-2").essence == 0


def test_a_summoned_horror_fights_normally_next_turn(table):
    """doc 001 "Summoning": the forfeit lasts only for the turn it was summoned."""
    state = run(activated(table, AGATHON), summon(), EndActivation(model=AGATHON))
    state = to_step(state, "control", "replenish", seat=1)
    state = run(activated(state, "p1-lamenter-2"), Charge(model="p1-lamenter-2"))
    assert board(state).model("p1-lamenter-2").act.charged


def test_a_summoned_horror_goes_when_its_master_is_destroyed(table):
    """doc 001 "Infernal Master Destruction": summoned horrors are part of the battlegroup too."""
    state = fall(activated(table, AGATHON), summon(), MarkDamage(model=AGATHON, amount=17))
    assert board(state).model("p1-lamenter-2").status == "removed"


def test_the_master_infernalist_can_summon(table):
    """doc 000 "Master Infernalist": Regna shares every infernal master rule except the feat."""
    state = run(activated(table, REGNA), summon(master=REGNA, vessel=LEADER, card=FOREBODER_CARD))
    assert board(state).model("p1-foreboder-2").battlegroup == REGNA
    assert board(state).model(REGNA).essence == 4


def test_a_master_infernalist_with_no_horror_summons_her_first_one():
    """doc 000 "Master Infernalist": Regna may start without a horror and summon one later."""
    state = new_table((ArmyEntry(card="princess-regna"), ArmyEntry(card="cultist-band", size=4)))
    state = run(activated(state, "p1-princess-regna"), Summon(
        master="p1-princess-regna", vessel=CULTIST_1, horror_card=FOREBODER_CARD))
    assert board(state).model("p1-foreboder").battlegroup == "p1-princess-regna"
    assert board(state).cards["foreboder"] == FOREBODER_CARD


def test_summon_travels_as_json(table):
    """The summon command, with its card, is part of the public vocabulary (API and log)."""
    command = summon(near_gate=True)
    assert parse_command(command.model_dump(mode="json")) == command


def test_summoned_horrors_get_distinct_ids(table):
    """Each summoned horror is a model of its own."""
    state = run(activated(table, AGATHON), summon(card=FOREBODER_CARD), Activate(model=REGNA),
                summon(master=REGNA, vessel=CULTIST_2, card=FOREBODER_CARD))
    ids = [m.id for m in board(state).models]
    assert len(ids) == len(set(ids))
    assert {FOREBODER, "p1-foreboder-2", "p1-foreboder-3"} <= set(ids)
