"""The rules core's contract (DESIGN.md "The rules core").

State is an immutable value, commands are typed data, refusals are :class:`RuleViolation` with a stable code,
and :func:`options` tells the UI what a model may do now and why not. The game systems registered in
models/rules/systems.py give the core their boards, commands, gates and options; nothing in this package does
I/O, keeps a clock or rolls dice.

:class:`GameState` holds what every game system shares (the players, the round, whose turn and where in it);
each system keeps the rest on its own :class:`Board`. A board marked ``flat`` is written at the top level of the
state's JSON, beside the shared fields, and read back from there: the shape clients and stored games know from
before that system had a board.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal, Self

from pydantic import (
    ConfigDict,
    Field,
    SerializeAsAny,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
    model_validator,
)

from models.catalog.schema import Frozen, Theme
from models.rules.invalid import invalid_words
from models.rules.refusals import Refusal


class RuleViolation(Refusal):
    """A command the rules refuse: ``code`` is stable for tests and clients, ``message`` is for a player."""


class Event(Frozen):
    """Something that happened, with a sentence for the log in our own words."""

    kind: str
    text: str
    model: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)


class Player(Frozen):
    """A side of the game; ``theme``: the theme force its army is built as (None: none, as in games before)."""

    seat: int
    name: str
    theme: Theme | None = None


def _any_board_schema(schema: dict[str, Any], cls: type) -> None:
    """In the API's schema the base board is an open object: each system's board has fields of its own."""
    if cls is Board:
        schema.pop("additionalProperties", None)


class Board(Frozen):
    """Base of a game system's own part of the state (its figures, units, tokens...): each system subclasses it
    and declares the class on its ``RuleSystem``, so the core stores a board without knowing any game.

    ``flat``: the board's fields are written at the top level of the state's JSON (and ``board`` is null), for a
    system whose readers know its fields there."""

    model_config = ConfigDict(json_schema_extra=_any_board_schema)
    flat: ClassVar[bool] = False


class UnknownSystem(LookupError):
    """A game system name that no system of the rules is registered under (models/rules/systems.py)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"No game system is registered as {name!r} in the rules "
                         f"(registered: {', '.join(sorted(GATES))}).")
        self.name = name


# What models/rules/systems.py registers for each game system, by system name (models/rules/system.py fills
# them; nothing else does): its board class, and what it keeps sealed from a reader (see :func:`seen_by`).
BOARDS: dict[str, type[Board]] = {}
Seal = Callable[["GameState", "int | None"], "GameState"]
SEALS: dict[str, Seal] = {}


def registered(system: str) -> str:
    """``system`` itself when a game system is registered under that name; :class:`UnknownSystem` otherwise."""
    if system not in GATES:
        raise UnknownSystem(system)
    return system


def seen_by(state: GameState, seat: int | None) -> GameState:
    """The state as a reader on ``seat`` (None: a spectator) may know it: a secret choice stays sealed to everyone
    but its maker until the game reveals it (a system's seal, ``seal(state, seat)``, hides what it keeps secret
    for now and returns ``state`` itself when nothing is). ``state`` itself when nothing is sealed."""
    seal = SEALS.get(registered(state.system))
    return state if seal is None else seal(state, seat)


class GameState(Frozen):
    """What every game system shares, and the system's own ``board``.

    A flat board's fields are read and written at the top level of the JSON (and may be given so as keywords,
    ``GameState(models=...)``); every reader, in the rules or outside them, reads and changes the typed board."""

    # The name of the game system the game is played in; empty until a system's setup command sets it.
    system: str = ""
    title: str = ""
    players: tuple[Player, ...] = ()
    round: int = 0
    active: int = 0
    first: int = 0
    phase: str = "setup"
    step: str = ""
    # The game system's own part of the state, of the class the system registered (None before setup).
    board: SerializeAsAny[Board] | None = None

    @model_validator(mode="before")
    @classmethod
    def _registered_board(cls, data: Any) -> Any:
        """Read a board given as JSON as the class its game system registered (and refuse another system's); a
        flat board from the top-level fields that are its own."""
        if not isinstance(data, dict):
            return data
        system = data.get("system", cls.model_fields["system"].default)
        board_cls = BOARDS.get(system) if isinstance(system, str) else None
        loose = {k: v for k, v in data.items() if k not in cls.model_fields}
        if board_cls is None and loose and not system:  # no system yet: the flat board those fields are of
            board_cls = next((b for b in BOARDS.values() if b.flat and set(loose) <= set(b.model_fields)), None)
        if board_cls is not None and board_cls.flat and data.get("board") is None:
            if not set(loose) <= set(board_cls.model_fields):
                return data  # refused: fields of neither the state nor its board
            shared = {k: v for k, v in data.items() if k not in loose}
            return {**shared, "board": board_cls.model_validate(loose)}
        if data.get("board") is None:
            return data
        if board_cls is None:
            raise ValueError(f"no board is registered for the game system {system!r}")
        if isinstance(data["board"], Board) and type(data["board"]) is not board_cls:
            raise ValueError(f"a {type(data['board']).__name__} is not the board of a {system} game")
        return {**data, "board": board_cls.model_validate(data["board"])}

    @model_serializer(mode="wrap")
    def _flat_board(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A flat board's fields after the shared ones, and ``board`` null."""
        data: dict[str, Any] = handler(self)
        if self.board is None or not type(self.board).flat or not isinstance(data.get("board"), dict):
            return data
        board = data.pop("board")
        return {**data, **board, "board": None}

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update``; a key that is not the state's own (a board's field, say) is a bug, which pydantic
        would keep unseen."""
        unknown = set(update or {}) - set(type(self).model_fields)
        if unknown:
            raise ValueError(f"the state has no field {', '.join(sorted(unknown))}: change it on the board")
        return super().model_copy(update=update, deep=deep)

    def player_name(self, seat: int) -> str:
        return self.players[seat].name if seat < len(self.players) else f"Player {seat + 1}"


class Command(Frozen):
    """Base of every player intention; ``type`` names it in the log and the API."""

    type: str


class Option(Frozen):
    """One thing a model may or may not do now; ``reason`` says why not (shown on the greyed control).

    ``command`` is the very command the rules probed: a control sends it as it is, or, when ``ask`` names fields
    the player must still answer (how many points, which warbeast), asks for those and sends
    :func:`answered`. ``choices`` lists, for an asked field the rules can know, the values they may take now
    (the first is the probed one), so that no component decides a rule."""

    action: str
    allowed: bool
    reason: str = ""
    code: str = ""
    dice: dict[str, int] | None = None  # an attack's dice per roll (and per weapon place), when the rules give them
    # The numbers the rules derive for the model now (CTRL, effective stats, dice), on the entry named DERIVED.
    values: dict[str, int] | None = None
    command: SerializeAsAny[Command] | None = None
    ask: tuple[str, ...] = ()
    choices: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    # The step of the turn that sending the command would close while it still offers something: the UI says so
    # before it sends (a command of a later step moves the turn on; "": it closes nothing).
    ends: str = ""


# The ``options`` entry that is not an action (never allowed): its ``values`` are the model's derived numbers.
DERIVED = "derived"


def answered(option: Option, **answers: Any) -> Command:
    """The option's command with the player's answers to its asked fields: a new, validated command (a bad
    answer is a ``command.invalid`` refusal; a field that was not asked, or an asked one left out, is a bug)."""
    if option.command is None:
        raise ValueError(f"the option {option.action!r} carries no command")
    if set(answers) != set(option.ask):
        raise ValueError(f"{option.action!r} asks {sorted(option.ask)}, answered {sorted(answers)}")
    return parse_command({**option.command.model_dump(), **answers})


Handler = Callable[[GameState, Any], tuple[GameState, list[Event]]]
# When a command may be sent (models/rules/steps.py says what each timing means; its gate checks it).
Timing = Literal["setup", "pregame", "step", "anytime", "game", "result"]
# The registered systems' commands (models/rules/system.py fills these when models/rules/systems.py registers the
# systems): command class and handler by command type, the game system each belongs to (a game set up for one
# system refuses another's commands) and its timing.
COMMANDS: dict[str, type[Command]] = {}
HANDLERS: dict[str, Handler] = {}
SYSTEM_OF: dict[str, str] = {}
TIMING_OF: dict[str, Timing] = {}
# Each system's gate (its step table's): run before every handler of the system, it refuses a command whose
# timing does not fit the moment, or moves the turn on to the command's step.
Gate = Callable[[GameState, Command, Timing], tuple[GameState, list[Event]]]
GATES: dict[str, Gate] = {}
# Each system's settling (its step table's): run after every handler of the system, it moves the turn on from a
# step whose last decision the command made, when the system's turn does so.
Settle = Callable[[GameState, Timing], tuple[GameState, list[Event]]]
SETTLES: dict[str, Settle] = {}
OPTION_PROVIDERS: dict[str, Callable[[GameState, str], tuple[Option, ...]]] = {}
_MARK = "_handles"


def handles(cls: type[Command], *, system: str, timing: Timing) -> Callable[[Handler], Handler]:
    """Mark ``fn`` as the handler of command class ``cls`` in ``system``; its ``timing`` says when the command may
    be sent, and the system's gate checks it before ``fn`` runs. Marking registers nothing: the system's
    ``RuleSystem`` names the modules its handlers are in, and registering the system registers them."""

    def mark(fn: Handler) -> Handler:
        setattr(fn, _MARK, (cls, system, timing))
        return fn

    return mark


def marked_handler(value: object) -> tuple[type[Command], str, Timing] | None:
    """What :func:`handles` marked ``value`` as handling (command class, system, timing); None when not marked."""
    marked = getattr(value, _MARK, None) if callable(value) else None
    return marked if isinstance(marked, tuple) else None


def parse_command(data: dict[str, Any], *, strict: bool = False) -> Command:
    """Turn JSON from the API or the log into a typed command; bad input is a RuleViolation, not a crash.

    ``strict`` for what a client sent: JSON types exactly (no ``"3"``, ``3.0`` or ``true`` for a whole number).
    The log's own JSON is read as it was written, so games logged before stay readable."""
    type_name = data.get("type") if isinstance(data, dict) else None
    cls = COMMANDS.get(type_name) if isinstance(type_name, str) else None
    if cls is None:
        raise RuleViolation("command.unknown", f"Unknown command type {type_name!r}.")
    try:
        if strict:
            return cls.model_validate_json(json.dumps(data), strict=True)
        return cls.model_validate(data)
    except ValidationError as exc:
        raise RuleViolation("command.invalid", invalid_words(exc.errors(), "command")) from None


def apply(state: GameState, command: Command) -> tuple[GameState, tuple[Event, ...]]:
    """Apply one command: a new state and what happened, or RuleViolation with the old state untouched."""
    new_state, events = _handled(state, command)
    system, timing = SYSTEM_OF[command.type], TIMING_OF[command.type]
    settle = SETTLES.get(system)
    if settle is None:
        return new_state, events
    new_state, more = settle(new_state, timing)
    return new_state, (*events, *more)


def _handled(state: GameState, command: Command) -> tuple[GameState, tuple[Event, ...]]:
    """The command through its system's gate and handler, before the turn settles."""
    handler = HANDLERS.get(command.type)
    if handler is None:
        raise RuleViolation("command.unknown", f"Unknown command type {command.type!r}.")
    if state.players and SYSTEM_OF[command.type] != state.system:
        raise RuleViolation("command.other_system", "That command belongs to another game system than this game's.")
    state, events = GATES[SYSTEM_OF[command.type]](state, command, TIMING_OF[command.type])
    new_state, more = handler(state, command)
    return new_state, (*events, *more)


def replay(commands: list[Command], state: GameState | None = None) -> GameState:
    """Rebuild a state from its log (the log is the truth; snapshots only shorten this)."""
    state = state or GameState()
    for command in commands:
        state, _ = apply(state, command)
    return state


def probe(state: GameState, action: str, command: Command, ask: tuple[str, ...] = (),
          choices: dict[str, tuple[str, ...]] | None = None) -> Option:
    """Whether ``command`` would be accepted now, found by applying it to the (immutable) state: a greyed button
    and a refusal always give the same reason. ``ask``: the fields the player answers before it is sent (the
    probe holds stand-ins there); ``choices``: the values the rules allow for some of them."""
    found = Option(action=action, allowed=True, command=command, ask=ask, choices=choices or {})
    try:
        _handled(state, command)  # settling the turn after it refuses nothing, and would probe again
    except RuleViolation as refusal:
        return found.model_copy(update={"allowed": False, "reason": refusal.message, "code": refusal.code})
    return found


def options(state: GameState, model_id: str) -> tuple[Option, ...]:
    """What ``model_id`` may do now, each with the reason when it may not."""
    return OPTION_PROVIDERS[registered(state.system)](state, model_id)
