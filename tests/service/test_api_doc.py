"""docs/API.md says what the API does: its commands part is what `make docs` (docs/api_commands.py) writes from
the registered commands, and its routes part names every route of the app's REST API."""

from __future__ import annotations

import re

from fastapi import APIRouter
from fastapi.routing import APIRoute

from docs.api_commands import DOC, render
from models.rules import COMMANDS
from webapp.main import ROUTERS

ROUTE = re.compile(r"`(GET|POST|PUT|PATCH|DELETE) (/api/[^\s`]*)")


def route(method: str, path: str) -> str:
    """``METHOD /path`` with its query left out and its path parameters written alike (``{}``)."""
    return f"{method} {re.sub(r'{[^}]*}', '{}', path.split('?')[0])}"


def documented_routes(text: str) -> set[str]:
    """Each `METHOD /api/...` the routes part of the doc names."""
    routes = text[text.index("\n## Routes\n"):text.index("\n## Errors\n")]
    return {route(method, path) for method, path in ROUTE.findall(routes)}


def app_routes(routers: tuple[APIRouter, ...]) -> set[str]:
    return {route(method, api.path) for router in routers for api in router.routes
            if isinstance(api, APIRoute) and api.path.startswith("/api/") for method in api.methods}


def test_the_api_doc_is_what_make_docs_writes() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert render(text) == text, "docs/API.md is out of date: run `make docs`"


def test_a_command_whose_fields_change_changes_the_doc() -> None:
    """Positive control for the check above: a new field of `declare_attack` shows in its table."""
    declared = COMMANDS["declare_attack"]
    changed = type("DeclareAttack", (declared,), {"__annotations__": {"reach": int}, "reach": 2})
    text = DOC.read_text(encoding="utf-8")
    rendered = render(text, {**COMMANDS, "declare_attack": changed})
    assert rendered != text
    assert "| `reach` | integer | default `2` |" in rendered


def test_the_hand_written_words_outside_the_markers_stay() -> None:
    text = DOC.read_text(encoding="utf-8")
    prose = text[:text.index("<!-- senders:start")]
    assert render(text).startswith(prose)


def test_every_route_of_the_api_is_in_the_doc() -> None:
    missing = app_routes(ROUTERS) - documented_routes(DOC.read_text(encoding="utf-8"))
    assert not missing, "add these routes to docs/API.md's Routes part: " + ", ".join(sorted(missing))


def test_a_route_the_doc_leaves_out_is_found() -> None:
    """Positive control for the check above: a route added to a router and not documented is named."""
    extra = APIRouter(prefix="/api")
    extra.add_api_route("/games/{game_id}/rewind", lambda game_id: None, methods=["POST"])
    missing = app_routes((*ROUTERS, extra)) - documented_routes(DOC.read_text(encoding="utf-8"))
    assert missing == {"POST /api/games/{}/rewind"}


def test_every_route_the_doc_names_is_in_the_app() -> None:
    assert documented_routes(DOC.read_text(encoding="utf-8")) - app_routes(ROUTERS) == set()
