"""The setup wizard (doc 002 "Game Setup"), step by step in the document's order."""

import pytest

from models.catalog.schema import Card
from models.rules import GameState, apply, parse_command
from models.rules.dice import Roll
from models.rules.warmachine.clock import StartClock
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.pregame import (
    AddSetupTask,
    ChooseObjectives,
    ChooseOrder,
    ChooseScenario,
    ChooseSide,
    FinishSetupStep,
    RevealLists,
    RollPriority,
    StartGame,
    TickSetupTask,
)
from models.rules.warmachine.setup import ArmyEntry
from tests.rules.warmachine.game import AGATHON, PLAYER_1_ARMY, new_game, refused, run, setup_command
from tests.rules.warmachine.tournament import T0, priority, started, to_clock_step, wizard_game


@pytest.fixture
def wizard() -> GameState:
    return wizard_game()


def test_without_the_wizard_the_game_starts_at_round_1():
    """The default set-up is unchanged: round 1, the first player's turn (at its first step with something to
    decide), no wizard."""
    state = new_game()
    assert (state.round, state.active, state.phase, board(state).pregame) == (1, 0, "control", None)


def test_wizard_game_stays_in_setup_at_the_scenario_step(wizard):
    """doc 002 "Game Setup": the scenario is chosen first."""
    assert wizard.phase == "setup"
    assert board(wizard).pregame is not None and board(wizard).pregame.step == "scenario"
    assert board(wizard).listed and all(m.in_play for m in board(wizard).models)


def test_turn_commands_wait_until_the_game_begins(wizard):
    """Nothing of a turn can happen during setup."""
    assert refused(wizard, Advance()) == "game.not_started"
    assert refused(wizard, MarkDamage(model=AGATHON, amount=1)) == "game.not_started"


def test_a_wizard_game_cannot_be_set_up_twice(wizard):
    """The game is set up once; the wizard's phase "setup" does not reopen it."""
    assert refused(wizard, setup_command()) == "setup.done"


def test_steps_follow_doc_002s_order(wizard):
    """doc 002 "Game Setup": scenario, lists, objectives, priority, order, side, clock, before, deploy, after."""
    assert refused(wizard, RevealLists()) == "pregame.step"
    seen = []
    state = wizard
    for command in (ChooseScenario(name="Practice scenario"), RevealLists(lists=("Dark Host", "")),
                    ChooseObjectives(objectives=("Armory", "")), priority(6, 3), ChooseOrder(goes_first=True),
                    ChooseSide(side="north edge"), StartClock(minutes_per_player=60, at_ms=T0),
                    FinishSetupStep(), FinishSetupStep()):
        seen.append(board(state).pregame.step)
        state = run(state, command)
    assert seen == ["scenario", "lists", "objectives", "priority", "order", "side", "clock", "before", "deploy"]
    assert board(state).pregame.step == "after"
    assert board(state).pregame.scenario == "Practice scenario"
    assert board(state).pregame.lists == ("Dark Host", "as set up")
    assert board(state).pregame.objectives == ("Armory", "")
    assert board(state).pregame.side == "north edge"


def test_scenario_name_is_free_text_and_required(wizard):
    """The players name the scenario; a blank name is refused, a long one is refused with nothing changed."""
    assert refused(wizard, ChooseScenario(name="   ")) == "name.empty"
    with pytest.raises(Exception) as bad:
        parse_command({"type": "choose_scenario", "name": "x" * 61})
    assert getattr(bad.value, "code", "") == "command.invalid"
    state = run(wizard, ChooseScenario(name="  Our   own  "))
    assert board(state).pregame.scenario == "Our own"


def test_priority_tie_is_recorded_and_rolled_again(wizard):
    """doc 002: roll for priority; equal rolls decide nothing, so the players roll again."""
    state = run(wizard, ChooseScenario(name="S"), RevealLists(), ChooseObjectives(), priority(4, 4))
    assert board(state).pregame.step == "priority" and len(board(state).pregame.rolls) == 1
    state, events = apply(state, priority(2, 5))
    assert board(state).pregame.priority == 1 and board(state).pregame.step == "order"
    assert len(board(state).pregame.rolls) == 2
    assert events[0].data["winner"] == 1


def test_priority_dice_must_be_d6_faces(wizard):
    """Dice are data: a face a d6 does not have is refused."""
    state = run(wizard, ChooseScenario(name="S"), RevealLists(), ChooseObjectives())
    assert refused(state, RollPriority(dice=(Roll(dice=(7,)), Roll(dice=(1,))))) == "dice.face"
    assert refused(state, RollPriority(dice=(Roll(dice=(3,)), Roll(dice=(1, 2))))) == "dice.count"
    assert refused(state, RollPriority()) == "dice.missing"


def test_the_winner_of_the_roll_may_go_second(wizard):
    """doc 002: the winner chooses first or second; the second player then picks the table side."""
    state = run(wizard, ChooseScenario(name="S"), RevealLists(), ChooseObjectives(), priority(2, 6),
                ChooseOrder(goes_first=False))
    assert board(state).pregame.first == 0 and state.first == 0
    state = run(state, ChooseSide(side="the forest side"))
    assert board(state).pregame.step == "clock"


def test_start_clock_runs_the_first_players_time():
    """doc 002: start the clock after the table side; the first player's time runs (deployment)."""
    state = run(to_clock_step(first=1), StartClock(minutes_per_player=60, at_ms=T0))
    assert board(state).clock.running == 1 and board(state).clock.remaining_ms == (3_600_000, 3_600_000)
    assert board(state).pregame.step == "before"


def test_a_game_may_be_played_without_a_clock():
    """Finishing the clock step without starting it: a friendly game with no clock."""
    state = run(to_clock_step(), FinishSetupStep())
    assert board(state).clock is None and board(state).pregame.step == "before"


def test_grymkin_warlock_puts_the_arcana_on_the_before_checklist():
    """doc 002: a Grymkin player chooses their Arcana before the game begins (listed for the players)."""
    lock = Card(key="grymkin-lock", name="The Heretic", faction="Grymkin", role="warlock",
                damage={"kind": "boxes", "boxes": 18})
    command = setup_command(PLAYER_1_ARMY, (ArmyEntry(card="grymkin-lock"),))
    command = command.model_copy(update={"cards": {**command.cards, "grymkin-lock": lock}, "wizard": True})
    state, _ = apply(GameState(), command)
    assert [t.text for t in board(state).pregame.before] == ["Bob: choose the Arcana cards (Grymkin)"]


def test_open_before_items_hold_the_wizard():
    """Every "before the game begins" ability is resolved before deployment."""
    state = run(to_clock_step(), FinishSetupStep(), AddSetupTask(text="Ambush: Cultist Band"))
    assert refused(state, FinishSetupStep()) == "pregame.open_tasks"
    state = run(state, TickSetupTask(index=0))
    state = run(state, FinishSetupStep())
    assert board(state).pregame.step == "deploy"


def test_after_deployment_items_hold_the_start():
    """doc 002: "after deployment, before the game begins" abilities are resolved before round 1."""
    state = run(to_clock_step(), FinishSetupStep(), FinishSetupStep(), AddSetupTask(text="Prey", when="after"),
                FinishSetupStep())
    assert refused(state, StartGame()) == "pregame.open_tasks"
    assert refused(state, AddSetupTask(text="too late", when="before")) == "pregame.step_passed"
    state = run(state, TickSetupTask(when="after", index=0), StartGame())
    assert (state.round, state.active) == (1, 0) and state.phase not in ("setup", "maintenance")


def test_start_game_begins_round_1_with_the_first_player():
    """The end of setup: the first player's turn of round 1; the scenario's scoring begins."""
    state = started(first=1)
    assert (state.round, state.active, state.first) == (1, 1, 1) and state.phase not in ("setup", "over")
    assert board(state).pregame.step == "done"
    assert board(state).scenario is not None and board(state).scenario.name == "Practice scenario"
    assert refused(state, ChooseScenario(name="again")) == "pregame.over"


def test_setup_time_is_counted_as_round_0():
    """The clock runs during deployment; that time is kept apart from the turns."""
    state = to_clock_step()
    state = run(state, StartClock(minutes_per_player=60, at_ms=T0), FinishSetupStep(), FinishSetupStep(),
                StartGame(at_ms=T0 + 90_000))
    assert board(state).clock.turns[0].round == 0 and board(state).clock.turns[0].used_ms == (90_000, 0)
    assert board(state).clock.running == 0 and board(state).clock.since == T0 + 90_000


def test_start_game_needs_the_time_when_a_clock_runs():
    """The rules never read a clock: a clock command without its time is refused."""
    state = run(to_clock_step(), StartClock(minutes_per_player=60, at_ms=T0), FinishSetupStep(), FinishSetupStep())
    assert refused(state, StartGame()) == "clock.no_time"
