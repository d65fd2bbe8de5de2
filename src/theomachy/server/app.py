"""The FastAPI application: the HTTP API, the WebSocket, the browser client's files.

Routes are thin: they validate what came in, ask the :class:`TableHub` and shape the answer.
Every error is a JSON object ``{"error": "..."}`` with a status that says what kind of problem
it was (400 bad input or illegal action, 401/403 credential, 404 no such table, 409 stale move
or seat already taken, 413 too large, 429 too fast or over a quota, 503 database unavailable,
500 a bug, with no details).

Seats are invitations: creating a table gives one invitation per person's seat and a host
credential. The first person to open an invitation claims the seat and receives a seat
credential only their browser holds; the host may re-invite a seat, which revokes the claim.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
from collections.abc import AsyncIterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from theomachy.agents import available as available_agents
from theomachy.engine.core import IllegalAction
from theomachy.engine.registry import game_class, games, load
from theomachy.server.auth import hash_token
from theomachy.server.bots import agent_choices
from theomachy.server.edge import BodyReadTimeout, WebSocketConnectLimit
from theomachy.server.errors import TableError, TooMany, Unauthorized
from theomachy.server.limits import BodyLimit, HttpRateLimit
from theomachy.server.ratelimit import ClientLimits, TokenBucket
from theomachy.server.rules_page import rules_page
from theomachy.server.schemas import (
    MAX_ACTION_CHARS,
    Claim,
    CreateTable,
    PlayAction,
    SocketMessage,
    Undo,
)
from theomachy.server.settings import ServerSettings
from theomachy.server.storage import Store, TableSummary
from theomachy.server.tables import LiveTable, TableHub, chat_text, visible_log

WEB_ROOT = Path(str(resources.files("theomachy") / "web"))

log = logging.getLogger("theomachy.server")


def error(status: int, message: str, **details: Any) -> JSONResponse:
    """The JSON error every route answers with."""
    return JSONResponse({"error": message, **details}, status_code=status)


# Paths that answer programs (JSON, scripts, sockets): their 404 stays a JSON error.
_NOT_PAGES = ("/api/", "/static/", "/static-offline-docs/", "/catalog/", "/openapi.json")


def is_page(request: Request) -> bool:
    """Whether ``request`` is a browser asking for a page of the client (not the API)."""
    path = request.url.path
    return request.method in ("GET", "HEAD") and not path.startswith(_NOT_PAGES)


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (None when there is none)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("the Authorization header must be 'Bearer <seat token>'")
    return token.strip()


def game_info(game_id: str) -> dict[str, Any]:
    """A game's id, title, description, player range and options (JSON Schema of each, with
    its default)."""
    cls = game_class(game_id)
    schema = cls.Options.model_json_schema()
    options = schema.get("properties", {})
    # Options picked from the game's content are offered as choices, never as JSON to type.
    for name, picker in cls.option_choices().items():
        if name in options:
            options[name] = {**options[name], "picker": picker}
    return {
        "id": game_id,
        "title": cls.title,
        "description": cls.description,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "default_players": cls.default_players,
        "options": options,
        "options_help": schema.get("description", ""),
        # Options that set a seat's hidden set-up: only an open table may set them.
        "secret_options": list(cls.secret_options),
    }


def known_game(game_id: str) -> Any:
    """The class of a registered game, or a 404 naming the known ones."""
    try:
        return game_class(game_id)
    except ValueError as exc:
        raise StarletteHTTPException(404, str(exc)) from None


def public_options(summary: TableSummary) -> dict[str, Any]:
    """A listed table's options as anyone may see them (hidden set-up masked)."""
    return dict(_public_options(summary.game, summary.players, json.dumps(summary.options)))


@functools.lru_cache(maxsize=1024)
def _public_options(game: str, players: int, options: str) -> dict[str, Any]:
    # Cached: the lobby lists up to 200 tables a request, and loading a game (its decks
    # checked) is real work on the event loop.
    try:
        return load(game, players, json.loads(options)).public_options()
    except ValueError:
        return {}  # a table whose game or options no longer load shows none


@functools.lru_cache(maxsize=16)
def catalog_module_text(game_id: str) -> str:
    """A game's card data as an ES module (made once: it never changes while serving)."""
    cards = json.dumps(game_class(game_id).catalog(), indent=1, sort_keys=True)
    return f"// Generated from the game's content by the server.\nexport default {cards};\n"


def summary_json(summary: TableSummary, base: str) -> dict[str, Any]:
    """A lobby entry."""
    return {
        "table_id": summary.id,
        "game": summary.game,
        "players": summary.players,
        "options": public_options(summary),
        "seq": summary.length,
        "status": summary.status,
        "open": summary.open,
        "winners": summary.winners,
        "winner_names": summary.winner_names,
        "bots": {str(seat): spec for seat, spec in summary.bots.items()},
        "created_at": summary.created_at.isoformat(),
        "updated_at": summary.updated_at.isoformat(),
        "spectate_url": f"{base}/t/{summary.id}",
    }


def invite_url(base: str, table_id: str, invite: str) -> str:
    """A seat's invitation link: the invitation rides in the fragment, which browsers never
    send to any server (so it reaches no access log)."""
    return f"{base}/t/{table_id}#invite={invite}"


def client_key(host: str | None) -> str:
    """A client's quota key: its address, hashed (the database never holds addresses)."""
    return hash_token(f"client:{host or 'unknown'}")[:32]


SETTINGS_ENV = "THEOMACHY_SERVER_SETTINGS"


def app_from_env() -> FastAPI:
    """The application with the settings in ``$THEOMACHY_SERVER_SETTINGS`` (JSON): what each
    worker process of ``theomachy serve --workers N`` builds."""
    raw = os.environ.get(SETTINGS_ENV, "{}")
    return create_app(ServerSettings.model_validate_json(raw))


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The application, with its own store and tables."""
    settings = settings or ServerSettings()
    hub = TableHub(Store(settings.db_url), settings)
    replay_limits = ClientLimits(settings.replay_rate, settings.replay_burst)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()

    # The API docs (/docs) load their scripts from the package, never from a CDN: a server on
    # a network without the internet still documents itself. No /redoc: its page fetches a
    # logo from the internet.
    app = FastAPIOffline(
        redoc_url=None,
        title="Theomachy",
        summary="Play mythological strategy games: tables, seats, bots, spectators, replays.",
        version="0.1.0",
        lifespan=lifespan,
        favicon_url="/static/favicon.svg",
    )
    app.state.hub = hub
    app.add_middleware(HttpRateLimit, rate=settings.http_rate, burst=settings.http_burst)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    # Outermost: a body that never completes is dropped, WebSocket connects are rate-limited.
    app.add_middleware(BodyReadTimeout, timeout_s=settings.edge.body_timeout_s)
    app.add_middleware(
        WebSocketConnectLimit,
        rate=settings.edge.ws_connect_rate,
        burst=settings.edge.ws_connect_burst,
    )

    @app.exception_handler(TableError)
    async def _table_error(_request: Request, exc: TableError) -> JSONResponse:
        return error(exc.status, str(exc), **exc.details)

    @app.exception_handler(IllegalAction)
    async def _illegal(_request: Request, exc: IllegalAction) -> JSONResponse:
        return error(400, str(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'body'}: {e['msg']}"
            for e in exc.errors()
        )
        return error(400, f"bad request: {problems}")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404 and is_page(request):
            # A person's browser at an unknown address: the client shows its not-found page.
            return FileResponse(WEB_ROOT / "index.html", status_code=404)
        return error(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _bug(_request: Request, exc: Exception) -> JSONResponse:
        # A bug: logged in full here, never described to the client.
        log.error("unhandled error", exc_info=exc)
        return error(500, "internal server error")

    def base_url(request: Request) -> str:
        return str(request.base_url).rstrip("/")

    # --- API ----------------------------------------------------------------------------------
    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        """Every game with its player range and options, and the bots a seat can have:
        ``agents`` names them all; ``levels`` (easy to expert, with their descriptions) and
        ``advanced`` (the other agents, with their parameters) say how to offer them."""
        return {
            "games": [game_info(g) for g in games()],
            "agents": available_agents(),
            **agent_choices(settings),
        }

    @app.get("/api/games/{game_id}/catalog")
    async def game_catalog(game_id: str) -> dict[str, Any]:
        """The game's public card data (card id -> printed facts) for drawing cards."""
        return {"game": game_id, "cards": known_game(game_id).catalog()}

    @app.get("/catalog/{game_id}.js", include_in_schema=False)
    async def catalog_module(game_id: str) -> Response:
        """The same data as an ES module (``import CARDS from "/catalog/<game>.js"``), so the
        browser client carries no copy of any game's cards."""
        known_game(game_id)
        return Response(catalog_module_text(game_id), media_type="text/javascript")

    @app.post("/api/tables")
    async def create_table(body: CreateTable, request: Request) -> JSONResponse:
        """A new table: one invitation link per person's seat (the first to open it takes
        the seat), a host credential to re-invite a seat; bots fill the other seats."""
        if len(json.dumps(body.options)) > settings.max_options_bytes:
            return error(400, f"options: at most {settings.max_options_bytes} bytes of JSON")
        try:
            table, invites, host = await hub.create(
                body.game,
                body.players,
                body.options,
                body.bot_seats(),
                body.seed,
                open_table=body.open,
                owner=client_key(request.client.host if request.client else None),
                clock=body.clock,
            )
        except ValueError as exc:
            return error(400, str(exc))
        base = base_url(request)
        return JSONResponse(
            {
                "table_id": table.id,
                "open": table.open,
                "host": host,
                "seats": [
                    {
                        "seat": seat,
                        "invite": invite,
                        "url": invite_url(base, table.id, invite),
                    }
                    for seat, invite in sorted(invites.items())
                ],
                "bots": {str(seat): spec for seat, spec in sorted(table.bots.items())},
                "spectate_url": f"{base}/t/{table.id}",
            }
        )

    @app.post("/api/tables/{table_id}/claim")
    async def claim_seat(table_id: str, body: Claim) -> dict[str, Any]:
        """Open a seat link: the first caller takes the seat and gets its credential (keep
        it: it is the only way to play the seat); later callers get 409 and may watch."""
        table = await hub.get(table_id)
        seat, credential = await hub.claim(table, body.invite)
        return {"table_id": table.id, "seat": seat, "credential": credential}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(
        table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """A player of a finished game (seat credential) asks for a rematch: the same seats,
        bots and options, the next seed. The first asker creates it and gets its host
        credential; every player takes their same seat there with this call."""
        table = await hub.get(table_id)
        new, seat, credential, host = await hub.rematch(
            table,
            bearer(authorization),
            owner=client_key(request.client.host if request.client else None),
        )
        return {
            "table_id": new.id,
            "seat": seat,
            "credential": credential,
            "host": host,
            "url": f"{base_url(request)}/t/{new.id}",
        }

    @app.post("/api/tables/{table_id}/seats/{seat}/invite")
    async def reinvite(
        table_id: str,
        seat: int,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """The creator (host credential) gives a seat a new invitation; whoever held the seat
        loses it."""
        table = await hub.get(table_id)
        invite = await hub.reinvite(table, bearer(authorization), seat)
        base = base_url(request)
        return {"seat": seat, "invite": invite, "url": invite_url(base, table.id, invite)}

    @app.get("/api/tables")
    async def list_tables(
        request: Request,
        status: Annotated[str | None, Query(pattern="^(playing|finished)$")] = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> dict[str, Any]:
        """Open (playing) and recent (finished) tables, most recently active first."""
        summaries = await hub.list_tables(status, limit)
        return {"tables": [summary_json(s, base_url(request)) for s in summaries]}

    async def seated(table_id: str, authorization: str | None) -> tuple[LiveTable, int | None]:
        table = await hub.get(table_id)
        return table, await hub.authenticate(table, bearer(authorization))

    def view_response(table: LiveTable, seat: int | None) -> Response:
        # The payload text is rendered once per change and seat, and shared with WebSockets.
        return Response(hub.payload_text(table, seat), media_type="application/json")

    @app.get("/api/tables/{table_id}")
    async def spectate(table_id: str) -> Response:
        """The spectator's view: public information only."""
        table = await hub.get(table_id)
        return view_response(table, None)

    @app.get("/api/tables/{table_id}/view")
    async def seat_view(
        table_id: str, authorization: Annotated[str | None, Header()] = None
    ) -> Any:
        """The view of the seat whose token is in ``Authorization: Bearer``."""
        table, seat = await seated(table_id, authorization)
        if seat is None:
            raise Unauthorized("a seat token is needed: Authorization: Bearer <seat token>")
        return view_response(table, seat)

    @app.post("/api/tables/{table_id}/actions")
    async def play(
        table_id: str, body: PlayAction, authorization: Annotated[str | None, Header()] = None
    ) -> Any:
        """Play an action for the token's seat; answers with the seat's new view."""
        table, seat = await seated(table_id, authorization)
        await hub.act(table, seat, body.action, body.seq)
        return view_response(table, seat)

    @app.post("/api/tables/{table_id}/undo")
    async def undo(
        table_id: str, body: Undo, authorization: Annotated[str | None, Header()] = None
    ) -> Any:
        """Take the token's seat's latest move back (within its turn, where the game allows
        it: the view's ``undo`` says how many may be); answers with the seat's new view."""
        table, seat = await seated(table_id, authorization)
        await hub.undo(table, seat, body.seq)
        return view_response(table, seat)

    @app.post("/api/tables/{table_id}/return")
    async def take_seat_back(
        table_id: str, authorization: Annotated[str | None, Header()] = None
    ) -> Any:
        """The token's seat is played by its person again, not by the stand-in bot that
        took it when its clock ran out or its person was away; answers with the new view."""
        table, seat = await seated(table_id, authorization)
        await hub.take_back_seat(table, seat)
        return view_response(table, seat)

    @app.get("/api/tables/{table_id}/why")
    async def why(
        table_id: str,
        action: Annotated[str, Query(min_length=1, max_length=MAX_ACTION_CHARS)],
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Why the token's seat may not play ``action`` now, in the game's words (``reason``
        is null for a legal move)."""
        table, seat = await seated(table_id, authorization)
        reason = await hub.why(table, seat, action)
        return {"action": action, "seq": table.length, "reason": reason}

    @app.get("/api/tables/{table_id}/log")
    async def action_log(
        table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """The action log as the caller may see it (hidden draws redacted)."""
        table, seat = await seated(table_id, authorization)
        client = request.client.host if request.client else "unknown"
        # Limited by cost like replays: a log costs one token per snapshot interval of it.
        if not replay_limits.allow(client, 1 + table.length / settings.replay_snapshot_every):
            raise TooMany("too many log requests: slow down")
        entries = await asyncio.to_thread(visible_log, table.state.clone(), seat)
        return {"table_id": table.id, "seat": seat, "seq": len(entries), "log": entries}

    @app.get("/api/tables/{table_id}/chat")
    async def chat(table_id: str) -> dict[str, Any]:
        """The table's latest chat messages, oldest first (seats and spectators alike see
        them; sending one goes through the WebSocket: ``{"type": "chat", "text": ...}``)."""
        table = await hub.get(table_id)
        history = await hub.chat_history(table)
        return {"table_id": table.id, "messages": [m.as_json() for m in history]}

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay(
        table_id: str,
        step: int,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
        seen_by: Annotated[str | None, Query(alias="as", max_length=12)] = None,
        reveal: bool = False,
    ) -> dict[str, Any]:
        """The caller's view after the first ``step`` entries of the log. Once the game is
        over anyone may watch it as any seat (``as``: a seat number or ``spectator``) and
        with ``reveal`` see everything that was hidden (hands, deck order). Served from
        snapshots, and limited by cost: the entries replayed, not the requests."""
        table, seat = await seated(table_id, authorization)
        reader = hub.replay_reader(table, seat, seen_by, reveal)
        cost = hub.replay_cost(table, step)
        client = request.client.host if request.client else "unknown"
        if not replay_limits.allow(client, cost):
            raise TooMany("too much replaying: slow down")
        return await hub.replay_view(table, reader, step, reveal=reveal)

    # --- WebSocket ------------------------------------------------------------------------------
    @app.websocket("/api/tables/{table_id}/ws")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        """Pushes the seat's (or spectator's) view, then deltas after every change; takes
        actions. The first message is ``{"type": "hello", "credential": ...}`` (no
        credential: watch): a credential in the URL would reach access logs."""
        await websocket.accept()
        if "token" in websocket.query_params or "credential" in websocket.query_params:
            await refuse(
                websocket,
                400,
                "send the seat credential in the first message "
                '({"type": "hello", "credential": ...}), never in the URL',
            )
            return
        try:
            table = await hub.get(table_id)
            token = await hello(websocket)
            seat = await hub.authenticate(table, token)
        except TableError as exc:
            await refuse(websocket, exc.status, str(exc))
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        try:
            subscriber = hub.subscribe(table, seat, token)
        except TableError as exc:
            await refuse(websocket, exc.status, str(exc))
            return
        sender = asyncio.create_task(pump(websocket, subscriber.outbox))
        with contextlib.suppress(TableError):  # no history while the database is away
            history = await hub.chat_history(table)
            if history:  # the client drops any it also got live meanwhile (same ids)
                subscriber.outbox.put(chat_text(history))
        bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
        chat_bucket = TokenBucket(settings.chat_rate, settings.chat_burst)
        try:
            while True:
                receiving = asyncio.ensure_future(websocket.receive())
                done, _ = await asyncio.wait(
                    {receiving, sender}, return_when=asyncio.FIRST_COMPLETED
                )
                if sender in done:  # the server closed this connection (seat revoked)
                    receiving.cancel()
                    break
                message = receiving.result()
                if message["type"] == "websocket.disconnect":
                    break
                if subscriber not in table.subscribers or (
                    seat is not None and table.seats[seat].token_hash != subscriber.token_hash
                ):
                    break  # its seat was given to someone else: it plays no more
                reply = await handle_message(table, seat, message, bucket, chat_bucket)
                if reply is not None:
                    subscriber.outbox.put(reply)
        except WebSocketDisconnect:
            pass
        finally:
            sender.cancel()
            hub.unsubscribe(table, subscriber)
            with contextlib.suppress(Exception):
                if websocket.application_state != WebSocketState.DISCONNECTED:
                    await websocket.close()

    async def hello(websocket: WebSocket) -> str | None:
        """The credential of the connection's first message (None: a spectator)."""
        try:
            text = await asyncio.wait_for(websocket.receive_text(), settings.hello_timeout_s)
        except TimeoutError:
            raise Unauthorized('no hello: send {"type": "hello"} first') from None
        except KeyError:
            raise TableError("messages must be JSON text, not binary") from None
        try:
            parsed = SocketMessage.model_validate_json(text)
        except ValidationError as exc:
            raise TableError(f"bad hello: {problems_of(exc)}") from None
        if parsed.type != "hello":
            raise TableError('the first message must be {"type": "hello"}')
        return parsed.credential

    async def handle_message(
        table: LiveTable,
        seat: int | None,
        message: Mapping[str, Any],
        bucket: TokenBucket,
        chat_bucket: TokenBucket,
    ) -> str | None:
        """Answer one client message; None when the pushed view is the answer."""
        if not bucket.allow():
            return socket_error(429, "too many messages: slow down")
        text = message.get("text")
        if text is None:
            return socket_error(400, "messages must be JSON text, not binary")
        try:
            parsed = SocketMessage.model_validate_json(text)
        except ValidationError as exc:
            return socket_error(400, f"bad message: {problems_of(exc)}")
        if parsed.type == "ping":
            return json.dumps({"type": "pong", "seq": table.length})
        if parsed.type == "hello":
            return socket_error(400, "bad message: hello is only the first message")
        if parsed.type == "chat":
            if not chat_bucket.allow():
                return socket_error(429, "you are chatting too fast: wait a moment", chat=True)
            try:
                await hub.chat(table, seat, parsed.text or "")
            except TableError as exc:
                return socket_error(exc.status, str(exc), chat=True)
            return None
        if parsed.type == "undo":
            if parsed.seq is None:
                return socket_error(400, "bad message: an undo needs 'seq' (the log length seen)")
            try:
                await hub.undo(table, seat, parsed.seq)
            except TableError as exc:
                return socket_error(exc.status, str(exc), undo=True, **exc.details)
            return None
        if parsed.type == "return":
            try:
                await hub.take_back_seat(table, seat)
            except TableError as exc:
                return socket_error(exc.status, str(exc), standin=True)
            return None
        if parsed.action is None:
            return socket_error(400, "bad message: an action message needs 'action'")
        if parsed.type == "why":
            reason = await hub.why(table, seat, parsed.action)
            return json.dumps(
                {"type": "why", "action": parsed.action, "seq": table.length, "reason": reason}
            )
        if parsed.seq is None:
            return socket_error(
                400, "bad message: an action message needs 'seq' (the log length you saw)"
            )
        try:
            await hub.act(table, seat, parsed.action, parsed.seq)
        except TableError as exc:
            return socket_error(exc.status, str(exc), action=parsed.action, **exc.details)
        except IllegalAction as exc:
            return socket_error(400, str(exc), action=parsed.action)
        return None

    # --- the browser client ---------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=WEB_ROOT), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(WEB_ROOT / "index.html")

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def rules(game_id: str) -> HTMLResponse:
        known_game(game_id)  # an unknown game: the not-found page
        return HTMLResponse(rules_page(game_id))

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB_ROOT / "index.html")

    return app


def socket_error(status: int, message: str, **details: Any) -> str:
    """A WebSocket error message."""
    return json.dumps({"type": "error", "status": status, "error": message, **details})


def problems_of(exc: ValidationError) -> str:
    """A validation error's problems, each with the field it is about."""
    return "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or 'message'}: {e['msg']}" for e in exc.errors()
    )


async def refuse(websocket: WebSocket, status: int, message: str) -> None:
    """Tell a connection why it is refused, and close it (code 4000 + status)."""
    with contextlib.suppress(Exception):
        await websocket.send_text(socket_error(status, message))
        await websocket.close(code=4000 + status)


async def pump(websocket: WebSocket, outbox: Any) -> None:
    """Send a connection's queued messages until either side closes it."""
    with contextlib.suppress(Exception):
        while True:
            text = await outbox.get()
            if text is None:
                await websocket.close(code=4403)
                return
            await websocket.send_text(text)
