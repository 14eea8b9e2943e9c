"""What every router of the REST API shares: flat JSON errors mapped by the routers' own route class, the
documented error answers, strict request bodies, and the game id and link token parameters.

Errors are flat JSON objects ``{"code", "message"}`` (plus ``"version"`` on a 409), mapped here by the
router's own route class, so they never depend on the app's exception handlers (NiceGUI renders HTML error
pages) and never carry a traceback.
"""

from __future__ import annotations

import inspect
import json
import logging
import re
from collections.abc import Callable, Coroutine, Iterable
from contextlib import suppress
from typing import Annotated, Any, Literal, get_args

from fastapi import Depends, Header, Path, Query, Request, Response
from fastapi.dependencies.models import Dependant
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from models.rules import Refusal, invalid_words
from models.service import AlreadyStarted, Conflict, Forbidden, NotFound
from models.service.errors import Busy, NotSignedIn

log = logging.getLogger(__name__)


# -- errors ------------------------------------------------------------------------------------------------

class ApiError(Exception):
    """A refusal with its HTTP status and a flat body (raised by the routes themselves)."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.body = status, {"code": code, "message": message, **extra}


class ErrorBody(BaseModel):
    """Every error of this API: a stable ``code`` for programs and a ``message`` for people."""

    code: str = Field(examples=["step.wrong"])
    message: str = Field(examples=["That belongs to the control phase; it is now the maintenance phase."])


class ConflictBody(ErrorBody):
    """The game changed since ``expected_version``: reload the state at ``version`` and decide again."""

    code: Literal["conflict"] = "conflict"
    version: int


def _json(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"code": code, "message": message, **extra}, status_code=status)


# A refusal's HTTP status by its kind; any other refusal (a rule's, a site service's) is 422.
STATUS: tuple[tuple[type[Refusal], int], ...] = ((NotFound, 404), (NotSignedIn, 401), (Forbidden, 403))


def _error(exc: Exception) -> JSONResponse | None:
    """The response for a known refusal, or None for anything else."""
    if isinstance(exc, ApiError):
        return JSONResponse(exc.body, status_code=exc.status)
    if isinstance(exc, Busy):
        return JSONResponse({"code": exc.code, "message": exc.message}, status_code=503,
                            headers={"Retry-After": str(exc.retry_after)})
    if isinstance(exc, Refusal):
        return _json(next((status for kind, status in STATUS if isinstance(exc, kind)), 422), exc.code, exc.message)
    if isinstance(exc, Conflict):
        return _json(409, "conflict", str(exc), version=exc.current)
    if isinstance(exc, AlreadyStarted):
        return _json(409, "game.already_started", str(exc), game=exc.game_id)
    if isinstance(exc, RequestValidationError | ValidationError):
        return _json(422, "request.invalid", invalid_words(exc.errors(), "request"))
    return None


class ErrorMappingRoute(APIRoute):
    """Maps service refusals to flat JSON errors for this router's routes only (FastAPI's custom route class
    pattern; an APIRouter has no exception handlers of its own), and validates request bodies strictly."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        body_model, optional = _body_model(self.endpoint)
        whole_params = _whole_params(self.dependant)

        async def mapped(request: Request) -> Response:
            try:
                _check_whole_params(request, whole_params)
                if body_model is not None:
                    raw = await request.body()
                    if raw or not optional:
                        _check_whole(body_model.model_validate_json(raw, strict=True), ("body",))
                elif "json" in request.headers.get("content-type", ""):
                    _check_whole_json(await request.body())  # a route that reads its JSON itself
                return await handler(request)
            except Exception as exc:  # every failure becomes JSON, never a traceback
                response = _error(exc)
                if response is not None:
                    return response
                log.exception("API %s %s failed", request.method, request.url.path)
                return _json(500, "server.error", "Something went wrong on the server.")

        return mapped


def _body_model(endpoint: Callable[..., Any]) -> tuple[type[BaseModel] | None, bool]:
    """The route's request body model, and whether the body may be left out (``body: Model | None = None``).
    FastAPI validates bodies in Python mode, where ``"1"``, ``2.0`` and ``true`` pass for an integer; the body is
    checked first in strict JSON mode (JSON types exactly, arrays for tuples), the same way commands are
    (``parse_command(..., strict=True)``)."""
    for parameter in inspect.signature(endpoint, eval_str=True).parameters.values():
        kinds = get_args(parameter.annotation) or (parameter.annotation,)
        for kind in kinds:
            if isinstance(kind, type) and issubclass(kind, BaseModel):
                return kind, type(None) in kinds
    return None, False


# -- whole numbers: every integer the API reads is bounded ------------------------------------------------------

WHOLE_MOST = 2**53 - 1  # the largest whole number every JSON reader holds exactly (JavaScript's too)
_DIGITS = re.compile(r"\s*[+-]?0*(\d+)\s*")
Where = tuple[str | int, ...]


def _whole_words(where: Where) -> str:
    return f"{'.'.join(str(p) for p in where)}: too large a number (at most {WHOLE_MOST} either side of 0)"


def _check_whole(value: Any, where: Where) -> None:
    """Refuse (422 ``request.invalid``) a whole number beyond WHOLE_MOST anywhere in a parsed body: no field of
    any route reads one, and past 2**63 a database cannot even store it (a 500 before this check)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        if abs(value) > WHOLE_MOST:
            raise ApiError(422, "request.invalid", _whole_words(where[1:] or where))
        return
    items: Iterable[tuple[str | int, Any]]
    if isinstance(value, BaseModel):
        items = ((name, getattr(value, name)) for name in type(value).model_fields)
    elif isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list | tuple):
        items = enumerate(value)
    else:
        return
    for key, item in items:
        _check_whole(item, (*where, key))


def _bounded(digits: str) -> int:
    number = int(digits) if len(digits) <= len(str(WHOLE_MOST)) + 1 else WHOLE_MOST + 1
    if abs(number) > WHOLE_MOST:
        raise ApiError(422, "request.invalid", f"A number in the body is too large (at most {WHOLE_MOST} either "
                                               "side of 0).")
    return number


def _check_whole_json(raw: bytes) -> None:
    """The same bound for a body a route parses itself (a card, a card pack): only its numbers are looked at here,
    and what does not read as JSON is left to the route to say."""
    with suppress(ValueError, RecursionError):
        json.loads(raw, parse_int=_bounded)


def _whole_params(dependant: Dependant) -> list[tuple[str, str]]:
    """(where, name) of every whole-number parameter of a route in its path, query or headers."""
    found = [(where, param.alias) for where, params in (
        ("path", dependant.path_params), ("query", dependant.query_params), ("header", dependant.header_params))
        for param in params if int in (param.field_info.annotation, *get_args(param.field_info.annotation))]
    return found + [found for sub in dependant.dependencies for found in _whole_params(sub)]


def _check_whole_params(request: Request, params: list[tuple[str, str]]) -> None:
    for where, name in params:
        raw = {"path": request.path_params, "query": request.query_params, "header": request.headers}[where].get(
            name)
        digits = _DIGITS.fullmatch(raw) if isinstance(raw, str) else None
        if digits and (len(digits[1]) > len(str(WHOLE_MOST)) or int(digits[1]) > WHOLE_MOST):
            raise ApiError(422, "request.invalid", _whole_words((name,)))


_ERRORS: dict[int, tuple[type[BaseModel], str]] = {
    401: (ErrorBody, "The route needs a signed-in account: send `Authorization: Bearer <session>` (code "
                     "`account.signed_out`)."),
    403: (ErrorBody, "The link may not do this (a watch link changes nothing; a seat link acts for its own side; "
                     "some commands are the table link's only): code `access.forbidden`, the message says who can."),
    404: (ErrorBody, "No such game, or a token that does not open it (the two answer alike): code "
                     "`game.not_found`."),
    409: (ConflictBody, "Stale `expected_version`: code `conflict`, `version` is the current one."),
    422: (ErrorBody, "Refused by the rules (code such as `step.wrong`, `command.invalid`) or a malformed "
                     "request (code `request.invalid`)."),
    503: (ErrorBody, "The server's lane for this heavy work (password checks: `account.busy`; exports and imports: "
                     "`account.data_busy`) is full: nothing was done or counted; ask again after the `Retry-After` "
                     "header's seconds."),
}


Responses = dict[int | str, dict[str, Any]]  # a route's documented answers besides its 200, for OpenAPI


def errors(*statuses: int) -> Responses:
    return {s: {"model": _ERRORS[s][0], "description": _ERRORS[s][1]} for s in statuses}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


GameId = Annotated[str, Path(max_length=64, description="The game's id.")]


async def _token(  # async: FastAPI runs a plain function dependency in a worker thread, per request
    x_token: Annotated[str | None, Header(description="The link's token (or use `?token=`).")] = None,
    token: Annotated[str | None, Query(description="The link's token (or use header `X-Token`).")] = None,
) -> str | None:
    return x_token or token


Token = Annotated[str | None, Depends(_token)]
