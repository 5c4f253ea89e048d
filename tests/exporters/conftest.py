from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the tests' shared data (layouts.py)

from railhead.mapdata.io import parse_mapdata


@pytest.fixture
def two_sheet_map():
    """Two 4 x 3 sheets, GW1 and GW2, ids like GW2:0302."""
    grid = {
        "orientation": "flat",
        "shifted": "even",
        "cols": [1, 4],
        "rows": [1, 3],
        "pixels": {"hex_width": 60.0, "hex_height": 69.3, "origin": [50.0, 50.0]},
    }
    doc = {
        "format": "railhead.mapdata/1",
        "name": "two",
        "sheets": [{"id": "GW1", "grid": grid}, {"id": "GW2", "grid": grid}],
        "hexes": [
            {"id": f"{s}:{c:02d}{r:02d}", "terrain": "clear"}
            for s in ("GW1", "GW2")
            for c in range(1, 5)
            for r in range(1, 4)
        ],
    }
    return parse_mapdata(doc)


@pytest.fixture
def roster() -> dict[str, dict]:
    """Roster rows by piece name, as ``railhead check`` reads them: two German divisions and a
    French brigade whose name holds the delimiters of every level of VASSAL's encodings."""
    return {
        "GE 1. ID": {
            "side": "central",
            "nation": "germany",
            "class": "infantry",
            "size": "division",
            "strength": 6,
            "movement": 5,
        },
        "GE 2. ID": {
            "side": "central",
            "nation": "germany",
            "class": "infantry",
            "size": "division",
            "strength": 5,
            "movement": 5,
        },
        "FR, 3e Cav;1/2": {
            "side": "entente",
            "nation": "france",
            "class": "cavalry",
            "size": "brigade",
            "strength": 2,
            "movement": 6,
        },
    }


# ---------------------------------------------------------------------- VASSAL's own engine
ROOT = Path(__file__).resolve().parents[2]
VENGINE = Path(os.environ.get("RAILHEAD_VENGINE", ROOT / ".venv" / "vassal" / "Vengine.jar"))
JAVA_LIBS = Path(os.environ.get("RAILHEAD_JAVA_LIBS", "/usr/share/java"))
# The jars VASSAL's classes need (Vengine.jar's manifest Class-Path, by their Debian names), and no
# others: whatever else the machine holds (Debian's logback, say) stays off the classpath.
CORE_JARS = (
    "miglayout-swing",
    "miglayout-core",
    "TimingFramework",
    "slf4j-api",
    "commons-lang3",
    "commons-io",
)
FULL_LOAD_JARS = (
    "batik-all",
    "xmlgraphics-commons",
    "xml-apis-ext",
    "httpcore5",
    "httpclient5",
    "commons-codec",
    "commons-logging",
    "maven3-artifact",
)
PROBES = Path(__file__).parent / "java"


@dataclass(frozen=True)
class VassalJava:
    """The compiled probes of tests/exporters/java and how to run them. A probe writes its
    answers to a file named by its first argument, never to stdout."""

    java: str
    classpath: str
    workdir: Path

    def run(
        self, probe: str, *args: str, stdin: str = "", display: bool = False, timeout: int = 300
    ) -> list[str]:
        fd, answers = tempfile.mkstemp(prefix=f"{probe}.", suffix=".txt", dir=self.workdir)
        os.close(fd)
        cmd = [self.java, "-cp", self.classpath]
        env = dict(os.environ)
        if display:  # GameModule builds a Swing window: a virtual display, a fresh home for prefs
            home = Path(tempfile.mkdtemp(prefix="home.", dir=self.workdir))
            env["HOME"] = str(home)
            cmd = [shutil.which("xvfb-run") or "xvfb-run", "-a", *cmd]
        else:
            cmd.insert(1, "-Djava.awt.headless=true")
        done = subprocess.run(
            [*cmd, probe, answers, *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
            cwd=self.workdir,  # whatever a library writes beside itself (logback's folders) lands here
        )
        assert done.returncode == 0, (done.stdout[-2000:], done.stderr[-3000:])
        return Path(answers).read_text(encoding="utf-8").splitlines()


def _jar(name: str) -> Path:
    return JAVA_LIBS / f"{name}.jar"


@pytest.fixture(scope="session")
def vassal_java(tmp_path_factory, tool_missing) -> VassalJava:
    """VASSAL's engine with every probe compiled against it, or a skip (a failure under CI)
    saying what is missing."""
    java, javac = shutil.which("java"), shutil.which("javac")
    if not (java and javac):
        tool_missing("no java/javac on this machine (Debian default-jdk-headless)")
    if not VENGINE.is_file():
        tool_missing(f"VASSAL's Vengine.jar is not at {VENGINE} (make test fetches it)")
    missing = [name for name in CORE_JARS if not _jar(name).is_file()]
    if missing:
        tool_missing(
            f"Java libraries missing from {JAVA_LIBS}: {', '.join(missing)} (make test installs them)"
        )
    work = tmp_path_factory.mktemp("vassal-java")
    jars = [str(_jar(n)) for n in (*CORE_JARS, *FULL_LOAD_JARS) if _jar(n).is_file()]
    cp = ":".join([str(VENGINE), str(work), *jars])
    sources = sorted(PROBES.glob("*.java"))
    done = subprocess.run(
        [javac, "-cp", cp, "-d", str(work), *(str(s) for s in sources)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode:
        tool_missing(f"the Java probes do not compile against this Vengine.jar: {done.stderr[:300]}")
    return VassalJava(java, cp, work)


@pytest.fixture(scope="session")
def vassal_display(vassal_java, tool_missing) -> VassalJava:
    """The probes, where a whole module can be loaded: Xvfb and the jars a full load needs."""
    if not shutil.which("xvfb-run"):
        tool_missing("no xvfb-run: loading a whole module needs a (virtual) display (Debian package xvfb)")
    missing = [name for name in FULL_LOAD_JARS if not _jar(name).is_file()]
    if missing:
        tool_missing(
            f"Java libraries a full module load needs are missing from {JAVA_LIBS}: {', '.join(missing)}"
        )
    return vassal_java
