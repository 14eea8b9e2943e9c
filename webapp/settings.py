"""Settings from the environment, with defaults that need nothing installed (SQLite next to the app)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url

from models.service import DEFAULT_URL
from webapp.lanes import LaneSizes

SECRET_FILE = "tablekeeper-storage-secret"


@dataclass(frozen=True)
class Settings:
    database_url: str = DEFAULT_URL
    host: str = "0.0.0.0"
    port: int = 8080
    storage_secret: str = ""  # from_env() always fills it
    operator_token: str | None = None  # the right to save cards for the whole site; unset: nobody has it
    lanes: LaneSizes = LaneSizes()  # TABLEKEEPER_{PASSWORD,DATA}_{WORKERS,QUEUE}: docs/DEPLOY.md, "Lanes"

    @classmethod
    def from_env(cls) -> Settings:
        database_url = os.environ.get("DATABASE_URL", DEFAULT_URL)
        return cls(
            database_url=database_url,
            host=os.environ.get("HOST", cls.host),
            port=int(os.environ.get("PORT", cls.port)),
            storage_secret=os.environ.get("TABLEKEEPER_STORAGE_SECRET") or kept_secret(data_dir(database_url)),
            operator_token=os.environ.get("TABLEKEEPER_OPERATOR_TOKEN") or None,
            lanes=lane_sizes(os.environ),
        )


def lane_sizes(env: Mapping[str, str]) -> LaneSizes:
    """The lanes' sizes (webapp/lanes.py): workers and queue places for password checks and for exports and
    imports, each ``TABLEKEEPER_<LANE>_<WORKERS|QUEUE>`` or its default for 2 cores."""
    default = LaneSizes()
    return LaneSizes(**{name: int(env.get(f"TABLEKEEPER_{name.upper()}") or getattr(default, name))
                        for name in ("password_workers", "password_queue", "data_workers", "data_queue")})


def data_dir(database_url: str) -> Path:
    """Where the server keeps its own files: beside a SQLite database file, else ``TABLEKEEPER_DATA_DIR`` or the
    working directory (PostgreSQL)."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        return Path(url.database).resolve().parent
    return Path(os.environ.get("TABLEKEEPER_DATA_DIR") or ".").resolve()


def kept_secret(folder: Path) -> str:
    """The storage secret kept in ``folder``, made at the first start (random, readable by this user only).

    The browser cookie (which carries the id that owns a browser's lists and game links) is signed with it, so
    it must not be a value anyone can read in the source. Written under a temporary name and linked into place:
    two servers starting at once on the same folder end up with the same secret.
    """
    path = folder / SECRET_FILE
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        draft = folder / f".{SECRET_FILE}.{os.getpid()}"
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_urlsafe(32))
        try:
            os.link(draft, path)
        except FileExistsError:
            pass  # another server was first: use its secret
        finally:
            draft.unlink()
    secret = path.read_text().strip()
    if not secret:
        raise RuntimeError(f"{path} is empty: delete it and a new storage secret is made at the next start.")
    return secret
