"""The review page's web server: a :class:`~railhead.review.session.ReviewSession` over HTTP.

Starlette serves the page (``static/``: index.html, review.js, review.css, nothing fetched from
elsewhere) and the JSON API of ``docs/reviewing.md``; uvicorn runs it. Safe on a shared machine:

* it listens on the loopback address 127.0.0.1 only, and refuses requests whose ``Host`` or
  ``Origin`` is another site's, 403 (:mod:`railhead.loopback`, shared with ``railhead serve``);
* it serves the three files of the page, the session's image and the API, nothing else: no path of
  a request ever reaches the file system;
* a re-learn runs in a thread of its own; the page polls its progress. Edits wait until it is done
  (409), so the labels it learns from are the ones on the page.

Bad input (an unknown hex, a terrain not in the legend, hexes that are not neighbours) comes back as
JSON ``{"error": message}`` with status 400, the message of the session's :class:`InputError`.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp

from ..errors import InputError, RailheadError
from ..loopback import LoopbackServer, OwnOriginOnly

PAGE_FILES = {  # name -> media type: everything of the page there is to serve
    "index.html": "text/html; charset=utf-8",
    "review.js": "text/javascript; charset=utf-8",
    "review.css": "text/css; charset=utf-8",
}
MAX_BODY = 64 * 1024  # an edit is a few ids; nothing the page sends comes near this


def _page_files() -> dict[str, bytes]:
    folder = resources.files(__package__).joinpath("static")
    return {name: folder.joinpath(name).read_bytes() for name in PAGE_FILES}


class _Relearn:
    """The re-learn running in the background: its progress, last message and error, if any."""

    def __init__(self) -> None:
        self.running = False
        self.progress = 0.0
        self.message = ""
        self.error: str | None = None
        self.seconds: float | None = None

    def report(self) -> dict[str, Any]:
        return {
            "running": self.running,
            "progress": round(self.progress, 3),
            "message": self.message,
            "error": self.error,
            "seconds": self.seconds,
        }


def create_app(session: Any, port: int) -> ASGIApp:
    """The ASGI app of one review session, answering only as ``127.0.0.1:port``."""
    files = _page_files()
    lock = threading.Lock()  # one session call at a time; a re-learn holds it while it runs
    relearn = _Relearn()
    image: list[bytes] = []

    def page_file(name: str) -> Response:
        return Response(files[name], media_type=PAGE_FILES[name], headers={"Cache-Control": "no-cache"})

    async def index(request: Request) -> Response:
        return page_file("index.html")

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in files:
            return JSONResponse({"error": f"no such file: /static/{name}"}, status_code=404)
        return page_file(name)

    def _image() -> bytes:
        if not image:  # encoded once, the first request's; later ones need not wait for the lock
            with lock:
                if not image:
                    image.append(session.image_png())
        return image[0]

    async def get_image(request: Request) -> Response:
        return Response(await run_in_threadpool(_image), media_type="image/png")

    def _call(method: Callable[..., Any], *args: Any) -> Any:
        with lock:
            return method(*args)

    async def get_state(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(_call, session.state))

    async def _body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise InputError(f"request body of {len(raw)} bytes; an edit is a few ids")
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            raise InputError("the request body is not JSON") from None
        if not isinstance(body, dict):
            raise InputError("the request body must be a JSON object")
        return body

    def _text(body: dict[str, Any], key: str) -> str:
        value = body.get(key)
        if not isinstance(value, str) or not value:
            raise InputError(f"{key!r}: expected a name (a string), got {value!r}")
        return value

    def _pair(body: dict[str, Any]) -> tuple[str, str]:
        hexes = body.get("hexes")
        if not (isinstance(hexes, list) and len(hexes) == 2 and all(isinstance(h, str) for h in hexes)):
            raise InputError(f"'hexes': expected two hex ids, got {hexes!r}")
        return hexes[0], hexes[1]

    def edit(parse: Callable[[dict[str, Any]], tuple[Callable[..., Any], tuple[Any, ...]]]):
        async def endpoint(request: Request) -> Response:
            try:
                method, args = parse(await _body(request))
                if relearn.running:
                    return JSONResponse(
                        {"error": "the classifier is learning again; edit once it is done"}, status_code=409
                    )
                return JSONResponse(await run_in_threadpool(_call, method, *args))
            except RailheadError as exc:
                return JSONResponse({"error": str(exc)}, status_code=400)

        return endpoint

    terrain = edit(lambda b: (session.set_terrain, (_text(b, "hex"), _text(b, "terrain"))))
    hexside = edit(lambda b: (session.toggle_hexside, (*_pair(b), _text(b, "feature"))))
    line_edge = edit(lambda b: (session.toggle_edge, (*_pair(b), _text(b, "kind"))))
    undo = edit(lambda b: (session.undo, ()))

    def _save() -> dict[str, Any]:  # called under the lock, by _call
        path = session.save()
        return {"path": str(path), "hexes": session.state()["total"]}

    save = edit(lambda b: (_save, ()))

    def _learn() -> None:
        started = time.perf_counter()

        def progress(fraction: float, message: str) -> None:
            relearn.progress = max(0.0, min(1.0, float(fraction)))
            relearn.message = message

        try:
            with lock:
                session.relearn(progress)
            relearn.seconds = round(time.perf_counter() - started, 2)
            relearn.progress, relearn.message = 1.0, "done"
        except RailheadError as exc:
            relearn.error = str(exc)
        except Exception as exc:  # shown on the page; the traceback goes to the terminal
            traceback.print_exc(file=sys.stderr)
            relearn.error = f"the re-learn failed: {type(exc).__name__}: {exc}"
        finally:
            relearn.running = False

    async def start_relearn(request: Request) -> Response:
        if relearn.running:
            return JSONResponse({"error": "a re-learn is already running"}, status_code=409)
        relearn.running, relearn.progress, relearn.message = True, 0.0, "starting"
        relearn.error = relearn.seconds = None
        threading.Thread(target=_learn, name="railhead-relearn", daemon=True).start()
        return JSONResponse({"running": True}, status_code=202)

    async def relearn_status(request: Request) -> Response:
        return JSONResponse(relearn.report())

    async def not_found(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"no such page: {request.url.path}"}, status_code=404)

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return JSONResponse(
            {"error": f"{request.method} is not allowed on {request.url.path}"}, status_code=405
        )

    async def failed(request: Request, exc: Exception) -> Response:
        traceback.print_exception(exc, file=sys.stderr)
        return JSONResponse({"error": f"internal error: {type(exc).__name__}: {exc}"}, status_code=500)

    routes = [
        Route("/", index),
        Route("/static/{name}", static),
        Route("/favicon.ico", no_icon),
        Route("/api/image", get_image),
        Route("/api/state", get_state),
        Route("/api/terrain", terrain, methods=["POST"]),
        Route("/api/hexside", hexside, methods=["POST"]),
        Route("/api/edge", line_edge, methods=["POST"]),
        Route("/api/undo", undo, methods=["POST"]),
        Route("/api/save", save, methods=["POST"]),
        Route("/api/relearn", start_relearn, methods=["POST"]),
        Route("/api/relearn", relearn_status, methods=["GET"]),
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_allowed, 500: failed})
    return OwnOriginOnly(app, port, "the review page itself")


class ReviewServer(LoopbackServer):
    """One session served on 127.0.0.1: :meth:`run` in the foreground (the CLI) or :meth:`start` in a
    thread (tests, ``bench/review.py``), :meth:`stop` to end it."""

    name = "review server"

    def __init__(self, session: Any, port: int = 0, sock: Any = None) -> None:
        super().__init__(lambda p: create_app(session, p), port, sock)


def graphical_browser() -> bool:
    """Whether a browser window can be opened here: on Linux and the BSDs only with a display
    (``DISPLAY`` or ``WAYLAND_DISPLAY``); without one Python's :mod:`webbrowser` would fall back to a
    text browser in this very terminal, on top of the server's output."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_browser(url: str) -> bool:
    """Open ``url`` in the user's browser when :func:`graphical_browser`; whether it was opened."""
    if not graphical_browser():
        return False
    import webbrowser

    try:
        return webbrowser.open(url)
    except webbrowser.Error:
        return False
