# Two commands for a fresh machine with Python 3.11+: `make play` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: play test install install-test lint bench pot messages mo

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

# Translations (README "Languages"). `make pot` extracts every marked string into
# footycards/locale/footycards.pot; `make messages` also merges it into every catalogue
# footycards/locale/<lang>/LC_MESSAGES/footycards.po (new entries empty, changed ones fuzzy);
# `make mo` compiles the catalogues (the wheel build does this by itself).
POT := footycards/locale/footycards.pot

pot:
	$(BIN)/pybabel extract -F babel.cfg -k NP_:1,2 -k IllegalAction -k UndoRefused -k DeckError:3 -k OptionError -o $(POT) --project=footycards \
		--version=$$($(BIN)/python -c "import footycards; print(footycards.__version__)") \
		--add-comments=TRANSLATORS: --strip-comment-tags --width=100 \
		--copyright-holder="footycards contributors" \
		--header-comment="$$(cat footycards/locale/HEADER)" footycards assets

messages: pot
	@for po in footycards/locale/*/LC_MESSAGES/footycards.po; do \
		[ -f "$$po" ] || continue; \
		$(BIN)/pybabel update -i $(POT) -o "$$po" --width=100 --ignore-obsolete \
			-l "$$(basename $$(dirname $$(dirname $$po)))"; \
	done

mo:
	$(BIN)/python -c "from hatch_build import compile_catalogues; compile_catalogues()"
