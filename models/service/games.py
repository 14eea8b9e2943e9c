"""GameService: the one way game state changes (DESIGN.md "The flow of one action").

authorise → current state (memory, else snapshot + log) → rules.apply → append with the expected version
(one transaction) → tell listeners after the commit. Pages and the REST API both call this class.

A tap counts once: commands, undo and starts take an optional ``command_id`` (idempotency.py); a repeat with
it returns the first answer and stores nothing, even after the game moved on.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Engine

from models.catalog.schema import Card
from models.db.repository import Frozen, Repository, StaleVersion, Taken
from models.db.site_notices import on_links_ended
from models.db.tables import AccessToken, CommandLog, Game
from models.rules import Command, Event, GameState, RuleViolation, apply, parse_command, replay
from models.rules.dice import Roll
from models.rules.senders import SENDERS
from models.rules.system import Supplies, rule_system, system_of
from models.service.access import (
    SPECTATOR,
    Actor,
    check_can_act,
    check_can_send,
    check_own,
    hash_token,
    new_token,
    readable,
)
from models.service.cards import CardService, keep_shipped_facts
from models.service.errors import AlreadyStarted, Conflict, NotFound
from models.service.history import UNDO, LogEntry, counted_at, counts, is_undo, replayed
from models.service.idempotency import START_KEY_MIN, RecentStarts, check_command_id, reused, same_request
from models.service.results import report, text
from models.service.systems import game_system

log = logging.getLogger(__name__)
SNAPSHOT_EVERY = 50
OPENER = "event"  # the log's actor of what opening a prepared game logged (an event's round), before any player
CACHE_SIZE = 256


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000


def roll_d6() -> int:
    return secrets.randbelow(6) + 1


@dataclass(frozen=True)
class Created:
    game_id: str
    tokens: dict[str, str]
    version: int


@dataclass(frozen=True)
class Prepared:
    """A game made in memory (GameService.prepare): its id, its four links and the rows that store it."""

    game_id: str
    tokens: dict[str, str]
    rows: list[Any]


@dataclass(frozen=True)
class Outcome:
    version: int
    state: GameState
    events: tuple[Event, ...]


class GameService:
    def __init__(self, engine: Engine, now_ms: Callable[[], int] = wall_clock_ms,
                 roll: Callable[[], int] = roll_d6, operator_token: str | None = None) -> None:
        """``now_ms`` stamps clock commands (the rules never read a clock); ``roll`` rolls one d6 for dice the
        players leave to the app. Tests inject both. ``operator_token`` gives the right to save site cards
        (``card_service``: the site's cards and the players' card books)."""
        self.repo = Repository(engine)
        self.engine = engine
        self.now_ms = now_ms
        self.roll = roll
        self._cache: OrderedDict[str, tuple[int, GameState]] = OrderedDict()
        self._lock = threading.Lock()
        self._listeners: list[Callable[[str, int], None]] = []
        self.card_service = CardService(engine, operator_token)
        self._starts: RecentStarts[Created] = RecentStarts()
        self._supplies = Supplies(now_ms=lambda: self.now_ms(), roll=lambda: self.roll(), cards=self._site_cards)

    # -- listeners -------------------------------------------------------------------------------------
    def on_change(self, listener: Callable[[str, int], None]) -> None:
        """Call ``listener(game_id, version)`` after every commit (never before)."""
        self._listeners.append(listener)

    def on_links_ended(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(game_id)`` after a commit of this process ended links of the game (an event's links made
        anew, models/db/event_links.py); other processes hear of it by a notice (models/db/site_notices.py)."""
        on_links_ended(self.engine, listener)

    def _publish(self, game_id: str, version: int) -> None:
        """The command is committed already: a failing listener is logged, never reported as a failure."""
        for listener in self._listeners:
            try:
                listener(game_id, version)
            except Exception:
                log.exception("listener failed for game %s at version %s", game_id, version)

    # -- cards -----------------------------------------------------------------------------------------
    def cards(self) -> dict[str, Card]:
        """The site's catalog: the shipped cards with the cards an operator saved for the whole site."""
        return self.card_service.site_catalog()

    # -- games -----------------------------------------------------------------------------------------
    def prepare(self, setup: Command, then: Sequence[Command] = ()) -> Prepared:
        """A new game set up by ``setup`` and moved on by ``then`` (each as the table link may send it, logged as
        the opener's, ``OPENER``), as the rows that store it, for a caller that stores them in its own transaction
        with rows of its own (an event's round opens its games with its tables: a killed or repeated request leaves
        no game that nothing references). Refused commands raise RuleViolation and nothing is made."""
        setup = self._set_up(setup)
        keep_shipped_facts(setup)
        state, events = apply(GameState(), setup)
        logged = [(setup.model_dump(mode="json"), events)]
        for command in then:
            check_can_send(Actor(role="table"), state, command)
            command = self._filled(state, command)
            state, events = apply(state, command)
            logged.append((command.model_dump(mode="json"), events))
        game_id = secrets.token_hex(8)
        tokens = {"table": new_token(), "watch": new_token(), "seat1": new_token(), "seat2": new_token()}
        rows: list[Any] = [Game(id=game_id, system=state.system, title=state.title, version=len(logged))]
        rows += [AccessToken(hash=hash_token(t), game_id=game_id, role=r[:4] if r.startswith("seat") else r,
                             seat=int(r[-1]) - 1 if r.startswith("seat") else None) for r, t in tokens.items()]
        rows += [CommandLog(game_id=game_id, seq=n, command=command, events=_dump(events), actor=OPENER)
                 for n, (command, events) in enumerate(logged, start=1)]
        return Prepared(game_id=game_id, tokens=tokens, rows=rows)

    def start(self, command: Command, command_id: str | None = None) -> Created:
        """Store a new game set up by ``command`` (any game system's setup command) with its four links;
        a refused setup raises RuleViolation and nothing is stored. A repeat with ``command_id`` makes no
        second game: see _started."""
        check_command_id(command_id, START_KEY_MIN)
        command = self._set_up(command)
        keep_shipped_facts(command)
        sent = command.model_dump(mode="json")
        if command_id is not None and (earlier := self._started(command_id, sent)) is not None:
            return earlier
        state, events = apply(GameState(), command)
        game_id = secrets.token_hex(8)
        tokens = {"table": new_token(), "watch": new_token(), "seat1": new_token(), "seat2": new_token()}
        rows = [AccessToken(hash=hash_token(t), game_id=game_id, role=r[:4] if r.startswith("seat") else r,
                            seat=int(r[-1]) - 1 if r.startswith("seat") else None) for r, t in tokens.items()]
        try:
            self.repo.create_game(game_id, state.system, state.title, rows, sent, _dump(events), "table",
                                  start_key=command_id)
        except Taken:  # the same start at the same moment, stored first
            earlier = self._started(command_id or "", sent)
            if earlier is None:
                raise
            return earlier
        created = Created(game_id=game_id, tokens=tokens, version=1)
        if command_id is not None:
            self._starts.remember(command_id, created)
        self._remember(game_id, 1, state)
        return created

    def authorize(self, game_id: str, token: str | None) -> Actor:
        """Who a link's token makes you in this game; NotFound for an unknown game and for a token that does not
        open it alike (a stranger learns nothing about which games exist)."""
        row = self.repo.token(hash_token(token or ""))
        if row is None or row.game_id != game_id:
            raise NotFound(game_id)
        return Actor(role=row.role, seat=row.seat)  # type: ignore[arg-type]

    def version(self, game_id: str) -> int | None:
        """The game's current version, read from the database (None: no such game)."""
        return self.repo.version(game_id)

    def versions(self, game_ids: Collection[str]) -> dict[str, int]:
        """The current version of each existing game of ``game_ids``, in one read (a caller that reads many games
        at once asks for their states at these: ``state_at``)."""
        return self.repo.versions(game_ids)

    def state(self, game_id: str) -> tuple[int, GameState]:
        """The game's current version and state (from memory when it is current)."""
        version = self.repo.version(game_id)
        if version is None:
            raise NotFound(game_id)
        return self.state_at(game_id, version)

    def state_at(self, game_id: str, version: int) -> tuple[int, GameState]:
        """The game's state at ``version``, just read as current, from memory when it holds that version; else
        rebuilt from the log (then at the version the log has now)."""
        with self._lock:
            cached = self._cache.get(game_id)
        if cached and cached[0] == version:
            return cached
        return self._rebuild(game_id)

    def execute(self, game_id: str, command: Command | dict[str, Any], expected_version: int,
                actor: Actor, command_id: str | None = None) -> Outcome:
        """Apply a command at ``expected_version``; with ``command_id``, a repeat gets the first answer (_once)."""
        check_can_act(actor)
        parsed = parse_command(command) if isinstance(command, dict) else command
        return self._once(game_id, command_id, parsed.model_dump(mode="json"), actor,
                          lambda: self._execute(game_id, parsed, expected_version, actor, command_id))

    def _execute(self, game_id: str, command: Command, expected_version: int, actor: Actor,
                 command_id: str | None) -> Outcome:
        state = self._at(game_id, expected_version)
        check_can_send(actor, state, command)
        command = self._filled(state, command)
        keep_shipped_facts(command, game_system(state.system).cards(state))
        new_state, events = apply(state, command)
        return self._append(game_id, expected_version, command.model_dump(mode="json"), events, actor, new_state,
                            command_id=command_id)

    def undo(self, game_id: str, expected_version: int, actor: Actor, command_id: str | None = None) -> Outcome:
        """Undo the newest action not yet undone: logged as a command, history kept, state rebuilt."""
        check_can_act(actor)
        return self._once(game_id, command_id, {"type": UNDO}, actor,
                          lambda: self._undo(game_id, expected_version, actor, command_id))

    def _undo(self, game_id: str, expected_version: int, actor: Actor, command_id: str | None) -> Outcome:
        self._at(game_id, expected_version)
        rows = self.repo.log(game_id)
        if rows and rows[-1].seq != expected_version:  # another action was logged between the two reads
            raise Conflict(rows[-1].seq)
        target = next((r for r in reversed(rows) if r.seq > 1 and counts(r)), None)
        if target is None:
            raise RuleViolation("undo.nothing", "There is nothing left to undo.")
        check_own(actor, target.actor, "undoes", "actions")
        state = replayed(r for r in rows if r.seq != target.seq)
        sender = SENDERS.get(target.command["type"])
        what = ("; ".join(e["text"] for e in target.events[:2])
                or (sender.does[0].upper() + sender.does[1:] if sender else target.command["type"]))
        events = (Event(kind="undo", text=f"Undone: {what}", data={"seq": target.seq}),)
        return self._append(game_id, expected_version, {"type": UNDO, "target": target.seq}, events, actor, state,
                            undo_seq=target.seq, command_id=command_id)

    def redo(self, game_id: str, expected_version: int, actor: Actor, command_id: str | None = None) -> Outcome:
        """Bring back what the newest log entry undid: its command is sent again at the current version, as any
        command (the rules and the link's seat decide), so a redo is only offered right after an undo. A seat
        link redoes only its own undo, as it undoes only its own actions."""
        check_can_act(actor)
        return self._once(game_id, command_id, None, actor,
                          lambda: self._redo(game_id, expected_version, actor, command_id))

    def _redo(self, game_id: str, expected_version: int, actor: Actor, command_id: str | None) -> Outcome:
        state = self._at(game_id, expected_version)
        rows = self.repo.log(game_id, after=expected_version - 1)
        if not rows or rows[-1].seq != expected_version:  # another action was logged between the two reads
            raise Conflict(rows[-1].seq if rows else expected_version)
        last = rows[-1]
        if not is_undo(last):
            raise RuleViolation("redo.nothing", "There is nothing to redo: Redo brings back an undone action "
                                                "only until the next action is made.")
        check_own(actor, last.actor, "redoes", "undo")
        target = self.repo.log(game_id, after=last.command["target"] - 1)[0]
        command = parse_command(target.command)
        check_can_send(actor, state, command)
        new_state, events = apply(state, command)
        return self._append(game_id, expected_version, target.command, events, actor, new_state,
                            command_id=command_id)

    def log(self, game_id: str, after: int = 0) -> list[LogEntry]:
        """Log entries after ``after`` (a page fetches only what it has not shown)."""
        if self.repo.version(game_id) is None:
            raise NotFound(game_id)
        return [LogEntry(r.seq, r.command["type"], tuple(e["text"] for e in r.events), r.actor, r.undone, r.at,
                         r.command.get("target")) for r in self.repo.log(game_id, after=after)]

    def result_json(self, game_id: str, actor: Actor = SPECTATOR) -> dict[str, Any]:
        """The game's result and record for tournament software (``result`` is None while it goes on), as
        ``actor``'s link may read it (access.readable)."""
        version, state = self.state(game_id)
        return report(game_id, version, readable(state, actor), self.repo.log(game_id))

    def result_text(self, game_id: str, actor: Actor = SPECTATOR) -> str:
        """The same as plain text."""
        return text(self.result_json(game_id, actor))

    def roll_dice(self, count: int) -> Roll:
        """Dice the players leave to the app (a threshold check, an attack or damage roll): ``count`` d6 rolled
        here, never in the rules, and marked as the service's so the log says who rolled them."""
        if not 1 <= count <= 12:
            raise RuleViolation("dice.count", "Roll from 1 to 12 dice.")
        return Roll(dice=tuple(self.roll() for _ in range(count)), rolled_by="service")

    # -- internals -------------------------------------------------------------------------------------
    def _filled(self, state: GameState, command: Command) -> Command:
        """``command`` with what the service supplies to it (the server's time, dice left to the app, the site's
        cards): its game system says what (``RuleSystem.fill``)."""
        return rule_system(state.system).fill(state, command, self._supplies)

    def _set_up(self, setup: Command) -> Command:
        """``setup`` with what the service supplies to a new game (its system's ``fill``), the site's cards read
        afresh: another server process may have saved one since this one last read them."""
        system = system_of(setup)
        if system is None:
            return setup  # no system's setup: apply refuses it
        return system.fill(GameState(), setup, replace(self._supplies, cards=self._fresh_site_cards))

    def _fresh_site_cards(self, keys: Collection[str]) -> dict[str, Card]:
        self.card_service.forget()
        return self._site_cards(keys)

    def _site_cards(self, keys: Collection[str]) -> dict[str, Card]:
        """The cards of the site's catalog among ``keys`` (the unknown ones left out: the rules refuse them)."""
        catalog = self.cards()
        return {k: catalog[k] for k in sorted(keys) if k in catalog}

    def _at(self, game_id: str, expected: int) -> GameState:
        version, state = self.state(game_id)
        if version != expected:
            raise Conflict(version)
        return state

    def _append(self, game_id: str, expected: int, command: dict[str, Any], events: tuple[Event, ...],
                actor: Actor, new_state: GameState, undo_seq: int | None = None,
                command_id: str | None = None) -> Outcome:
        """Log the command; a writer that lost the race (a newer version, or its ``command_id`` stored first)
        gets the conflict."""
        snapshot = new_state.model_dump(mode="json") if (expected + 1) % SNAPSHOT_EVERY == 0 else None
        try:
            version = self.repo.append(game_id, expected, command, _dump(events), actor.label,
                                       undo_seq=undo_seq, snapshot=snapshot, command_id=command_id)
        except Frozen:
            raise RuleViolation("game.frozen", "This game's round is over: the event paired the next round, so its "
                                               "result stands. Only the event's organiser can correct it.") from None
        except (StaleVersion, Taken) as lost:
            with self._lock:
                self._cache.pop(game_id, None)
            current = lost.current if isinstance(lost, StaleVersion) else self.repo.version(game_id) or 0
            raise Conflict(current) from None
        self._remember(game_id, version, new_state)
        self._publish(game_id, version)
        return Outcome(version, new_state, events)

    def _once(self, game_id: str, command_id: str | None, sent: dict[str, Any] | None, actor: Actor,
              run: Callable[[], Outcome]) -> Outcome:
        """Run a request once per ``command_id``. A repeat is refused by the version check (the first moved the
        game on), by the unique key (the first won a race) or by the rules; the key is looked up only then, and
        if the first request stored it, its answer is returned instead (no extra read when all goes well). A
        ``sent`` of None (a redo: what it sends is read from the log) matches any request logged with the key."""
        if command_id is None:
            return run()
        check_command_id(command_id)
        try:
            return run()
        except (Conflict, RuleViolation):
            if (earlier := self._earlier(game_id, command_id, sent, actor)) is None:
                raise
            return earlier

    def _earlier(self, game_id: str, command_id: str, sent: dict[str, Any] | None,
                 actor: Actor) -> Outcome | None:
        """The first answer to the request logged with ``command_id``, or None when there is none. The same
        key with another command, or from another link, is refused."""
        row = self.repo.logged(game_id, command_id)
        if row is None:
            return None
        if row.actor != actor.label or (sent is not None and not same_request(row.command, sent)):
            raise reused(command_id)
        return Outcome(row.seq, self._state_at(game_id, row.seq), tuple(Event.model_validate(e) for e in row.events))

    def _started(self, command_id: str, sent: dict[str, Any]) -> Created | None:
        """The answer to the start made with ``command_id`` (None when there was none): the same links while
        this process remembers them (RecentStarts), else AlreadyStarted naming the game."""
        found = self.repo.started(command_id)
        if found is None:
            return None
        game_id, first = found
        if not same_request(first, sent):
            raise reused(command_id)
        created = self._starts.recall(command_id)
        if created is None or created.game_id != game_id:
            raise AlreadyStarted(game_id)
        return created

    def _state_at(self, game_id: str, seq: int) -> GameState:
        """The state just after log entry ``seq``, with the undos logged up to it (from memory when nothing
        came after it)."""
        version, state = self.state(game_id)
        if version == seq:
            return state
        return replay(counted_at(self.repo.log(game_id), seq))

    def _rebuild(self, game_id: str) -> tuple[int, GameState]:
        caught_up = self._catch_up(game_id)
        if caught_up is not None:
            return caught_up
        snap = self.repo.latest_snapshot(game_id)
        after, state = (snap[0], GameState.model_validate(snap[1])) if snap else (0, GameState())
        rows = self.repo.log(game_id, after=after)
        version = rows[-1].seq if rows else after
        state = replayed(rows, state)
        self._remember(game_id, version, state)
        return version, state

    def _catch_up(self, game_id: str) -> tuple[int, GameState] | None:
        """The state known here, moved on by the commands logged since (another server process committed them),
        or None when an undo is among them (the state is rebuilt from a snapshot then)."""
        with self._lock:
            cached = self._cache.get(game_id)
        if cached is None:
            return None
        known, state = cached
        rows = self.repo.log(game_id, after=known)
        if not rows or any(is_undo(r) for r in rows) or \
                [r.seq for r in rows] != list(range(known + 1, known + 1 + len(rows))):
            return None
        state = replayed(rows, state)  # no undo among them: every row counts
        self._remember(game_id, rows[-1].seq, state)
        return rows[-1].seq, state

    def _remember(self, game_id: str, version: int, state: GameState) -> None:
        with self._lock:
            self._cache[game_id] = (version, state)
            self._cache.move_to_end(game_id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

def _dump(events: tuple[Event, ...] | list[Event]) -> list[dict[str, Any]]:
    return [e.model_dump(mode="json") for e in events]
