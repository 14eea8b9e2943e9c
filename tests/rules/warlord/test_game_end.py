"""How a Warlord game ends, and the derived numbers ``options`` gives for a model.

Doc 003 ("Game Effects & Model States") says nothing of winning: the app's reading is that a warband with every
model out of action has lost, that the players may end the game at the end of a game turn naming the winner (or a
draw), and that a player may concede. The derived numbers come from doc 003 "Stunned" and "Poisoned".
"""

from __future__ import annotations

from models.rules import GameState, answered, options
from models.rules.core import DERIVED
from models.rules.warlord.activation import WarlordActivate
from models.rules.warlord.damage import WarlordDamage
from models.rules.warlord.end_phase import WarlordEndTurn, WarlordNextTurn, WarlordPoisonCheck
from models.rules.warlord.ending import WarlordConcede, WarlordEndGame
from models.rules.warlord.model_states import WarlordAddState
from models.rules.warlord.options import turn_options
from models.rules.warlord.state import board
from tests.rules.warlord.game import (
    GHOST,
    GOLEM,
    KNIGHT,
    ORC,
    PALADIN,
    SKELETON,
    ZOMBIE,
    activation,
    events,
    given,
    refused,
    run,
)


def bob_wiped_out(state: GameState) -> GameState:
    return run(state, WarlordDamage(model=ORC, amount=2), WarlordDamage(model=GHOST, amount=2))


def test_out_of_action_warband_loses_the_game(game: GameState) -> None:
    """Doc 003 (our reading): the last of Bob's models out of action ends the game; Ann wins."""
    state = bob_wiped_out(game)
    assert state.phase == "activations"  # the Zombie still stands
    state, happened = events(state, WarlordDamage(model=ZOMBIE, amount=3))
    result = board(state).result
    assert state.phase == "over" and result is not None
    assert (result.winner, result.how, result.round) == (0, "out_of_action", 1)
    assert happened[-1].kind == "warlord.game_over"
    assert "Every model of Bob's warband is out of action" in happened[-1].text


def test_burning_damage_can_end_the_game(game: GameState) -> None:
    """Doc 003 "Burning": burning damage is damage like any other, so it can put the last model out."""
    state = run(bob_wiped_out(game), WarlordDamage(model=ZOMBIE, amount=1))
    state = given(state, ZOMBIE, "burning")
    state = activation(state, ZOMBIE, "move", end=False)
    result = board(state).result
    assert state.phase == "over" and result is not None and result.winner == 0


def test_a_failed_poison_check_can_end_the_game(game: GameState) -> None:
    """Doc 003 "Poisoned": a miss costs 1 damage, which may be the warband's last track."""
    ann = run(game, *(WarlordDamage(model=m, amount=5) for m in (GOLEM, SKELETON, PALADIN)),
              WarlordDamage(model=KNIGHT, amount=2), WarlordAddState(model=KNIGHT, state="poisoned"),
              WarlordEndTurn())
    ann = run(ann, WarlordPoisonCheck(model=KNIGHT, die=1))  # 1 + 1 track + Tough 1 = 3: fails, 1 damage
    result = board(ann).result
    assert ann.phase == "over" and result is not None and result.winner == 1


def test_players_end_the_game_at_the_end_of_a_game_turn(game: GameState) -> None:
    """Doc 003 names the end phase of each game turn; the players end the game there (our reading)."""
    refused(game, WarlordEndGame(winner=0), "step.wrong")
    state, happened = events(run(game, WarlordEndTurn()), WarlordEndGame(winner=1, reason="Bob holds the well."))
    result = board(state).result
    assert result is not None and (result.winner, result.how) == (1, "end_of_game")
    assert result.detail == "The players ended the game at the end of game turn 1: Bob holds the well."
    assert happened[0].text.startswith("Game over: Bob wins.")


def test_the_players_may_call_a_draw(game: GameState) -> None:
    """Our reading: no winner named is a draw."""
    state, happened = events(run(game, WarlordEndTurn()), WarlordEndGame())
    result = board(state).result
    assert result is not None and result.winner is None
    assert "The game is a draw." in happened[0].text


def test_a_long_reason_is_refused(game: GameState) -> None:
    """Typed text has a limit; nothing changes."""
    refused(run(game, WarlordEndTurn()), WarlordEndGame(winner=0, reason="x" * 121), "name.too_long")


def test_a_player_concedes_at_any_time(game: GameState) -> None:
    """Our reading: conceding ends the game at once, even during an activation; the other side wins."""
    state = run(game, WarlordActivate(model=KNIGHT), WarlordConcede(seat=0))
    result = board(state).result
    assert state.phase == "over" and result is not None and (result.winner, result.how) == (1, "concession")


def test_after_the_end_nothing_more_is_accepted(game: GameState) -> None:
    """Once over, the game takes no more commands; options say so."""
    state = run(game, WarlordConcede(seat=1))
    for command in (WarlordActivate(model=KNIGHT), WarlordDamage(model=ORC), WarlordNextTurn(),
                    WarlordConcede(seat=0), WarlordEndGame(winner=1)):
        refused(state, command, "game.over")
    assert {o.code for o in options(state, KNIGHT) if o.action != DERIVED} == {"game.over"}
    assert not turn_options(state)["concede:0"].allowed


def test_derived_numbers_of_a_stunned_model(game: GameState) -> None:
    """Doc 003 "Stunned": one action in its next activation; while activated, how many are left."""
    state = given(game, KNIGHT, "stunned")
    values = {o.action: o for o in options(state, KNIGHT)}[DERIVED].values
    assert values is not None and (values["DT"], values["DT:max"], values["actions"]) == (3, 3, 1)
    state = run(state, WarlordActivate(model=KNIGHT))
    values = options(state, KNIGHT)[0].values
    assert values is not None and (values["actions"], values["actions:left"]) == (1, 1)


def test_derived_numbers_of_a_poisoned_model(game: GameState) -> None:
    """Doc 003 "Poisoned": +1 per damage track left, +Tough; 10 or more passes."""
    state = run(game, WarlordDamage(model=KNIGHT), WarlordAddState(model=KNIGHT, state="poisoned"))
    values = options(state, KNIGHT)[0].values
    assert values is not None and (values["poison:bonus"], values["poison:needs"], values["DT"]) == (3, 10, 2)
    assert "poison:bonus" not in (options(game, KNIGHT)[0].values or {})


def test_the_end_of_game_option_asks_the_winner_and_what_decided_it(game: GameState) -> None:
    """Doc 003 end phase (our reading): the players name the winner (or a draw) and, if they like, why; the
    option carries the command and those two questions, and answering fills them in."""
    ending = turn_options(run(game, WarlordEndTurn()))["end_game"]
    assert ending.allowed and ending.ask == ("winner", "reason")
    assert answered(ending, winner=1, reason="Bob holds the well.") == WarlordEndGame(
        winner=1, reason="Bob holds the well.")
    assert answered(turn_options(game)["concede:0"]) == WarlordConcede(seat=0)
