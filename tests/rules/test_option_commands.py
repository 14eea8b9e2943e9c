"""An option carries the command the rules probed, and what the player must still answer (DESIGN.md "The rules
core": "each option carries the command it probed and what the player must still be asked ... no command is
built twice"). Checked on the Infernal table, in the steps where each answer is asked."""

import pytest

from models.rules import Option, RuleViolation, answered, apply, options
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.essence import Leech
from models.rules.warmachine.match import board
from models.rules.warmachine.replenish import Sacrifice
from tests.rules.warmachine.infernals.infernal_game import AGATHON, CULTIST_1, activated, new_table, to_step


def option(state, model, action) -> Option:
    return next(o for o in options(state, model) if o.action == action)


def test_an_option_without_questions_carries_the_command_the_rules_accept():
    """DESIGN.md "The rules core": what a button sends is what the rules tried, so it is never refused for a
    reason the button did not show."""
    table = new_table()
    seen = set()
    for state in (to_step(table, "control", "replenish"), to_step(table, "activation", "activate"),
                  activated(table, AGATHON)):
        plain = [o for o in options(state, AGATHON) if o.command is not None and not o.ask]
        seen |= {o.allowed for o in plain}
        for o in plain:
            try:
                apply(state, o.command)
                accepted = True
            except RuleViolation:
                accepted = False
            assert accepted == o.allowed, o.action
    assert seen == {True, False}  # control: both kinds were checked


def test_an_option_that_asks_names_the_fields_and_answering_fills_them():
    """doc 001 "Leeching": the player says how many points; the rest of the command is the probed one."""
    state = to_step(new_table(), "control", "replenish")
    leech = option(state, AGATHON, "leech")
    assert leech.ask == ("points",) and isinstance(leech.command, Leech)
    assert answered(leech, points=3) == Leech(master=AGATHON, points=3)


def test_the_rules_give_the_choices_of_an_asked_model():
    """doc 001 "Sacrifice": a friendly model with a soul; the rules list which, the first is the probed one."""
    state = to_step(new_table(), "control", "replenish")
    sacrifice = option(state, AGATHON, "sacrifice")
    assert set(sacrifice.ask) == {"victim", "in_control", "in_formation"}
    assert sacrifice.choices["victim"][0] == sacrifice.command.victim
    assert CULTIST_1 in sacrifice.choices["victim"] and AGATHON not in sacrifice.choices["victim"]
    command = answered(sacrifice, victim=CULTIST_1, in_control=True, in_formation=False)
    assert command == Sacrifice(master=AGATHON, victim=CULTIST_1, in_control=True, in_formation=False)


def test_a_bad_answer_is_refused_as_an_invalid_command():
    """DESIGN.md "Refusals are typed": an answer the command cannot take is ``command.invalid``."""
    leech = option(to_step(new_table(), "control", "replenish"), AGATHON, "leech")
    with pytest.raises(RuleViolation) as refused:
        answered(leech, points=0)
    assert refused.value.code == "command.invalid"


def test_answers_must_be_exactly_what_the_option_asks():
    """DESIGN.md "The rules core": only the asked fields are the player's; the rest stays the probed command."""
    leech = option(to_step(new_table(), "control", "replenish"), AGATHON, "leech")
    with pytest.raises(ValueError):
        answered(leech, points=2, master=CULTIST_1)
    with pytest.raises(ValueError):
        answered(leech)
    assert answered(leech, points=2).master == AGATHON  # control: the asked field alone is accepted


def test_the_attack_option_offers_every_other_model_the_other_side_first():
    """doc 002 "Appendix A: Attack Sequence": the attacker declares its target; the rules list the models in
    play it may name (a model of its own side too, last) and the players answer the rest."""
    state = activated(new_table(), AGATHON)
    attack = option(state, AGATHON, "attack")
    targets = attack.choices["target"]
    seats = [board(state).model(t).seat for t in targets]
    assert AGATHON not in targets and seats == sorted(seats, key=lambda s: s == 0) and seats[0] == 1
    assert attack.command.target == targets[0] and "target" in attack.ask
    command = answered(attack, target=CULTIST_1, kind="melee", in_range=True, free_strike=False, weapon=None,
                       charge=None, combined=())
    assert (command.attacker, command.target) == (AGATHON, CULTIST_1)


def test_damage_asks_how_much_where_it_goes_in_and_where_it_is_transferred():
    """doc 001 "Damage Transference" and "Damage Application": the players say how much damage, where a grid or
    spiral takes it, and whether a master sends it on; the damage track fills the option's command with that."""
    state = activated(new_table(), AGATHON)
    damage = option(state, AGATHON, "mark_damage")
    assert damage.ask == ("amount", "column", "side", "then_column", "transfer_to")
    assert answered(damage, amount=3, column=None, side=None, then_column=None, transfer_to=CULTIST_1) == MarkDamage(
        model=AGATHON, amount=3, transfer_to=CULTIST_1)
    with pytest.raises(RuleViolation) as bad:
        answered(damage, amount=0, column=None, side=None, then_column=None, transfer_to=None)
    assert bad.value.code == "command.invalid"
