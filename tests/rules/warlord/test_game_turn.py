"""Setting a Warlord game up, the game turn (activations, end phase), damage tracks and what the UI may offer.
The turn structure is the part doc 003 names: a model's "Activation", the "End Phase" of each "Game Turn"."""

import pytest

from models.rules import GameState, apply, options
from models.rules.warlord.activation import WarlordAction, WarlordActivate, WarlordEndActivation
from models.rules.warlord.damage import WarlordDamage, WarlordHeal
from models.rules.warlord.end_phase import WarlordEndTurn, WarlordNextTurn
from models.rules.warlord.model_states import WarlordAddState
from models.rules.warlord.options import turn_options
from models.rules.warlord.setup import ModelEntry, Warband, WarlordSetup
from models.rules.warlord.state import board
from models.rules.warmachine.phases import Advance
from tests.rules.warlord.game import KNIGHT, ORC, activation, events, fig, new_game, refused, run, setup_command


def test_setup_opens_game_turn_1_with_every_model_ready(game: GameState) -> None:
    """doc 003: models activate in game turns; the game starts at turn 1."""
    assert (game.system, game.round, game.phase) == ("warlord", 1, "activations")
    assert [f.name for f in board(game).figures] == ["Knight", "Golem", "Skeleton", "Paladin", "Orc", "Ghost",
                                                      "Zombie"]
    assert all(f.activation == "ready" and f.remaining == f.tracks for f in board(game).figures)


def test_setup_numbers_models_of_the_same_name() -> None:
    """Two models typed with one name stay apart in the log and on the table."""
    side = Warband(player="Ann", models=(ModelEntry(name="Orc", tracks=2), ModelEntry(name="Orc", tracks=2)))
    state, _ = apply(GameState(), WarlordSetup(title="t", sides=(side, side.model_copy(update={"player": "Bob"}))))
    assert [f.name for f in board(state).figures] == ["Orc", "Orc 2", "Orc 3", "Orc 4"]


def test_setup_needs_a_model_in_each_warband() -> None:
    """A warband without models has nothing to keep track of."""
    command = setup_command()
    empty = command.model_copy(update={"sides": (command.sides[0], Warband(player="Bob", models=()))})
    refused(GameState(), empty, "setup.no_models")


@pytest.mark.parametrize(("title", "code"), [("   ", "name.empty"), ("x" * 61, "name.too_long")])
def test_setup_refuses_bad_titles(title: str, code: str) -> None:
    """Typed text is short and not blank."""
    refused(GameState(), setup_command().model_copy(update={"title": title}), code)


def test_setup_twice_is_refused(game: GameState) -> None:
    """A game is set up once; its warbands are fixed from then on."""
    refused(game, setup_command(), "setup.done")


def test_commands_need_a_warlord_game() -> None:
    """Every Warlord command but the setup is refused before a game is set up."""
    refused(GameState(), WarlordActivate(model=KNIGHT), "game.not_set_up")


def test_warmachine_commands_are_refused_in_a_warlord_game(game: GameState) -> None:
    """One system per game: a Warmachine command has no meaning in a Warlord game."""
    refused(game, Advance(), "command.other_system")


def test_one_model_activates_at_a_time(game: GameState) -> None:
    """doc 003 "Burning" / "Stunned" count actions per activation: one model's activation at a time."""
    state = run(game, WarlordActivate(model=KNIGHT))
    refused(state, WarlordActivate(model=ORC), "activation.in_progress")
    refused(state, WarlordActivate(model=KNIGHT), "activation.active")


def test_a_model_activates_once_per_game_turn(game: GameState) -> None:
    """doc 003 "Disabled" / "Held": "its next activation" is the next game turn's."""
    refused(activation(game, KNIGHT, "move"), WarlordActivate(model=KNIGHT), "activation.done")


def test_actions_need_an_activated_model(game: GameState) -> None:
    """doc 003 "Burning": actions are taken during the model's activation."""
    refused(game, WarlordAction(model=KNIGHT, action="move"), "activation.not_active")
    refused(game, WarlordEndActivation(model=KNIGHT), "activation.not_active")


def test_end_phase_waits_for_the_activation_in_progress(game: GameState) -> None:
    """doc 003 "Burning": the activation must end (and count its missing actions) before the end phase."""
    refused(run(game, WarlordActivate(model=KNIGHT)), WarlordEndTurn(), "activation.in_progress")


def test_activations_wait_for_the_next_game_turn_in_the_end_phase(game: GameState) -> None:
    """doc 003 "Poisoned": the end phase follows the activations of a game turn."""
    refused(run(game, WarlordEndTurn()), WarlordActivate(model=KNIGHT), "step.wrong")
    refused(game, WarlordNextTurn(), "step.wrong")


def test_next_game_turn_readies_every_model(game: GameState) -> None:
    """doc 003 "Cursed": game turns follow each other; each model may activate again."""
    state = run(activation(game, KNIGHT, "move"), WarlordEndTurn(), WarlordNextTurn())
    assert state.round == 2 and state.phase == "activations"
    assert fig(state, KNIGHT).activation == "ready" and fig(state, KNIGHT).actions == ()


def test_damage_and_healing_move_along_the_damage_tracks(game: GameState) -> None:
    """doc 003 "Poisoned": damage tracks are lost to damage and come back by healing, never above DT."""
    state = run(game, WarlordDamage(model=KNIGHT, amount=2))
    assert fig(state, KNIGHT).remaining == 1
    state = run(state, WarlordHeal(model=KNIGHT, amount=5))
    assert fig(state, KNIGHT).remaining == 3
    refused(state, WarlordHeal(model=KNIGHT), "heal.full")


def test_a_model_at_0_damage_tracks_is_out_of_action(game: GameState) -> None:
    """Our reading of doc 003: no tracks left, the model is out of action; nothing more happens to it."""
    state, happened = events(game, WarlordDamage(model=ORC, amount=5))
    assert fig(state, ORC).out_of_action and fig(state, ORC).damage == 2
    assert happened[-1].kind == "warlord.out_of_action"
    for command in (WarlordActivate(model=ORC), WarlordDamage(model=ORC), WarlordHeal(model=ORC),
                    WarlordAddState(model=ORC, state="blessed")):
        refused(state, command, "model.not_in_play")


def test_options_grey_what_the_rules_refuse_with_the_reason(game: GameState) -> None:
    """doc 003 "Shaken": the Zombie is Mindless, so "add Shaken" is greyed with the reason."""
    found = {o.action: o for o in options(game, "p2-3")}
    assert found["activate"].allowed
    assert not found["add:shaken"].allowed and found["add:shaken"].code == "state.immune"
    assert "Mindless" in found["add:shaken"].reason
    assert found["action:move"].code == "activation.not_active"


def test_turn_options_say_why_the_next_game_turn_waits(game: GameState) -> None:
    """doc 003 "Poisoned": the next game turn waits for the poison checks, and says for whom."""
    state = run(game, WarlordAddState(model=ORC, state="poisoned"), WarlordEndTurn())
    found = turn_options(state)
    assert not found["next_turn"].allowed and "Orc" in found["next_turn"].reason
    assert found["end_turn"].code == "step.wrong"


def test_replay_of_the_same_commands_gives_the_same_state() -> None:
    """The log is the truth: the same commands always rebuild the same game."""
    commands = [WarlordAddState(model=KNIGHT, state="burning"), WarlordActivate(model=KNIGHT),
                WarlordAction(model=KNIGHT, action="move"), WarlordEndActivation(model=KNIGHT)]
    assert run(new_game(), *commands) == run(new_game(), *commands)
