"""The attack assistant does the table's arithmetic: the other side's models are offered as targets first, "Roll for me"
rolls the dice the rules give (one fewer with a crippled middle ring), the panel shows "roll + MAT vs DEF" and the
suggested answer, then "roll + P+S - ARM" with the damage filled in; the player can still change it. Standard game:
Ann's Guardian of Souls (MAT 6, web 30/16/10) against Bob's Princess Regna (DEF 14, ARM 14, 5 boxes), figures from the
reference README."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from models.rules import Command
from models.rules.warmachine.activation import Activate, Charge
from models.rules.warmachine.attacks import Boost
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.shake import AddEffect
from models.service import Actor, Created
from tests.webapp.helpers import (
    click,
    eventually,
    exists,
    fill,
    find,
    model_card,
    region,
    see,
    service,
    shows,
    table_url,
    version,
)
from tests.webapp.test_other_side_ui import JACK, other_side_game, pick, to_step

GUARDIAN, REGNA = "Guardian of Souls", "Princess Regna"
TABLE = Actor(role="table")


def run(game: Created, *commands: Command) -> None:
    for command in commands:
        service().execute(game.game_id, command, version(game), TABLE)


def to_activation(game: Created) -> None:
    for _ in range(60):
        state = service().state(game.game_id)[1]
        if (state.phase, state.active) == ("activation", 0):
            return
        run(game, Advance())
    raise AssertionError("never reached Ann's activation phase")


def damage_data(game: Created) -> dict:
    return next(e["data"] for row in service().repo.log(game.game_id) for e in row.events
                if e["kind"] == "attack.damage_rolled")


async def declare(user: User) -> None:
    click(user, f"Attack: {GUARDIAN}", within=model_card(user, "Ann", GUARDIAN))
    await eventually(lambda: shows(user, f"{GUARDIAN} attacks"), "the declare dialog")
    targets = find(user, "Target", ui.select)
    assert list(targets.options.values())[:2] == [REGNA, "Foreboder"], "the other side's models first"
    assert targets.value == "p2-princess-regna"
    click(user, "Declare the attack")
    await user.should_see("Waiting for the attack roll.", retries=50)


async def test_the_panel_shows_the_sums_and_applies_the_suggested_damage(user: User, game: Created) -> None:
    to_activation(game)
    service().roll = lambda: 4
    await user.open(table_url(game))
    await declare(user)
    attack = region(user, "Attack")
    await see(user, "Roll 2 dice.", attack)
    click(user, "Roll for me: Attack dice")
    await see(user, "Roll 8 + MAT 6 = 14 vs DEF 14: hit.", attack)
    assert "outline" not in find(user, f"The attack hits {REGNA}", ui.button).props
    assert "outline" in find(user, f"The attack misses {REGNA}", ui.button).props
    click(user, f"The attack hits {REGNA}")
    await see(user, "Waiting for the damage roll.", attack)

    fill(user, "P+S of the weapon", "10")
    click(user, "Roll for me: Damage dice")
    await see(user, "Roll 8 + P+S 10 = 18 - ARM 14 = 4 damage.", attack)
    assert find(user, "Damage points after ARM", ui.number).value == 4
    find(user, "Who suffers the damage", ui.radio).set_value("")  # Bob keeps it on Regna: his to say
    click(user, f"Apply the damage to {REGNA}")
    await eventually(lambda: not shows(user, "Waiting for"), "the attack to be resolved")
    data = damage_data(game)
    assert (data["damage"], data["suggested"], data["dice"]) == (4, 4, [4, 4])
    assert sum(board(service().state(game.game_id)[1]).model("p2-princess-regna").marks) == 4


async def test_the_transfer_is_left_to_the_defender_and_asked_before_applying(user: User, game: Created) -> None:
    """doc 001 "Damage Transference": Regna's player decides whether she sends the damage to her Foreboder;
    nothing is chosen for her, and Apply says so before sending. Answered, the damage is applied."""
    to_activation(game)
    service().roll = lambda: 4
    await user.open(table_url(game))
    await declare(user)
    click(user, "Roll for me: Attack dice")
    click(user, f"The attack hits {REGNA}")
    await user.should_see("Waiting for the damage roll.", retries=50)
    assert find(user, "Who suffers the damage", ui.radio).value is None
    fill(user, "P+S of the weapon", "10")
    click(user, "Roll for me: Damage dice")
    before = version(game)
    click(user, f"Apply the damage to {REGNA}")
    await user.should_see("Princess Regna's player says who suffers the damage first.", retries=50)
    assert version(game) == before
    find(user, "Who suffers the damage", ui.radio).set_value("")
    click(user, f"Apply the damage to {REGNA}")
    await eventually(lambda: not shows(user, "Waiting for"), "the attack to be resolved")
    assert sum(board(service().state(game.game_id)[1]).model("p2-princess-regna").marks) == 4


async def test_a_player_overrides_the_suggested_damage(user: User, game: Created) -> None:
    to_activation(game)
    service().roll = lambda: 4
    await user.open(table_url(game))
    await declare(user)
    click(user, "Roll for me: Attack dice")
    click(user, f"The attack hits {REGNA}")
    await user.should_see("Waiting for the damage roll.", retries=50)
    fill(user, "P+S of the weapon", "10")
    click(user, "Roll for me: Damage dice")
    await see(user, "Roll 8 + P+S 10 = 18 - ARM 14 = 4 damage.", region(user, "Attack"))
    fill(user, "Damage points after ARM", "2")  # an effect the app does not know about
    find(user, "Who suffers the damage", ui.radio).set_value("")  # Bob keeps it on Regna: his to say
    click(user, f"Apply the damage to {REGNA}")
    await eventually(lambda: not shows(user, "Waiting for"), "the attack to be resolved")
    assert (damage_data(game)["damage"], damage_data(game)["suggested"]) == (2, 4)


async def test_roll_for_me_rolls_one_die_with_the_middle_ring_crippled(user: User, game: Created) -> None:
    run(game, MarkDamage(model="p1-guardian-of-souls", amount=46))
    to_activation(game)
    service().roll = lambda: 6
    await user.open(table_url(game))
    await declare(user)
    attack = region(user, "Attack")
    await see(user, "Roll 1 die (its middle ring is crippled).", attack)
    click(user, "Roll for me: Attack dice")
    await see(user, "Rolled by the app: 6 = 6", attack)
    await see(user, "Roll 6 + MAT 6 = 12 vs DEF 14: miss.", attack)


async def test_a_boost_paid_on_the_card_adds_a_die_to_roll_for_me(user: User, game: Created) -> None:
    """doc 001 "ESSENCE: Boost": boosted before the roll (here with Boost, paid from the horror's essence), the
    roll has one die more, and "Roll for me" rolls three."""
    to_activation(game)
    run(game, Activate(model="p1-guardian-of-souls"))
    service().roll = lambda: 3
    await user.open(table_url(game))
    await declare(user)
    attack = region(user, "Attack")
    await see(user, "Roll 2 dice.", attack)
    run(game, Boost(model="p1-guardian-of-souls", roll="attack"))
    await see(user, "Roll 3 dice (boosted).", attack)
    click(user, "Roll for me: Attack dice")
    await see(user, "Rolled by the app: 3 + 3 + 3 = 9", attack)
    await see(user, "Roll 9 + MAT 6 = 15 vs DEF 14: hit.", attack)


async def test_a_charge_attack_rolls_its_damage_boosted(user: User, game: Created) -> None:
    """doc 002 "Frenzy & Threshold": after a charge the first melee attack is a charge attack and its damage
    roll is boosted, at no cost."""
    to_activation(game)
    run(game, Activate(model="p1-guardian-of-souls"), Charge(model="p1-guardian-of-souls"))
    service().roll = lambda: 5
    await user.open(table_url(game))
    click(user, f"Attack: {GUARDIAN}", within=model_card(user, "Ann", GUARDIAN))
    await eventually(lambda: shows(user, f"{GUARDIAN} attacks"), "the declare dialog")
    assert find(user, "Charge attack", ui.checkbox).value is True
    click(user, "Declare the attack")
    await user.should_see("Waiting for the attack roll.", retries=50)
    click(user, "Roll for me: Attack dice")
    click(user, f"The attack hits {REGNA}")
    attack = region(user, "Attack")
    await see(user, "Roll 3 dice (boosted by the charge).", attack)
    essence = board(service().state(game.game_id)[1]).model("p1-guardian-of-souls").essence
    click(user, "Roll for me: Damage dice")
    await see(user, "Rolled by the app: 5 + 5 + 5 = 15", attack)
    fill(user, "Damage points after ARM", "1")
    find(user, "Who suffers the damage", ui.radio).set_value("")  # Bob keeps it on Regna: his to say
    click(user, f"Apply the damage to {REGNA}")
    await eventually(lambda: not shows(user, "Waiting for"), "the attack to be resolved")
    assert damage_data(game)["boosted"] is True
    assert board(service().state(game.game_id)[1]).model("p1-guardian-of-souls").essence == essence


async def test_a_weapon_in_a_crippled_arm_rolls_one_die_fewer(user: User) -> None:
    """A warjack's weapon in a crippled arm rolls one fewer die to hit (Mk III core rules, see ``grids``): the
    declare dialog asks where the weapon sits, and "Roll for me" rolls one die."""
    game = other_side_game()
    to_step(game, "activation", "activate", 0)
    run(game, MarkDamage(model="p1-test-heavy", amount=7, column=1))  # column 1 and the top of 2: the left arm
    service().roll = lambda: 2
    await user.open(table_url(game))
    click(user, f"Attack: {JACK}", within=model_card(user, "Cy", JACK))
    await eventually(lambda: shows(user, f"{JACK} attacks"), "the declare dialog")
    pick(user, "Where the weapon sits", "Left arm")
    click(user, "Declare the attack")
    await user.should_see("Waiting for the attack roll.", retries=50)
    attack = region(user, "Attack")
    await see(user, "Roll 1 die (the weapon is in its crippled left arm).", attack)
    click(user, "Roll for me: Attack dice")
    await see(user, "Rolled by the app: 2 = 2", attack)


async def test_a_knocked_down_model_is_offered_no_attack_and_stands_up_by_a_forfeit(user: User,
                                                                                  game: Created) -> None:
    """Knocked down in its activation, the Guardian's Attack… is greyed with the reason (a tap says it
    and opens nothing); its card offers to stand up by giving up its movement or its attack (doc 002
    "Activation Sequence", step 2). Standing (the positive control), Attack… opens the assistant again."""
    to_activation(game)
    run(game, Activate(model="p1-guardian-of-souls"), AddEffect(model="p1-guardian-of-souls", effect="knocked_down"))
    await user.open(table_url(game))
    card = model_card(user, "Ann", GUARDIAN)
    attack = find(user, f"Attack: {GUARDIAN}", ui.button, card)
    why = f"{GUARDIAN} is knocked down: it cannot attack until it stands up"
    await eventually(lambda: attack.props.get("aria-disabled") == "true", "the attack greyed")
    assert attack.props["title"].startswith(why)
    click(user, f"Attack: {GUARDIAN}", within=card)
    await user.should_see(why, retries=50)
    assert not shows(user, f"{GUARDIAN} attacks")
    click(user, f"Stand up (no movement): {GUARDIAN}", within=card)
    await eventually(lambda: "aria-disabled" not in attack.props, "the attack offered again")
    assert not exists(user, f"Stand up (no attack): {GUARDIAN}", ui.button, card) or \
        not find(user, f"Stand up (no attack): {GUARDIAN}", ui.button, card).visible
    await declare(user)
