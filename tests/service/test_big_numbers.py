"""Every whole number the API reads is bounded (webapp/api/base.py, WHOLE_MOST): a huge one in any route's body,
path, query or header is refused with 422 and words that say which field, never a 500; the largest one allowed goes
through to the services and answers without a 500 too. Every route's integer fields are found in the OpenAPI
document, so a route added later is fired at as well. On SQLite and PostgreSQL."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.service.site_client import sign_up, site_client
from tests.service.test_api import AGATHON, GAME, assert_error, command
from webapp.api import base

HUGE = "9" * 5000  # a JSON literal no reader holds (past Python's 4,300 digits for a str -> int)
BIG = str(2**64)  # past what any database column stores
Path = tuple[str | int, ...]
FORMATS = {"date-time": "2030-05-31T18:00:00Z", "date": "2030-06-01"}


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    with site_client(db_url, monkeypatch) as c:
        yield c


class Site:
    """A game, an event and its organiser: the ids and tokens the routes' paths and headers name."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        olga = sign_up(client, "Olga")
        self.game = client.post("/api/games", json=GAME).json()
        event = client.post("/api/events", headers=olga["headers"], json={
            "name": "Club night", "day": "2030-06-01", "deadline": "2030-05-31T18:00:00Z"})
        assert event.status_code == 201, event.text
        self.values = {"game_id": self.game["id"], "token": self.game["tokens"]["table"],
                       "event_id": event.json()["id"], "account_id": olga["account"]["id"],
                       "player_id": olga["account"]["id"],
                       "key": "my-solo", "list_id": "x", "model_id": AGATHON,
                       "email": "olga@example.org"}
        self.headers = {**olga["headers"], "X-Token": self.game["tokens"]["table"]}
        self.spec = client.app.openapi()  # type: ignore[attr-defined]

    def schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in schema:
            schema = self.spec["components"]["schemas"][schema["$ref"].split("/")[-1]]
        return schema

    def filled(self, schema: dict[str, Any], at: Path, ints: list[Path]) -> Any:
        """A value of ``schema`` with every property present and one item in every list; ``ints``: where its
        whole numbers are."""
        schema = self.schema(schema)
        for union in ("anyOf", "oneOf"):
            if union in schema:
                return self.filled(next(s for s in schema[union] if s.get("type") != "null"), at, ints)
        kind = schema.get("type")
        if kind == "integer":
            ints.append(at)
            return 1
        if "examples" in schema:
            return schema["examples"][0]
        if "enum" in schema or "const" in schema:
            return (schema.get("enum") or [schema.get("const")])[0]
        if schema.get("format") in FORMATS:
            return FORMATS[schema["format"]]
        if kind == "object":
            return {name: self.filled(sub, (*at, name), ints) for name, sub in schema.get("properties", {}).items()}
        if kind == "array":
            first = self.filled(schema.get("items", {}), (*at, 0), ints)
            return [first] + [self.filled(schema.get("items", {}), (*at, n), []) for n in
                              range(1, schema.get("minItems", 1))]
        return {"string": "x" * max(1, schema.get("minLength", 1)), "number": 1.0, "boolean": False}.get(str(kind))

    def targets(self) -> Iterator[tuple[str, str, str, Path, Any]]:
        """(method, path, where, field, body) for every whole number any route reads."""
        for path, operations in self.spec["paths"].items():
            for method, operation in operations.items():
                for param in operation.get("parameters", []):
                    ints: list[Path] = []
                    self.filled(param.get("schema", {}), (), ints)
                    if ints:
                        yield method, path, param["in"], (param["name"],), None
                body_schema = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get(
                    "schema")
                if "requestBody" in operation:
                    yield method, path, "body", (), {}  # the whole body one number
                if body_schema:
                    ints = []
                    body = self.filled(body_schema, (), ints)
                    for field in ints:
                        yield method, path, "body", field, body

    def fire(self, method: str, path: str, where: str, field: Path, body: Any, number: str) -> Any:
        """The request with ``number`` (a JSON literal) in ``field``, every other part filled as a caller would."""
        values = {**self.values, "round_no": "1", "table_no": "1"}
        headers, params = dict(self.headers), {}
        if where == "path":
            values[str(field[0])] = number
        elif where == "query":
            params[str(field[0])] = number
        elif where == "header":
            headers[str(field[0])] = number
        content = None
        if body is not None:
            body = copy.deepcopy(body)
            if where == "body" and field:
                place(body, field, "__number__")
            elif where == "body":
                body = "__number__"
            content = json.dumps(body).replace('"__number__"', number)
            headers["Content-Type"] = "application/json"
        return self.client.request(method, path.format_map(Filled(values)), params=params, content=content,
                                   headers=headers)


class Filled(dict[str, str]):
    """Path values by name; a name the site above holds nothing for (a route added later) is filled with "x"."""

    def __missing__(self, key: str) -> str:
        return "x"


def streams(method: str, path: str) -> bool:
    """A route that answers with a stream of server-sent events."""
    return method == "get" and path.endswith("/events")


def place(body: Any, field: Path, value: Any) -> None:
    for key in field[:-1]:
        body = body[key]
    body[field[-1]] = value


def test_a_huge_whole_number_anywhere_is_refused_in_words_and_the_largest_allowed_is_no_500(
        client: TestClient) -> None:
    site = Site(client)
    targets = list(site.targets())
    assert len(targets) >= 40 and {t[2] for t in targets} == {"body", "path", "header"}  # the walk sees them all
    for method, path, where, field, body in targets:
        for number in (HUGE, BIG, "-" + BIG):
            answer = site.fire(method, path, where, field, body, number)
            assert answer.status_code == 422 and answer.json()["code"] == "request.invalid", (path, field, answer.text)
            if number == BIG and field:  # a field's own bound or the API's, in words (naming the field)
                said = answer.json()["message"]
                assert said.startswith((".".join(map(str, field)) + ": ", "A number in the body is too large")), (
                    method, path, said)
        if streams(method, path):
            continue  # it stays open (and resumes from min(Last-Event-ID, version))
        answer = site.fire(method, path, where, field, body, str(base.WHOLE_MOST))
        assert answer.status_code < 500, (method, path, field, answer.text)


def test_a_game_command_with_a_huge_number_is_refused_and_changes_nothing(client: TestClient) -> None:
    """A command's own fields are not in the OpenAPI document (``command`` is any object): bounded alike."""
    game = client.post("/api/games", json=GAME).json()
    cmd = {"type": "mark_damage", "model": AGATHON, "amount": 2**64}
    body = assert_error(command(client, game, cmd, 1), 422, "request.invalid")
    assert body["message"].startswith("command.amount: too large a number")
    assert command(client, game, {**cmd, "amount": base.WHOLE_MOST}, 1).status_code == 422  # the rules' refusal
    assert client.get(f"/api/games/{game['id']}", headers={"X-Token": game["tokens"]["watch"]}).json()["version"] == 1


def test_without_the_strict_body_check_a_huge_body_is_a_server_error(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control: routes built without the API's own body checks (as a route whose body may be left out was,
    `POST /api/events/{id}/registrations`) answer a huge number with a 500."""
    monkeypatch.setattr(base, "_body_model", lambda endpoint: (None, False))
    monkeypatch.setattr(base, "_check_whole_json", lambda raw: None)
    with site_client(db_url, monkeypatch) as unchecked:
        site = Site(unchecked)
        failed = {path for method, path, where, field, body in site.targets()
                  if where == "body" and not field and site.fire(method, path, where, field, body, HUGE).status_code
                  >= 500}
    assert "/api/events/{event_id}/registrations" in failed
