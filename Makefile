# Tablekeeper: install, run, test. GNU make (recipes are indented with tabs).
# Everything installs from pyproject.toml into ./.venv, so a fresh clone (and CI) needs only python3.

VENV  ?= .venv
PY    := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# pytest with "no tests collected" (exit 5) treated as success; any other failure fails.
PYTEST := PY=$(PY) .ci/pytest

.PHONY: install run test test-unit test-e2e flakes bench lint migrate clean docs cluster axe roll

install: $(STAMP)

# Re-installs whenever pyproject.toml changes, or a top package appears (the editable finder maps only those
# that existed at install time).
$(STAMP): pyproject.toml $(wildcard models/__init__.py webapp/__init__.py)
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

$(VENV)/.bench-installed: $(STAMP)
	$(PY) -m pip install -q -e '.[test,bench]'
	touch $@

# Serves http://localhost:8080 with SQLite in ./tablekeeper.db unless DATABASE_URL says otherwise.
run: $(STAMP)
	$(PY) -m webapp.main

# Several processes sharing PostgreSQL behind nginx on 127.0.0.1:$(CLUSTER_PORT) (deploy/cluster.py, docs/DEPLOY.md);
# needs nginx (Debian: apt-get install -y nginx-light). Ctrl-C stops it all.
CLUSTER_PROCESSES ?= 2
CLUSTER_PORT ?= 8080
CLUSTER_DATABASE_URL ?= $(or $(DATABASE_URL),postgresql+psycopg://postgres@127.0.0.1:5432/tablekeeper)
cluster: $(STAMP)
	$(PY) -m deploy.cluster --processes $(CLUSTER_PROCESSES) --port $(CLUSTER_PORT) \
	  --database-url "$(CLUSTER_DATABASE_URL)"

# A rolling restart of the running `make cluster` (a deploy during an event, docs/DEPLOY.md): its app processes
# restart one at a time with the code now on disk; nginx sends their pages to the others meanwhile.
roll:
	kill -HUP "$$(cat .cluster.pid)"

# Two pytest processes at once (.ci/test-both): async NiceGUI `user` tests and sync Playwright must not share one
# (PLATFORM.md, pitfall 3), and the browser tests mostly wait, so both fit the cores together.
test: $(STAMP)
	PY=$(PY) .ci/test-both

test-unit: $(STAMP)
	$(PYTEST) tests --ignore=tests/e2e --ignore=tests/bench -q

test-e2e: $(STAMP)
	chromium="$$(PY=$(PY) .ci/ensure-chromium)" && \
	  CHROMIUM="$$chromium" $(PYTEST) tests/e2e -q --screenshot=only-on-failure

# The flake hunt, never part of `make test`: the e2e suite (or FILES) N times, then every test that failed at least
# once with its count; fails if any did. `make flakes N=10 FILES="tests/e2e/test_theme_force.py"`.
N ?= 5
FILES ?= tests/e2e
flakes: $(STAMP)
	chromium="$$(PY=$(PY) .ci/ensure-chromium)" && \
	  CHROMIUM="$$chromium" PY=$(PY) $(PY) .ci/flakes.py -n $(N) $(FILES)

# The axe-core sweep of every state the browser tests reach, in both themes (tests/e2e/axe_sweep.py); never part of
# `make test`, which it makes too slow for CI. AXE=strict fails the test that reached a violation.
AXE ?= report
axe: $(STAMP)
	chromium="$$(PY=$(PY) .ci/ensure-chromium)" && \
	  CHROMIUM="$$chromium" TABLEKEEPER_AXE_SWEEP=$(AXE) $(PYTEST) tests/e2e -q

# Benchmarks are never part of `make test`.
bench: $(VENV)/.bench-installed
	if [ -f tests/bench/__main__.py ]; then $(PY) -m tests.bench; else $(PYTEST) tests/bench -q -s; fi

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

migrate: $(STAMP)
	$(PY) -m alembic -c models/db/alembic.ini upgrade head

# Caches and build output only: keeps the venv and ./tablekeeper.db (that is user data).
clean:
	rm -rf .pytest_cache .ruff_cache test-results build dist *.egg-info $(STAMP) $(VENV)/.bench-installed
	find . -path ./$(VENV) -prune -o -type d -name __pycache__ -exec rm -rf {} +

# Rewrites the generated parts of docs/API.md (the commands, who may send them); the prose around them is kept.
# tests/service/test_api_doc.py fails while it is out of date, or while a route of the API is missing from it.
docs: $(STAMP)
	$(PY) docs/api_commands.py
