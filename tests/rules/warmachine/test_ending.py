"""Every way a game ends (doc 002 "Game Ending") and the tiebreakers (Steamroller 2019 figures)."""

import pytest

from models.catalog.schema import Card
from models.rules import GameState, apply
from models.rules.warmachine.attacks import ResolveDisabled
from models.rules.warmachine.clock import ClockExpired, PassClock, StartClock
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.ending import (
    Assassinated,
    Concede,
    FinalScore,
    ScenarioElements,
    army_points_destroyed,
)
from models.rules.warmachine.match import board, with_board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import ArmyEntry
from tests.rules.warmachine.game import (
    AGATHON,
    CULTIST_1,
    CULTIST_2,
    CULTIST_3,
    FOREBODER,
    GUARDIAN,
    LEADER,
    fall,
    new_game,
    refused,
    run,
    setup_command,
    tough,
)
from tests.rules.warmachine.tournament import CASTER_ARMY_2, MINUTE, P2_AGATHON, T0, score, started, to_clock_step

HOUR = 60 * MINUTE


@pytest.fixture
def game() -> GameState:
    """A wizard game with a 60-minute clock; player 2 has an Agathon too. Round 1, Ann's turn."""
    return started(60, army_2=CASTER_ARMY_2)


# -- assassination -----------------------------------------------------------------------------------------

def test_destroying_the_last_caster_ends_a_scenario_game_by_assassination(game):
    """doc 002 "Game Ending", Assassination: the game is over when a caster is destroyed; a final scenario
    scoring is due."""
    state = run(tough(game), MarkDamage(model=AGATHON, amount=17), ResolveDisabled(model=AGATHON))
    assert state.phase != "over"  # disabled, then boxed: an effect could still save it
    state, events = apply(state, ResolveDisabled(model=AGATHON, stage="boxed"))
    assert state.phase == "over" and board(state).attack is None
    r = board(state).result
    assert (r.winner, r.how, r.seat, r.round, r.due) == (1, "assassination", 0, 1, "final_score")
    assert board(state).model(GUARDIAN).status == "removed"  # removed horrors: they cannot control or contest
    assert [e.kind for e in events][-1] == "game.over"
    assert board(state).clock.stopped


def test_final_scoring_after_an_assassination_is_entered_by_the_players(game):
    """doc 002: after an assassination, one final scenario scoring (the players leave out the assassinated
    side's inert warjacks, wild warbeasts and removed horrors)."""
    state = run(fall(game, MarkDamage(model=AGATHON, amount=17)), FinalScore(cp=(0, 2)))
    assert board(state).result.cp == (0, 2) and board(state).result.due is None
    assert board(state).scenario.turns[-1].final
    assert refused(state, FinalScore(cp=(1, 1))) == "result.no_scoring_due"


def test_assassinated_command_destroys_a_caster_still_shown_in_play(game):
    """The players may say so when the app did not see it; the caster counts as destroyed."""
    state = run(game, Assassinated(seat=1, at_ms=T0 + 5_000))
    assert board(state).model(P2_AGATHON).status == "destroyed"
    assert (board(state).result.winner, board(state).result.how) == (0, "assassination")
    assert board(state).result.destroyed[0] >= 5  # casters count 5
    assert board(state).clock.remaining_ms[0] == HOUR - 5_000


def test_a_casual_game_goes_on_after_a_caster_dies():
    """Without a scenario (no wizard) the app does not end the game by itself."""
    state = fall(new_game(), MarkDamage(model=AGATHON, amount=17))
    assert state.phase != "over" and board(state).result is None
    state = run(state, Assassinated(seat=0))
    assert (board(state).result.winner, board(state).result.due) == (1, None)


# -- deathclock ---------------------------------------------------------------------------------------------

def test_clock_out_in_the_opponents_turn_loses(game):
    """doc 002 "Deathclock during enemy turn": the clock was handed over for a free strike and ran out: that
    player loses; their caster is destroyed and it is scored as an assassination."""
    state = run(game, PassClock(to_seat=1, at_ms=T0 + 1_000))
    state = run(state, ClockExpired(seat=1, at_ms=T0 + 1_000 + HOUR))
    r = board(state).result
    assert (r.winner, r.how, r.seat, r.due) == (0, "deathclock", 1, "final_score")
    assert board(state).model(P2_AGATHON).status == "destroyed"
    assert board(state).clock.remaining_ms[1] == 0 and board(state).clock.stopped
    state = run(state, FinalScore(cp=(1, 0)))
    assert board(state).result.cp == (1, 0) and board(state).result.winner == 0


def test_clock_out_in_your_own_turn_with_a_5_point_scoring_wins_on_scenario(game):
    """doc 002 "Deathclock during your own turn": an immediate scoring that puts you 5 up wins on scenario."""
    state = score(game, cp=(3, 0), at=T0 + 1_000)       # Ann 3
    state = score(state, cp=(0, 0), at=T0 + 2_000)      # Bob's turn
    state = run(state, ClockExpired(seat=0, at_ms=T0 + 2_000 + HOUR))
    assert state.phase == "over" and board(state).result.due == "clock_score" and board(state).result.winner is None
    state = run(state, FinalScore(cp=(2, 0)))
    r = board(state).result
    assert (r.winner, r.how, r.cp, r.due) == (0, "scenario", (5, 0), None)
    assert board(state).model(AGATHON).in_play


def test_clock_out_in_your_own_turn_without_the_lead_loses_as_an_assassination(game):
    """doc 002: otherwise you lose: your caster is destroyed and the game is scored like an assassination
    (the immediate scoring does not count; a final scoring does)."""
    state = run(game, ClockExpired(seat=0, at_ms=T0 + HOUR))
    state = run(state, FinalScore(cp=(1, 0)))
    r = board(state).result
    assert (r.winner, r.how, r.due) == (1, "deathclock", "final_score")
    assert board(state).model(AGATHON).status == "destroyed"
    assert board(state).scenario.cp == (0, 0)
    state = run(state, FinalScore(cp=(0, 3)))
    assert board(state).result.cp == (0, 3) and board(state).result.due is None


def test_clock_out_during_setup_loses():
    """The clock runs during deployment too; running out there loses the game (nothing to score)."""
    state = run(to_clock_step(), StartClock(minutes_per_player=1, at_ms=T0))
    state = run(state, ClockExpired(seat=0, at_ms=T0 + MINUTE))
    assert (board(state).result.winner, board(state).result.how, board(state).result.due) == (1, "deathclock", None)


# -- concession ---------------------------------------------------------------------------------------------

def test_concession_ends_the_game_for_the_other_side(game):
    state = run(game, Concede(seat=0, at_ms=T0 + 10))
    r = board(state).result
    assert (r.winner, r.how, r.seat, r.due) == (1, "concession", 0, None)
    assert refused(state, Advance()) == "game.over"
    assert refused(state, Concede(seat=1, at_ms=T0 + 20)) == "game.over"


def test_after_the_game_ends_damage_transfer_and_every_game_action_are_refused(game):
    """doc 002 "Game Ending": the game is over; nothing more is done in it: damage (with or without a transfer),
    removing damage, effects, soul tokens, and every model option greyed with the reason."""
    from models.rules import options
    from models.rules.core import DERIVED
    from models.rules.warmachine.damage import RemoveDamage
    from models.rules.warmachine.replenish import AddSoulToken
    from models.rules.warmachine.shake import AddEffect

    state = run(game, MarkDamage(model=AGATHON, amount=2), Concede(seat=0, at_ms=T0 + 10))
    for command in (MarkDamage(model=AGATHON, amount=3), MarkDamage(model=AGATHON, amount=3, transfer_to=GUARDIAN),
                    RemoveDamage(model=AGATHON, amount=1), AddEffect(model=AGATHON, effect="knocked_down"),
                    AddSoulToken(model=AGATHON)):
        assert refused(state, command) == "game.over"
    found = [o for o in options(state, AGATHON) if o.action != DERIVED]  # the derived numbers are no action
    assert found and not any(o.allowed for o in found)
    assert {o.code for o in found} == {"game.over"}


def test_ending_commands_need_the_time_when_a_clock_runs(game):
    assert refused(game, Concede(seat=0)) == "clock.no_time"


# -- tiebreakers --------------------------------------------------------------------------------------------

def test_army_points_destroyed_count_casters_as_5_and_horrors_at_cost():
    """Casters count 5; horrors removed with their master count their cost (Guardian 31, Foreboder 4)."""
    state = fall(new_game(), MarkDamage(model=AGATHON, amount=17))
    destroyed, uncounted = army_points_destroyed(state)
    assert destroyed == (0.0, 5 + 31 + 4) and uncounted == ()


def test_a_unit_below_half_strength_counts_half():
    """Steamroller 2019: a unit below half strength counts half its cost; a unit wiped out counts whole."""
    state = fall(new_game(), MarkDamage(model=CULTIST_1, amount=1), MarkDamage(model=CULTIST_2, amount=1))
    assert army_points_destroyed(state)[0] == (0.0, 0.0)  # 2 of 4 left: not below half
    state = fall(state, MarkDamage(model=CULTIST_3, amount=1))
    assert army_points_destroyed(state)[0] == (0.0, 2.5)
    state = fall(state, MarkDamage(model=LEADER, amount=1))
    assert army_points_destroyed(state)[0] == (0.0, 5.0)


def test_a_model_without_a_known_cost_is_listed_not_guessed():
    """A card without a cost is left out of the total and named, never guessed."""
    solo = Card(key="mystery-solo", name="Mystery Solo", faction="Infernals", role="solo",
                damage={"kind": "boxes", "boxes": 5})
    command = setup_command(army_2=(ArmyEntry(card="princess-regna"), ArmyEntry(card="mystery-solo")))
    command = command.model_copy(update={"cards": {**command.cards, "mystery-solo": solo}})
    state, _ = apply(GameState(), command)
    state = fall(state, MarkDamage(model="p2-mystery-solo", amount=5))
    assert army_points_destroyed(state) == ((0.0, 0.0), ("Mystery Solo",))


def test_summoned_horrors_were_never_in_a_list():
    """Only models that began the game count: a summoned horror is not in anyone's list."""
    state = new_game()
    extra = board(state).model(FOREBODER).model_copy(update={"id": "p1-foreboder-2", "status": "destroyed"})
    state = with_board(state, models=(*board(state).models, extra))
    assert army_points_destroyed(state)[0] == (0.0, 0.0)


def test_scenario_elements_are_asked_after_the_end(game):
    """The 4th tiebreaker is counted at the table and entered when the game is over."""
    assert refused(game, ScenarioElements(points=(1, 2))) == "result.not_over"
    state = fall(game, MarkDamage(model=AGATHON, amount=17))
    assert refused(state, ScenarioElements(points=(1, 2))) == "result.scoring_due"
    state = run(state, FinalScore(cp=(0, 1)), ScenarioElements(points=(0, 25)))
    assert board(state).result.elements == (0, 25) and board(state).result.winner == 1
