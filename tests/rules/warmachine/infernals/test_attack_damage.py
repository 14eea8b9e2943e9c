"""One attack damaging several models (doc 000 "Rules Clarification: Infernal Master" and "Horror": the
horror's own damage is applied before damage transferred to it; doc 001 "Damage Transference")."""

from models.rules.warmachine.damage import MarkDamage, transfer_targets
from models.rules.warmachine.match import board
from models.rules.warmachine.multi_damage import AttackDamage, Hit
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    CULTIST_1,
    ENEMY_AGATHON,
    FOREBODER,
    LAMENTER,
    REGNA,
    TORMENTOR,
    fall,
    happened,
    let_fall,
    refused,
    run,
    to_step,
    with_model,
)


def marked(event):
    return (event.model, event.data["points"], event.text.split("(")[-1].rstrip(").")) \
        if event.kind == "damage.marked" else (event.kind, event.model)


def test_a_horrors_own_damage_is_applied_before_damage_transferred_to_it(table):
    """doc 000 ruling: when one attack damages both a master and a horror, the horror's own damage comes
    first, whatever order the hits were entered in."""
    state, events = happened(table, AttackDamage(hits=(
        Hit(model=AGATHON, amount=5, transfer_to=LAMENTER), Hit(model=LAMENTER, amount=4))))
    assert [marked(e) for e in events[1:]] == [
        (LAMENTER, 4, "this attack"),
        ("essence.spent", AGATHON),
        (LAMENTER, 5, "transferred from Agathon"),
        ("damage.crippled", LAMENTER),
    ]
    assert board(state).model(LAMENTER).marks == (8, 1, 0)
    assert board(state).model(AGATHON).essence == 8
    assert sum(board(state).model(AGATHON).marks) == 0


def test_the_record_shows_transferred_damage_destroying_the_horror(table):
    """doc 000 ruling: the order matters for who destroyed the horror; here its own damage leaves 2 boxes and
    the transferred damage finishes it, the rest coming back to the master (doc 001 "Damage Transference")."""
    state = run(table, MarkDamage(model=LAMENTER, amount=14))
    state, events = happened(state, AttackDamage(hits=(
        Hit(model=AGATHON, amount=5, transfer_to=LAMENTER), Hit(model=LAMENTER, amount=2))))
    kinds = [e.kind for e in events]
    assert kinds.index("damage.disabled") > kinds.index("essence.spent")
    assert board(let_fall(state)).model(LAMENTER).status == "destroyed"
    assert sum(board(state).model(AGATHON).marks) == 3


def test_a_horror_destroyed_by_its_own_damage_cannot_take_transferred_damage(table):
    """doc 000 ruling and doc 001 "Damage Transference": the horror's own damage comes first, so a horror it
    disables (and then destroys, doc 002 "Damage Application") cannot take the master's damage."""
    state = run(table, MarkDamage(model=LAMENTER, amount=16))
    attack = AttackDamage(hits=(Hit(model=AGATHON, amount=5, transfer_to=LAMENTER),
                                Hit(model=LAMENTER, amount=2)))
    assert refused(state, attack) == "transfer.horror_gone"
    state = run(state, AttackDamage(hits=(
        Hit(model=AGATHON, amount=5, transfer_to=TORMENTOR), Hit(model=LAMENTER, amount=2))))
    assert board(let_fall(state)).model(LAMENTER).status == "destroyed"
    assert sum(board(state).model(TORMENTOR).marks) == 5


def test_every_model_hit_suffers_its_own_damage(table):
    """doc 001 "Recording Damage To a Horror": without transference, each model marks its own damage."""
    state = run(table, AttackDamage(hits=(
        Hit(model=AGATHON, amount=3), Hit(model=TORMENTOR, amount=12), Hit(model=CULTIST_1, amount=1))))
    assert sum(board(state).model(AGATHON).marks) == 3
    assert board(state).model(TORMENTOR).marks == (10, 2, 0)
    assert board(let_fall(state)).model(CULTIST_1).status == "destroyed"


def test_horrors_are_damaged_before_their_master_falls(table):
    """doc 000 ruling: horrors' own damage comes first, so a master destroyed by the same attack does not take
    its horrors away before their damage is recorded (doc 001 "Infernal Master Destruction")."""
    state, events = happened(table, AttackDamage(hits=(
        Hit(model=REGNA, amount=5), Hit(model=FOREBODER, amount=2))))
    assert [e.model for e in events if e.kind == "damage.marked"] == [FOREBODER, REGNA]
    state = let_fall(state)
    assert board(state).model(REGNA).status == "destroyed"
    assert board(state).model(FOREBODER).status == "removed"


def test_one_model_is_hit_once_per_attack(table):
    """An attack damages each model once; a repeated model is a mistake in the entry."""
    attack = AttackDamage(hits=(Hit(model=LAMENTER, amount=2), Hit(model=LAMENTER, amount=3)))
    assert refused(table, attack) == "attack.duplicate"


def test_a_refused_transfer_leaves_the_whole_attack_unapplied(table):
    """doc 001 "Damage Transference": the horror must be in control range; if not, nothing of the attack is
    recorded and the players enter it again."""
    attack = AttackDamage(hits=(Hit(model=TORMENTOR, amount=3),
                                Hit(model=AGATHON, amount=5, transfer_to=LAMENTER, in_control=False)))
    assert refused(table, attack) == "transfer.out_of_control"


def test_attack_damage_arrives_in_any_phase(table):
    """Damage comes from the opponent's attacks in their turn; transference spends essence outside the
    master's activation (doc 001 "Damage Transference": it can immediately spend)."""
    state = to_step(table, "activation", "activate", seat=1)
    state = run(state, AttackDamage(hits=(Hit(model=AGATHON, amount=4, transfer_to=TORMENTOR),)))
    assert sum(board(state).model(TORMENTOR).marks) == 4
    assert board(state).model(AGATHON).essence == 8


def test_transference_needs_an_essence_point(table):
    """doc 001 "Damage Transference": the master spends an essence point to transfer."""
    state = with_model(table, ENEMY_AGATHON, essence=0)
    attack = AttackDamage(hits=(Hit(model=ENEMY_AGATHON, amount=4, transfer_to="p2-lamenter"),))
    assert refused(state, attack) == "essence.not_enough"


def test_single_damage_transfer_still_spills_back(table):
    """doc 001 "Damage Transference" worked example: a master with one unmarked box is hit for 10, transfers
    to a horror with fewer unmarked boxes, and the rest comes back to the master."""
    state = run(table, MarkDamage(model=AGATHON, amount=16), MarkDamage(model=LAMENTER, amount=12))
    state = fall(state, MarkDamage(model=AGATHON, amount=10, transfer_to=LAMENTER))
    assert board(state).model(LAMENTER).status == "destroyed"
    assert board(state).model(AGATHON).status == "destroyed"
    assert board(state).model(TORMENTOR).status == "removed"


def test_a_master_may_send_damage_to_each_horror_of_its_battlegroup_while_it_has_essence(table):
    """doc 001 "Damage Transference": a master spends 1 essence to send damage to a horror of its battlegroup;
    without an essence point there is nobody to offer."""
    receivers, pays = transfer_targets(table, board(table).model(AGATHON))
    assert ({r.id for r in receivers}, pays) == ({LAMENTER, TORMENTOR}, "essence")
    spent = with_model(table, AGATHON, essence=0)
    assert transfer_targets(spent, board(spent).model(AGATHON))[0] == []
    assert transfer_targets(table, board(table).model(CULTIST_1)) == ([], "")
