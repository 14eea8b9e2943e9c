"""An account's data as one JSON document ("export of all my data"): the account without its password
hash, its saved lists, card book, games with their results, the events it organises and its registrations."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine

from models.db.account_data_repository import AccountDataRepository
from models.db.tables import now
from models.service.accounts import Me
from models.service.errors import NotFound, NotSignedIn
from models.service.games import GameService

FORMAT = "tablekeeper-account/1"
FILENAME = "tablekeeper-account.json"


def export_account(engine: Engine, games: GameService, me: Me) -> dict[str, Any]:
    """The account's rows read through its own repository on ``engine``; each game's result from ``games``."""
    rows = AccountDataRepository(engine).rows(me.id, me.owner)
    if rows is None:
        raise NotSignedIn()  # deleted meanwhile
    account = rows.account
    return {
        "format": FORMAT,
        "exported": now().isoformat(),
        "account": {"id": account.id, "email": account.email, "name": account.name,
                    "created": account.created.isoformat()},
        "lists": [{"id": row.id, "title": row.title, "faction": row.faction, "points": row.points, "data": row.data,
                   "updated": row.updated.isoformat()} for row in rows.lists],
        "cards": [{"key": row.key, "data": row.data, "updated": row.updated.isoformat()} for row in rows.cards],
        "games": [{"game": row.game_id, "links": row.links, "added": row.added.isoformat(),
                   **_game(games, row.game_id)} for row in rows.games],
        "events_organised": [
            {"id": e.id, "name": e.name, "day": e.day, "system": e.system, "game_size": e.game_size,
             "rounds": e.rounds, "lists_per_player": e.lists_per_player, "deadline": e.deadline.isoformat(),
             "status": e.status} for e in rows.organised],
        "registrations": [{"event": r.event_id, "name": r.name, "lists": r.lists, "dropped": r.dropped,
                           "registered": r.registered.isoformat()} for r in rows.registrations],
    }


def _game(games: GameService, game_id: str) -> dict[str, Any]:
    """What the game's result report says about it in short (the whole report is at its result link)."""
    try:
        report = games.result_json(game_id)
    except NotFound:
        return {"title": None, "result": None}
    return {key: report.get(key) for key in ("system", "title", "players", "round", "finished", "result")}
