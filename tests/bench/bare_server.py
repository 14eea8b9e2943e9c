"""The fan-out baseline: a bare python-socketio ASGI server under uvicorn, set up as NiceGUI sets up its own
(``AsyncServer(async_mode="asgi")`` with an orjson serializer, uvicorn with ``ws="wsproto"``), and nothing else.

``POST /broadcast?size=B&k=K`` emits one ``update`` message of about B bytes to every connected client at once
(``{"k": K, "t": <time.time() just before the emit>, "pad": "x" * ...}``). ``GET /healthz`` answers when ready.

Run: ``python -m tests.bench.bare_server PORT``.
"""

from __future__ import annotations

import json as _json
import sys
import time
import urllib.parse
from typing import Any

import socketio
import uvicorn

try:
    import orjson

    class _Json:
        """The same serializer NiceGUI uses (nicegui/json/orjson_wrapper.py), without importing NiceGUI."""

        @staticmethod
        def dumps(obj: Any, *args: Any, **kwargs: Any) -> str:
            return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()

        @staticmethod
        def loads(value: str | bytes) -> Any:
            return orjson.loads(value)

    JSON: Any = _Json
except ImportError:  # pragma: no cover - orjson comes with NiceGUI
    JSON = _json

sio = socketio.AsyncServer(async_mode="asgi", cors_allowed_origins="*", json=JSON)
clients: set[str] = set()


@sio.on("connect")
async def connect(sid: str, environ: dict, auth: Any = None) -> None:
    clients.add(sid)


@sio.on("disconnect")
async def disconnect(sid: str, *args: Any) -> None:
    clients.discard(sid)


async def http(scope: dict, receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    query = dict(urllib.parse.parse_qsl(scope.get("query_string", b"").decode()))
    body: bytes
    if scope["path"] == "/broadcast":
        size, k = int(query.get("size", "1000")), int(query.get("k", "0"))
        payload = {"k": k, "t": 0.0, "pad": ""}
        overhead = len(JSON.dumps(payload))
        payload["pad"] = "x" * max(0, size - overhead - 18)
        payload["t"] = time.time()
        await sio.emit("update", payload)
        body = _json.dumps({"clients": len(clients)}).encode()
    elif scope["path"] == "/healthz":
        body = _json.dumps({"ok": True, "clients": len(clients)}).encode()
    else:
        body = b"{}"
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


app = socketio.ASGIApp(sio, other_asgi_app=http, socketio_path="/socket.io")


if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), ws="wsproto", log_level="warning")
