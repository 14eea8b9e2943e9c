"""What every router of the REST API shares: flat JSON errors mapped by the routers' own route class, the
documented error answers, strict request bodies, and the game id and link token parameters.

Errors are flat JSON objects ``{"code", "message"}`` (plus ``"version"`` on a 409), mapped here by the
router's own route class, so they never depend on the app's exception handlers (NiceGUI renders HTML error
pages) and never carry a traceback.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Coroutine
from typing import Annotated, Any, Literal

from fastapi import Depends, Header, Path, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from models.rules import RuleViolation, invalid_words
from models.service import AlreadyStarted, Conflict, Forbidden, NotFound
from models.service.errors import NoSuchEvent, NotSignedIn, SiteError

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


def _error(exc: Exception) -> JSONResponse | None:
    """The response for a known refusal, or None for anything else."""
    if isinstance(exc, ApiError):
        return JSONResponse(exc.body, status_code=exc.status)
    if isinstance(exc, RuleViolation | SiteError):
        return _json(422, exc.code, exc.message)
    if isinstance(exc, Conflict):
        return _json(409, "conflict", str(exc), version=exc.current)
    if isinstance(exc, AlreadyStarted):
        return _json(409, "game.already_started", str(exc), game=exc.game_id)
    if isinstance(exc, NoSuchEvent):
        return _json(404, "event.not_found", exc.message)
    if isinstance(exc, NotFound):
        return _json(404, "game.not_found", "There is no such game.")
    if isinstance(exc, NotSignedIn):
        return _json(401, "account.signed_out", exc.message)
    if isinstance(exc, Forbidden):
        return _json(403, "access.forbidden", exc.message)
    if isinstance(exc, RequestValidationError | ValidationError):
        return _json(422, "request.invalid", invalid_words(exc.errors(), "request"))
    return None


class ErrorMappingRoute(APIRoute):
    """Maps service refusals to flat JSON errors for this router's routes only (FastAPI's custom route class
    pattern; an APIRouter has no exception handlers of its own), and validates request bodies strictly."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        body_model = _body_model(self.endpoint)

        async def mapped(request: Request) -> Response:
            try:
                if body_model is not None:
                    body_model.model_validate_json(await request.body(), strict=True)
                return await handler(request)
            except Exception as exc:  # every failure becomes JSON, never a traceback
                response = _error(exc)
                if response is not None:
                    return response
                log.exception("API %s %s failed", request.method, request.url.path)
                return _json(500, "server.error", "Something went wrong on the server.")

        return mapped


def _body_model(endpoint: Callable[..., Any]) -> type[BaseModel] | None:
    """The route's request body model. FastAPI validates bodies in Python mode, where ``"1"``, ``2.0`` and
    ``true`` pass for an integer; the body is checked first in strict JSON mode (JSON types exactly, arrays for
    tuples), the same way commands are (``parse_command(..., strict=True)``)."""
    for parameter in inspect.signature(endpoint, eval_str=True).parameters.values():
        if isinstance(parameter.annotation, type) and issubclass(parameter.annotation, BaseModel):
            return parameter.annotation
    return None


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
