"""An event's rounds in the organiser's hand (the stages are ``models.rules.tournament.rounds``): pair the next round
(Swiss, ``models.rules.tournament.swiss``; round 1 a recorded random draw), publish a drafted round (its games open
then), swap two players of a drafted round or pair it again, delete the newest round while no game of it has started (a
drafted round always), and say when the next round starts.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import UTC, datetime

from models.db.event_repository import EventRepository
from models.db.tables import Event, EventPairing, EventPlayer
from models.rules import drawn, pair_round, tournament_of
from models.rules.text import clean_text
from models.rules.tournament.rounds import Act, Stage, check, check_pair_next, stage
from models.service.accounts import Me
from models.service.errors import EventError, NotFound
from models.service.events.access import EventAccess, pairing_id
from models.service.events.records import Pairing
from models.service.events.view import EventViews
from models.service.games import OPENER

SEED_MAX = 2**31 - 1
SCENARIO_MAX = 60


class RoundService:
    def __init__(self, access: EventAccess, repo: EventRepository, views: EventViews) -> None:
        """An event's rounds: events read through ``access``, rounds stored through ``repo``, the standings and
        the tables paired read as ``views`` shows them."""
        self.access = access
        self.repo = repo
        self.views = views

    def pair(self, me: Me, event_id: str, scenario: str, seed: int | None = None,
             draft: bool = False) -> list[Pairing]:
        """The organiser pairs the next round and opens its games at ``scenario`` (every game of the round plays
        it). Round 1 is a random draw of the players it pairs (``_round_one``; the others are left out of the event)
        from ``seed`` (the organiser's, else one drawn here; it is recorded), club and team mates kept apart where
        they can be; later rounds pair in standings order, once every table of the round before has a result. A
        ``draft`` round opens no game: the organiser may swap players or pair it again, then publishes it. The
        round's tables and games are stored in one transaction."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        players, pairings = self.repo.players(event_id), self.repo.pairings(event_id)
        done = max((t.round for t in pairings), default=0)
        if done >= event.rounds:
            raise EventError("event.all_rounds_paired", f"All {event.rounds} rounds are paired.")
        scenario = clean_text(scenario, "scenario's name", SCENARIO_MAX)
        found = self.access.tables(event_id, pairings)
        if done:
            last = [t for t in pairings if t.round == done]
            at = Stage.PLAYING if all(t.published for t in last) else Stage.DRAFTED
            check_pair_next(at, done, [t.table_no for t in last
                                       if t.player_b is not None and found[pairing_id(t)].settled is None])
        avoid: list[tuple[str, str]] = []
        if done == 0:
            ready, left_out = _round_one(event, players)
            if seed is None:
                seed = secrets.randbits(31)
            elif not 0 <= seed <= SEED_MAX:
                raise EventError("event.seed", f"A draw's seed is a whole number from 0 to {SEED_MAX}.")
            ranked = drawn(ready, seed)
            clubs = {p.account_id: p.club.casefold() for p in players if p.club}
            avoid = [(a, b) for i, a in enumerate(ready) for b in ready[i + 1:]
                     if clubs.get(a) and clubs.get(a) == clubs.get(b)]
        else:
            seed = None  # later rounds are not drawn
            dropped = {p.account_id for p in players if p.dropped}
            ranked = [s.player for s in self.views.standings(tournament_of(event.system), players, pairings, found)
                      if s.player not in dropped]
            left_out = {}
        if event.tables is not None and len(ranked) // 2 > event.tables:
            raise EventError("event.tables", f"This round needs {len(ranked) // 2} tables; the event has "
                                             f"{event.tables}: give it more tables first.")
        tables = pair_round(ranked, [(t.player_a, t.player_b) for t in pairings], avoid)
        by_id = {p.account_id: p for p in players}
        rows = [EventPairing(event_id=event_id, round=done + 1, table_no=table.number, player_a=table.a,
                             player_b=table.b, links={}, scenario=scenario, published=not draft) for table in tables]
        games, opened = ([], []) if draft else self.access.open_games(event, rows, by_id)
        # every earlier round's results stand once this one is published
        frozen = [] if draft else [t.game_id for t in pairings if t.game_id is not None]
        if not self.repo.add_round(event_id, rows, games, dropped=left_out, frozen=frozen, opened=opened, seed=seed):
            raise EventError("event.round_paired", "This round was paired a moment ago: reload the event.")
        return [p for p in self.views.event(event_id, me).pairings if p.round == done + 1]


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
        self.pair(me, event_id, newest[0].scenario, seed, draft=True)

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


def _round_one(event: Event, players: Sequence[EventPlayer]) -> tuple[list[str], dict[str, str]]:
    """Who round 1 pairs, in registration order, and who it leaves out and why: lists missing or rejected (a
    walk-in plays without a list typed in), or, once the organiser checks anyone in, not checked in. Lists still
    waiting for the organiser's approval stop the pairing: the organiser decides them first."""
    waiting = [p.name for p in players if p.lists_status == "pending" and not p.dropped]
    if waiting:
        raise EventError("event.lists_pending", "Approve or reject the lists of " + ", ".join(waiting) +
                         " first.")
    checking = any(p.checked_in for p in players)
    ranked: list[str] = []
    left_out: dict[str, str] = {}
    for p in players:
        if p.dropped:
            continue
        if checking and not p.checked_in:
            left_out[p.account_id] = "not_checked_in"
        elif not p.walk_in and (len(p.lists) != event.lists_per_player or p.lists_status == "rejected"):
            left_out[p.account_id] = "no_lists"
        else:
            ranked.append(p.account_id)
    return ranked, left_out
