"""The project's Java tools (the ``tools/`` Maven module, a plain jar never in the .oar) from the harness.

- :data:`PLAN_EXPORT`: what the slicing app makes ONOS write for a scenario's slices (the real
  ``SliceManager`` on ONOS's test adapters, its submissions translated by ONOS's PI translators), as a plan.
- :data:`FAIRNESS_REPLAY`: recorded per-slice counters through the fairness app's own arithmetic.
- :data:`FAIRNESS_FIGURES`: CV, Jain's index and maximum deviation of values, by the fairness app's
  ``FairnessMath`` (used by :mod:`p4slice_harness.fairness_math`).
- :data:`SCENARIO_JSON`: a scenario file as the Java ``ScenarioReader`` validated it, defaults
  resolved (used by :mod:`p4slice_harness.scenario`).

:func:`run` runs one and leaves the exit code to the caller; :func:`output` raises the caller's
error with the tool's own message when the tools are missing or the tool refuses its input.

``mvn -B verify`` (or ``mvn -B -pl tools -am package -DskipTests``) writes ``tools/target/`` and its
class path ``tools/target/lib/`` (the same class path as ``tools/run.sh``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Callable, Optional, Sequence

from .paths import REPO_DIR

TOOLS_TARGET = REPO_DIR / "tools" / "target"
TOOLS_JAR = TOOLS_TARGET / "p4slice-tools-1.0.0-SNAPSHOT.jar"
TOOLS_LIB = TOOLS_TARGET / "lib"

PLAN_EXPORT = "org.p4slice.tools.plan.PlanExport"
FAIRNESS_REPLAY = "org.p4slice.tools.fairness.FairnessReplay"
FAIRNESS_FIGURES = "org.p4slice.tools.fairness.FairnessFigures"
SCENARIO_JSON = "org.p4slice.tools.scenario.ScenarioJson"

# Kryo (the slice store's serializer, as in ONOS) reflects into the JDK on Java 17 (same flags as tools/run.sh)
OPENS = [f"--add-opens=java.base/{p}=ALL-UNNAMED" for p in (
    "java.lang", "java.lang.invoke", "java.lang.reflect", "java.math", "java.net", "java.nio", "java.text",
    "java.time", "java.util", "java.util.concurrent", "java.util.concurrent.atomic",
    "java.util.concurrent.locks", "java.util.regex")]

BUILD_HINT = "build it: mvn -B verify (or mvn -B -pl tools -am package -DskipTests)"


def missing() -> Optional[str]:
    """Why the tools cannot run here (no java, or the tools module not built), or None."""
    if shutil.which("java") is None:
        return "'java' not found (needed to run the project's Java tools)"
    for needed in (TOOLS_JAR, TOOLS_LIB):
        if not needed.exists():
            return f"{needed} missing ({BUILD_HINT})"
    return None


def classpath() -> str:
    """The tools' class path (the tools jar and every dependency)."""
    return os.pathsep.join([str(TOOLS_JAR), str(TOOLS_LIB / "*")])


def run(main: str, args: Sequence[str], stdin: Optional[str] = None,
        timeout: float = 180) -> subprocess.CompletedProcess:
    """Runs one tool's ``main`` with ``args`` (text in and out); the caller checks the exit code."""
    return subprocess.run(["java", *OPENS, "-cp", classpath(), main, *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout)


def output(main: str, args: Sequence[str], error: Callable[[str], Exception], stdin: Optional[str] = None,
           timeout: float = 60) -> str:
    """Standard output of one tool's ``main``; raises ``error(message)`` when the tools cannot run here
    or the tool exits non-zero (the message is the tool's own one line, without its ``name: error:``)."""
    reason = missing()
    if reason is not None:
        raise error(reason)
    done = run(main, args, stdin=stdin, timeout=timeout)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"{main} exited with {done.returncode}"]
        raise error(lines[-1].split(": error: ", 1)[-1])
    return done.stdout
