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


class ClockSpec(Strict):
    """A table's time control, as its creator asks for it (``POST /api/tables``: ``clock``)."""

    minutes: float | None = Field(default=None, gt=0, le=600)
    """Each person's time for the whole game; None: no clock."""
    increment: int = Field(default=0, ge=0, le=3600)
    """Seconds added to a person's clock each time their turn passes to someone else."""
    away: int | None = Field(default=None, ge=30, le=86_400)
    """Seconds a person may be disconnected on their turn before a bot plays for them."""
    bot: str | None = Field(default=None, max_length=200)
    """The stand-in's agent spec; default: the table's own bot level, else the server's."""


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
    # Optional time control: clocks, an absence limit, and the bot that stands in.
    clock: ClockSpec | None = None

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
    action is refused now), ``undo`` (take one's latest move back, with ``seq``) and
    ``return`` (take one's seat back from its stand-in bot)."""

    type: Literal["hello", "action", "ping", "chat", "why", "undo", "return"] = "action"
    credential: str | None = Field(default=None, max_length=MAX_CREDENTIAL_CHARS)
    action: str | None = Field(default=None, min_length=1, max_length=MAX_ACTION_CHARS)
    seq: int | None = Field(default=None, ge=0, lt=2**31)
    # A chat message's text (its length is checked against the server's chat limit).
    text: str | None = Field(default=None, max_length=MAX_CHAT_CHARS)
