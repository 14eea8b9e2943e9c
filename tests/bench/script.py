"""A realistic Agathon mirror game, as commands: shared by the benchmarks and the fault tests. (Both sides play
Agathon with a Guardian of Souls: a colossal needs an infernal master, and Agathon is the master whose card the
catalog holds complete.)

The script is *played*, not hard-coded: each turn walks the phases (maintenance, control, activation, end),
tries what players do in a real game (leech, allocate, activate, boost, buy attack, charge, mark damage,
heal, effects, tithe, advance) and keeps only what the rules accept. So it stays legal when the rules change,
and every command of the result is accepted by ``rules.apply`` in order.

Deterministic: the same ``turns`` and ``seed`` give the same commands.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from models.rules import Command, GameState, RuleViolation, apply
from models.rules.warmachine.activation import Activate, Charge, EndActivation
from models.rules.warmachine.attacks import Boost, BuyAttack
from models.rules.warmachine.damage import MarkDamage, unmarked
from models.rules.warmachine.essence import Allocate, Heal, Leech
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import ArmyEntry
from models.rules.warmachine.shake import AddEffect, RemoveEffect
from models.rules.warmachine.state import essence_stat
from models.rules.warmachine.tithe import PayTithe, SkipTithe

TITLE = "Agathon vs Agathon"
PLAYERS = ("Ann", "Bob")
ARMY_1 = [ArmyEntry(card="agathon"), ArmyEntry(card="guardian-of-souls", battlegroup_of=0),
          ArmyEntry(card="cultist-band", size=4), ArmyEntry(card="umbral-guardian")]
ARMY_2 = [ArmyEntry(card="agathon"), ArmyEntry(card="guardian-of-souls", battlegroup_of=0),
          ArmyEntry(card="cultist-band", size=4)]
SIDES = [(PLAYERS[0], ARMY_1), (PLAYERS[1], ARMY_2)]

MASTERS = ("p1-agathon", "p2-agathon")
HORRORS = ("p1-guardian-of-souls", "p2-guardian-of-souls")
BANDS = ("p1-cultist-band.0", "p2-cultist-band.0")


def setup_command(cards: dict) -> Command:
    """The SetupGame command of the scripted game (``cards``: the catalog, e.g. ``shipped_cards()``)."""
    from models.rules.warmachine.setup import SetupGame, Side

    used = {e.card for _, army in SIDES for e in army}
    return SetupGame(title=TITLE, cards={k: cards[k] for k in sorted(used)},
                     sides=tuple(Side(player=p, army=tuple(a)) for p, a in SIDES))


@dataclass
class Played:
    state: GameState
    commands: list[Command]
    refused: int = 0


class _Table:
    def __init__(self, state: GameState, rng: random.Random) -> None:
        self.state, self.rng = state, rng
        self.commands: list[Command] = []
        self.refused = 0

    def do(self, command: Command) -> bool:
        try:
            self.state, _ = apply(self.state, command)
        except RuleViolation:
            self.refused += 1
            return False
        self.commands.append(command)
        return True

    def advance_to(self, phase: str) -> None:
        for _ in range(20):
            if self.state.phase == phase:
                return
            if not self.do(Advance()):
                return

    def alive(self, model_id: str) -> bool:
        return any(m.id == model_id and m.in_play for m in board(self.state).models)

    def enemies(self, seat: int) -> list[str]:
        return [m.id for m in board(self.state).models if m.seat != seat and m.in_play]

    def damaged(self, model_id: str) -> int:
        return sum(board(self.state).model(model_id).marks)

    def room(self, model_id: str) -> int:
        """Unmarked damage boxes (0 for a card without a track)."""
        try:
            return unmarked(self.state, board(self.state).model(model_id))
        except RuleViolation:
            return 0

    def turn(self) -> None:
        seat = self.state.active
        master, horror, band = MASTERS[seat], HORRORS[seat], BANDS[seat]
        rng = self.rng
        self.advance_to("control")
        if self.alive(master):
            m = board(self.state).model(master)
            # Players leech what they can afford: never into their own death.
            points = min(rng.choice((1, 2, 2)), essence_stat(self.state, m) - (m.essence or 0), self.room(master) - 3)
            if points > 0:
                self.do(Leech(master=master, points=points))
            if self.alive(horror):
                h = board(self.state).model(horror)
                give = min(2, essence_stat(self.state, h) - (h.essence or 0),
                           board(self.state).model(master).essence or 0)
                if give > 0:
                    self.do(Allocate(master=master, horror=horror, points=give))
        self.advance_to("activation")
        if self.alive(master):
            self.do(Activate(model=master))
            self.do(Boost(model=master, roll="attack"))
            self._hit(seat, rng.randint(1, 3))
            if self.damaged(master) >= 2:
                self.do(Heal(master=master, target=master, points=1))
            elif self.alive(horror) and self.damaged(horror):
                self.do(Heal(master=master, target=horror, points=min(2, self.damaged(horror))))
            else:
                self.do(BuyAttack(model=master))
                self._hit(seat, 1)
            self.do(EndActivation(model=master))
        if self.alive(horror):
            self.do(Activate(model=horror))
            self.do(Charge(model=horror))
            if (board(self.state).model(horror).essence or 0) > 1:  # keep 1 for the tithe
                self.do(Boost(model=horror, roll="damage"))
            self._hit(seat, rng.randint(2, 5))
            self.do(EndActivation(model=horror))
        if self.alive(band):
            self.do(Activate(model=band))
            self._hit(seat, 1)
            self.do(EndActivation(model=band))
        foes = self.enemies(seat)
        if foes and rng.random() < 0.3:
            target = rng.choice(foes)
            if self.do(AddEffect(model=target, effect="knocked_down")):
                self.do(RemoveEffect(model=target, effect="knocked_down"))
        self.advance_to("end")
        for h in board(self.state).pending_tithe:
            if not self.do(PayTithe(horror=h)):
                self.do(SkipTithe(horror=h))
        self.do(Advance())

    def _hit(self, seat: int, amount: int) -> None:
        """Damage on a model that survives it (a long game must not run out of models), masters seldom."""
        foes = [f for f in self.enemies(seat) if self.room(f) > amount + (3 if f in MASTERS else 0)]
        if not foes:
            return
        weights = [1 if f in MASTERS else 4 for f in foes]
        target = self.rng.choices(foes, weights)[0]
        self.do(MarkDamage(model=target, amount=amount))


def play(start: GameState, *, turns: int = 6, seed: int = 7) -> Played:
    """Play ``turns`` turns (two per round) from a set-up game; every kept command was accepted."""
    table = _Table(start, random.Random(seed))
    for _ in range(turns):
        table.turn()
    return Played(table.state, table.commands, table.refused)


def commands_for(start: GameState, count: int, seed: int = 7) -> list[Command]:
    """At least ``count`` accepted commands in game order (more turns until there are enough), cut to ``count``.

    A long game wears models down; once few are left the turns are mostly advances and effects, still legal.
    """
    table = _Table(start, random.Random(seed))
    while len(table.commands) < count:
        table.turn()
    return table.commands[:count]


def iter_turns(start: GameState, seed: int = 7) -> Iterator[list[Command]]:
    """Commands turn by turn, forever (for driving a live server one turn at a time)."""
    table = _Table(start, random.Random(seed))
    while True:
        before = len(table.commands)
        table.turn()
        yield table.commands[before:]
