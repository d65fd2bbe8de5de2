# Theomachy: every target sets itself up (venv, package, extras) on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench
GAME   ?= mythic-arena
ARGS   ?= --vs random
HOST   ?= 127.0.0.1
PORT   ?= 8000
CHROMIUM := /usr/bin/chromium

.PHONY: play play-terminal serve test lint typecheck browser pytest bench ladder clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e '.[dev]'
	touch $@

$(BENCH_STAMP): pyproject.toml $(STAMP)
	$(BIN)/pip install -e '.[dev,bench]'
	touch $@

# The main job: the web server (SQLite under ./var/) with the browser client; prints the URL.
play: serve

serve: $(STAMP)
	$(BIN)/theomachy serve --host $(HOST) --port $(PORT)

play-terminal: $(STAMP)
	$(BIN)/theomachy play $(GAME) $(ARGS)

# Debian's chromium for the browser test: installed when we are root, else the test says why
# it skips (and CI, which runs as root, must run it).
browser:
	@if [ -x $(CHROMIUM) ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium \
	  || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium); \
	else echo "note: $(CHROMIUM) is missing and we are not root: the browser test will skip"; fi

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck browser pytest

bench: $(BENCH_STAMP)
	$(BIN)/python bench/run.py --out bench/RESULTS.md

# The agent ladder (long: about an hour on 2 cores; resumable). bench/run.py includes its table.
ladder: $(BENCH_STAMP)
	$(BIN)/python bench/ladder.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
