# Two entry points for a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play test lint bench wiring clean

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

clean:
	rm -rf $(VENV) .pytest_cache
