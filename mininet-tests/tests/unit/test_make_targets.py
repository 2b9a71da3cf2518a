"""The top-level ``make test-onos`` runs the L3 suite and the Tofino push test, both always, and fails
if either fails: the Tofino proof cannot be left out silently. Checked with a stand-in for the
recursive make (``MAKE=...``) and Maven (``MVN=true``); nothing is built or run."""

import os
import shutil
import stat
import subprocess

import pytest

from p4slice_harness.paths import REPO_DIR

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def run_test_onos(tmp_path, failing):
    log = tmp_path / "calls.txt"
    fake = tmp_path / "fake-make"
    fake.write_text("#!/bin/sh\n"
                    f'echo "$*" >> {log}\n'
                    f'case " $* " in *" {failing} "*) exit 2;; esac\n'
                    "exit 0\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    cp = subprocess.run(["make", "-s", "-C", str(REPO_DIR), "test-onos", f"MAKE={fake}", "MVN=true"],
                        capture_output=True, text=True, timeout=60, env={**os.environ, "MAKEFLAGS": ""})
    calls = log.read_text().splitlines() if log.exists() else []
    return cp.returncode, [c.split()[-1] for c in calls]


@pytest.mark.parametrize("failing", ["test-onos", "test-tofino"])
def test_a_failure_of_either_suite_fails_test_onos_and_both_run(tmp_path, failing):
    rc, suites = run_test_onos(tmp_path, failing)
    assert suites == ["test-onos", "test-tofino"]
    assert rc != 0, f"make test-onos passed although {failing} failed"


def test_test_onos_passes_when_both_suites_pass(tmp_path):
    rc, suites = run_test_onos(tmp_path, "none")
    assert (rc, suites) == (0, ["test-onos", "test-tofino"])
