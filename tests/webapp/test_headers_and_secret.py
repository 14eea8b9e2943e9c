"""Headers and secrets through the whole app as webapp/main.py builds it (the `user` fixture's client).

- Every answer, API and page, error or not, carries the Content-Security-Policy, ``nosniff`` and
  ``Referrer-Policy: no-referrer`` (links carry their token in the URL); only the spectator overlay may be framed.
- Without TABLEKEEPER_STORAGE_SECRET the browser cookie is signed with a secret made at the first start and kept
  beside the database (mode 0600); a cookie signed with the old public default is not accepted.
"""

from __future__ import annotations

import base64
import json
import os
import stat
from pathlib import Path

import httpx
import pytest
from itsdangerous import TimestampSigner
from nicegui.testing import User

from models.service import Created
from webapp.settings import SECRET_FILE, Settings, data_dir, kept_secret

PUBLIC_DEFAULT = "tablekeeper-local"  # the secret every install used to share (it is in the git history)


@pytest.fixture(autouse=True)
def no_configured_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs before the `user` fixture starts the app: the secret is the app's own."""
    monkeypatch.delenv("TABLEKEEPER_STORAGE_SECRET", raising=False)


def assert_secure(response: httpx.Response, framing: str = "'none'") -> None:
    headers = response.headers
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    policy = headers["content-security-policy"]
    assert "default-src 'self'" in policy and "object-src 'none'" in policy and "base-uri 'none'" in policy
    assert policy.endswith(f"frame-ancestors {framing}"), policy
    assert headers.get("x-frame-options") == ("DENY" if framing == "'none'" else None)  # for older browsers


async def test_every_api_answer_carries_the_security_headers(user: User, game: Created) -> None:
    http = user.http_client
    token = {"X-Token": game.tokens["watch"]}
    answers = [
        await http.get("/api/cards"),
        await http.get(f"/api/games/{game.game_id}", headers=token),
        await http.get(f"/api/games/{game.game_id}/log", headers=token),
        await http.get("/api/games/nope", headers=token),  # 404
        await http.post(f"/api/games/{game.game_id}/undo", json={"expected_version": 1}, headers=token),  # 403
        await http.post("/api/games", content=b"\xff", headers={"Content-Type": "application/json"}),  # guard 400
        await http.get("/healthz"),
        await http.get("/openapi.json"),
    ]
    assert [a.status_code for a in answers] == [200, 200, 200, 404, 403, 400, 200, 200]
    for answer in answers:
        assert_secure(answer)


async def test_pages_carry_the_headers_and_only_the_overlay_may_be_framed(user: User, game: Created) -> None:
    watch = f"/watch/{game.game_id}/{game.tokens['watch']}"
    for path in ("/", "/lists", f"/table/{game.game_id}/{game.tokens['table']}", watch, f"{watch}?view=full",
                 "/static/tablekeeper.css"):
        response = await user.http_client.get(path)
        assert response.status_code == 200, path
        assert_secure(response)
    assert_secure(await user.http_client.get(f"{watch}?view=overlay"), framing="*")
    assert_secure(await user.http_client.get(f"/table/{game.game_id}/{game.tokens['table']}?view=overlay"))


# -- the storage secret -------------------------------------------------------------------------------------------

def signed_session(session: dict[str, str], secret: str) -> str:
    """A session cookie as Starlette's SessionMiddleware writes it (base64 JSON, timestamp-signed)."""
    return TimestampSigner(secret).sign(base64.b64encode(json.dumps(session).encode())).decode()


async def new_session_for(user: User, cookie: str) -> str | None:
    """The id of the new session the server starts for a visit carrying ``cookie`` (it rejected the cookie), or
    None when it kept the cookie's session (accepted it)."""
    user.http_client.cookies.clear()
    response = await user.http_client.get("/", headers={"Cookie": f"session={cookie}"})
    issued = response.cookies.get("session")
    if issued is None:
        return None
    payload = issued.split(".")[0]
    return json.loads(base64.b64decode(payload + "=" * (-len(payload) % 4)))["id"]


async def test_a_cookie_signed_with_the_public_default_secret_is_not_accepted(user: User,
                                                                            app_database: str) -> None:
    forged = signed_session({"id": "someone-elses-browser"}, PUBLIC_DEFAULT)
    issued = await new_session_for(user, forged)
    assert issued is not None and issued != "someone-elses-browser"
    # Positive control: signed with the secret the server keeps, the same cookie is accepted.
    kept = (data_dir(app_database) / SECRET_FILE).read_text().strip()
    assert await new_session_for(user, signed_session({"id": "someone-elses-browser"}, kept)) is None


def test_the_secret_is_made_once_kept_beside_the_database_and_private(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/games/tablekeeper.db")
    first, second = Settings.from_env(), Settings.from_env()  # two starts
    assert first.storage_secret == second.storage_secret
    assert len(first.storage_secret) >= 40 and first.storage_secret != PUBLIC_DEFAULT
    path = tmp_path / "games" / SECRET_FILE
    assert path.read_text().strip() == first.storage_secret
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert kept_secret(tmp_path / "elsewhere") != first.storage_secret  # each install has its own


def test_with_postgresql_the_secret_is_kept_in_the_data_dir_and_a_configured_one_wins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://u@db.example/tk")
    monkeypatch.setenv("TABLEKEEPER_DATA_DIR", str(tmp_path / "data"))
    kept = Settings.from_env().storage_secret
    assert (tmp_path / "data" / SECRET_FILE).read_text().strip() == kept
    monkeypatch.delenv("TABLEKEEPER_DATA_DIR")
    monkeypatch.chdir(tmp_path)
    assert data_dir("postgresql+psycopg://u@db.example/tk") == tmp_path
    monkeypatch.setenv("TABLEKEEPER_STORAGE_SECRET", "set-by-the-operator")
    assert Settings.from_env().storage_secret == "set-by-the-operator"
    assert not os.path.exists(tmp_path / SECRET_FILE)  # a configured secret writes nothing
