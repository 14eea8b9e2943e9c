"""The whole spectators' view of a game at one version: what every game shows (title, players, log) and the
part its game system adds (looked up in models/service/systems.py)."""

from __future__ import annotations

from typing import Any

from models.rules import GameState
from models.service.systems import game_system
from models.service.views import View


def build(version: int, state: GameState, log: dict[str, list[Any]]) -> View:
    """The whole view of a game at ``version``; ``log`` from :func:`models.service.views.log_tail`."""
    common: View = {"v": version, "system": state.system, "title": state.title,
                    "players": [state.player_name(0), state.player_name(1)], "log": log}
    newest = log.get(str(version))
    return {**common, **game_system(state.system).view(state, newest[0] if newest else "")}
