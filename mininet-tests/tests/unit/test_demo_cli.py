"""``make demo`` refuses what it cannot run with one line, never a traceback, and starts nothing."""

import os
import subprocess
import sys

import pytest

from p4slice_harness.net.names import list_namespaces
from p4slice_harness.paths import HARNESS_DIR


def demo(*args):
    return subprocess.run([sys.executable, "-m", "p4slice_harness.demo", *args], cwd=HARNESS_DIR,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args,message", [
    (["--runs", "0"], "demo: --runs must be >= 1 and --seconds > 3 (the first 2 s of a run are its warm-up)"),
    (["--seconds", "2"], "demo: --runs must be >= 1 and --seconds > 3 (the first 2 s of a run are its warm-up)"),
    (["no-such-scenario"], "demo: "),
])
def test_what_the_demo_cannot_run_is_one_line_and_exit_2(args, message):
    before = set(list_namespaces()) if os.geteuid() == 0 else set()
    cp = demo(*args)
    assert cp.returncode == 2, cp
    assert "Traceback" not in cp.stderr + cp.stdout
    lines = cp.stderr.strip().splitlines()
    assert len(lines) == 1, cp.stderr
    if os.geteuid() != 0:
        assert lines[0] == "demo: needs root (network namespaces, raw sockets)"
        return
    assert lines[0].startswith(message)
    if args == ["no-such-scenario"]:
        assert "no-such-scenario" in lines[0]
    assert set(list_namespaces()) == before
