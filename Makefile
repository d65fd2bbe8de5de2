# Theomachy: every target sets itself up (venv, package, extras) on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
PLAY_STAMP := $(VENV)/.installed-play
BENCH_STAMP := $(VENV)/.installed-bench
GAME   ?= mythic-arena
ARGS   ?= --vs random
HOST   ?= 127.0.0.1
PORT   ?= 8000
CHROMIUM := /usr/bin/chromium

.PHONY: play play-terminal serve test lint typecheck test-deps pytest bench ladder clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e '.[dev]'
	touch $@

# Playing needs the package alone (its server, terminal and bots), not the developer tools.
$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e .
	touch $@

$(BENCH_STAMP): pyproject.toml $(STAMP)
	$(BIN)/pip install -e '.[dev,bench]'
	touch $@

# The main job: the web server (SQLite under ./var/) with the browser client; prints the URL
# once the port is free (PORT=8001 picks another).
play: serve

serve: $(PLAY_STAMP)
	$(BIN)/theomachy serve --host $(HOST) --port $(PORT)

play-terminal: $(PLAY_STAMP)
	$(BIN)/theomachy play $(GAME) $(ARGS)

# Debian packages some tests need: chromium (the browser test) and postgresql (the server on
# PostgreSQL). Installed when we are root; elsewhere those tests say why they skip (and CI,
# which runs as root, must run them).
APT_INSTALL := DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends
test-deps:
	@missing=""; [ -x $(CHROMIUM) ] || missing="chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  $(APT_INSTALL) $$missing || (apt-get update && $(APT_INSTALL) $$missing); \
	else echo "note: missing $$missing and not root: the tests that need them will skip"; fi

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck test-deps pytest

bench: $(BENCH_STAMP)
	$(BIN)/pytest -n 2 -m benchmark
	THEOMACHY_CONFORMANCE_SCALE=1 $(BIN)/pytest -n 2 tests/test_conformance.py
	$(BIN)/python bench/factions.py arena-of-the-gods --mcts-games 6
	$(BIN)/python bench/factions.py mythic-battles --mcts-games 6
	$(BIN)/python bench/server_load.py --out bench/SERVER.md || echo "bench/server_load.py found errors: see bench/SERVER.md"
	$(BIN)/python bench/search.py --out bench/SEARCH.md
	$(BIN)/python bench/run.py --out bench/RESULTS.md

# The rating ladder of every game (long: many hours on 2 cores; resumable, --games caps a run).
# bench/run.py includes its tables.
ladder: $(BENCH_STAMP)
	$(BIN)/python bench/ladder.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
