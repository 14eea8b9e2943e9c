"""Builds the app: settings, database, GameService, live fan-out, pages, API and static files.

Run with ``python -m webapp.main`` (``make run``). Pages are registered inside :func:`build` so NiceGUI's
test ``user`` fixture, which re-runs this file for every test, gets a fresh app each time.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.responses import FileResponse, JSONResponse
from nicegui import Client, app, background_tasks, ui
from nicegui.ui_run import DocsConfig

from models.catalog import shipped_cards, shipped_themes
from models.service import GameService, make_engine, migrate
from webapp import deps, gc_pauses, session
from webapp.api import (
    accounts,
    community,
    event_results,
    events,
    games,
    hall,
    hot_reads,
    lane,
    lists,
    my_cards,
    my_games,
)
from webapp.api import docs as api_docs
from webapp.api import live as live_now_api
from webapp.components import hall_board, live_board, watch_board
from webapp.guard import BodyGuard, PathGuard, ignore_unknown_listeners
from webapp.headers import SecurityHeaders
from webapp.lanes import Lanes
from webapp.live.games import Live
from webapp.pages import errors
from webapp.pages.account import account_page, confirm_page, reset_page
from webapp.pages.card_entry import list_cards_page
from webapp.pages.cards import cards_page
from webapp.pages.community import community_page
from webapp.pages.event import event_page
from webapp.pages.events import events_page
from webapp.pages.games import games_page
from webapp.pages.hall import hall_page
from webapp.pages.home import home_page
from webapp.pages.lists import lists_page
from webapp.pages.live_now import live_page
from webapp.pages.result import result_page
from webapp.pages.table import table_page
from webapp.pages.venue import join_page
from webapp.pages.warband import warband_page
from webapp.pages.warlord import new_game_page as warlord_new_game_page
from webapp.pages.watch import watch_page
from webapp.settings import Settings

STATIC = Path(__file__).resolve().parent.parent / "static"
# The REST API's routers, in the order the app includes them (docs/API.md lists their routes; a test checks).
ROUTERS = tuple(module.router for module in (games, accounts, live_now_api, events, hall, event_results, lists,
                                             my_cards, community, my_games))
# Seconds a page may take to build before NiceGUI gives up with a 500 (its own default is 3 s). A busy server may
# need more than 3 s for any page, the hall's Live now and event pages on an event day included: a slow page beats a
# 500 (measured under load in tests/bench, docs/RELIABILITY.md).
PAGE_TIMEOUT = 30.0
# The pages: path, title and the function that builds it.
PAGES: tuple[tuple[str, str, Callable[..., Any]], ...] = (
    ("/", "Tablekeeper", home_page),
    ("/lists", "Tablekeeper: army lists", lists_page),
    ("/live", "Tablekeeper: Live now", live_page),
    ("/cards", "Tablekeeper: card editor", cards_page),
    ("/cards/list/{list_id}", "Tablekeeper: enter a list's cards", list_cards_page),
    ("/cards/community", "Tablekeeper: community card book", community_page),
    ("/events", "Tablekeeper: events", events_page),
    ("/events/{event_id}", "Tablekeeper: event", event_page),
    ("/events/{event_id}/hall", "Tablekeeper: hall screen", hall_page),
    ("/events/{event_id}/join/{token}", "Tablekeeper: sign up to play", join_page),
    ("/games", "Tablekeeper: my games", games_page),
    ("/warlord/new", "Tablekeeper: new Warlord game", warlord_new_game_page),
    ("/warband", "Tablekeeper: new warband game", warband_page),
    ("/account", "Tablekeeper: account", account_page),
    ("/account/reset/{token}", "Tablekeeper: new password", reset_page),
    ("/account/confirm/{token}", "Tablekeeper: finish signing up", confirm_page),
    ("/table/{game_id}/{token}", "Tablekeeper: table", table_page),
    ("/watch/{game_id}/{token}", "Tablekeeper: watch", watch_page),
    ("/result/{game_id}/{token}", "Tablekeeper: result", result_page),
)


def build(settings: Settings) -> deps.Deps:
    engine = make_engine(settings.database_url)
    migrate(engine)
    service = GameService(engine, operator_token=settings.operator_token)
    live = Live(service)
    current = deps.Deps(engine=engine, service=service, live=live, lanes=Lanes(settings.lanes))
    deps.install(current)
    # Quasar's loading bar follows every background request with an unnamed progress bar (axe: serious); the app
    # says what it is doing in words, so the bar is not shown.
    app.config.quasar_config["loadingBar"]["skipHijack"] = True
    app.on_startup(live.bind_loop)
    app.on_startup(lambda: live.listen_postgres(settings.database_url))
    app.on_shutdown(live.stop_listening)
    app.on_shutdown(live.close_streams)
    watch_board.serve()
    live_board.serve()
    hall_board.serve()
    app.on_startup(lambda: background_tasks.create(current.live_now.poll_forever(), name="Live now listings"))
    app.on_shutdown(engine.dispose)  # the test `user` fixture builds an app per test: close each one's pool
    app.add_middleware(BodyGuard)
    app.add_middleware(PathGuard)
    app.add_middleware(SecurityHeaders)
    lane.install(app)  # the API skips NiceGUI's page middleware
    hot_reads.install(app, lambda: deps.current().live)  # in front of everything, NiceGUI's middleware too
    ignore_unknown_listeners()
    app.add_static_files("/static", STATIC)
    api_docs.serve()
    # The service worker is served from the root so that its scope covers every page (static/sw.js).
    app.add_api_route("/sw.js", lambda: FileResponse(STATIC / "sw.js", media_type="text/javascript",
                                                     headers={"Cache-Control": "no-cache"}),
                      methods=["GET"], include_in_schema=False)
    # FastAPI wraps the app's lifespan in one more layer per included router, and the test `user` fixture runs
    # build() again for every test on the same app: the layers piled up until the stack overflowed. Our routers
    # have no lifespan of their own, so the app's is kept as it was.
    lifespan = app.router.lifespan_context
    for router in ROUTERS:
        app.include_router(router)
    app.router.lifespan_context = lifespan
    errors.install()  # pages get error pages in our words; the API keeps JSON
    app.add_api_route("/healthz", lambda: health(live), methods=["GET"], include_in_schema=False)
    for path, title, page in PAGES:
        ui.page(path, title=title, response_timeout=PAGE_TIMEOUT)(page)
    app.add_api_route(session.SIGNED_IN, session.signed_in, methods=["GET"], include_in_schema=False)
    return current


def health(live: Live) -> JSONResponse:
    """``ok`` unless this process has stopped hearing other processes' changes (503 then, so a load balancer
    takes it out); the counts serve leak checks (tests/bench)."""
    listener = live.listener
    ok = listener is None or listener.up
    body = {"ok": ok, "clients": len(Client.instances), "subscriptions": live.subscriptions(),
            "listener": "not needed" if listener is None else ("up" if listener.up else "down"),
            "reconnects": listener.reconnects if listener is not None else 0}
    return JSONResponse(body, status_code=200 if ok else 503)


def _freeze_startup_objects() -> None:
    """Keep what start-up built (imports, app, catalog: ~150k objects) out of every later full garbage
    collection. With many pages open, full collections paused the server for 0.2-0.7 s (tests/bench fan-out,
    docs/PERFORMANCE.md); these objects live as long as the process anyway. The catalog (every Mk III model) is
    read first, so that it is among them."""
    shipped_cards(), shipped_themes()
    gc.collect()
    gc.freeze()


def purge_idle_tab_storage() -> int:
    """Drop in-memory tab storage of tabs no page holds any more; how many were dropped.

    NiceGUI 3.18 creates an in-memory ``app.storage.tab`` for every browser tab that connects and, without Redis,
    never removes it (``max_tab_storage_age`` is only a Redis TTL): one dict per spectator visit, forever (found
    by the connect/disconnect benchmark, docs/PERFORMANCE.md). Tablekeeper stores nothing per tab, so only empty
    storages of tabs without a client are dropped. Reads a private attribute: does nothing if it is gone.
    """
    tabs = getattr(app.storage, "_tabs", None)
    if not isinstance(tabs, dict):
        return 0
    held = {getattr(c, "_pinned_tab_id", None) for c in Client.instances.values()}
    held |= {c.tab_id for c in Client.instances.values()}
    idle = [t for t, storage in tabs.items() if t not in held and isinstance(storage, dict) and not storage]
    for tab_id in idle:
        del tabs[tab_id]
    return len(idle)


async def _purge_tab_storage_forever(every: float = 60.0) -> None:
    while True:
        await asyncio.sleep(every)
        purge_idle_tab_storage()


def main() -> None:
    settings = Settings.from_env()
    build(settings)
    app.on_startup(_freeze_startup_objects)
    gc_pauses.install()
    app.on_startup(lambda: background_tasks.create(_purge_tab_storage_forever(), name="purge idle tab storage"))
    freezer = gc_pauses.Freezer(lambda: Client.instances.keys())
    app.on_startup(lambda: background_tasks.create(freezer.run_forever(), name="freeze open pages"))
    ui.run(host=settings.host, port=settings.port, title="Tablekeeper", reload=False, show=False,
           # NiceGUI declares DocsConfig total yet reads each key with .get: the title alone is what it needs
           fastapi_docs=DocsConfig(title=api_docs.TITLE),  # type: ignore[typeddict-item]
           language="en-GB",  # the pages' <html lang>, for screen readers
           storage_secret=settings.storage_secret, favicon=STATIC / "favicon.svg", reconnect_timeout=10.0,
           tailwind=False)  # its in-browser compiler: 67 KiB of each first load; our few utilities are in our CSS


if __name__ in {"__main__", "__mp_main__"}:
    main()
