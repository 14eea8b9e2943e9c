"""The organiser's hand on the newest round (the stages are ``models.rules.rounds``): publish a drafted round (its
games open then), swap two players of a drafted round or pair it again, and delete the round while no game of it
has started (a drafted round always). Pairing itself is the event service's (``Pairer``), handed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Protocol

from models.db.event_repository import EventRepository
from models.db.tables import Event, EventPairing
from models.rules.rounds import Act, Stage, check, check_pair_next, stage
from models.service.accounts import Me
from models.service.errors import EventError, NotFound
from models.service.event_access import EventAccess, pairing_id
from models.service.games import OPENER


class Pairer(Protocol):
    def pair_next_round(self, me: Me, event_id: str, scenario: str, seed: int | None = None,
                        draft: bool = False) -> Sequence[object]:
        """Pair the event's next round at ``scenario`` (a ``draft`` opens no game)."""
        ...


class RoundService:
    def __init__(self, access: EventAccess, repo: EventRepository, pairer: Pairer) -> None:
        """An event's rounds: events read through ``access``, rounds stored through ``repo``, and a round paired
        again through ``pairer``."""
        self.access = access
        self.repo = repo
        self.pairer = pairer

    def publish(self, me: Me, event_id: str) -> None:
        """The drafted newest round is announced: its games open, and the round before closes (its results
        stand)."""
        event, pairings, newest = self._newest(me, event_id)
        check(self._stage(event, newest), Act.PUBLISH, newest[0].round)
        before = [t for t in pairings if t.round < newest[0].round]
        if before:
            found = self.access.tables(event_id, before)
            last = [t for t in before if t.round == newest[0].round - 1]
            check_pair_next(Stage.PLAYING, newest[0].round - 1,
                            [t.table_no for t in last
                             if t.player_b is not None and found[pairing_id(t)].settled is None])
        by_id = {p.account_id: p for p in self.repo.players(event_id)}
        games, opened = self.access.open_games(event, newest, by_id)
        frozen = [t.game_id for t in before if t.game_id is not None]
        if not self.repo.publish_round(event_id, newest[0].round, newest, games, opened, frozen):
            raise EventError("event.round_changed", "This round changed a moment ago: look again.")

    def swap(self, me: Me, event_id: str, first: str, second: str) -> None:
        """Two players of the drafted newest round change places (a bye too)."""
        event, _, newest = self._newest(me, event_id)
        check(self._stage(event, newest), Act.SWAP, newest[0].round)
        seats = {(t.id, side): who for t in newest for side, who in ((0, t.player_a), (1, t.player_b))}
        where = {who: key for key, who in seats.items() if who is not None}
        if first not in where or second not in where or first == second:
            raise EventError("event.swap_players", "Pick two different players of this round to swap.")
        seats[where[first]], seats[where[second]] = second, first
        new = {pairing_id(t): (seats[(t.id, 0)], seats[(t.id, 1)]) for t in newest}
        if any(a is None for a, _ in new.values()):
            raise EventError("event.swap_players", "A bye keeps its player first: swap the player, not the bye.")
        if not self.repo.seat_players(event_id, newest[0].round,
                                             {k: (str(a), b) for k, (a, b) in new.items()}):
            raise EventError("event.round_changed", "This round changed a moment ago: look again.")

    def repair(self, me: Me, event_id: str, seed: int | None = None) -> None:
        """The drafted newest round is paired again (round 1: drawn again, from ``seed`` if given)."""
        event, _, newest = self._newest(me, event_id)
        check(self._stage(event, newest), Act.REPAIR, newest[0].round)
        if not self.repo.delete_round(event_id, newest[0].round, [], []):
            raise EventError("event.round_changed", "This round changed a moment ago: look again.")
        self.pairer.pair_next_round(me, event_id, newest[0].scenario, seed, draft=True)

    def delete(self, me: Me, event_id: str) -> None:
        """The newest round goes, drafted or published while none of its games has started; the round before opens
        again (its results may change until a round is published after it)."""
        event, pairings, newest = self._newest(me, event_id)
        round_no = newest[0].round
        check(self._stage(event, newest), Act.DELETE, round_no)
        games = [t.game_id for t in newest if t.game_id is not None]
        unfrozen = [t.game_id for t in pairings if t.round == round_no - 1 and t.game_id is not None]
        if not self.repo.delete_round(event_id, round_no, games, unfrozen):
            raise EventError("event.round_changed", "This round changed a moment ago: look again.")

    def announce(self, me: Me, event_id: str, at: datetime | None) -> None:
        """The organiser says when the next round starts (None: not said); the players' pages show it."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        self.repo.set_next_round(event_id, at if at is None or at.tzinfo else at.replace(tzinfo=UTC))

    # -- internals -------------------------------------------------------------------------------------------
    def _newest(self, me: Me, event_id: str) -> tuple[Event, list[EventPairing], list[EventPairing]]:
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        pairings = self.repo.pairings(event_id)
        if not pairings:
            raise EventError("event.no_round", "No round is paired yet.")
        round_no = max(t.round for t in pairings)
        return event, pairings, [t for t in pairings if t.round == round_no]

    def _stage(self, event: Event, newest: Sequence[EventPairing]) -> Stage:
        """A round is started once a game of it logged anything after what opening it logged (however many
        commands the event gave: the lists, the scenario), or a table has a report or result."""
        published = all(t.published for t in newest)
        started = False
        if published:
            found = self.access.tables(event.id, newest)
            for t in newest:
                if t.game_id is None:
                    continue
                facts = found[pairing_id(t)]
                if facts.settled is not None or facts.report is not None or self._moved(t.game_id):
                    started = True
        return stage(published=published, started=started, next_paired=False)

    def _moved(self, game_id: str) -> bool:
        """Whether anyone but the event logged a command in the game (the newest entry is all it reads: the event's
        own come first)."""
        games = self.access.games
        version = games.version(game_id)
        try:
            newest = games.log(game_id, after=version - 1) if version else []
        except NotFound:
            return False
        return bool(newest) and newest[-1].actor != OPENER
