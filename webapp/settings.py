"""Settings from the environment, with defaults that need nothing installed (SQLite next to the app)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from models.db.engine import DEFAULT_URL


@dataclass(frozen=True)
class Settings:
    database_url: str = DEFAULT_URL
    host: str = "0.0.0.0"
    port: int = 8080
    storage_secret: str = "tablekeeper-local"

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            database_url=os.environ.get("DATABASE_URL", DEFAULT_URL),
            host=os.environ.get("HOST", cls.host),
            port=int(os.environ.get("PORT", cls.port)),
            storage_secret=os.environ.get("TABLEKEEPER_STORAGE_SECRET", cls.storage_secret),
        )
