"""Where the harness finds the repository's files: one place for every module and test.

``$P4S_P4C_OUT`` names another directory of the compiled pipeline (``p4info.txt``, ``bmv2.json``) for
the tests and the Mininet runner; ``$P4S_REPORT_DIR`` another directory for reports.
"""

import os
from pathlib import Path
from typing import Mapping

HARNESS_DIR = Path(__file__).resolve().parents[1]           # mininet-tests/
REPO_DIR = HARNESS_DIR.parent
SCENARIOS_DIR = HARNESS_DIR / "scenarios"
PLANS_DIR = SCENARIOS_DIR / "plans"
BASELINE_OUT = HARNESS_DIR / "p4c-out" / "baseline"         # plain forwarding and port swap, compiled
PIPECONF_OUT = REPO_DIR / "pipeconf" / "src" / "main" / "resources" / "p4c-out" / "bmv2"
TOFINO_OUT = REPO_DIR / "pipeconf" / "src" / "main" / "resources" / "p4c-out" / "tofino"  # one folder per profile
OAR = REPO_DIR / "app" / "target" / "p4slice-app-1.0.0-SNAPSHOT.oar"


def scenario_path(name: str) -> Path:
    """``scenarios/<name>.json``."""
    return SCENARIOS_DIR / f"{name}.json"


def plan_path(name: str) -> Path:
    """The committed ONOS translation of a scenario, ``scenarios/plans/<name>.onos.plan.json``: what ONOS's
    PI translators make of what the slice manager submits (the plan exporter of ``tools/``, checked
    by the Java test CommittedPlansTest)."""
    return PLANS_DIR / f"{name}.onos.plan.json"


def p4c_out(env: Mapping[str, str] = os.environ) -> Path:
    """The compiled pipeline to test: ``$P4S_P4C_OUT``, or the pipeconf's committed bmv2 outputs."""
    return Path(env.get("P4S_P4C_OUT") or PIPECONF_OUT)


def report_dir(env: Mapping[str, str] = os.environ) -> Path:
    """Where reports go: ``$P4S_REPORT_DIR``, or ``mininet-tests/reports``."""
    return Path(env.get("P4S_REPORT_DIR") or HARNESS_DIR / "reports")
