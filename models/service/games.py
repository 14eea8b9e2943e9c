"""GameService: the one way game state changes (DESIGN.md "The flow of one action").

authorise → current state (memory, else snapshot + log) → rules.apply → append with the expected version
(one transaction) → tell listeners after the commit. Pages and the REST API both call this class.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from models.catalog.schema import Card
from models.db.repository import LogRow, Repository, StaleVersion
from models.db.tables import AccessToken
from models.rules import Command, Event, GameState, RuleViolation, apply, parse_command
from models.rules.dice import Roll
from models.rules.senders import SENDERS, allowed_seats, nobody, refusal
from models.rules.warmachine.pregame import RollPriority
from models.rules.warmachine.setup import ArmyEntry, CompleteCard, SetupGame, Side
from models.service.access import Actor, hash_token, new_token
from models.service.cards import SiteCards, keep_shipped_facts
from models.service.errors import Conflict, Forbidden, NotFound
from models.service.results import report, text

log = logging.getLogger(__name__)
SNAPSHOT_EVERY = 50
CACHE_SIZE = 256
UNDO = "undo"
WATCH_ONLY = "A watch link only follows the game: it cannot change it."
NOBODY = nobody("do that")
FUTURE_SLACK_MS = 2_000  # a client's clock time may run ahead of the server's by this much, no more


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
class Outcome:
    version: int
    state: GameState
    events: tuple[Event, ...]


@dataclass(frozen=True)
class LogEntry:
    seq: int
    kind: str
    texts: tuple[str, ...]
    actor: str
    undone: bool
    at: str
    target: int | None = None


class GameService:
    def __init__(self, engine: Engine, now_ms: Callable[[], int] = wall_clock_ms,
                 roll: Callable[[], int] = roll_d6, operator_token: str | None = None) -> None:
        """``now_ms`` stamps clock commands (the rules never read a clock); ``roll`` rolls one d6 for dice the
        players leave to the app. Tests inject both. ``operator_token`` gives the right to save site cards."""
        self.repo = Repository(engine)
        self.now_ms = now_ms
        self.roll = roll
        self._cache: OrderedDict[str, tuple[int, GameState]] = OrderedDict()
        self._lock = threading.Lock()
        self._listeners: list[Callable[[str, int], None]] = []
        self.site_cards = SiteCards(engine, operator_token)

    # -- listeners -------------------------------------------------------------------------------------
    def on_change(self, listener: Callable[[str, int], None]) -> None:
        """Call ``listener(game_id, version)`` after every commit (never before)."""
        self._listeners.append(listener)

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
        return self.site_cards.catalog()

    # -- games -----------------------------------------------------------------------------------------
    def create_game(self, title: str, sides: list[tuple[str, list[ArmyEntry]]], first: int = 0,
                    wizard: bool = False, catalog: Mapping[str, Card] | None = None) -> Created:
        """Set a game up from two armies; bad input raises RuleViolation and nothing is stored. With
        ``wizard`` the game starts in the setup wizard (tournament: scenario, priority, clock, ...). The cards come
        from ``catalog`` (a player's: the site's with their card book), else from the site's catalog."""
        if catalog is None:
            self.site_cards.forget()  # another server process may have saved a site card meanwhile
            catalog = self.cards()
        used = {e.card for _, army in sides for e in army}
        unknown = sorted(used - catalog.keys())
        if unknown:
            raise RuleViolation("setup.unknown_card", "Unknown card: " + ", ".join(unknown) + ".")
        command = SetupGame(title=title, first=first, cards={k: catalog[k] for k in sorted(used)},
                            sides=tuple(Side(player=p, army=tuple(a)) for p, a in sides), wizard=wizard)
        return self.start(command)

    def start(self, command: Command) -> Created:
        """Store a new game set up by ``command`` (any game system's setup command) with its four links;
        a refused setup raises RuleViolation and nothing is stored."""
        keep_shipped_facts(command)
        state, events = apply(GameState(), command)
        game_id = secrets.token_hex(8)
        tokens = {"table": new_token(), "watch": new_token(), "seat1": new_token(), "seat2": new_token()}
        rows = [AccessToken(hash=hash_token(t), game_id=game_id, role=r[:4] if r.startswith("seat") else r,
                            seat=int(r[-1]) - 1 if r.startswith("seat") else None) for r, t in tokens.items()]
        self.repo.create_game(game_id, state.system, state.title, rows, command.model_dump(mode="json"),
                              _dump(events), "table")
        self._remember(game_id, 1, state)
        return Created(game_id=game_id, tokens=tokens, version=1)

    def authorize(self, game_id: str, token: str | None) -> Actor:
        """Who a link's token makes you in this game; NotFound for an unknown game and for a token that does not
        open it alike (a stranger learns nothing about which games exist)."""
        row = self.repo.token(hash_token(token or ""))
        if row is None or row.game_id != game_id:
            raise NotFound(game_id)
        return Actor(role=row.role, seat=row.seat)  # type: ignore[arg-type]

    def state(self, game_id: str) -> tuple[int, GameState]:
        """The game's current version and state (from memory when it is current)."""
        version = self.repo.version(game_id)
        if version is None:
            raise NotFound(game_id)
        with self._lock:
            cached = self._cache.get(game_id)
        if cached and cached[0] == version:
            return cached
        return self._rebuild(game_id)

    def execute(self, game_id: str, command: Command | dict[str, Any], expected_version: int,
                actor: Actor) -> Outcome:
        if not actor.can_act:
            raise Forbidden(WATCH_ONLY)
        if isinstance(command, dict):
            command = parse_command(command)
        state = self._at(game_id, expected_version)
        command = self._stamp(state, command)
        self._check_seat(state, command, actor)
        keep_shipped_facts(command, state.cards)
        new_state, events = apply(state, command)
        version = self._append(game_id, expected_version, command.model_dump(mode="json"), events, actor,
                               new_state)
        return Outcome(version, new_state, events)

    def complete_card(self, game_id: str, card: Card, expected_version: int, actor: Actor) -> Outcome:
        """Fill in what this game's copy of a card leaves empty: this game only (undo takes it back), never the
        site's catalog; the page keeps it in the player's card book."""
        return self.execute(game_id, CompleteCard(card=card), expected_version, actor)

    def undo(self, game_id: str, expected_version: int, actor: Actor) -> Outcome:
        """Undo the newest action not yet undone: logged as a command, history kept, state rebuilt."""
        if not actor.can_act:
            raise Forbidden(WATCH_ONLY)
        self._at(game_id, expected_version)
        rows = self.repo.log(game_id)
        target = next((r for r in reversed(rows) if r.seq > 1 and not r.undone and r.command["type"] != UNDO),
                      None)
        if target is None:
            raise RuleViolation("undo.nothing", "There is nothing left to undo.")
        if actor.role == "seat" and target.actor != actor.label:
            raise Forbidden("A player's own link undoes only that player's own actions; the shared table link "
                            "undoes any.")
        kept = [parse_command(r.command) for r in rows if _counts(r) and r.seq != target.seq]
        state = GameState()
        for c in kept:
            state, _ = apply(state, c)
        what = "; ".join(e["text"] for e in target.events[:2]) or target.command["type"]
        events = (Event(kind="undo", text=f"Undone: {what}", data={"seq": target.seq}),)
        version = self._append(game_id, expected_version, {"type": UNDO, "target": target.seq}, events, actor,
                               state, undo_seq=target.seq)
        return Outcome(version, state, events)

    def log(self, game_id: str, after: int = 0) -> list[LogEntry]:
        """Log entries after ``after`` (a page fetches only what it has not shown)."""
        if self.repo.version(game_id) is None:
            raise NotFound(game_id)
        return [LogEntry(r.seq, r.command["type"], tuple(e["text"] for e in r.events), r.actor, r.undone, r.at,
                         r.command.get("target")) for r in self.repo.log(game_id, after=after)]

    def result_json(self, game_id: str) -> dict[str, Any]:
        """The game's result and record for tournament software (``result`` is None while it goes on)."""
        version, state = self.state(game_id)
        return report(game_id, version, state, self.repo.log(game_id))

    def result_text(self, game_id: str) -> str:
        """The same as plain text."""
        return text(self.result_json(game_id))

    def roll_dice(self, count: int) -> Roll:
        """Dice the players leave to the app (a threshold check, an attack or damage roll): ``count`` d6 rolled
        here, never in the rules, and marked as the service's so the log says who rolled them."""
        if not 1 <= count <= 12:
            raise RuleViolation("dice.count", "Roll from 1 to 12 dice.")
        return Roll(dice=tuple(self.roll() for _ in range(count)), rolled_by="service")

    # -- internals -------------------------------------------------------------------------------------
    def _stamp(self, state: GameState, command: Command) -> Command:
        """Fill in what the service provides: the server's time on clock commands (never earlier than the
        clock's last stamp), and dice the players left to the app."""
        update: dict[str, Any] = {}
        if "at_ms" in type(command).model_fields:
            now = self.now_ms()
            given = getattr(command, "at_ms", None)
            if given is None:
                update["at_ms"] = max(now, state.clock.last_ms if state.clock else 0)
            elif given > now + FUTURE_SLACK_MS:
                raise RuleViolation("clock.future", "A clock time cannot be later than the server's time.")
        if isinstance(command, RollPriority) and command.dice is None:
            update["dice"] = tuple(Roll(dice=(self.roll(),), rolled_by="service") for _ in range(2))
        return command.model_copy(update=update) if update else command

    def _at(self, game_id: str, expected: int) -> GameState:
        version, state = self.state(game_id)
        if version != expected:
            raise Conflict(version)
        return state

    def _append(self, game_id: str, expected: int, command: dict[str, Any], events: tuple[Event, ...],
                actor: Actor, new_state: GameState, undo_seq: int | None = None) -> int:
        snapshot = new_state.model_dump(mode="json") if (expected + 1) % SNAPSHOT_EVERY == 0 else None
        try:
            version = self.repo.append(game_id, expected, command, _dump(events), actor.label,
                                       undo_seq=undo_seq, snapshot=snapshot)
        except StaleVersion as stale:
            with self._lock:
                self._cache.pop(game_id, None)
            raise Conflict(stale.current) from None
        self._remember(game_id, version, new_state)
        self._publish(game_id, version)
        return version

    def _rebuild(self, game_id: str) -> tuple[int, GameState]:
        snap = self.repo.latest_snapshot(game_id)
        after, state = (snap[0], GameState.model_validate(snap[1])) if snap else (0, GameState())
        rows = self.repo.log(game_id, after=after)
        version = rows[-1].seq if rows else after
        for row in rows:
            if _counts(row):
                state, _ = apply(state, parse_command(row.command))
        self._remember(game_id, version, state)
        return version, state

    def _remember(self, game_id: str, version: int, state: GameState) -> None:
        with self._lock:
            self._cache[game_id] = (version, state)
            self._cache.move_to_end(game_id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    @staticmethod
    def _check_seat(state: GameState, command: Command, actor: Actor) -> None:
        """Deny by default: what a link may send is declared per command in each system's ``seats.py``."""
        if actor.role == "table" and SENDERS.get(command.type, NOBODY).kind != "nobody":
            return
        if actor.role == "seat" and actor.seat in allowed_seats(state, command):
            return
        raise Forbidden(refusal(state, command))

def _counts(row: LogRow) -> bool:
    return row.command.get("type") != UNDO and not row.undone


def _dump(events: tuple[Event, ...] | list[Event]) -> list[dict[str, Any]]:
    return [e.model_dump(mode="json") for e in events]
