"""Spells cast from the card as the table sees them: an offensive spell's magic attack with the numbers the
caster's card gives (models/service/views), and a spell on several models taken back by one undo (GameService).

Ann's Magister Helynna (FOCUS 7; Force Strike: COST 2, POW 12; Hand of Destruction: offensive, no POW on the
card; Obliteration: POW 15, AOE 5; Rhythm of War: SELF, AOE CTRL, upkeep) and Elara against Bob's Agathon and
Guardian of Souls (DEF 9, ARM 18); cards from the shipped catalog.
"""

from __future__ import annotations

import pytest

from models.rules.warmachine.activation import Activate
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import ArmyEntry
from models.rules.warmachine.spells import CastSpell
from models.service import Actor, GameService
from models.service.views.warmachine import area_words, attack_heading
from models.service.views.warmachine_attack import damage_fields, hit_fields
from tests.rules.warmachine.game import activated, new_game, run

HELYNNA, ELARA, GUARDIAN = "p1-magister-helynna", "p1-elara-deaths-shadow", "p2-guardian-of-souls"
ANN = (ArmyEntry(card="magister-helynna"), ArmyEntry(card="elara-deaths-shadow"))
BOB = (ArmyEntry(card="agathon"), ArmyEntry(card="guardian-of-souls", battlegroup_of=0))
TABLE = Actor(role="table")


def cast(spell: str, cost: int, **more: object):
    """Helynna, activated, casts ``spell`` at the Guardian; the state with its attack in progress."""
    state = activated(new_game(ANN, BOB), HELYNNA)
    return run(state, CastSpell(model=HELYNNA, spell=spell, cost=cost, attack_target=GUARDIAN, **more))


def test_the_assistant_has_the_casters_focus_and_the_spells_pow_from_the_card() -> None:
    state = cast("Force Strike", 2)
    a = board(state).attack
    stat, defence = hit_fields(state, a)
    assert (stat.label, stat.value, defence.value) == ("FOCUS of Magister Helynna", 7, 9)
    power, armour, buttons = damage_fields(state, a, None)
    assert (power.label, power.value, armour.value, buttons) == ("POW of Force Strike", 12, 18, ())
    assert attack_heading(state, a) == ("Magister Helynna: Force Strike, a magic attack (POW 12) against Guardian "
                                        "of Souls")
    assert area_words(state, a) == ""


def test_an_area_spells_aoe_is_said_and_a_pow_the_card_lacks_is_asked() -> None:
    blast = cast("Obliteration", 4)
    assert "AOE 5" in attack_heading(blast, board(blast).attack)
    assert area_words(blast, board(blast).attack).startswith("AOE 5: every model in the area")
    unknown = cast("Hand of Destruction", 2, upkeep=True)
    assert damage_fields(unknown, board(unknown).attack, None)[0].value is None  # the field waits for the players
    assert "POW not on the card" in attack_heading(unknown, board(unknown).attack)
    assert damage_fields(unknown, board(unknown).attack, 10)[0].value == 10  # once typed, kept


@pytest.fixture
def service(new_service) -> GameService:
    return new_service()


def test_a_spell_on_two_models_is_taken_back_by_one_undo(service: GameService) -> None:
    """One cast command carries every model the spell changes: one undo takes them all back, and the focus."""
    gid = service.start(setup_game("Spells", [("Ann", ANN), ("Bob", BOB)])).game_id
    version, state = service.state(gid)
    while state.phase != "activation":
        done = service.execute(gid, Advance(), version, TABLE)
        version, state = done.version, done.state
    version = service.execute(gid, Activate(model=HELYNNA), version, TABLE).version
    rhythm = CastSpell(model=HELYNNA, spell="Rhythm of War", cost=3, upkeep=True, targets=(HELYNNA, ELARA),
                       stat="MAT", amount=2)
    done = service.execute(gid, rhythm, version, TABLE)
    assert [len(board(done.state).model(x).mods) for x in (HELYNNA, ELARA)] == [1, 1]
    assert board(done.state).model(HELYNNA).focus == 4
    undone = service.undo(gid, done.version, TABLE)
    assert [board(undone.state).model(x).mods for x in (HELYNNA, ELARA)] == [(), ()]
    assert board(undone.state).model(HELYNNA).focus == 7
