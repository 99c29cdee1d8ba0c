# Two entry points for a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play test lint bench wiring i18n clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip

$(VENV)/.play: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e .
	touch $@

$(VENV)/.dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[dev,pi]'
	touch $@

play: $(VENV)/.play
	$(BIN)/kaleun play

test: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/mypy
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(VENV)/.dev
	for f in tests/bench/bench_*.py; do $(BIN)/python $$f || exit 1; done

# Regenerate wiring/ from boards/ with the harness drawings (SVG; needs Debian's graphviz).
wiring: $(VENV)/.dev
	@command -v dot >/dev/null || { echo "install Graphviz for the drawings: sudo apt install graphviz"; exit 1; }
	$(BIN)/kaleun wiring

# Translation catalogues: extract every message of the code and the data files (host/babel.cfg),
# then bring each language's .po up to date (a new language in LANGUAGES of kaleun/i18n.py gets a
# new .po); translate what is new and run make test (it fails while a message has no translation).
LOCALE    := host/kaleun/locale
LANGUAGES  = $(shell $(BIN)/python -c 'from kaleun.i18n import LANGUAGES; print(*(c for c in LANGUAGES if c != "en"))')
i18n: $(VENV)/.dev
	mkdir -p $(LOCALE)
	cd host && $(abspath $(BIN))/pybabel extract -F babel.cfg --no-default-keywords -k Msg:1 -k plural:1,2 -k term:1 -k pterm:1c,2 \
		-k N_:1 --no-location --sort-output --project Kaleun --version 0.1 -o kaleun/locale/kaleun.pot .
	@test -n "$(LANGUAGES)" || { echo "cannot read LANGUAGES from kaleun/i18n.py"; exit 1; }
	for lang in $(LANGUAGES); do \
		if [ -f $(LOCALE)/$$lang/LC_MESSAGES/kaleun.po ]; then \
			$(BIN)/pybabel update -i $(LOCALE)/kaleun.pot -d $(LOCALE) -D kaleun -l $$lang --ignore-obsolete --no-fuzzy-matching \
				--no-wrap || exit 1; \
		else \
			$(BIN)/pybabel init -i $(LOCALE)/kaleun.pot -d $(LOCALE) -D kaleun -l $$lang --no-wrap || exit 1; \
		fi; \
	done

clean:
	rm -rf $(VENV) .pytest_cache
