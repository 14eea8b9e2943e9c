"""Fury for warlocks and warbeasts (doc 002 "Game Round": maintenance and control steps; Mk III core rules
for leeching, spirit bond and forcing, public and named as such)."""

from models.rules.warmachine.activation import Charge, Run
from models.rules.warmachine.attacks import Boost, BuyAttack
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.fury import Force, LeechFury, LeechLife, SpiritBond
from models.rules.warmachine.match import board
from models.rules.warmachine.spells import CastSpell, UseFeat
from models.rules.warmachine.state import remove
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    CAST,
    IMPALE,
    JACK_1,
    LOCK,
    activated,
    at_step,
    happened,
    kinds,
    refused,
    run,
    to_step,
    with_model,
)


def their_control(state):
    return to_step(state, "control", "replenish", seat=1)


def test_a_warlock_starts_with_fury_equal_to_its_fury_and_warbeasts_with_none(table):
    """Mk III core rule (public; the reference does not say): a warlock begins the game with FURY fury
    points; warbeasts begin with none."""
    assert board(table).model(LOCK).fury == 6
    assert (board(table).model(BLITZ).fury, board(table).model(IMPALE).fury) == (0, 0)


def test_maintenance_removes_fury_above_fury_and_leaves_fury_on_warbeasts(table):
    """doc 002, "Game Round": "Remove all fury points in excess of the FURY stat" for Fury Manipulation
    models; "Leave fury points on warbeasts at this time"."""
    state = with_model(with_model(table, LOCK, fury=8), BLITZ, fury=4)
    state = to_step(state, "maintenance", "continuous", seat=1)
    assert board(state).model(LOCK).fury == 6
    assert board(state).model(BLITZ).fury == 4


def test_a_warlock_leeches_fury_from_a_warbeast_of_its_battlegroup(table):
    """doc 002, "Game Round": Control, "Warlocks Leech": fury moves from the warbeast to the warlock."""
    state = their_control(with_model(with_model(table, LOCK, fury=2), BLITZ, fury=3))
    state, events = happened(state, LeechFury(warlock=LOCK, warbeast=BLITZ, points=3))
    assert (board(state).model(LOCK).fury, board(state).model(BLITZ).fury) == (5, 0)
    assert kinds(events) == ["fury.leeched"]


def test_leeching_never_takes_more_than_the_warbeast_has_or_passes_fury(table):
    """Mk III core rule (public): a warlock never exceeds its FURY by leeching; a warbeast gives only the
    fury it has; only from its own battlegroup in its control range."""
    state = their_control(with_model(with_model(table, LOCK, fury=4), BLITZ, fury=4))
    assert refused(state, LeechFury(warlock=LOCK, warbeast=BLITZ, points=3)) == "fury.exceeds_stat"
    assert refused(state, LeechFury(warlock=LOCK, warbeast=IMPALE, points=1)) == "fury.leech_too_much"
    assert refused(state, LeechFury(warlock=LOCK, warbeast=BLITZ, points=1, in_control=False)) == \
        "fury.out_of_control"
    assert refused(state, LeechFury(warlock=CAST, warbeast=BLITZ, points=1)) == "fury.not_warlock"


def test_a_warlock_leeches_from_its_own_life_one_damage_per_point(table):
    """Mk III core rule (public): leeching from its own life costs 1 damage per fury point; the damage cannot
    be transferred; never above FURY."""
    state = their_control(with_model(table, LOCK, fury=1))
    state, events = happened(state, LeechLife(warlock=LOCK, points=3))
    assert board(state).model(LOCK).fury == 4
    assert board(state).model(LOCK).marks == (3,)
    assert kinds(events)[:2] == ["fury.leeched", "damage.marked"]
    assert refused(state, LeechLife(warlock=LOCK, points=3)) == "fury.exceeds_stat"


def test_leeching_is_done_before_spirit_bond(table):
    """doc 002, "Game Round": leech first, then spirit bond; leeching after spirit bond is refused (the warlock's
    upkeep spell holds the turn in the control phase)."""
    state = with_model(table, BLITZ, status="destroyed")
    state = run(their_control(with_model(state, LOCK, fury=0, upkeeps=("Iron Flesh",))),
                SpiritBond(warlock=LOCK, points=1))
    assert (state.phase, state.step) == ("control", "upkeep")
    assert refused(state, LeechLife(warlock=LOCK, points=1)) == "step.passed"


def test_spirit_bond_gives_up_to_one_fury_per_destroyed_warbeast(table):
    """doc 002, "Game Round": "Warlocks Spirit Bond (with dead warbeasts)"; the count, 1 per warbeast of its
    battlegroup destroyed or removed, is the Mk III core rule (a claim: not in the reference)."""
    state, _ = remove(with_model(table, LOCK, fury=0), board(table).model(BLITZ), "destroyed", "test")
    state = their_control(state)
    assert refused(state, SpiritBond(warlock=LOCK, points=2)) == "spirit_bond.too_many"
    state, events = happened(state, SpiritBond(warlock=LOCK, points=1))
    assert board(state).model(LOCK).fury == 1
    assert kinds(events)[:1] == ["fury.spirit_bond"]
    assert refused(at_step(state, "control", "spirit_bond"), SpiritBond(warlock=LOCK, points=1)) == "spirit_bond.once"


def test_spirit_bond_never_passes_fury(table):
    """Mk III core rule (public): spirit bond cannot take a warlock above its FURY."""
    state = with_model(with_model(table, BLITZ, status="destroyed"), IMPALE, status="removed")
    state = their_control(with_model(state, LOCK, fury=5))
    assert refused(state, SpiritBond(warlock=LOCK, points=2)) == "fury.exceeds_stat"


def test_forcing_a_warbeast_puts_fury_on_it(table):
    """Mk III core rule (public): a warbeast is forced to boost, buy attacks, run or charge; each time it
    gains 1 fury."""
    state = run(activated(table, BLITZ), Boost(model=BLITZ, roll="attack"), BuyAttack(model=BLITZ),
                Charge(model=BLITZ))
    assert board(state).model(BLITZ).fury == 3
    state, events = happened(state, Force(warbeast=BLITZ, why="its animus"))
    assert board(state).model(BLITZ).fury == 4
    assert kinds(events) == ["fury.forced"]


def test_a_warbeast_is_never_forced_above_its_fury(table):
    """Mk III core rule (public): a warbeast cannot be forced past its FURY (Blitzer: FURY 4, test card)."""
    state = with_model(activated(table, BLITZ), BLITZ, fury=4)
    assert refused(state, Boost(model=BLITZ, roll="attack")) == "force.exceeds_fury"
    assert refused(state, Run(model=BLITZ)) == "force.exceeds_fury"


def test_a_warbeast_is_forced_only_in_its_activation_and_control_range(table):
    """Mk III core rule (public): forcing happens during the warbeast's activation, in its warlock's control
    range."""
    state = to_step(table, "activation", "activate", seat=1)
    assert refused(state, Boost(model=BLITZ, roll="attack")) == "force.not_activated"
    state = activated(table, BLITZ)
    assert refused(state, Force(warbeast=BLITZ, in_control=False)) == "force.out_of_control"
    assert refused(state, Force(warbeast=LOCK)) == "force.not_warbeast"


def test_a_warbeast_with_a_crippled_spirit_cannot_be_forced(table):
    """Mk III core rule (public): a crippled Spirit aspect means the warbeast can no longer be forced."""
    state = activated(run(table, MarkDamage(model=BLITZ, amount=5, column=6)), BLITZ)
    assert refused(state, Boost(model=BLITZ, roll="attack")) == "force.spirit_crippled"


def test_a_warbeast_without_its_warlock_cannot_be_forced(table):
    """Mk III core rule (public): only a warlock forces its warbeasts; with the warlock gone, nobody can."""
    state = activated(with_model(table, LOCK, status="destroyed"), BLITZ)
    assert refused(state, Boost(model=BLITZ, roll="attack")) == "force.no_warlock"


def test_warlocks_spend_fury_on_spells_and_boosts(table):
    """Mk III core rule (public): a warlock spends fury as a warcaster spends focus."""
    state = run(activated(table, LOCK), CastSpell(model=LOCK, spell="Fortune", cost=2),
                Boost(model=LOCK, roll="damage"), UseFeat(master=LOCK))
    assert board(state).model(LOCK).fury == 3
    assert board(state).model(LOCK).feat_used


def test_a_warlock_transfers_damage_to_a_warbeast_for_one_fury(table):
    """Mk III core rule (public): a warlock that would suffer damage may spend 1 fury to have a warbeast of
    its battlegroup in its control range suffer it instead; the spiral needs the d6."""
    state, events = happened(table, MarkDamage(model=LOCK, amount=4, transfer_to=BLITZ, column=3))
    assert board(state).model(LOCK).fury == 5
    assert board(state).model(LOCK).marks == ()
    assert board(state).model(BLITZ).marks == (0, 4, 0)
    assert kinds(events)[0] == "fury.spent"
    assert refused(table, MarkDamage(model=LOCK, amount=4, transfer_to=BLITZ)) == "damage.column_needed"


def test_a_warbeast_or_warjack_that_ran_is_neither_forced_nor_boosted_again(table):
    """doc 000 ruling ("Restrictions on Any Time abilities"): running ends the activation, for warbeasts and
    warjacks too: no forcing for an animus, no boost, no extra attack; before running both work (positive
    control above)."""
    state = run(activated(table, BLITZ), Run(model=BLITZ))
    assert refused(state, Force(warbeast=BLITZ, why="its animus")) == "force.ran"
    assert refused(state, Boost(model=BLITZ, roll="attack")) == "force.ran"
    jack = run(activated(table, JACK_1), Run(model=JACK_1))
    assert refused(jack, BuyAttack(model=JACK_1)) == "focus.ran"
