"""Small helpers shared by the server tests."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def auth(token: str) -> dict[str, str]:
    """The header that names a seat."""
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """Create a table (default: mythic-arena, two people, seed 1) and return the answer."""
    body.setdefault("game", "mythic-arena")
    body.setdefault("seed", 1)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return dict(response.json())
