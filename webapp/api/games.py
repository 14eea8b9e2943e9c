"""The games' REST routes (DESIGN.md "webapp/api"): the same GameService the pages call, documented at /docs.

Every route that touches a game takes the link's token (header ``X-Token`` or query ``token``); the token's
role decides what it may do: table and seat links act, a watch link only reads. Blocking service calls run in
Starlette's thread pool, never on the event loop.

Errors are flat JSON objects, mapped by the router's own route class (webapp/api/base.py).

Reads of a game (its state, its spectators' view, its event stream) are served from one edition per version
(models/service/reads.py): serialised once, sent to every reader, with the version as ``ETag``. At most
READERS of them touch the database at once, so a crowd of readers cannot crowd out the commands.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Path, Query, Request, Response
from fastapi.responses import PlainTextResponse, StreamingResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from models.catalog.schema import Card
from models.rules import COMMANDS, Event, GameState, RuleViolation, options, parse_command
from models.rules.warmachine import ArmyEntry, builders
from models.service import Actor, Created, Forbidden, GameService, Outcome
from models.service.access import check_can_act, readable
from models.service.idempotency import COMMAND_ID_MAX, COMMAND_ID_PATTERN, START_KEY_MIN, START_MEMORY_S
from models.service.reads import Edition, Reads, entry_json, sse
from models.service.results import text as result_text
from models.service.themes import theme_forces
from webapp import deps
from webapp.api.base import ApiError, ErrorBody, ErrorMappingRoute, GameId, Responses, Strict, Token, errors
from webapp.api.hot_reads import cached_answer

log = logging.getLogger(__name__)

# Where the links of a new game point (the pages read the token from the path; the token decides the role).
TABLE_URL = "/table/{game_id}/{token}"
SEAT_URL = "/table/{game_id}/{token}"
WATCH_URL = "/watch/{game_id}/{token}"
READERS = 4  # reads that may wait on the database at once (the rest queue on the event loop)
RETRY_MS = 3000  # an event stream's reconnect delay, sent to its reader
_readers: asyncio.Semaphore | None = None


class AlreadyStartedBody(ErrorBody):
    """A start repeated with its `command_id` after its links were forgotten: `game` is the game it made."""

    code: Literal["game.already_started"] = "game.already_started"
    game: str


router = APIRouter(prefix="/api", tags=["games"], route_class=ErrorMappingRoute)

_STARTED: Responses = {409: {"model": AlreadyStartedBody, "description": "The `command_id` started a game whose links "
                             "this server no longer holds: code `game.already_started`, `game` is its id."}}


# -- request and response models ---------------------------------------------------------------------------

def _command_id() -> Any:
    return Field(default=None, min_length=1, max_length=COMMAND_ID_MAX, pattern=COMMAND_ID_PATTERN,
                 examples=["4f1c2a9e-tap-1"],
                 description="Your key for this request, new for each command (a UUID will do). Sent again, the "
                             "same key gets the first answer and nothing is logged twice, even after the game "
                             "moved on; with another command it is refused (422 `command.id_reused`).")


def _start_key() -> Any:
    return Field(default=None, min_length=START_KEY_MIN, max_length=COMMAND_ID_MAX, pattern=COMMAND_ID_PATTERN,
                 examples=["2b7d0f6c-51a4-4e8e-9c1d-7f3a90e1b2c4"],
                 description=f"Your key for this start, at least {START_KEY_MIN} characters (a UUID). Sent again "
                             f"within {START_MEMORY_S / 60:g} minutes, it answers with the same game and links and "
                             "makes none; later (or on another server process) 409 `game.already_started` names "
                             "the game. Another setup with the same key: 422 `command.id_reused`.")


class SideIn(Strict):
    player: str = Field(max_length=200, examples=["Ann"])
    army: list[ArmyEntry] = Field(max_length=80, description="Entries in list order; `battlegroup_of` is "
                                  "the index of an earlier caster entry of this army.")
    theme: str | None = Field(default=None, max_length=40, examples=["dark-legacy"],
                              description="The theme force the army is built as (`GET /themes`), or none. "
                                          "422 `theme.unknown`, `theme.faction`, `theme.horror_not_allowed`.")


class CreateGameIn(Strict):
    title: str = Field(max_length=200, examples=["Friday game"])
    sides: list[SideIn] = Field(min_length=2, max_length=2)
    first: int = Field(default=0, ge=0, le=1, description="The side that takes the first turn (0 or 1).")
    wizard: bool = Field(default=False, description="Start in the setup wizard (scenario, priority roll, clock, "
                                                    "deployment) instead of round 1: a tournament game.")
    pairs: bool = Field(default=False, description="Steamroller 2019 list pairs: the armies are left empty and "
                                                   "each player gives two lists in the setup wizard "
                                                   "(`give_list_pair`), then chooses one (`choose_from_pair`). "
                                                   "Implies `wizard`.")
    command_id: str | None = _start_key()


class Tokens(BaseModel):
    table: str
    watch: str
    seat1: str
    seat2: str


class CreatedOut(BaseModel):
    id: str
    version: int
    table_url: str
    watch_url: str
    seat_urls: list[str] = Field(description="Side 1's link, then side 2's.")
    tokens: Tokens = Field(description="Shown once: only their hashes are stored.")


class GameOut(BaseModel):
    id: str
    version: int
    state: GameState


def _command_help() -> str:
    types = ", ".join(f"`{t}`" for t in sorted(COMMANDS))
    return f"One command object; `type` is one of: {types}. Fields per type: docs/API.md."


class CommandIn(Strict):
    command: dict[str, Any] = Field(description=_command_help(),
                                    examples=[{"type": "mark_damage", "model": "p1-agathon", "amount": 2}])
    expected_version: int = Field(description="The version the client saw; a stale one gets 409.")
    command_id: str | None = _command_id()


class StartIn(Strict):
    command: dict[str, Any] = Field(description="A game system's setup command (`setup` for Warmachine; see "
                                                "docs/API.md for the others).")
    command_id: str | None = _start_key()


class UndoIn(Strict):
    expected_version: int
    command_id: str | None = _command_id()


class OutcomeOut(BaseModel):
    version: int
    events: list[Event]
    state: GameState


class LogEntryOut(BaseModel):
    seq: int
    kind: str = Field(description="The command's type (`setup`, `undo`, `mark_damage`, ...).")
    texts: list[str]
    actor: str = Field(description="`table`, `seat 1`, `seat 2`.")
    undone: bool
    at: str = Field(description="When it was logged (ISO 8601).")


class OptionOut(BaseModel):
    action: str
    allowed: bool
    reason: str = ""
    code: str = ""
    dice: dict[str, int] | None = None
    values: dict[str, int] | None = None
    command: dict[str, Any] | None = Field(
        default=None, description="The command the rules tried for this option: send it to `/commands` as it is, "
                                  "with the fields in `ask` answered first.")
    ask: list[str] = Field(default_factory=list, description="The command's fields the player must still answer.")
    choices: dict[str, list[str]] = Field(
        default_factory=dict, description="For some asked fields, the values the rules allow now (model ids).")
    ends: str = Field(default="", description="The step of the turn that sending the command closes while it still "
                                              "offers something (its words); empty when it closes none.")


def _service() -> GameService:
    return deps.current().service


# -- blocking work (run in the thread pool) ------------------------------------------------------------------

def _actor(service: GameService, game_id: str, token: str | None, *, acting: bool) -> Actor:
    actor = service.authorize(game_id, token)
    if acting:
        check_can_act(actor)
    return actor


def _execute(service: GameService, game_id: str, token: str | None, body: CommandIn) -> Outcome:
    actor = _actor(service, game_id, token, acting=True)
    return _shown(service.execute(game_id, parse_command(body.command, strict=True), body.expected_version, actor,
                                  body.command_id), actor)


def _undo(service: GameService, game_id: str, token: str | None, body: UndoIn) -> Outcome:
    actor = _actor(service, game_id, token, acting=True)
    return _shown(service.undo(game_id, body.expected_version, actor, body.command_id), actor)


def _redo(service: GameService, game_id: str, token: str | None, body: UndoIn) -> Outcome:
    actor = _actor(service, game_id, token, acting=True)
    return _shown(service.redo(game_id, body.expected_version, actor, body.command_id), actor)


def _shown(outcome: Outcome, actor: Actor) -> Outcome:
    """A command's answer as the sender's link may read it (access.readable)."""
    return replace(outcome, state=readable(outcome.state, actor))


def _log(service: GameService, game_id: str, token: str | None) -> list[LogEntryOut]:
    _actor(service, game_id, token, acting=False)
    return [LogEntryOut(seq=e.seq, kind=e.kind, texts=list(e.texts), actor=e.actor, undone=e.undone, at=e.at)
            for e in service.log(game_id)]


def _options(service: GameService, game_id: str, token: str | None, model_id: str) -> list[OptionOut]:
    actor = _actor(service, game_id, token, acting=False)
    _, state = service.state(game_id)
    try:
        found = options(readable(state, actor), model_id)  # each system's provider refuses a model it does not know
    except RuleViolation as unknown:
        raise ApiError(404, unknown.code, unknown.message) from unknown
    return [OptionOut.model_validate(o.model_dump(mode="json")) for o in found]


def _outcome(outcome: Outcome) -> OutcomeOut:
    return OutcomeOut(version=outcome.version, state=outcome.state,
                      events=list(outcome.events))


# -- routes ------------------------------------------------------------------------------------------------

@router.post("/games", status_code=201, response_model=CreatedOut, responses={**errors(422), **_STARTED},
             summary="Set up a game")
async def create_game(body: CreateGameIn) -> CreatedOut:
    """Set a game up from two armies. The answer holds the game's links and their tokens, shown only now
    (and to a repeat with the same `command_id` for a few minutes)."""
    service = _service()
    sides = [(s.player, list(s.army)) for s in body.sides]
    themes = [s.theme for s in body.sides]
    setup = builders.setup_game(body.title, sides, body.first, body.wizard, themes=themes, pairs=body.pairs)
    return _created(await run_in_threadpool(lambda: service.start(setup, body.command_id)))


def _created(created: Created) -> CreatedOut:
    gid, tokens = created.game_id, created.tokens
    return CreatedOut(
        id=gid, version=created.version, tokens=Tokens(**tokens),
        table_url=TABLE_URL.format(game_id=gid, token=tokens["table"]),
        watch_url=WATCH_URL.format(game_id=gid, token=tokens["watch"]),
        seat_urls=[SEAT_URL.format(game_id=gid, token=tokens[s]) for s in ("seat1", "seat2")],
    )


@router.post("/games/start", status_code=201, response_model=CreatedOut, responses={**errors(422), **_STARTED},
             summary="Set up a game of any system from its setup command")
async def start_game(body: StartIn) -> CreatedOut:
    """Set a game up from a game system's own setup command; the answer is the same as `POST /games`."""
    service = _service()
    command = parse_command(body.command, strict=True)
    return _created(await run_in_threadpool(service.start, command, body.command_id))


def _reads() -> Reads:
    return deps.current().live.reads


def _edition(reads: Reads, game_id: str, token: str | None) -> tuple[Edition, Actor]:
    actor = reads.authorize(game_id, token)
    return reads.edition(game_id), actor


async def _read_edition(game_id: str, token: str | None) -> tuple[Edition, Actor]:
    """The game's current edition for a reader with any link (403 / 404 otherwise), and who the link makes the
    reader. Served from memory when the token was checked lately and the edition is known current; else checked
    in a worker thread."""
    global _readers
    reads = _reads()
    known = reads.current(game_id)
    actor = reads.authorized(game_id, token) if known is not None else None
    if known is not None and actor is not None:
        return known, actor
    if _readers is None:
        _readers = asyncio.Semaphore(READERS)
    async with _readers:
        return await run_in_threadpool(_edition, reads, game_id, token)


def _cached(request: Request, if_none_match: str | None, body: bytes, gzipped: Callable[[], bytes],
            version: int) -> Response:
    """One version's bytes (or 304), answered as webapp/api/hot_reads.py answers the same read in front of the app."""
    status, headers, content = cached_answer(version, body, gzipped, if_none_match,
                                             request.headers.get("accept-encoding", ""))
    return Response(content, status_code=status, headers={k.decode(): v.decode() for k, v in headers})


IfNoneMatch = Annotated[str | None, Header(description="An `ETag` from an earlier answer: 304 while the game is "
                                                       "still at that version.")]
NOT_MODIFIED: Responses = {304: {"description": "Not modified: the game is still at the version of `If-None-Match`."}}


@router.get("/games/{game_id}", response_model=GameOut, responses={**errors(403, 404), **NOT_MODIFIED},
            summary="Read a game")
async def read_game(game_id: GameId, token: Token, request: Request, if_none_match: IfNoneMatch = None) -> Response:
    """The game's current version and whole state. Any link may read (watch included). The `ETag` is the
    version: send it back as `If-None-Match` to get 304 while nothing changed."""
    edition, actor = await _read_edition(game_id, token)
    body, gzipped = edition.state_for(actor)
    return _cached(request, if_none_match, body, gzipped, edition.version)


@router.get("/games/{game_id}/view", responses={200: {"description": "The spectators' view (the watch page "
                                                     "renders it): turn, players, clock, result, attack, one card "
                                                     "per model with its damage drawing, the newest log entries."},
                                               **errors(403, 404), **NOT_MODIFIED},
            summary="The spectators' view of a game")
async def read_view(game_id: GameId, token: Token, request: Request, if_none_match: IfNoneMatch = None) -> Response:
    """What a watch page shows, as JSON, with the version as `ETag` (304 on `If-None-Match`). Names and other
    typed text are plain strings: show them as text. Any link may read it."""
    edition, _ = await _read_edition(game_id, token)
    return _cached(request, if_none_match, edition.view_json, lambda: edition.view_gzip, edition.version)


@router.get("/games/{game_id}/events", response_class=StreamingResponse, responses={
    200: {"content": {"text/event-stream": {}}, "description": "Server-sent events named `commit`, one per "
          "commit: `id` is the version; `data` holds `version`, the log `entry` and, for the newest version, "
          "the whole `view` (null for older ones sent on resuming)."}, **errors(403, 404)},
    summary="Follow a game as server-sent events")
async def game_events(game_id: GameId, token: Token, last_event_id: Annotated[
        int | None, Header(description="Resume after this version (what the last event's `id` was).")] = None,
        ) -> StreamingResponse:
    """A stream of the game's commits. A new reader first gets the current version; a reader that resumes
    with `Last-Event-ID` gets every commit after it (older ones from the log), then each new one as it is
    committed. A comment line is sent when the stream has been idle for a while."""
    edition, _ = await _read_edition(game_id, token)
    return StreamingResponse(_events(edition, last_event_id, token), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


async def _events(current: Edition, after: int | None, token: str | None) -> AsyncIterator[bytes]:
    live = deps.current().live
    stream = live.open_stream(current.game_id, token)  # before catching up: nothing committed meanwhile is lost
    try:
        yield b"retry: %d\n\n" % RETRY_MS
        sent = current.version if after is None else min(after, current.version)
        for entry in await _missed(current.game_id, sent, current.version):
            yield sse(entry["seq"], {"version": entry["seq"], "entry": entry, "view": None})
        if after is None or after < current.version:
            yield current.event
        sent = current.version
        async for edition in stream:
            if edition is None:
                yield b": still here\n\n"
                continue
            if edition.version <= sent:
                continue
            for entry in await _missed(edition.game_id, sent, edition.version):
                yield sse(entry["seq"], {"version": entry["seq"], "entry": entry, "view": None})
            yield edition.event
            sent = edition.version
    finally:
        stream.close()


async def _missed(game_id: str, after: int, upto: int) -> list[dict[str, Any]]:
    """The log entries after ``after`` and before ``upto`` (commits a stream has not sent yet)."""
    if upto - after <= 1:
        return []
    entries = await run_in_threadpool(_service().log, game_id, after)
    return [entry_json(e) for e in entries if e.seq < upto]


@router.post("/games/{game_id}/commands", response_model=OutcomeOut, responses=errors(403, 404, 409, 422),
             summary="Do something in a game")
async def execute_command(game_id: GameId, body: CommandIn, token: Token) -> OutcomeOut:
    """Apply one command at `expected_version`. A table link acts for both sides, a seat link for its own side
    (damage may be marked on anyone); a watch link gets 403."""
    outcome = await run_in_threadpool(_execute, _service(), game_id, token, body)
    return _outcome(outcome)


@router.post("/games/{game_id}/undo", response_model=OutcomeOut, responses=errors(403, 404, 409, 422),
             summary="Undo the last action")
async def undo(game_id: GameId, body: UndoIn, token: Token) -> OutcomeOut:
    """Undo the newest action not yet undone. History is kept: the log marks it undone and logs the undo.
    Nothing left to undo is a 422 with code `undo.nothing`."""
    outcome = await run_in_threadpool(_undo, _service(), game_id, token, body)
    return _outcome(outcome)


@router.post("/games/{game_id}/redo", response_model=OutcomeOut, responses=errors(403, 404, 409, 422),
             summary="Bring back what the last undo took back")
async def redo(game_id: GameId, body: UndoIn, token: Token) -> OutcomeOut:
    """Send again the action the newest log entry undid, at the current version, as a new logged action. Only
    right after an undo: otherwise a 422 with code `redo.nothing`. A player's own link redoes only its own undo."""
    outcome = await run_in_threadpool(_redo, _service(), game_id, token, body)
    return _outcome(outcome)


@router.get("/games/{game_id}/log", response_model=list[LogEntryOut], responses=errors(403, 404),
            summary="The game's log")
async def game_log(game_id: GameId, token: Token) -> list[LogEntryOut]:
    """Every logged command, oldest first, undone ones included (marked `undone`)."""
    return await run_in_threadpool(_log, _service(), game_id, token)


@router.get("/games/{game_id}/options/{model_id}", response_model=list[OptionOut], response_model_exclude_none=True,
            responses=errors(403, 404), summary="What a model may do now")
async def model_options(game_id: GameId, model_id: Annotated[str, Path(max_length=128)],
                        token: Token) -> list[OptionOut]:
    """Each action the model could take now, and for those it may not, the reason (read-only: nothing
    changes). In a Warmachine game the first entry, action `derived`, is no action (never `allowed`): its
    `values` are the numbers the rules derive now (`CTRL` in inches, effective `DEF` `ARM` `MAT` `RAT`, and
    `dice:attack`, `dice:damage_boosted`, `dice:attack:left`... per roll and weapon place); in a Warlord game, the
    model's numbers after its states (`MOV` `MAV` `RAV` `DV` `CP` `MA` `RA`, `defensive_strikes`, `defensive_shots`,
    `counterspell` 1/0, `die_rolls` +1/-1, `attacks_against` +2; a number its card lacks is left out). An unknown
    model is a 404 with code `model.unknown`; a warband unit's `derived` holds its warband's rout numbers (see
    docs/API.md)."""
    return await run_in_threadpool(_options, _service(), game_id, token, model_id)


def _result_json(service: GameService, game_id: str, token: str | None) -> dict[str, Any]:
    """The game's own result, with its event's (``event``) when an event's table plays it."""
    data = service.result_json(game_id, _actor(service, game_id, token, acting=False))
    event = deps.current().events.result_of_game(game_id)
    return {**data, "event": event} if event is not None else data


def _result_text(service: GameService, game_id: str, token: str | None) -> str:
    return result_text(_result_json(service, game_id, token))


@router.get("/games/{game_id}/result", responses=errors(403, 404), summary="The result, for tournament software")
async def game_result(game_id: GameId, token: Token) -> dict[str, Any]:
    """Winner, how, round, control points, tiebreakers in order (win, control points, army points destroyed,
    army points in scenario elements), each turn's scoring and clock use, and the timeline; for a Warlord or
    warband game winner, how, headline and round with the timeline. `result` is null while the game goes on.
    Any link may read it."""
    return await run_in_threadpool(_result_json, _service(), game_id, token)


@router.get("/games/{game_id}/result.txt", response_class=PlainTextResponse, responses=errors(403, 404),
            summary="The result as plain text")
async def game_result_text(game_id: GameId, token: Token) -> str:
    """The same result as plain lines of text."""
    return await run_in_threadpool(_result_text, _service(), game_id, token)


@router.get("/cards", response_model=list[Card], tags=["cards"], summary="The card catalog")
async def cards(name: str | None = Query(None, max_length=60, description="Part of a card's name or other name"),
                faction: str | None = Query(None, max_length=40), role: str | None = Query(None, max_length=40),
                community: bool = Query(False, description="Complete each card with the community card book's "
                                                           "facts (`/api/cards/community/{key}` says whose)."),
                ) -> list[Card]:
    """Every stat card of this site: the shipped catalog with the cards an operator saved for the whole site,
    those whose name (or another name) holds ``name`` and of ``faction`` and ``role`` when given (the catalog
    holds every Mk III model: about 1 MB unfiltered); with ``community``, as the community card book completes
    them, as a game would use them. A card completed in a game stays in that game (and in its player's card book):
    never here."""
    cards = _service().card_service
    catalog = await run_in_threadpool(cards.catalog if community else cards.site_catalog)
    words = " ".join((name or "").lower().split())
    return [c for c in catalog.values()
            if (not words or any(words in n.lower() for n in (c.name, *c.aliases)))
            and faction in (None, c.faction) and role in (None, c.role)]


class ThemeEffectOut(BaseModel):
    key: str
    text: str
    applied: bool = Field(description="True: the app applies it; false: a reminder shown at the table.")


class ThemeLineOut(BaseModel):
    label: str
    requisition: bool = Field(description="A requisition option (a free pick), not a line of the composition.")
    card_ids: list[int] = Field(description="The card ids (a card's `card_id`) this line allows.")


class ThemeOut(BaseModel):
    key: str = Field(examples=["dark-legacy"])
    name: str
    faction: str
    effects: list[ThemeEffectOut]
    composition: list[ThemeLineOut]
    checked: bool = Field(description="True: a list built as this theme may hold only the cards its lines allow; "
                                      "false: a line is not read as cards, so the composition is not checked.")
    source: str


@router.get("/themes", response_model=list[ThemeOut], tags=["cards"], summary="The theme forces")
async def themes() -> list[ThemeOut]:
    """The theme forces an army may be built as (a list's `theme`, a side's `theme` in `POST /games`), with
    their effects: those the app applies and those it shows at the table as reminders."""
    return [ThemeOut(key=f.theme.key, name=f.theme.name, faction=f.theme.faction, source=f.theme.source,
                     effects=[ThemeEffectOut(key=e.key, text=e.text, applied=e.applied) for e in f.effects],
                     composition=[ThemeLineOut(label=line.label, requisition=line.requisition,
                                               card_ids=list(line.card_ids)) for line in f.theme.lines],
                     checked=f.checked)
            for f in theme_forces()]


def _operator_only() -> ApiError:
    return ApiError(403, "access.operator", "Saving a card for the whole site needs the operator token (header "
                                            "X-Operator-Token).")


def _save_site_card(service: GameService, token: str | None, body: dict[str, Any]) -> Card:
    try:
        return service.card_service.save([body], for_site=True, operator_token=token)[0]
    except Forbidden:
        raise _operator_only() from None


@router.put("/cards", response_model=Card, tags=["cards"], summary="Save a card for the whole site (operator)",
            responses={403: {"model": ErrorBody, "description": "No operator token, or a wrong one: code "
                                                               "`access.operator`."},
                       422: {"model": ErrorBody, "description": "Not a card (`cards.malformed`, e.g. a text over its "
                                                                "length limit), not usable (`cards.invalid`), or "
                                                                "changing a shipped card's fact (`card.fact_given`)."}},
            openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Card"}}}}})
async def save_site_card(request: Request,
                         x_operator_token: Annotated[str | None, Header(description="The site's operator token "
                                                                        "(TABLEKEEPER_OPERATOR_TOKEN).")] = None
                         ) -> Card:
    """Create or replace one card in the site's catalog (`GET /cards`), for every later game. Needs the site's
    operator token; with none configured nobody may. A card with a shipped card's key may only fill in what the
    shipped card leaves empty."""
    service = _service()
    if not service.card_service.is_operator(x_operator_token):
        raise _operator_only()
    try:
        body = await request.json()
    except (ValueError, RecursionError):
        raise ApiError(422, "request.invalid", "The body is not JSON.") from None
    if not isinstance(body, dict):
        raise ApiError(422, "cards.malformed", "The body must be one card (a JSON object).")
    return await run_in_threadpool(_save_site_card, service, x_operator_token, body)
