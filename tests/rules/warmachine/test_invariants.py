"""Property test: random command sequences from a set-up game never break the rules' invariants.

The standard game (Agathon + Guardian of Souls + completed Foreboder + Cultist Band against Princess Regna +
Foreboder) is played from a list of hypothesis-drawn moves. Each move names a kind (advance, tithe,
something that fits the current phase, damage, or anything at all with a known model id) and a number that
picks one command of that kind for the current state. Many are refused, which is the point: a refusal must
change nothing. The rest must leave every invariant standing."""

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from models.rules import Command, GameState, RuleViolation, apply, options
from models.rules.warmachine.activation import Activate, Charge, EndActivation, Run
from models.rules.warmachine.attacks import Boost, BuyAttack, NextAttack, ResolveDisabled
from models.rules.warmachine.damage import MarkDamage, marks_of, sections
from models.rules.warmachine.essence import Allocate, Heal, Leech
from models.rules.warmachine.match import board, with_board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.state import essence_stat, has_essence_manipulation, is_horror
from models.rules.warmachine.tithe import PayTithe, SkipTithe
from tests.rules.warmachine.game import AGATHON, FOREBODER, GUARDIAN, REGNA, REGNA_HORROR, new_game

START = new_game()
IDS = [m.id for m in board(START).models]
MASTERS = [AGATHON, REGNA]
HORRORS = [GUARDIAN, FOREBODER, REGNA_HORROR]

# Anything at all with the known model ids: mostly refused, which is the point (a refusal changes nothing).
ANYTHING: list[Command] = [
    Advance(),
    *(PayTithe(horror=h) for h in HORRORS),
    *(SkipTithe(horror=h) for h in HORRORS),
    *(Leech(master=m, points=p) for m in MASTERS for p in (1, 3, 9)),
    *(Allocate(master=m, horror=h, points=p, in_control=c) for m in MASTERS for h in IDS for p in (1, 4)
      for c in (True, False)),
    *(Heal(master=m, target=t, points=p, in_control=c) for m in MASTERS for t in IDS for p in (1, 5)
      for c in (True, False)),
    *(cls(model=m) for cls in (Activate, EndActivation, BuyAttack, NextAttack, Run, Charge) for m in IDS),
    *(Boost(model=m, roll=r) for m in IDS for r in ("attack", "damage")),
    *(MarkDamage(model=m, amount=a, transfer_to=t, in_control=c) for m in IDS for a in (1, 6, 20)
      for t in (None, *HORRORS) for c in (True, False)),
]


def plausible(state: GameState, kind: str) -> list[Command]:
    """Commands of one kind that fit where the game is (the active player's models, the current phase), so
    random play gets through whole rounds instead of being refused at every step."""
    own = [m for m in board(state).models if m.in_play and m.seat == state.active]
    if kind == "advance":
        return [Advance()]
    if kind == "tithe":
        return [c for h in board(state).pending_tithe
                for c in (PayTithe(horror=h), PayTithe(horror=h), SkipTithe(horror=h))]
    if kind == "damage":
        return [MarkDamage(model=m.id, amount=a, transfer_to=t) for m in board(state).models if m.in_play
                for a in (1, 2, 5) for t in (None, *HORRORS)]
    if kind == "anything":
        return ANYTHING
    commands: list[Command] = []
    if board(state).attack is not None and board(state).attack.pending:
        first, step = board(state).attack.pending[0], board(state).attack.step
        return [ResolveDisabled(model=first, stage=step),
                ResolveDisabled(model=first, stage=step, survives=True, heal=1)]
    if state.phase == "control":
        masters = [m.id for m in own if has_essence_manipulation(state, m)]
        horrors = [m.id for m in own if is_horror(state, m)]
        commands += [Leech(master=m, points=p) for m in masters for p in (1, 2, 4)]
        commands += [Allocate(master=m, horror=h, points=p) for m in masters for h in horrors for p in (1, 2)]
    if state.phase == "activation":
        commands += [Activate(model=m.id) for m in own if m.activation == "ready"]
        for a in (m.id for m in own if m.activation == "active"):
            commands += [Boost(model=a, roll="attack"), Boost(model=a, roll="damage"), BuyAttack(model=a),
                         NextAttack(model=a), Run(model=a), Charge(model=a), EndActivation(model=a)]
            commands += [Heal(master=a, target=t.id, points=1) for t in own]
    return commands


KINDS = ("advance",) * 2 + ("tithe",) * 2 + ("phase",) * 6 + ("damage", "anything")
MOVES = st.lists(st.tuples(st.integers(0, len(KINDS) - 1), st.integers(0, 10_000)), min_size=40, max_size=150)


def check_invariants(state: GameState) -> None:
    by_id = {m.id: m for m in board(state).models}
    for m in board(state).models:
        if m.essence is not None:
            assert m.essence >= 0, f"{m.id} has negative essence"
        if is_horror(state, m) and m.in_play:
            # doc 001, Horrors "Essence": never above current ESSENCE.
            assert m.essence is not None and m.essence <= essence_stat(state, m), f"{m.id} above ESSENCE"
            # doc 001, "Infernal Master Destruction": no horror outlives its master.
            master = by_id.get(m.battlegroup or "")
            assert master is not None and master.in_play, f"{m.id} in play without its master"
            assert has_essence_manipulation(state, master) and master.seat == m.seat
        sizes = sections(state, m)
        marks = marks_of(state, m)
        assert len(marks) == len(sizes)
        assert all(0 <= k <= size for k, size in zip(marks, sizes, strict=True)), f"{m.id} marks {marks}"
        if m.in_play and sum(marks) == sum(sizes):
            # doc 002, "Damage Application": every box marked, the model is disabled and the game waits for it.
            attack = board(state).attack
            assert attack is not None and m.id in attack.pending, f"{m.id} full but not disabled"
    # doc 001, "Activation Phase": one model (or one unit) at a time.
    active = {m.unit or m.id for m in board(state).models if m.activation == "active"}
    assert len(active) <= 1
    assert all(m.seat == state.active for m in board(state).models if m.activation == "active")
    for horror in board(state).pending_tithe:
        assert by_id[horror].in_play and by_id[horror].seat == state.active
    if board(state).attack is not None:
        assert all(by_id[x].in_play for x in board(state).attack.pending)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MOVES)
def test_random_play_keeps_every_invariant(moves: list[tuple[int, int]]) -> None:
    """doc 001, "Essence", "Allocating Essence Points", "Recording Damage To a Horror", "Infernal Master
    Destruction", "Tithe"; DESIGN.md "The rules core": whatever the players try, no horror exceeds its
    ESSENCE, no essence or damage goes negative, no ring holds more marks than boxes, no horror outlives its
    master, and a refused command (or an accepted one) leaves the state it was given unchanged."""
    state = START
    for kind, pick in moves:
        pool = plausible(state, KINDS[kind]) or [Advance()]
        command = pool[pick % len(pool)]
        # Models, their parts and cards are frozen; the one mutable part of a state is its dict of cards, so a
        # snapshot with its own copy of that dict is enough to see any change (a deep copy is far slower).
        before = with_board(state, cards=dict(board(state).cards))
        note(repr(command))
        try:
            new_state, _ = apply(state, command)
        except RuleViolation:
            assert state == before, f"refused {command!r} changed the state"
            continue
        assert state == before, f"{command!r} changed the state it was given"
        check_invariants(new_state)
        state = new_state
    assert GameState.model_validate_json(state.model_dump_json()) == state
    for m in board(state).models:
        options(state, m.id)  # never raises, whatever the state
