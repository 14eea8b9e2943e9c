"""Grymkin Arcana cards (doc 001 "Arcana"; doc 002 "Game Setup": chosen among the "before the game begins"
abilities)."""

from models.rules import apply
from models.rules.warmachine.activation import Activate
from models.rules.warmachine.arcana import AssignArcana, PlayArcana, arcana_offer, hand
from models.rules.warmachine.attacks import DeclareAttack
from models.rules.warmachine.match import board, with_board, with_models
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import ArmyEntry, CompleteCard
from models.rules.warmachine.spells import UseFeat
from tests.rules.warmachine.other_side.other_side_game import (
    DREAMER,
    ENEMY_CASTER,
    GRYM_NO_TRUMP,
    RAGER,
    WANDERER,
    activated,
    grymkin_game,
    happened,
    kinds,
    refused,
    run,
    to_step,
)

DREAMER_CARDS = ("Trump of Dreams", "Ruin", "Labyrinth")
WANDERER_CARDS = ("Shroud", "Accursed", "Desolation")


def dealt(state):
    return run(state, AssignArcana(warlock=DREAMER, cards=DREAMER_CARDS),
               AssignArcana(warlock=WANDERER, cards=WANDERER_CARDS))


def test_a_grymkin_warlock_is_given_its_trump_and_two_other_cards(grymkin):
    """doc 001, "Arcana": three cards, one of them the warlock's own Trump, revealed to the opponent."""
    state, events = happened(grymkin, AssignArcana(warlock=DREAMER,
                                                   cards=("ruin", "Trump of Dreams", "Labyrinth")))
    assert board(state).model(DREAMER).arcana == ("Ruin", "Trump of Dreams", "Labyrinth")
    assert kinds(events) == ["arcana.assigned"]
    assert "Ruin" in events[0].text and "Labyrinth" in events[0].text
    assert hand(state, board(state).model(DREAMER)) == (("Ruin", False, False), ("Trump of Dreams", False, True),
                                                  ("Labyrinth", False, False))


def test_the_three_cards_must_include_the_warlocks_own_trump(grymkin):
    """doc 001, "Arcana": one of the three must be the warlock's Trump."""
    assert refused(grymkin, AssignArcana(warlock=DREAMER, cards=("Ruin", "Labyrinth", "Accursed"))) == \
        "arcana.trump_missing"


def test_another_warlocks_trump_cannot_be_taken(grymkin):
    """doc 001, "Arcana": each Trump can be assigned only to its own warlock; the other two must be
    non-Trump cards (Shroud is the Wanderer's Trump in this test)."""
    assert refused(grymkin, AssignArcana(warlock=DREAMER, cards=("Trump of Dreams", "Shroud", "Ruin"))) == \
        "arcana.other_trump"


def test_no_card_twice(grymkin):
    """doc 001, "Arcana": no card twice for one warlock, and no duplicate card within an army."""
    assert refused(grymkin, AssignArcana(warlock=DREAMER, cards=("Trump of Dreams", "Ruin", "ruin"))) == \
        "arcana.duplicate"
    state = run(grymkin, AssignArcana(warlock=DREAMER, cards=DREAMER_CARDS))
    assert refused(state, AssignArcana(warlock=WANDERER, cards=("Shroud", "Ruin", "Accursed"))) == \
        "arcana.duplicate_in_army"


def test_unknown_cards_and_non_grymkin_models_are_refused(grymkin):
    """doc 001, "Arcana": only Grymkin warlocks have Arcana cards, and only Arcana cards can be chosen."""
    assert refused(grymkin, AssignArcana(warlock=DREAMER, cards=("Trump of Dreams", "Ruin", "Joker"))) == \
        "arcana.unknown"
    assert refused(grymkin, AssignArcana(warlock=RAGER, cards=DREAMER_CARDS)) == "arcana.not_grymkin"
    assert refused(grymkin, AssignArcana(warlock=ENEMY_CASTER, cards=DREAMER_CARDS)) == "arcana.not_grymkin"


def test_a_warlock_whose_trump_is_unknown_must_have_its_card_completed(grymkin):
    """doc 001, "Arcana": the Trump is on the warlock's own card; the app asks for it instead of guessing."""
    state = grymkin_game((ArmyEntry(card="test-grymkin-3"),))
    lonely = "p1-test-grymkin-3"
    assert refused(state, AssignArcana(warlock=lonely, cards=("Ruin", "Labyrinth", "Shroud"))) == \
        "arcana.no_trump"
    state = run(state, CompleteCard(card=GRYM_NO_TRUMP.model_copy(update={"trump": "Trump of Nobody"})))
    state = run(state, AssignArcana(warlock=lonely, cards=("Trump of Nobody", "Ruin", "Labyrinth")))
    assert board(state).model(lonely).arcana[0] == "Trump of Nobody"


def test_cards_are_chosen_before_the_first_activation_and_only_once(grymkin):
    """doc 001, "Arcana": before deployment at the start of the game; once revealed they stay."""
    state = run(grymkin, AssignArcana(warlock=DREAMER, cards=DREAMER_CARDS))
    assert refused(state, AssignArcana(warlock=DREAMER, cards=DREAMER_CARDS)) == "arcana.assigned"
    started = run(to_step(dealt(grymkin), "activation", "activate"), Activate(model=RAGER))
    fresh = with_models(started, board(started).model(WANDERER).model_copy(update={"arcana": ()}))
    assert refused(fresh, AssignArcana(warlock=WANDERER, cards=WANDERER_CARDS)) == "arcana.too_late"


def test_the_first_activation_waits_for_every_grymkin_warlocks_cards(grymkin):
    """doc 002, "Game Setup": the Arcana are chosen before the game begins; the app does not let the first
    activations start without them."""
    state = to_step(grymkin, "control", "other")
    assert refused(state, Advance()) == "arcana.unassigned"
    state = run(dealt(state), Advance())
    assert (state.phase, state.step) == ("activation", "activate")


def test_each_card_is_played_once_per_game(grymkin):
    """doc 001, "Arcana": each of a warlock's Arcana cards can be played only once per game."""
    state, events = happened(dealt(grymkin), PlayArcana(warlock=DREAMER, card="Ruin"))
    assert kinds(events) == ["arcana.played"]
    assert hand(state, board(state).model(DREAMER))[1] == ("Ruin", True, False)
    state = to_step(state, "maintenance", "excess", seat=1)
    assert refused(state, PlayArcana(warlock=DREAMER, card="Ruin")) == "arcana.played"


def test_a_warlock_plays_at_most_one_card_per_turn(grymkin):
    """doc 001, "Arcana": a warlock can play only one Arcana card per turn, in either player's turn; another
    warlock of the army may play its own."""
    state = run(dealt(grymkin), PlayArcana(warlock=DREAMER, card="Ruin"))
    assert refused(state, PlayArcana(warlock=DREAMER, card="Labyrinth")) == "arcana.once_per_turn"
    state = run(state, PlayArcana(warlock=WANDERER, card="Shroud"))
    state = to_step(state, "maintenance", "excess", seat=1)
    state = run(state, PlayArcana(warlock=DREAMER, card="Labyrinth"))
    assert board(state).model(DREAMER).arcana_played == ("Ruin", "Labyrinth")


def test_cards_not_assigned_cannot_be_played(grymkin):
    """doc 001, "Arcana": a warlock plays only its own three cards."""
    state = dealt(grymkin)
    assert refused(state, PlayArcana(warlock=DREAMER, card="Shroud")) == "arcana.not_assigned"


def test_no_arcana_card_in_the_middle_of_an_attack(grymkin):
    """doc 002, "Appendix A: Attack Sequence": no "any time" abilities while an attack is being resolved."""
    state = run(dealt(grymkin), DeclareAttack(attacker=RAGER, target=ENEMY_CASTER))
    assert refused(state, PlayArcana(warlock=DREAMER, card="Ruin")) == "anytime.mid_attack"


def test_grymkin_warlocks_have_arcana_instead_of_a_feat(grymkin):
    """doc 001, "Arcana": instead of feats, Grymkin warlocks have Arcana cards."""
    state = activated(dealt(grymkin), DREAMER)
    assert refused(state, UseFeat(master=DREAMER)) == "feat.arcana"


def test_both_players_see_the_cards(grymkin):
    """doc 001, "Arcana": the cards are revealed; the state (read by every screen) holds them and what was
    played."""
    state = run(dealt(grymkin), PlayArcana(warlock=WANDERER, card="Accursed"))
    again, _ = apply(state, PlayArcana(warlock=DREAMER, card="Trump of Dreams"))
    assert board(again).model(WANDERER).arcana == WANDERER_CARDS
    assert board(again).model(WANDERER).arcana_played == ("Accursed",)
    assert board(again).model(DREAMER).arcana_played == ("Trump of Dreams",)


def test_in_the_setup_wizard_cards_are_chosen_before_deployment():
    """doc 002, "Game Setup": a Grymkin player chooses the Arcana among the "before the game begins"
    abilities, before deployment; once the wizard reaches deployment it is too late for the wizard."""
    from models.rules.warmachine.match import Pregame

    state = wizard_grymkin_game()
    assert state.phase == "setup"
    state = run(state, AssignArcana(warlock=DREAMER, cards=DREAMER_CARDS))
    assert board(state).model(DREAMER).arcana == DREAMER_CARDS
    deploying = with_board(state, pregame=Pregame(step="deploy"))
    assert refused(deploying, AssignArcana(warlock=WANDERER, cards=WANDERER_CARDS)) == "arcana.too_late"


def wizard_grymkin_game():
    """The Grymkin army against a warcaster, set up with the setup wizard (in setup, at the scenario step)."""
    from models.rules import GameState
    from tests.rules.warmachine.other_side.other_side_game import grymkin_wizard_setup

    state, _ = apply(GameState(), grymkin_wizard_setup())
    return state


def to_before_step(state):
    """The wizard walked to "before the game begins" (no clock), its checklist ticked."""
    from models.rules.warmachine.pregame import FinishSetupStep, TickSetupTask
    from tests.rules.warmachine.tournament import to_clock_step

    state = run(to_clock_step(state), FinishSetupStep())
    assert board(state).pregame.step == "before"
    return run(state, *(TickSetupTask(when="before", index=i) for i in range(len(board(state).pregame.before))))


def test_in_the_setup_wizard_deployment_waits_for_every_grymkin_warlocks_cards():
    """doc 001 "Arcana": before either player's deployment each Grymkin warlock is assigned its three cards;
    the wizard's "before the game begins" step (doc 002 "Game Setup") is not over until they are."""
    from models.rules.warmachine.pregame import FinishSetupStep

    state = to_before_step(wizard_grymkin_game())
    assert refused(state, FinishSetupStep()) == "arcana.unassigned"
    state = run(state, AssignArcana(warlock=DREAMER, cards=DREAMER_CARDS))
    assert refused(state, FinishSetupStep()) == "arcana.unassigned"
    state = run(state, AssignArcana(warlock=WANDERER, cards=WANDERER_CARDS), FinishSetupStep())
    assert board(state).pregame.step == "deploy"


def test_in_a_setup_wizard_game_no_arcana_card_is_assigned_after_deployment():
    """doc 001 "Arcana": assigned before either player deploys. A wizard game records its deployment, so in
    round 1 (after deployment) an assignment is refused, though nobody has activated yet; a game set up
    without the wizard still takes them until the first activation (see above)."""
    from models.rules.warmachine.pregame import FinishSetupStep, StartGame

    state = run(to_before_step(wizard_grymkin_game()), *(
        AssignArcana(warlock=w, cards=c) for w, c in ((DREAMER, DREAMER_CARDS), (WANDERER, WANDERER_CARDS))))
    state = run(state, FinishSetupStep(), FinishSetupStep(), StartGame())
    assert state.round == 1 and state.phase not in ("setup", "maintenance")  # empty steps passed
    fresh = with_models(state, board(state).model(WANDERER).model_copy(update={"arcana": ()}))
    assert refused(fresh, AssignArcana(warlock=WANDERER, cards=WANDERER_CARDS)) == "arcana.too_late"
    casual = grymkin_game()
    assert (casual.round, casual.phase, casual.step) == (1, "control", "other"), "held there: Arcana unchosen"
    assert board(run(casual, AssignArcana(warlock=WANDERER, cards=WANDERER_CARDS))).model(WANDERER).arcana


def test_a_warlock_is_offered_its_trump_and_the_cards_no_other_warlock_holds(grymkin):
    """doc 001, "Arcana": the Trump is the warlock's own; the other two are non-Trump cards, each at most once
    in the army."""
    own, regular = arcana_offer(grymkin, board(grymkin).model(WANDERER))
    assert own and own not in regular and "Ruin" in regular
    state = run(grymkin, AssignArcana(warlock=DREAMER, cards=DREAMER_CARDS))
    own_after, regular_after = arcana_offer(state, board(state).model(WANDERER))
    assert own_after == own and "Ruin" not in regular_after and "Labyrinth" not in regular_after
    assert own == "Shroud" and "Trump of Dreams" not in regular_after and "Accursed" in regular_after
