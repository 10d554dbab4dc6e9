# Two commands for a fresh machine with Python 3.11+: `make play` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: play test install install-test lint bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/python -m pip install --quiet .

install-test: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"

play: install
	$(BIN)/footycards

test: install-test
	$(BIN)/ruff check footycards tests benchmarks
	$(BIN)/ruff format --check footycards tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -q -n auto

bench: install-test
	$(BIN)/python benchmarks/run_all.py
