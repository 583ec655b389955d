# Thousand: build, serve and test. GNU make; run from the repository root.
#   make play   serve the page on http://127.0.0.1:$(PORT)/
#   make test   unit tests (tests/) and browser tests (e2e/)
#   make dist   the static site in $(DIST)/, ready to copy to any static host (any sub-path)
#   make fuzz   the project's own fuzzing (about 45 minutes on 2 cores)
# Everything fetched comes from npm (Pyodide, PyScript), PyPI (.venv) and Debian (chromium).

SHELL := /bin/bash
PYTHON ?= python3
PORT ?= 8000
PYTEST_ARGS ?=
# The unit tests are spread over every core (pytest-xdist). The browser tests run two at a time:
# a test mostly waits on its page (on 2 cores the suite used under half a core on average), so
# two Chromiums at once took 408 s where one at a time took 624 s. E2E_WORKERS=0 runs them in turn.
UNIT_WORKERS ?= auto
E2E_WORKERS ?= 2

VENV := .venv
VENV_STAMP := $(VENV)/.installed
NPM_STAMP := node_modules/.thousand-installed
VENDOR := assets/vendor
# What Pyodide's loader fetches to boot with no extra packages (checked in e2e/test_boot.py).
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json
PYODIDE_VENDORED := $(addprefix $(VENDOR)/pyodide/,$(PYODIDE_FILES))
PYSCRIPT_STAMP := $(VENDOR)/pyscript/core.js
# The QR reader and drawer of "Play with friends", loaded only when it is opened (assets/friends/).
FRIENDS_VENDORED := $(VENDOR)/jsqr/jsQR.js $(VENDOR)/qrcode-generator/qrcode.mjs
APP_ZIP := assets/thousand.zip
# Build products that are not served: thousand/ packed as source, before it is compiled.
BUILD := build
APP_SRC_ZIP := $(BUILD)/thousand-src.zip
APP_SOURCES := $(shell find thousand -type f \( -name '*.py' -o -name '*.json' -o -name '*.toml' -o -name '*.txt' \) -not -path '*/__pycache__/*')
# The home screen in each language, painted at once on a first visit (tools/first_screen.py).
FIRST_STAMP := $(BUILD)/.first-screens
# What the page imports before its first screen: the standard library's modules these pull in
# are shipped compiled (tools/pycompile.mjs), the rest stay source (a .pyc is larger).
START_MODULES := thousand.ui.app,thousand.storage,thousand.ui.language,asyncio,json,pathlib,binascii,base64,inspect,zipfile,shutil
# The translators' .po files, compiled to what the page reads (tools/catalogues.py).
LOCALES := assets/locales
CATALOGUES_STAMP := $(BUILD)/.catalogues
# The service worker, beside index.html, with its precache list and build hash (tools/build_sw.py).
SW := sw.js
DIST ?= dist
CHROMIUM_DEFAULT := /usr/bin/chromium

.PHONY: all vendor venv chromium play test bench fuzz dist icons clean distclean $(SW)

all: vendor

# --- front-end runtime (npm) ------------------------------------------------
# npm ci runs again when node_modules is missing or package(-lock).json is newer.
$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

$(VENDOR)/pyodide/%: $(NPM_STAMP)
	@mkdir -p $(@D)
	cp node_modules/pyodide/$* $@

$(PYSCRIPT_STAMP): $(NPM_STAMP)
	rm -rf $(VENDOR)/pyscript
	@mkdir -p $(VENDOR)
	cp -R node_modules/@pyscript/core/dist $(VENDOR)/pyscript
	@touch $@

$(VENDOR)/jsqr/jsQR.js: $(NPM_STAMP)
	@mkdir -p $(@D)
	cp node_modules/jsqr/dist/jsQR.js $@

$(VENDOR)/qrcode-generator/qrcode.mjs: $(NPM_STAMP)
	@mkdir -p $(@D)
	cp node_modules/qrcode-generator/dist/qrcode.mjs $@

# The standard library, with the modules every start imports compiled for Pyodide's Python
# (under Node, by the vendored Pyodide itself: the same magic number, unchecked-hash .pyc).
$(VENDOR)/pyodide/python_stdlib.zip: $(NPM_STAMP) $(APP_SRC_ZIP) tools/pycompile.mjs
	@mkdir -p $(@D)
	@node tools/pycompile.mjs node_modules/pyodide --only-imported $(APP_SRC_ZIP) $(START_MODULES) \
	  /lib/python314.zip node_modules/pyodide/python_stdlib.zip $@ 2>&1 | tail -n 20

# The package as a zip that PyScript unpacks in the browser (index.html's config, "files"),
# compiled to .pyc. pack.py leaves an unchanged zip untouched.
$(APP_SRC_ZIP): $(APP_SOURCES) tools/pack.py
	@$(PYTHON) tools/pack.py $@

$(APP_ZIP): $(APP_SRC_ZIP) $(NPM_STAMP) tools/pycompile.mjs
	@node tools/pycompile.mjs node_modules/pyodide /home/pyodide $(APP_SRC_ZIP) $@ 2>&1 | tail -n 20

# Each language's catalogue as JSON, read in milliseconds where the .po takes a tenth of a second.
$(CATALOGUES_STAMP): $(wildcard $(LOCALES)/*.po) tools/catalogues.py thousand/i18n/po.py
	@$(PYTHON) tools/catalogues.py
	@mkdir -p $(@D) && touch $@

$(FIRST_STAMP): $(APP_SOURCES) $(wildcard $(LOCALES)/*.po) tools/first_screen.py
	@$(PYTHON) tools/first_screen.py
	@mkdir -p $(@D) && touch $@

# Always re-run after the files it lists: an unchanged sw.js is left untouched.
# The key of this build's interpreter snapshot (assets/interpreter.mjs drops one of another build).
SNAPSHOT_KEY := assets/snapshot-key.json
$(SNAPSHOT_KEY): $(PYODIDE_VENDORED) $(APP_ZIP) assets/interpreter.mjs assets/snapshot-worker.mjs tools/snapshot_key.py
	@$(PYTHON) tools/snapshot_key.py

$(SW): $(PYODIDE_VENDORED) $(PYSCRIPT_STAMP) $(FRIENDS_VENDORED) $(APP_ZIP) $(CATALOGUES_STAMP) $(FIRST_STAMP) $(SNAPSHOT_KEY)
	@$(PYTHON) tools/build_sw.py

vendor: $(PYODIDE_VENDORED) $(PYSCRIPT_STAMP) $(FRIENDS_VENDORED) $(APP_ZIP) $(CATALOGUES_STAMP) $(FIRST_STAMP) $(SNAPSHOT_KEY) $(SW)

# The static site: the files sw.js precaches, and a sw.js of its own (tools/dist.py).
dist: vendor
	$(PYTHON) tools/dist.py $(DIST)

# The app icons (committed; run again after changing tools/make_icons.py).
icons:
	$(PYTHON) tools/make_icons.py

# --- Python tools (PyPI) ----------------------------------------------------
$(VENV_STAMP): requirements-dev.txt
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	@touch $@

venv: $(VENV_STAMP)

# --- browser (Debian) -------------------------------------------------------
# Never `playwright install`: browsers cannot be downloaded here; e2e uses Debian's chromium.
chromium:
	@if [ -n "$${THOUSAND_CHROMIUM:-}" ]; then \
	  test -x "$$THOUSAND_CHROMIUM" || { echo "THOUSAND_CHROMIUM=$$THOUSAND_CHROMIUM is not executable" >&2; exit 1; }; \
	elif [ ! -x $(CHROMIUM_DEFAULT) ]; then \
	  sudo=; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  $$sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q chromium; \
	fi
	@# Greek, Cyrillic, Thai (Noto) and Korean (Nanum) glyphs for the screenshots and width checks
	@# of every language; the page itself loads no font.
	@if command -v fc-list >/dev/null && ! fc-list | grep -qi "NanumGothic" ; then \
	  sudo=; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q fonts-noto-core fonts-nanum \
	    || { $$sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q fonts-noto-core fonts-nanum; }; \
	fi

# --- use --------------------------------------------------------------------
play: vendor
	$(PYTHON) tools/serve.py --port $(PORT)

# Both suites always run; the first failure decides the exit code.
# pytest's exit code 5 (no tests collected) is reported, not treated as a failure.
test: vendor venv chromium
	@status=0; \
	for suite in tests e2e; do \
	  if [ ! -d $$suite ]; then echo "make test: no $$suite/ directory, skipped"; continue; fi; \
	  workers="-n $(E2E_WORKERS)"; if [ $$suite = tests ]; then workers="-n $(UNIT_WORKERS)"; fi; \
	  rc=0; $(VENV)/bin/python -m pytest $$workers $(PYTEST_ARGS) $$suite || rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "make test: no tests collected in $$suite/"; \
	  elif [ $$rc -ne 0 ] && [ $$status -eq 0 ]; then status=$$rc; fi; \
	done; \
	exit $$status

bench: vendor venv chromium
	@if [ -d bench ]; then $(VENV)/bin/python -m bench; else echo "no bench/ directory"; fi

# The project's own fuzzing (fuzz/, standard library only): 10,000 card and 10,000 dice games
# under random conventions, wrong actions, damaged files and saves, on 2 processes. Prints the
# counts and the first reproducers; fails if anything failed. FUZZ_ARGS="--cards 500 --dice 500".
FUZZ_ARGS ?=
fuzz:
	$(PYTHON) -m fuzz $(FUZZ_ARGS)

clean:
	rm -rf $(VENDOR) $(APP_ZIP) $(SW) $(DIST) $(BUILD) $(LOCALES)/*.json assets/first $(SNAPSHOT_KEY) .pytest_cache .hypothesis test-results
	find . -name __pycache__ -type d -not -path './.venv/*' -not -path './node_modules/*' -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) node_modules
