"""The turn as data: phase and step order, rounds, and activations (doc 001 "The Infernal Turn")."""

from models.rules import GameState, apply
from models.rules.warmachine.activation import Activate, EndActivation
from models.rules.warmachine.essence import Allocate, Leech
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance, label, turn_steps
from models.rules.warmachine.replenish import Sacrifice
from tests.rules.warmachine.game import (
    AGATHON,
    BAND,
    CULTIST_2,
    FOREBODER,
    GUARDIAN,
    LEADER,
    REGNA,
    REGNA_HORROR,
    at_step,
    happened,
    let_upkeeps_end,
    new_game,
    refused,
    run,
    settle_tithe,
    setup_command,
    tithe_decisions,
    to_step,
    with_model,
)

TURN = [
    ("maintenance", "excess"),      # step 1: remove essence above ESSENCE
    ("maintenance", "continuous"),  # step 2: continuous effects
    ("maintenance", "other"),       # step 3: other maintenance effects
    ("control", "replenish"),       # step 1: sacrifice or leech
    ("control", "souls"),           # step 2: soul tokens become essence
    ("control", "allocate"),        # step 3: allocate essence to horrors
    ("control", "upkeep"),          # step 4: upkeep spells
    ("control", "other"),           # step 5: other control effects
    ("activation", "activate"),
    ("end", "tithe"),               # doc 001 "Tithe": end of the controlling player's turn
]


def stops(state: GameState) -> list[tuple[str, str]]:
    """Where the active player's turn stops, from here to its end (the steps with something to decide): what is
    due there is decided (upkeeps let end, tithes paid), and when that leaves the turn where it was, Next."""
    seat, seen = state.active, [(state.phase, state.step)]
    while True:
        state = let_upkeeps_end(state) if state.step == "upkeep" else settle_tithe(state)
        if state.active == seat and (state.phase, state.step) == seen[-1]:
            state = run(state, Advance())
        if state.active != seat:
            return seen
        seen.append((state.phase, state.step))


# --- phases and steps -----------------------------------------------------------------------------------


def test_phases_and_steps_follow_the_infernal_turn_in_order(game):
    """doc 001, "The Infernal Turn": Maintenance steps 1-3, Control steps 1-5, Activation, then the end of
    the turn (tithe)."""
    assert [(p.key, s.key) for p, s in turn_steps(game)] == TURN


def test_a_turn_begins_at_its_first_step_with_something_to_decide(game):
    """doc 001, "The Infernal Turn": maintenance comes first; with no essence above ESSENCE and no continuous
    effect it has nothing to decide, so it is logged as passed and the turn waits at replenishing (Agathon
    may sacrifice)."""
    state, events = apply(GameState(), setup_command())
    texts = [e.text for e in events]
    assert "Maintenance: Remove essence above ESSENCE: nothing to decide." in texts
    assert "Maintenance: Continuous effects: nothing to decide." in texts
    assert "Maintenance: Other maintenance effects: nothing to decide." in texts
    assert (state.round, state.active, state.phase, state.step) == (1, 0, "control", "replenish")
    assert label(state) == "Control: Replenish essence: sacrifice or leech"


def test_the_turn_stops_only_where_a_player_decides(game):
    """doc 001, "The Infernal Turn": steps stay in order; a step with nothing to decide (no horror short of
    essence, no upkeep spell, no effect to shake) passes by itself in the same Advance."""
    assert stops(game) == [("control", "replenish"), ("activation", "activate"), ("end", "tithe")]
    hungry = with_model(with_model(game, GUARDIAN, essence=1), AGATHON, upkeeps=("Ward",))
    assert stops(hungry) == [("control", "replenish"), ("control", "allocate"), ("control", "upkeep"),
                             ("activation", "activate"), ("end", "tithe")]


def casual_turn(state: GameState) -> tuple[GameState, int]:
    """One casual Infernal turn: the master leeches 1 and gives its horror 1 (which pays it as tithe), activates
    and spends (2 below its ESSENCE); every tithe is paid. The state and how many Advance commands it took: one
    wherever the step's decision left the turn where it was."""
    seat = state.active
    master, horror = (AGATHON, GUARDIAN) if seat == 0 else (REGNA, REGNA_HORROR)
    advances = 0
    while state.active == seat:
        here = (state.phase, state.step)
        if state.step == "replenish":
            state = run(state, Leech(master=master, points=1))
        elif state.step == "allocate":
            state = run(state, Allocate(master=master, horror=horror, points=1))
        elif state.step == "activate":
            state = run(state, Activate(model=master), EndActivation(model=master))
            cap = board(state).cards[board(state).model(master).card].stats.ESSENCE
            state = with_model(state, master, essence=cap - 2)
        state = settle_tithe(state)
        if state.active == seat and (state.phase, state.step) == here:
            state = run(state, Advance())
            advances += 1
    return state, advances


def test_a_casual_infernal_round_takes_at_most_3_advances_a_turn(game):
    """Steps with nothing to decide pass by themselves, and so does a step whose last decision was just made: a
    casual Infernal turn (the master leeches, allocates to a horror, activates; the tithe is paid) needs at most 3
    Advance commands: after replenishing and allocating when more could be done there, and to end the activation
    phase; the last tithe paid hands the turn over. Regna's Foreboder (ESSENCE 1) is full after one point, so her
    allocation passes by itself. Before empty steps passed by themselves it took 10, one per step of doc 001's turn
    (20 a round); before a step's last decision passed it, 4."""
    cap = board(game).cards["agathon"].stats.ESSENCE
    state = with_model(with_model(game, AGATHON, essence=cap - 2), GUARDIAN, essence=0)
    state = with_model(with_model(state, REGNA, essence=board(state).cards["princess-regna"].stats.ESSENCE - 2),
                       REGNA_HORROR, essence=0)
    counts = []
    for _ in range(4):  # two rounds
        state, advances = casual_turn(state)
        counts.append(advances)
    assert counts == [3, 2, 3, 2]
    assert state.round == 3


def test_replay_of_a_turn_with_passed_steps_is_exact(game):
    """DESIGN.md "The rules core": the log is the truth; passing steps happens inside the command, so
    replaying the commands gives the same state."""
    from models.rules import replay

    commands = [setup_command(), Advance(), Activate(model=AGATHON), EndActivation(model=AGATHON), Advance()]
    state = replay(commands)
    again = replay(commands)
    assert state == again and (state.phase, state.step) == ("end", "tithe")


def test_turn_passes_to_the_other_player_after_the_end_of_turn(game):
    """doc 002, "Game Round": players take turns; after the first player's turn the second player's turn
    begins with its own maintenance phase. The last tithe decided ends the turn: nothing is left to decide in
    it (doc 001 "Tithe": at the end of the turn), and the log says so."""
    state = to_step(game, "end", "tithe")
    *first, last = tithe_decisions(state)
    state = run(state, *first)
    assert (state.phase, state.step, state.active) == ("end", "tithe", 0)  # one horror still to decide
    state, events = happened(state, last)
    assert (state.round, state.active) == (1, 1)
    assert "End of turn: Tithe: each horror pays 1 essence or leaves: nothing more to decide." in [
        e.text for e in events]
    assert "turn.start" in [e.kind for e in events]
    assert [(p.key, s.key) for p, s in turn_steps(state)] == TURN


def test_a_step_whose_last_decision_is_made_passes_by_itself(control):
    """doc 001, "Control Phase": Agathon sacrifices a cultist; no master of Ann's may replenish again this turn
    and every horror is full, so the turn moves on to activation, each step logged as passed. A decision that
    leaves another (the same sacrifice with the Guardian short of essence) stops at allocation."""
    state, events = happened(with_model(control, AGATHON, essence=5), Sacrifice(master=AGATHON, victim=CULTIST_2))
    assert (state.phase, state.step) == ("activation", "activate")
    texts = [e.text for e in events]
    assert "Control: Replenish essence: sacrifice or leech: nothing more to decide." in texts
    assert "Control: Allocate essence to horrors: nothing to decide." in texts
    hungry = with_model(with_model(control, AGATHON, essence=5), GUARDIAN, essence=1)
    state = run(hungry, Sacrifice(master=AGATHON, victim=CULTIST_2))
    assert (state.phase, state.step) == ("control", "allocate")


def test_a_game_set_up_in_turn_flow_2_waits_for_next_after_a_steps_last_decision():
    """Games logged before a step's last decision moved the turn on replay as they were played: their setup
    says turn flow 2, and the turn waits at the tithe until Next."""
    state, _ = apply(GameState(), setup_command().model_copy(update={"turn_flow": 2}))
    state = settle_tithe(to_step(state, "end", "tithe"))
    assert (state.phase, state.step, state.active) == ("end", "tithe", 0)
    state = run(state, Advance())
    assert state.active == 1


def test_round_increments_when_the_first_players_turn_comes_back(game):
    """doc 002, "Game Round": a round is one turn of each player, starting with the first player."""
    state = to_step(game, "maintenance", "excess", seat=1)
    assert state.round == 1
    state = to_step(state, "maintenance", "excess", seat=0)
    assert state.round == 2
    state = to_step(state, "maintenance", "excess", seat=1)
    assert state.round == 2


def test_round_counts_from_whoever_goes_first():
    """doc 002, "Game Round": the round turns over when the first player's turn comes back, whichever seat
    that is."""
    from models.rules import apply

    state, _ = apply(GameState(), setup_command(first=1))
    assert (state.round, state.active) == (1, 1)
    state = to_step(state, "maintenance", "excess", seat=0)
    assert state.round == 1
    state = to_step(state, "maintenance", "excess", seat=1)
    assert state.round == 2


def test_command_for_a_later_step_moves_the_step_on(control):
    """doc 001, "Control Phase": steps are performed in order; allocating (step 3) during step 1 means steps
    1 and 2 are done (the Guardian has room for more, so the turn stays at allocation)."""
    state = with_model(control, GUARDIAN, essence=2)
    state = run(state, Allocate(master=AGATHON, horror=GUARDIAN, points=1))
    assert (state.phase, state.step) == ("control", "allocate")


def test_command_for_a_step_already_passed_is_refused(control):
    """doc 001, "Control Phase": steps are performed in order; step 1 (replenish) cannot follow step 3."""
    state = at_step(with_model(control, AGATHON, essence=5), "control", "allocate")
    assert refused(state, Leech(master=AGATHON, points=1)) == "step.passed"


def test_command_of_another_phase_is_refused(game):
    """doc 001, "The Infernal Turn": phases come in order; a control phase action is refused in the
    maintenance and activation phases."""
    state = at_step(with_model(game, AGATHON, essence=5), "maintenance", "continuous")
    assert refused(state, Leech(master=AGATHON, points=1)) == "step.wrong"
    assert refused(state, Activate(model=AGATHON)) == "step.wrong"


def test_nothing_but_setup_before_the_game_is_set_up():
    """doc 002, "Game Setup": armies are set up before the first turn."""
    assert refused(GameState(), Advance()) == "game.not_set_up"


# --- activation -----------------------------------------------------------------------------------------


def test_models_activate_one_at_a_time(activation):
    """doc 001, "Activation Phase": units and independent models are activated one at a time; activating the
    next model ends the previous activation."""
    state = run(activation, Activate(model=AGATHON))
    assert board(state).model(AGATHON).activation == "active"
    state = run(state, Activate(model=GUARDIAN))
    assert board(state).model(AGATHON).activation == "done"
    assert board(state).model(GUARDIAN).activation == "active"
    assert [m.id for m in board(state).models if m.activation == "active"] == [GUARDIAN]


def test_unit_troopers_activate_together(activation):
    """doc 001, "Activation Phase": a unit is activated as a whole."""
    state = run(activation, Activate(model=LEADER))
    band = [m for m in board(state).models if m.unit == BAND]
    assert len(band) == 4
    assert all(m.activation == "active" for m in band)
    state = run(state, EndActivation(model=CULTIST_2))
    assert all(m.activation == "done" for m in board(state).models if m.unit == BAND)


def test_a_model_activates_only_once_per_turn(activation):
    """doc 001, "Activation Phase": all models you control are activated once per turn."""
    state = run(activation, Activate(model=AGATHON), EndActivation(model=AGATHON))
    assert refused(state, Activate(model=AGATHON)) == "activation.done"
    state = run(state, Activate(model=LEADER), Activate(model=FOREBODER))
    assert refused(state, Activate(model=CULTIST_2)) == "activation.done"


def test_an_active_model_cannot_activate_again(activation):
    """doc 001, "Activation Phase": a model already activated is in its activation."""
    state = run(activation, Activate(model=AGATHON))
    assert refused(state, Activate(model=AGATHON)) == "activation.active"


def test_only_the_active_players_models_activate(activation):
    """doc 001, "Activation Phase": you activate the models you control in your own turn."""
    assert refused(activation, Activate(model=REGNA)) == "turn.not_yours"
    state = to_step(activation, "activation", "activate", seat=1)
    assert refused(state, Activate(model=AGATHON)) == "turn.not_yours"
    assert board(run(state, Activate(model=REGNA_HORROR))).model(REGNA_HORROR).activation == "active"


def test_ending_an_activation_needs_an_active_model(activation):
    """doc 001, "Activation Phase": only a model in its activation can end it."""
    assert refused(activation, EndActivation(model=AGATHON)) == "activation.not_active"


def test_end_of_turn_closes_the_activation_in_progress(activation):
    """doc 001, "Activation Phase": activations happen in the Activation Phase; when the turn ends, no model
    is still activated."""
    state = to_step(run(activation, Activate(model=GUARDIAN)), "end", "tithe")
    assert board(state).model(GUARDIAN).activation == "done"


def test_models_are_ready_to_activate_again_next_turn(activation):
    """doc 001, "Activation Phase": models are activated once per turn, so each new turn they may again."""
    state = run(activation, Activate(model=AGATHON), EndActivation(model=AGATHON))
    state = to_step(state, "activation", "activate", seat=0, round_no=2)
    assert board(run(state, Activate(model=AGATHON))).model(AGATHON).activation == "active"


def test_setting_up_a_game_twice_is_refused(game):
    """doc 002, "Game Setup": the armies are set up once, before the first round."""
    assert refused(game, setup_command()) == "setup.done"
    assert new_game().round == 1
