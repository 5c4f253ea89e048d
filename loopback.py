"""A web server for this machine only, as ``railhead review`` and ``railhead serve`` run one.

* it listens on the loopback address 127.0.0.1 only (:func:`bind` takes no host);
* a request whose ``Host`` is not this server's own address (a page on another site that resolves
  its name to 127.0.0.1: DNS rebinding) or whose ``Origin`` is another site (a page elsewhere
  posting to the API) is refused, 403 (:class:`OwnOriginOnly`);
* every response carries :data:`GUARD_HEADERS`;
* :class:`LoopbackServer` runs an ASGI app on such a socket with uvicorn, in the foreground (the
  command line) or in a thread (tests, benches).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import InputError

LOOPBACK = "127.0.0.1"
# on every response: no other page may frame this one (a framed page's clicks would be its own
# origin's), nor a browser guess a type the server did not give
GUARD_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


def bind(port: int = 0) -> socket.socket:
    """A listening socket on 127.0.0.1 (``port`` 0: a free one). The loopback address only: the
    servers read and write files on this machine, so no other machine may reach them."""
    # IPPROTO_TCP named: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on sockets that say
    # they are TCP; with protocol 0 each response's body waited ~40 ms for the header's ACK
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.bind((LOOPBACK, port))
    except OSError as exc:
        sock.close()
        raise InputError(
            f"cannot listen on {LOOPBACK}:{port} ({exc.strerror or exc}); "
            "give another --port, or 0 for a free one"
        ) from None
    sock.listen(64)
    return sock


def address(sock: socket.socket) -> str:
    """The address of a server listening on ``sock``: ``http://127.0.0.1:PORT/``."""
    return f"http://{LOOPBACK}:{sock.getsockname()[1]}/"


class OwnOriginOnly:
    """ASGI middleware: 403 unless ``Host`` names this server and ``Origin`` (and ``Sec-Fetch-Site``),
    when sent, say the request comes from this server's own pages; :data:`GUARD_HEADERS` on every
    response. ``own`` names, in the refusal, who may use the server ("the review page itself")."""

    def __init__(self, app: ASGIApp, port: int, own: str) -> None:
        self.app = app
        self.port = port
        self.own = own
        self.hosts = {f"{LOOPBACK}:{port}", f"localhost:{port}"}
        self.origins = {f"http://{h}" for h in self.hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            host, origin = headers.get("host", ""), headers.get("origin")
            why = None
            if host.lower() not in self.hosts:
                why = f"Host {host!r} is not this server ({LOOPBACK}:{self.port})"
            elif origin is not None and origin.lower() not in self.origins:
                why = f"requests from {origin!r} are refused: only {self.own} may use this server"
            elif headers.get("sec-fetch-site") in ("cross-site", "same-site"):
                why = f"requests from another site are refused: only {self.own} may use this server"
            if why:
                await JSONResponse({"error": why}, status_code=403)(scope, receive, send)
                return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *GUARD_HEADERS]}
            await send(message)

        await self.app(scope, receive, guarded)


class LoopbackServer:
    """An ASGI app served on 127.0.0.1 by uvicorn: :meth:`run` in the foreground (the CLI) or
    :meth:`start` in a thread, :meth:`stop` to end it. ``make_app(port)`` builds the app once the
    port is known (the app checks ``Host`` against it)."""

    name = "railhead server"

    def __init__(
        self, make_app: Callable[[int], ASGIApp], port: int = 0, sock: socket.socket | None = None
    ) -> None:
        import uvicorn

        self.socket = sock if sock is not None else bind(port)
        self.port = self.socket.getsockname()[1]
        self.url = address(self.socket)
        config = uvicorn.Config(make_app(self.port), log_level="warning", access_log=False, lifespan="off")
        self._server = uvicorn.Server(config)
        self._thread: threading.Thread | None = None

    def run(self, on_ready: Callable[[], None] | None = None) -> None:
        """Serve until interrupted (Ctrl-C); ``on_ready`` is called once the server answers."""
        if on_ready is not None:

            def wait() -> None:
                while not (self._server.started or self._server.should_exit):
                    time.sleep(0.05)
                if self._server.started:
                    on_ready()

            threading.Thread(target=wait, daemon=True).start()
        try:
            self._server.run(sockets=[self.socket])
        finally:
            self.socket.close()

    def start(self, timeout: float = 30.0):
        """Serve in a thread; return once it answers."""
        self._thread = threading.Thread(target=self.run, name=self.name, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the {self.name} did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
