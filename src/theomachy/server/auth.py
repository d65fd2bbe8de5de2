"""Seat tokens: unguessable, stored only as hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable

TOKEN_BYTES = 32
TABLE_ID_BYTES = 9


def new_token() -> str:
    """A fresh seat token (256 random bits, URL-safe)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """A fresh table id (72 random bits: ids are public, so they need not be secret, only
    unique and not enumerable)."""
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def hash_token(token: str) -> str:
    """The stored form of a token: a leaked database gives no one a seat."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def seat_of(token: str, seat_hashes: Iterable[tuple[int, str | None]]) -> int | None:
    """The seat whose token this is, or None. Every seat is compared, each in constant time,
    so the time taken tells nothing about which seat (or how much of a token) matched."""
    candidate = hash_token(token)
    found: int | None = None
    for seat, stored in seat_hashes:
        if stored is not None and hmac.compare_digest(candidate, stored):
            found = seat
    return found
