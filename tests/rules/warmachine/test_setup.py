"""Setting a game up, completing cards, and parsing commands from JSON (the API and the log)."""

import pytest

from models.catalog.schema import BoxesLayout, Card
from models.rules import GameState, RuleViolation, apply, parse_command
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.essence import Allocate
from models.rules.warmachine.match import board
from models.rules.warmachine.setup import ArmyEntry, CompleteCard
from tests.rules.warmachine.game import (
    AGATHON,
    CARDS,
    FOREBODER,
    GUARDIAN,
    LEADER,
    PLAYER_2_ARMY,
    completed_foreboder,
    refused,
    run,
    setup_command,
)

EMPTY = GameState()


# --- names ----------------------------------------------------------------------------------------------


def test_game_title_longer_than_60_characters_is_refused():
    """DESIGN.md, "Access": anything a person typed has a length limit (60 characters for names)."""
    assert refused(EMPTY, setup_command(title="x" * 61)) == "name.too_long"


def test_player_name_longer_than_60_characters_is_refused():
    """DESIGN.md, "Access": typed names have a length limit."""
    assert refused(EMPTY, setup_command(player_2="y" * 61)) == "name.too_long"


def test_names_of_60_characters_are_accepted():
    """DESIGN.md, "Access": the limit is 60 characters, inclusive."""
    state, _ = apply(EMPTY, setup_command(title="t" * 60, player_1="p" * 60))
    assert state.title == "t" * 60
    assert state.players[0].name == "p" * 60


def test_empty_names_are_refused():
    """DESIGN.md, "Access": a name is needed for the log and the turn bar; blanks do not count."""
    assert refused(EMPTY, setup_command(title="   ")) == "name.empty"


def test_markup_in_names_is_kept_as_literal_text():
    """DESIGN.md, "Access": what a person typed is text, never HTML; the rules keep it verbatim and leave
    escaping to the display."""
    title = '<script>alert("x")</script>'
    state, _ = apply(EMPTY, setup_command(title=title, player_1="<b>Ann</b> & {{co}}"))
    assert state.title == title
    assert state.players[0].name == "<b>Ann</b> & {{co}}"


# --- armies ---------------------------------------------------------------------------------------------


def test_horror_outside_a_masters_battlegroup_is_refused():
    """doc 001, "Horrors": horrors must begin the game assigned to a battlegroup controlled by a model with
    Essence Manipulation."""
    army = (ArmyEntry(card="agathon"), ArmyEntry(card="foreboder"))
    assert refused(EMPTY, setup_command(army, PLAYER_2_ARMY)) == "list.horror_without_master"


def test_horror_in_a_warcasters_battlegroup_is_refused():
    """doc 001, "Horrors": the battlegroup must be led by a model with Essence Manipulation, not a
    warcaster."""
    caster = Card(key="stryker", name="Commander Stryker", faction="Cygnar", role="warcaster",
                  damage={"kind": "boxes", "boxes": 18})
    command = setup_command((ArmyEntry(card="stryker"), ArmyEntry(card="foreboder", battlegroup_of=0)),
                            PLAYER_2_ARMY)
    command = command.model_copy(update={"cards": {**command.cards, "stryker": caster}})
    assert refused(EMPTY, command) == "list.horror_without_master"


def test_battlegroup_must_be_led_by_a_caster_listed_before():
    """doc 001, "Battlegroup Commander": only a battlegroup commander leads a battlegroup."""
    army = (ArmyEntry(card="agathon"), ArmyEntry(card="cultist-band", size=4), ArmyEntry(card="umbral-guardian",
                                                                                          battlegroup_of=1))
    assert refused(EMPTY, setup_command(army, PLAYER_2_ARMY)) == "list.battlegroup_invalid"
    army = (ArmyEntry(card="foreboder", battlegroup_of=1), ArmyEntry(card="agathon"))
    assert refused(EMPTY, setup_command(army, PLAYER_2_ARMY)) == "setup.battlegroup"


# The list builder's rules that need no game size or points hold on every setup route (army_rules.py).
REGNA = ArmyEntry(card="princess-regna")


@pytest.mark.parametrize(("army", "code"), [
    ((REGNA, ArmyEntry(card="tormentor", battlegroup_of=0)), "list.horror_weight"),
    ((REGNA, ArmyEntry(card="guardian-of-souls", battlegroup_of=0)), "list.horror_weight"),
    ((REGNA, ArmyEntry(card="foreboder", battlegroup_of=0), ArmyEntry(card="lamenter", battlegroup_of=0)),
     "list.too_many_horrors"),
])
def test_the_master_infernalist_starts_with_one_lesser_or_light_horror_at_most(army, code):
    """doc 000 "Master Infernalist" and the reference README: Princess Regna may start the game with one lesser
    or light horror; a setup with a heavy or colossal horror, or with two, is refused like the list builder
    refuses it (lists.validate)."""
    assert refused(EMPTY, setup_command(army_2=army)) == code


def test_the_master_infernalist_with_one_light_horror_is_set_up():
    """doc 000 "Master Infernalist": one light horror is what she may have (positive control)."""
    state, _ = apply(EMPTY, setup_command(army_2=(REGNA, ArmyEntry(card="lamenter", battlegroup_of=0))))
    assert board(state).model("p2-lamenter").battlegroup == "p2-princess-regna"


def test_field_allowance_and_unit_sizes_hold_at_setup():
    """Field allowance as printed on the card (Princess Regna: C, one per army) and the unit sizes a card
    offers: the list builder's rules, on the setup route too."""
    assert refused(EMPTY, setup_command(army_2=(REGNA, REGNA))) == "list.fa_exceeded"
    army = (ArmyEntry(card="agathon"), ArmyEntry(card="cultist-band", size=5))
    assert refused(EMPTY, setup_command(army)) == "list.unit_size"


def test_a_refusal_at_setup_names_the_players_army():
    """The refusal says whose army breaks which rule, in the list builder's words."""
    with pytest.raises(RuleViolation) as refusal:
        apply(EMPTY, setup_command(army_2=(REGNA, REGNA), player_2="Bob"))
    assert refusal.value.message.startswith("Bob's army: Princess Regna is a character")


def test_master_infernalist_may_start_without_horrors():
    """doc 000, Rules Clarification "Master Infernalist": Regna need not start the game with a horror."""
    state, _ = apply(EMPTY, setup_command(army_2=(ArmyEntry(card="princess-regna"),)))
    assert board(state).model("p2-princess-regna").in_play


def test_unknown_card_in_an_army_is_refused():
    """DESIGN.md, "Layers and folders" (catalog: stat cards as data): an army is built from stat cards the
    game knows; a name that is none of them is refused."""
    command = setup_command((ArmyEntry(card="agathon"), ArmyEntry(card="no-such-horror", battlegroup_of=0)))
    assert refused(EMPTY, command) == "setup.unknown_card"


def test_every_model_starts_in_play_and_ready(game):
    """doc 001, "Activation Phase": every model on the table is to be activated in its first turn."""
    assert all(m.in_play and m.activation == "ready" for m in board(game).models)
    assert board(game).model(GUARDIAN).battlegroup == AGATHON
    assert [m.leader for m in board(game).models if m.unit] == [True, False, False, False]


# --- completing cards -----------------------------------------------------------------------------------


def test_completing_a_card_no_model_uses_is_refused(game):
    """doc 001, "Recording Damage To a Horror": the web completed must belong to a model in the game."""
    lamenter = CARDS["lamenter"]
    card = lamenter.model_copy(update={"damage": lamenter.damage.model_copy(update={"rings": (8, 6, 4)})})
    assert refused(game, CompleteCard(card=card)) == "card.unknown"


def test_completing_a_card_cannot_change_its_role(game):
    """doc 001, "Horrors": a horror's card stays a horror's card (its rules depend on it)."""
    card = completed_foreboder().model_copy(update={"role": "solo"})
    assert refused(game, CompleteCard(card=card)) == "card.role"


def test_a_completion_fills_only_what_the_games_card_leaves_empty(game):
    """Completing a card fills in this game's copy where it is blank; the name, stats, boxes and rules it gives
    stay (a seat link cannot rewrite the other side's cards)."""
    agathon = CARDS["agathon"]
    rewritten = agathon.model_copy(update={"name": "Agathon the Unkillable", "damage": BoxesLayout(boxes=99),
                                           "stats": agathon.stats.model_copy(update={"ARM": 30})})
    with pytest.raises(RuleViolation) as refusal:
        run(game, CompleteCard(card=rewritten))
    assert refusal.value.code == "card.fact_given"
    assert refusal.value.message == ("Agathon's card already gives its name, ARM, damage boxes: a game can only "
                                     "fill in what a card leaves empty.")
    assert board(run(game, CompleteCard(card=completed_foreboder()))).cards["foreboder"] == completed_foreboder()


def test_completing_a_web_needs_rings_of_at_least_one_box():
    """doc 001, "Recording Damage To a Horror": a web has three rings of damage boxes."""
    from tests.rules.warmachine.game import new_game

    state = new_game(complete_foreboder=False)
    assert refused(state, CompleteCard(card=completed_foreboder((14, 0, 0)))) == "card.rings"


# --- commands from JSON ---------------------------------------------------------------------------------


def test_parse_command_rejects_unknown_types():
    """DESIGN.md, "The rules core": commands are the public vocabulary; anything else is refused with a code,
    not a crash."""
    for data in ({"type": "win_game"}, {"model": AGATHON}, {"type": 3}, ["mark_damage"], "advance"):
        with pytest.raises(RuleViolation) as refusal:
            parse_command(data)
        assert refusal.value.code == "command.unknown"


@pytest.mark.parametrize("amount", [-1, 0, 100, "many", "", None, 2.5, [3]])
def test_parse_command_rejects_bad_amounts(amount):
    """doc 001, "Recording Damage To a Horror": damage is a positive count of boxes (1 to 99 here)."""
    with pytest.raises(RuleViolation) as refusal:
        parse_command({"type": "mark_damage", "model": GUARDIAN, "amount": amount})
    assert refusal.value.code == "command.invalid"


@pytest.mark.parametrize("points", [-3, 0, 21, "lots"])
def test_parse_command_rejects_bad_essence_points(points):
    """doc 001, "Allocating Essence Points": essence points are counted in whole positive numbers."""
    with pytest.raises(RuleViolation) as refusal:
        parse_command({"type": "allocate", "master": AGATHON, "horror": GUARDIAN, "points": points})
    assert refusal.value.code == "command.invalid"


def test_parse_command_rejects_unknown_fields_and_missing_ones():
    """DESIGN.md, "The rules core": a command is exactly its typed fields."""
    for data in ({"type": "mark_damage", "model": GUARDIAN, "amount": 1, "crit": True},
                 {"type": "mark_damage", "amount": 1}):
        with pytest.raises(RuleViolation) as refusal:
            parse_command(data)
        assert refusal.value.code == "command.invalid"


def test_parse_command_reads_back_what_a_command_writes():
    """DESIGN.md, "The rules core": the log stores commands as JSON and replays them exactly."""
    for command in (MarkDamage(model=FOREBODER, amount=3, transfer_to=None),
                    Allocate(master=AGATHON, horror=GUARDIAN, points=2, in_control=False)):
        assert parse_command(command.model_dump(mode="json")) == command
    assert parse_command({"type": "mark_damage", "model": LEADER, "amount": 99}).amount == 99
