"""The referee's web API: FastAPI over a :class:`~.referee.Referee`, on 127.0.0.1 only.

Endpoints (``docs/serving.md``; the OpenAPI document at ``/openapi.json``, pages at ``/docs``):

* ``POST /move``: the verdict on a move, the record of ``railhead move --json``;
* ``POST /reach``: a unit's reach, as ``railhead reach --json``;
* ``GET /supply``, ``GET /rail``: a side's supply and rail / strategic capacity, as
  ``railhead supply|rail --json``;
* ``POST /apply``: judge a move and, if legal, make it;
* ``PUT /phase``: the phase, phasing side and turn the next moves are judged in;
* ``POST /place``: put a unit where the board has it, without judging (a move left standing);
* ``POST /take-back``: a move taken back on the board (an undo): the position before it again;
* ``GET /position``, ``PUT /position``: the current position (railhead.state/1), or a new one.

A verdict, legal or not, is 200 (its ``legal`` says which); bad input (an unknown unit or hex, a
gap in the path, a mode the ruleset lacks) is 400 with ``{"error": message}``, the message the
command line prints before its exit 2; a body that is not what the endpoint takes is 422.
Requests from other sites are refused, 403 (:class:`railhead.loopback.OwnOriginOnly`). Until the
referee is read (``railhead serve`` takes its port first), every request is 503 "loading"
(:class:`Loading`).
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from typing import Any

from fastapi import Body, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field
from starlette.types import ASGIApp

from ..errors import RailheadError
from ..files import as_json_object
from ..loopback import LoopbackServer, OwnOriginOnly
from .referee import Referee

OWN = "this machine's own programs"  # who may use the referee, as its refusals say


class Record(Response):
    """JSON as the command line's ``--json`` writes it (records that know their ``to_dict()``)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, default=as_json_object).encode("utf-8")


class MoveRequest(BaseModel):
    """A move, as ``railhead move MAP STATE UNIT HEX... [--mode M] [--stack U,V] [--with K=V]``."""

    unit: str = Field(description="The unit that moves.")
    path: list[str] = Field(
        min_length=1, description="Every location it enters, in order (its own first is optional)."
    )
    mode: str = Field("ground", description="Movement mode: one the ruleset declares.")
    stack: list[str] = Field(default_factory=list, description="Other units moving with it.")
    with_: dict[str, str] = Field(
        default_factory=dict, alias="with", description="Keywords of the mode (Der Weltkrieg rail: detrain)."
    )


class ReachRequest(BaseModel):
    unit: str = Field(description="The unit.")
    mode: str = Field("ground", description="Movement mode: one the ruleset declares.")


class PlaceRequest(BaseModel):
    unit: str = Field(description="The unit.")
    to: str = Field(description="The location the board has it at.")


class TakeBackRequest(BaseModel):
    """A move of ``unit`` from ``from`` to ``to`` that was taken back: the unit is at ``from`` again."""

    unit: str = Field(description="The unit.")
    from_: str = Field(alias="from", description="Where the move taken back started (where it is again).")
    to: str = Field(description="Where that move had taken it.")


class PhaseRequest(BaseModel):
    """What the next moves are judged in; a field left out stays as it is."""

    phase: str | None = Field(None, description="A phase the ruleset's sequence of play declares.")
    side: str | None = Field(None, description="The phasing side.")
    turn: int | None = Field(None, description="The game turn.")


def create_app(referee: Referee, port: int) -> ASGIApp:
    """The API of one referee, answering only as ``127.0.0.1:port`` (or ``localhost:port``)."""
    app = FastAPI(
        title="railhead referee",
        summary=f"Judges moves of {referee.rs.id} on one map, with the records of railhead's --json.",
        version="1",
        default_response_class=Record,
    )

    @app.exception_handler(RailheadError)
    async def bad_input(request: Request, exc: RailheadError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def bad_body(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'][1:]) or 'body'}: {e['msg']}" for e in exc.errors()
        )
        return JSONResponse({"error": problems}, status_code=422)

    @app.post("/move", summary="Judge a move (railhead move --json)")
    def move(req: MoveRequest) -> Record:
        return Record(referee.move(req.unit, req.path, req.mode, req.stack, req.with_))

    @app.post("/reach", summary="A unit's reach (railhead reach --json)")
    def reach(req: ReachRequest) -> Record:
        return Record(referee.reach(req.unit, req.mode))

    @app.get("/supply", summary="Supply of a side (railhead supply --json)")
    def supply(side: str | None = Query(None, description="Default: the active side.")) -> Record:
        return Record(referee.report("supply", side))

    @app.get("/rail", summary="Rail / strategic capacity of a side (railhead rail --json)")
    def rail(side: str | None = Query(None, description="Default: the active side.")) -> Record:
        return Record(referee.report("rail", side))

    @app.post("/apply", summary="Judge a move and, if legal, make it")
    def apply(req: MoveRequest) -> Record:
        return Record(referee.apply(req.unit, req.path, req.mode, req.stack, req.with_))

    @app.post("/place", summary="Put a unit at a location without judging (where the board has it)")
    def place(req: PlaceRequest) -> Record:
        return Record(referee.place(req.unit, req.to))

    @app.post("/take-back", summary="A move taken back: the position before it, else the unit placed back")
    def take_back(req: TakeBackRequest) -> Record:
        return Record(referee.take_back(req.unit, req.from_, req.to))

    @app.put("/phase", summary="Set the phase, phasing side and turn")
    def phase(req: PhaseRequest) -> Record:
        return Record(referee.set_phase(req.phase, req.side, req.turn))

    @app.get("/position", summary="The current position (railhead.state/1)")
    def position() -> Record:
        return Record(referee.position())

    @app.put("/position", summary="Replace the position (a railhead.state/1 document)")
    def new_position(doc: dict[str, Any] = Body(...)) -> Record:  # noqa: B008
        return Record(referee.replace_position(doc))

    return OwnOriginOnly(app, port, OWN)


class Loading:
    """ASGI: the referee's API once :meth:`ready` gives it the referee; until then every request
    is answered 503 ``{"error": "loading ..."}`` with ``Retry-After: 1`` (guarded as the API is),
    so the port can be bound, and a port in use said, before a long map load."""

    def __init__(self, port: int, what: str) -> None:
        self.port = port
        self.api: ASGIApp | None = None
        message = f"loading {what}: nothing is judged until it is read (ask again in a moment)"
        waiting = JSONResponse({"error": message}, status_code=503, headers={"Retry-After": "1"})
        self.waiting = OwnOriginOnly(waiting, port, OWN)

    def ready(self, referee: Referee) -> None:
        self.api = create_app(referee, self.port)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if self.api is not None:
            await self.api(scope, receive, send)
        elif scope["type"] == "http":  # nothing else is served (a websocket, unaccepted, is closed)
            await self.waiting(scope, receive, send)


class RefereeServer(LoopbackServer):
    """A referee served on 127.0.0.1: :meth:`run` (``railhead serve``) or :meth:`start` in a thread.
    Without a ``referee`` it answers 503 "loading" until :meth:`ready` (or :meth:`run_loading`)
    gives it one."""

    name = "referee"

    def __init__(
        self,
        referee: Referee | None = None,
        port: int = 0,
        sock: socket.socket | None = None,
        loading: str = "the map",
    ) -> None:
        self.gate: Loading | None = None

        def make_app(p: int) -> ASGIApp:
            self.gate = Loading(p, loading)
            return self.gate

        super().__init__(make_app, port, sock)
        if referee is not None:
            self.ready(referee)

    def ready(self, referee: Referee) -> None:
        """Answer from ``referee`` from now on."""
        assert self.gate is not None
        self.gate.ready(referee)

    def run_loading(
        self, load: Callable[[], Referee], on_ready: Callable[[Referee], None] | None = None
    ) -> None:
        """Serve in the foreground (until Ctrl-C) while ``load()`` reads the referee on a thread:
        503 "loading" until it has, then its answers; ``on_ready(referee)`` once it answers. An error
        of the load (bad input: InputError) stops the server and is raised here."""
        failed: list[BaseException] = []
        loaded: list[Referee] = []
        done = threading.Event()

        def work() -> None:
            try:
                referee = load()
                self.ready(referee)
                loaded.append(referee)
            except BaseException as exc:  # noqa: BLE001 - raised again where the server runs
                failed.append(exc)
                self._server.should_exit = True
            finally:
                done.set()

        def answering() -> None:  # the server answers: once the referee is read, say so
            done.wait()
            if loaded and on_ready is not None:
                on_ready(loaded[0])

        threading.Thread(target=work, name="referee load", daemon=True).start()
        self.run(on_ready=answering)
        if failed:
            raise failed[0]
