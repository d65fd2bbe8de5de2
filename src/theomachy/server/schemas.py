"""The shapes of what clients send, validated before anything is looked at."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

MAX_ACTION_CHARS = 200
MAX_CREDENTIAL_CHARS = 100
# The most a chat message may carry on the wire; the server's setting is the real limit.
MAX_CHAT_CHARS = 2000


class Strict(BaseModel):
    """Unknown fields are errors."""

    model_config = ConfigDict(extra="forbid")


class CreateTable(Strict):
    """``POST /api/tables``: a game, its player count and options, and the bot seats."""

    game: str = Field(max_length=64)
    players: int | None = Field(default=None, ge=1, le=64)
    options: dict[str, Any] = Field(default_factory=dict)
    # Seat number (as a JSON object key: "1") -> agent spec ("mcts", "mcts:budget_ms=300").
    bots: dict[str, str] = Field(default_factory=dict, max_length=16)
    seed: int | None = Field(default=None, ge=0, lt=2**62)
    # An open table is for analysis: its seed and hidden set-up may be chosen, and every seat
    # is told that hidden information is predictable there.
    open: bool = False

    def bot_seats(self) -> dict[int, str]:
        """The bot seats with integer keys; ``ValueError`` for a key that is not a number."""
        seats: dict[int, str] = {}
        for key, spec in self.bots.items():
            if not key.strip().isdigit():
                raise ValueError(f"bot seat {key!r} is not a seat number")
            if len(key) > 3:
                raise ValueError(f"bot seat {key[:8]!r} is not a seat number")
            seats[int(key)] = spec
        return seats


class PlayAction(Strict):
    """``POST /api/tables/{id}/actions``: an action, and the log length the client saw (so a
    move made on a position the player never saw is refused, never applied)."""

    action: str = Field(min_length=1, max_length=MAX_ACTION_CHARS)
    seq: int = Field(ge=0, lt=2**31)


class Undo(Strict):
    """``POST /api/tables/{id}/undo``: take the seat's latest move back; ``seq`` is the log
    length the client saw (an undo of a position the player never saw is refused)."""

    seq: int = Field(ge=0, lt=2**31)


class Claim(Strict):
    """``POST /api/tables/{id}/claim``: the invitation of a seat link."""

    invite: str = Field(min_length=1, max_length=MAX_CREDENTIAL_CHARS)


class SocketMessage(Strict):
    """A WebSocket message from a client: ``hello`` first (with the seat credential, or
    without it to watch), then actions to play, chat messages, pings, ``why`` (why an
    action is refused now) and ``undo`` (take one's latest move back, with ``seq``)."""

    type: Literal["hello", "action", "ping", "chat", "why", "undo"] = "action"
    credential: str | None = Field(default=None, max_length=MAX_CREDENTIAL_CHARS)
    action: str | None = Field(default=None, min_length=1, max_length=MAX_ACTION_CHARS)
    seq: int | None = Field(default=None, ge=0, lt=2**31)
    # A chat message's text (its length is checked against the server's chat limit).
    text: str | None = Field(default=None, max_length=MAX_CHAT_CHARS)
