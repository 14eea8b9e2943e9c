"""An event stream ends when its link is revoked (a game taken off Live now here; the same check ends a stream of
a deleted game): the server checks the links of open streams again every second, so a stream already open does
not outlive its token. On SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from typing import Any

from anyio import ClosedResourceError
from fastapi.testclient import TestClient

from tests.service.test_api import command, events
from tests.service.test_live_now_api import listing, new_game, put

ENDS_WITHIN = 10.0  # s: generous for a loaded machine; the server checks every STREAM_CHECK (1 s)


class Follower:
    """Reads a game's event stream in a thread until it ends: what it got, and whether it ended."""

    def __init__(self, client: TestClient, game: dict[str, Any], token: str) -> None:
        self.got: list[dict[str, Any]] = []
        self.first, self.ended = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._read, args=(client, game, token), daemon=True)
        self.thread.start()
        assert self.first.wait(ENDS_WITHIN)

    def _read(self, client: TestClient, game: dict[str, Any], token: str) -> None:
        try:
            with client.stream("GET", f"/api/games/{game['id']}/events", headers={"X-Token": token}) as stream:
                lines = stream.iter_lines()
                while found := events(lines, 1):
                    self.got.extend(found)
                    self.first.set()
        except ClosedResourceError:
            pass  # a stream still open when the test ends: the client closed it
        finally:
            self.ended.set()


def test_an_open_stream_ends_when_its_listed_watch_link_is_taken_off(client: TestClient) -> None:
    game = new_game(client)
    listed = put(client, game, game["tokens"]["table"]).json()["watch"].rsplit("/", 1)[1]
    by_listing = Follower(client, game, listed)
    by_own_link = Follower(client, game, game["tokens"]["watch"])
    assert command(client, game, {"type": "advance"}, 1).status_code == 200
    assert client.delete(listing(game), headers={"X-Token": game["tokens"]["table"]}).status_code == 204
    assert by_listing.ended.wait(ENDS_WITHIN), "the stream of the revoked link is still open"
    assert [e["id"] for e in by_listing.got][:1] == ["1"]
    assert command(client, game, {"type": "advance"}, 2).status_code == 200
    while len(by_own_link.got) < 3 and not by_own_link.ended.is_set():  # positive control: the game's own link
        by_own_link.first.clear()
        by_own_link.first.wait(ENDS_WITHIN)
    assert [e["id"] for e in by_own_link.got] == ["1", "2", "3"] and not by_own_link.ended.is_set()
