# Theomachy: every target sets itself up (venv, package, extras) on a fresh machine.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench
GAME   ?= mythic-arena
ARGS   ?= --vs random

.PHONY: play test lint typecheck pytest bench ladder clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e '.[dev]'
	touch $@

$(BENCH_STAMP): pyproject.toml $(STAMP)
	$(BIN)/pip install -e '.[dev,bench]'
	touch $@

play: $(STAMP)
	$(BIN)/theomachy play $(GAME) $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck pytest

bench: $(BENCH_STAMP)
	$(BIN)/python bench/run.py --out bench/RESULTS.md

# The agent ladder (long: about an hour on 2 cores; resumable). bench/run.py includes its table.
ladder: $(BENCH_STAMP)
	$(BIN)/python bench/ladder.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
