"""The interactive API page (/docs, Swagger UI) with its script and style served by this app: FastAPI's own page
loads them from a CDN, which the site's Content-Security-Policy (webapp/headers.py, ``default-src 'self'``)
blocks, so the page stayed blank. The files come from the fastapi-offline package, which ships them for this. ReDoc
(/redoc) would need a worker from a blob and images from its own CDN: /redoc sends readers to /docs instead.
"""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, RedirectResponse
from nicegui import app

ASSETS = Path(fastapi_offline.__file__).resolve().parent / "static"
ASSETS_URL = "/docs-assets"
TITLE = "Tablekeeper API"


def swagger() -> HTMLResponse:
    return get_swagger_ui_html(openapi_url="/openapi.json", title=TITLE,
                               swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
                               swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
                               swagger_favicon_url="/static/favicon.svg")


def serve() -> None:
    """Route /docs and /redoc here (before FastAPI adds its own at start-up: the first route wins)."""
    app.add_static_files(ASSETS_URL, ASSETS)
    app.add_api_route("/docs", swagger, methods=["GET"], include_in_schema=False)
    app.add_api_route("/redoc", lambda: RedirectResponse("/docs"), methods=["GET"], include_in_schema=False)
