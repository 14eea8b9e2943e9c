"""Damage webs of horrors, healing, completing a card's web, and damage transference."""

from models.rules import options
from models.rules.warmachine.activation import Activate, Charge, PowerAttack, Run
from models.rules.warmachine.attacks import ResolveDisabled
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.essence import Heal
from models.rules.warmachine.match import board, with_board
from models.rules.warmachine.options import notes
from models.rules.warmachine.setup import ArmyEntry, CompleteCard
from tests.rules.warmachine.game import (
    AGATHON,
    CARDS,
    FOREBODER,
    GUARDIAN,
    LEADER,
    REGNA,
    REGNA_HORROR,
    completed_foreboder,
    events,
    fall,
    let_fall,
    new_game,
    refused,
    run,
    to_step,
    tough,
    with_model,
)


def option(state, model_id, action):
    return next(o for o in options(state, model_id) if o.action == action)


# --- recording damage -----------------------------------------------------------------------------------


def test_damage_is_marked_on_the_outer_ring_first(game):
    """doc 001, "Recording Damage To a Horror": damage is applied to the outermost ring first."""
    state = run(game, MarkDamage(model=GUARDIAN, amount=10))
    assert board(state).model(GUARDIAN).marks == (10, 0, 0)


def test_damage_fills_outer_then_middle_then_centre_ring(game):
    """doc 001, "Recording Damage To a Horror": once a ring is full, damage continues in the next ring with
    an unmarked box (Guardian of Souls: 30 / 16 / 10)."""
    state = run(game, MarkDamage(model=GUARDIAN, amount=35))
    assert board(state).model(GUARDIAN).marks == (30, 5, 0)
    state = run(state, MarkDamage(model=GUARDIAN, amount=20))
    assert board(state).model(GUARDIAN).marks == (30, 16, 9)


def test_completed_web_fills_in_ring_order(game):
    """doc 001, "Recording Damage To a Horror": a web completed by the player (Foreboder 6 / 4 / 4) fills
    outer, middle, centre."""
    state = run(game, MarkDamage(model=FOREBODER, amount=7))
    assert board(state).model(FOREBODER).marks == (6, 1, 0)
    state = run(state, MarkDamage(model=FOREBODER, amount=5))
    assert board(state).model(FOREBODER).marks == (6, 4, 2)


def test_ring_with_every_box_marked_is_crippled(game):
    """doc 001, "Recording Damage To a Horror": when all boxes of a ring are marked, the ring is crippled."""
    state, kinds = events(game, MarkDamage(model=GUARDIAN, amount=30))
    assert "damage.crippled" in kinds
    assert any(note.startswith("Outer ring crippled") for note in notes(state, GUARDIAN))
    assert notes(run(game, MarkDamage(model=GUARDIAN, amount=29)), GUARDIAN) == ()


def test_crippled_outer_ring_note_names_running_charging_and_power_attacks(game):
    """doc 001, "Crippled Outer Ring": the horror must spend an essence point to run, charge or make a power
    attack; the model's notes say so."""
    state = run(game, MarkDamage(model=GUARDIAN, amount=30))
    (note,) = notes(state, GUARDIAN)
    for word in ("Running", "charging", "power attacks", "essence"):
        assert word in note


def test_crippled_middle_ring_note_names_one_fewer_attack_die(game):
    """doc 001, "Crippled Middle Ring": the horror rolls one fewer die on attack rolls."""
    state = run(game, MarkDamage(model=GUARDIAN, amount=46))
    outer, middle = notes(state, GUARDIAN)
    assert middle.startswith("Middle ring crippled")
    assert "one fewer die" in middle
    assert "attack" in middle


def test_horror_runs_and_charges_for_free_while_its_outer_ring_is_whole(activation):
    """doc 001, "Running and Charging": a horror normally runs or charges without spending essence."""
    state = run(with_model(activation, GUARDIAN, essence=0), Activate(model=GUARDIAN), Run(model=GUARDIAN))
    assert board(state).model(GUARDIAN).essence == 0


def test_crippled_outer_ring_makes_running_cost_one_essence(activation):
    """doc 001, "Crippled Outer Ring" and "Running and Charging": running costs an essence point."""
    state = run(activation, MarkDamage(model=GUARDIAN, amount=30), Activate(model=GUARDIAN),
                Run(model=GUARDIAN))
    assert board(state).model(GUARDIAN).essence == 3


def test_crippled_outer_ring_makes_charging_cost_one_essence(activation):
    """doc 001, "Crippled Outer Ring" and "Running and Charging": charging costs an essence point."""
    state = run(activation, MarkDamage(model=GUARDIAN, amount=30), Activate(model=GUARDIAN),
                Charge(model=GUARDIAN))
    assert board(state).model(GUARDIAN).essence == 3


def test_crippled_outer_ring_makes_power_attacks_cost_one_essence():
    """doc 001, "Crippled Outer Ring" and "Power Attacks": a light horror's slam costs an essence point once
    its outer ring is crippled, and is free before."""
    lamenter = CARDS["lamenter"]
    lamenter = lamenter.model_copy(update={"damage": lamenter.damage.model_copy(update={"rings": (8, 6, 4)})})
    army = (ArmyEntry(card="agathon"), ArmyEntry(card="lamenter", battlegroup_of=0))
    state = run(new_game(army_1=army), CompleteCard(card=lamenter))
    state = run(to_step(state, "activation", "activate"), Activate(model="p1-lamenter"))
    free = run(state, PowerAttack(model="p1-lamenter", kind="slam"))
    assert board(free).model("p1-lamenter").essence == 3
    crippled = run(state, MarkDamage(model="p1-lamenter", amount=8),
                   PowerAttack(model="p1-lamenter", kind="slam"))
    assert board(crippled).model("p1-lamenter").essence == 2


def test_crippled_outer_ring_without_essence_cannot_run(activation):
    """doc 001, "Crippled Outer Ring": without an essence point to spend the horror cannot run; options()
    greys the action with the reason."""
    state = with_model(activation, GUARDIAN, essence=0)
    state = run(state, MarkDamage(model=GUARDIAN, amount=30), Activate(model=GUARDIAN))
    assert refused(state, Run(model=GUARDIAN)) == "essence.not_enough"
    run_option = option(state, GUARDIAN, "run")
    assert not run_option.allowed
    assert "crippled outer ring" in run_option.reason
    assert option(with_model(state, GUARDIAN, essence=1), GUARDIAN, "run").allowed


def test_crippled_centre_ring_disables_and_destroys_the_horror(game):
    """doc 001, "Crippled Center Ring": the horror is disabled like any model with every box marked (doc 002:
    disabled, boxed, destroyed, each a pause for what it triggers when a rule in play acts then: Tough here)."""
    state, kinds = events(tough(game), MarkDamage(model=GUARDIAN, amount=56))
    assert board(state).model(GUARDIAN).marks == (30, 16, 10)
    assert "damage.disabled" in kinds and board(state).model(GUARDIAN).in_play
    state = run(state, ResolveDisabled(model=GUARDIAN, stage="disabled"))
    state, kinds = events(state, ResolveDisabled(model=GUARDIAN, stage="boxed"))
    assert board(state).model(GUARDIAN).status == "destroyed"
    assert "model.destroyed" in kinds


def test_destroyed_horror_takes_no_more_damage(game):
    """doc 002, "Damage Application": a destroyed model is off the table; nothing more is marked on it."""
    state = fall(game, MarkDamage(model=FOREBODER, amount=20))
    assert board(state).model(FOREBODER).status == "destroyed"
    assert board(state).model(FOREBODER).marks == (6, 4, 4)
    assert refused(state, MarkDamage(model=FOREBODER, amount=1)) == "model.not_in_play"


# --- healing --------------------------------------------------------------------------------------------


def test_healing_removes_damage_from_the_innermost_ring_first(activation):
    """doc 001, "Recording Damage To a Horror": damage is removed from the innermost ring first, then the
    next innermost."""
    state = run(activation, MarkDamage(model=GUARDIAN, amount=49), Activate(model=AGATHON),
                Heal(master=AGATHON, target=GUARDIAN, points=5))
    assert board(state).model(GUARDIAN).marks == (30, 14, 0)


def test_crippled_ring_that_loses_a_mark_is_no_longer_crippled(activation):
    """doc 001, "Recording Damage To a Horror": if 1 or more damage points are removed from a crippled ring,
    it is no longer crippled."""
    state = run(activation, MarkDamage(model=GUARDIAN, amount=46), Activate(model=AGATHON))
    state, kinds = events(state, Heal(master=AGATHON, target=GUARDIAN, points=1))
    assert board(state).model(GUARDIAN).marks == (30, 15, 0)
    assert [n.split(" ")[0] for n in notes(state, GUARDIAN)] == ["Outer"]
    assert "damage.healed" in kinds


def test_healing_costs_one_essence_per_damage_point(activation):
    """doc 001, "Healing": for each essence point spent, 1 damage point is removed."""
    state = run(activation, MarkDamage(model=AGATHON, amount=5), Activate(model=AGATHON),
                Heal(master=AGATHON, target=AGATHON, points=3))
    assert board(state).model(AGATHON).marks == (2,)
    assert board(state).model(AGATHON).essence == 6


def test_healing_a_horror_out_of_control_range_is_refused(activation):
    """doc 001, "Healing": only horrors of the battlegroup in the master's control range can be healed."""
    state = run(activation, MarkDamage(model=GUARDIAN, amount=3), Activate(model=AGATHON))
    command = Heal(master=AGATHON, target=GUARDIAN, points=1, in_control=False)
    assert refused(state, command) == "heal.out_of_control"


def test_healing_a_model_outside_the_battlegroup_is_refused(activation):
    """doc 001, "Healing": the master heals itself or horrors in its battlegroup, nothing else."""
    state = run(activation, MarkDamage(model=REGNA_HORROR, amount=3), Activate(model=AGATHON))
    assert refused(state, Heal(master=AGATHON, target=REGNA_HORROR, points=1)) == "heal.not_battlegroup"


def test_healing_more_than_the_damage_marked_is_refused(activation):
    """doc 001, "Healing": healing removes damage suffered; there is nothing to remove beyond it."""
    state = run(activation, MarkDamage(model=GUARDIAN, amount=2), Activate(model=AGATHON))
    assert refused(state, Heal(master=AGATHON, target=GUARDIAN, points=3)) == "heal.too_much"


# --- completing a web -----------------------------------------------------------------------------------


def test_horror_with_unknown_rings_refuses_damage():
    """doc 001, "Recording Damage To a Horror": damage is marked ring by ring, so a web whose rings the app
    does not know cannot be marked; the player is asked for them."""
    state = new_game(complete_foreboder=False)
    assert refused(state, MarkDamage(model=FOREBODER, amount=1)) == "card.incomplete"
    assert "ring" in notes(state, FOREBODER)[0]


def test_completing_the_card_lets_the_web_take_damage():
    """doc 001, "Recording Damage To a Horror": once the player enters the rings, damage fills them in
    order."""
    state = new_game(complete_foreboder=False)
    state = run(state, CompleteCard(card=completed_foreboder()), MarkDamage(model=FOREBODER, amount=8))
    assert board(state).model(FOREBODER).marks == (6, 2, 0)


def test_completed_rings_must_add_up_to_the_total_boxes():
    """doc 001, "Recording Damage To a Horror": the three rings are the whole web, so they add up to its
    printed total (14 for the Foreboder)."""
    state = new_game(complete_foreboder=False)
    assert refused(state, CompleteCard(card=completed_foreboder((6, 4, 5)))) == "card.rings_total"


def test_completing_a_card_again_keeps_the_damage_marked(game):
    """doc 001, "Recording Damage To a Horror": marked boxes stay marked until damage is removed; entering the
    same card again must not erase them."""
    state = run(game, MarkDamage(model=FOREBODER, amount=3), CompleteCard(card=completed_foreboder()))
    assert board(state).model(FOREBODER).marks == (3, 0, 0)


def test_a_completion_cannot_redraw_a_web_the_card_gives(game):
    """doc 001, "Recording Damage To a Horror": the web fixes where each mark sits; a completion fills in only
    what the game's card leaves empty, so a web once given stays, marked or not."""
    state = run(game, MarkDamage(model=FOREBODER, amount=3))
    assert refused(state, CompleteCard(card=completed_foreboder((5, 5, 4)))) == "card.fact_given"
    assert refused(game, CompleteCard(card=completed_foreboder((5, 5, 4)))) == "card.fact_given"


def test_a_leaders_boxes_cannot_be_filled_in_under_more_marks(game):
    """doc 002, "Damage Application": a model with every box marked is destroyed, so the boxes a model's
    damage is counted against cannot shrink under marks already made. A leader counts the troopers' boxes while
    its card leaves its own blank."""
    band = CARDS["cultist-band"]
    blank = band.model_copy(update={"unit": band.unit.model_copy(update={"leader_boxes": None,
                                                                          "trooper_boxes": 5})})
    state = with_board(game, cards={**board(game).cards, "cultist-band": blank})
    two = blank.model_copy(update={"unit": blank.unit.model_copy(update={"leader_boxes": 2})})
    assert refused(run(state, MarkDamage(model=LEADER, amount=3)), CompleteCard(card=two)) == "card.damaged"
    assert board(run(state, CompleteCard(card=two))).cards["cultist-band"].unit.leader_boxes == 2


# --- damage transference --------------------------------------------------------------------------------


def test_damage_transference_worked_example(game):
    """doc 001, "Damage Transference", EXAMPLE: a master with one unmarked box would suffer 10 damage; it
    spends an essence point to transfer to a horror; unless the horror has at least 10 unmarked boxes, the
    rest is suffered by the master (Tough on the cards: each disabled model waits for it)."""
    state = with_model(tough(game), AGATHON, marks=(16,))
    state = with_model(state, FOREBODER, marks=(6, 4, 0))  # 4 unmarked boxes
    state, kinds = events(state, MarkDamage(model=AGATHON, amount=10, transfer_to=FOREBODER))
    assert board(state).model(FOREBODER).marks == (6, 4, 4)
    assert board(state).model(AGATHON).marks == (17,)
    assert board(state).attack.pending == (FOREBODER, AGATHON)  # both disabled: each waits in turn
    assert kinds[0] == "essence.spent"
    state = let_fall(state)
    assert board(state).model(FOREBODER).status == "destroyed"
    assert board(state).model(AGATHON).status == "destroyed"


def test_transferred_damage_beyond_the_horrors_boxes_comes_back_to_the_master(game):
    """doc 001, "Damage Transference": damage exceeding the horror's unmarked boxes is applied to the master
    and cannot be transferred again."""
    state = with_model(game, FOREBODER, marks=(6, 4, 0))
    state = fall(state, MarkDamage(model=AGATHON, amount=10, transfer_to=FOREBODER))
    assert board(state).model(FOREBODER).status == "destroyed"
    assert board(state).model(AGATHON).marks == (6,)
    assert board(state).model(AGATHON).essence == 8
    assert board(state).model(GUARDIAN).marks == ()


def test_transferred_damage_that_fits_stays_on_the_horror(game):
    """doc 001, "Damage Transference": the horror suffers the damage instead of the master, marked
    normally."""
    state = run(game, MarkDamage(model=AGATHON, amount=10, transfer_to=GUARDIAN))
    assert board(state).model(GUARDIAN).marks == (10, 0, 0)
    assert board(state).model(AGATHON).marks == ()
    assert board(state).model(AGATHON).essence == 8


def test_transfer_spends_an_essence_point_outside_the_masters_activation(game):
    """doc 001, "Damage Transference": the master spends the essence point the moment it would suffer damage,
    even in the opponent's turn."""
    state = to_step(game, "activation", "activate", seat=1)
    state = run(state, MarkDamage(model=AGATHON, amount=4, transfer_to=GUARDIAN))
    assert board(state).model(AGATHON).essence == 8
    assert board(state).model(GUARDIAN).marks == (4, 0, 0)


def test_transfer_needs_an_essence_point(game):
    """doc 001, "Damage Transference": the transfer costs an essence point the master must have."""
    state = with_model(game, AGATHON, essence=0)
    assert refused(state, MarkDamage(model=AGATHON, amount=3, transfer_to=GUARDIAN)) == "essence.not_enough"


def test_transfer_to_a_horror_outside_the_battlegroup_is_refused(game):
    """doc 001, "Damage Transference": only to a horror in the master's battlegroup."""
    command = MarkDamage(model=AGATHON, amount=3, transfer_to=REGNA_HORROR)
    assert refused(game, command) == "transfer.not_battlegroup"
    command = MarkDamage(model=REGNA, amount=3, transfer_to=GUARDIAN)
    assert refused(game, command) == "transfer.not_battlegroup"


def test_transfer_to_a_horror_out_of_control_range_is_refused(game):
    """doc 001, "Damage Transference": the horror must be in the master's control range."""
    command = MarkDamage(model=AGATHON, amount=3, transfer_to=GUARDIAN, in_control=False)
    assert refused(game, command) == "transfer.out_of_control"


def test_only_models_with_damage_transference_can_transfer(game):
    """doc 001, "Damage Transference" is a rule of infernal masters; a horror cannot pass damage on."""
    command = MarkDamage(model=GUARDIAN, amount=3, transfer_to=FOREBODER)
    assert refused(game, command) == "transfer.not_master"
