"""The Mininet runner (p4slice_harness.mn) on the two-switch scenario with the plan the Java side exports.

Intra-slice hosts ping each other (also across the s1-s2 trunk); hosts of different slices do not;
the teardown leaves no namespace, root-namespace link or process behind. Bounded in time.
"""

import os
import subprocess
import sys

import pytest

from p4slice_harness import java_tools
from p4slice_harness.mn.leftovers import leftovers, snapshot
from p4slice_harness.mn.net import P4SliceNet, skip_reason
from p4slice_harness.net.names import processes_mentioning
from p4slice_harness.paths import HARNESS_DIR, scenario_path
from p4slice_harness.plan import load_plan
from p4slice_harness.scenario import load_scenario
from tests.conftest import BMV2_JSON, P4INFO_TXT

pytestmark = [pytest.mark.bmv2, pytest.mark.timeout(600)]

SCENARIO = scenario_path("two-switch-four-slices")


@pytest.fixture(scope="module")
def plan_file(tmp_path_factory):
    """The plan of the scenario, exported now by the plan exporter: the real slice manager on ONOS's test
    adapters, what it submitted translated by ONOS's PI translators."""
    reason = skip_reason(P4INFO_TXT, BMV2_JSON)
    if reason:
        pytest.skip(f"mininet test: {reason}")
    reason = java_tools.missing()
    if reason:
        pytest.skip(f"mininet test: the plan exporter cannot run: {reason}")
    out = tmp_path_factory.mktemp("plan") / "plan.json"
    cp = java_tools.run(java_tools.PLAN_EXPORT, [str(SCENARIO), "-o", str(out)])
    assert cp.returncode == 0, f"PlanExport failed ({cp.returncode}):\n{cp.stderr}"
    print(cp.stderr.strip().splitlines()[-1])
    return out


def test_two_switches_intra_slice_ping_works_cross_slice_fails(plan_file, tmp_path):
    scenario = load_scenario(SCENARIO)
    plan = load_plan(plan_file)
    workdir = tmp_path / "mn"
    before = snapshot()
    with P4SliceNet(scenario, P4INFO_TXT, BMV2_JSON, workdir=workdir, log_level="info") as net:
        report = net.install_plan(plan)
        assert (report.entries, report.meters, report.groups) == (48, 8, 8)
        tx_before = net.clients["device:bmv2:s2"].read_counter_cell("P4SliceEgress.slice_tx_counter", 10)
        results = {}
        for src, dst in [("h1", "h5"), ("h5", "h1"), ("h2", "h6"), ("h4", "h8"),    # same slice, across the trunk
                         ("h1", "h2"), ("h1", "h6"), ("h3", "h8"), ("h8", "h2")]:  # different slices
            results[(src, dst)] = net.ping(src, dst, count=3, timeout=2.0)
        print("pings answered of 3:", {f"{s}->{d}": n for (s, d), n in results.items()})
        for (src, dst), answered in results.items():
            same = scenario.slice_of_host(src).id == scenario.slice_of_host(dst).id
            assert answered == (3 if same else 0), f"{src} -> {dst}: {answered}/3 answered (same slice: {same})"
        # the echo requests h1 -> h5 went out of s2 in slice 10 (3 requests at least; the replies leave s1)
        tx_after = net.clients["device:bmv2:s2"].read_counter_cell("P4SliceEgress.slice_tx_counter", 10)
        assert tx_after[0] - tx_before[0] >= 3
        assert all(sw.alive() for sw in net.net.switches)
        assert (workdir / "s1.log.txt").stat().st_size > 0
    left = leftovers(before, snapshot())
    assert left == [], f"teardown left: {left}"
    assert processes_mentioning(str(workdir)) == []
    for name in ("s1", "s2"):
        # bmv2 polls /sys/class/net/<port>/operstate: with the switch's own /sys and bmv2 stopped
        # before Mininet deletes the links, no read failed (its stdout is complete once it exited)
        out = (workdir / f"{name}.stdout").read_text()
        assert f"Adding interface {name}-eth5 as port 5" in out
        assert "open: No such file" not in out, out


def test_runner_command_line_pingall(plan_file, tmp_path):
    before = snapshot()
    cmd = [sys.executable, "-m", "p4slice_harness.mn", str(SCENARIO), "--plan", str(plan_file), "--pingall",
           "--benchmark", "--workdir", str(tmp_path / "w")]
    cp = subprocess.run(cmd, cwd=HARNESS_DIR, capture_output=True, text=True, timeout=300,
                        env={**os.environ, "PYTHONPATH": str(HARNESS_DIR)})
    print(cp.stdout)
    print(cp.stderr)
    assert cp.returncode == 0, f"{' '.join(cmd)} exited with {cp.returncode}:\n{cp.stdout}\n{cp.stderr}"
    assert "*** plan " in cp.stdout and "48 entries, 8 meter cells, 8 groups" in cp.stdout
    assert "h1 -> X X X h5 X X X" in cp.stdout
    assert "*** 56/56 pairs as the slices say" in cp.stdout
    assert "*** teardown complete" in cp.stdout
    assert (tmp_path / "w" / "s1.stdout").exists() and not list((tmp_path / "w").glob("*.log*"))  # benchmark: no log
    assert "open: No such file" not in (tmp_path / "w" / "s1.stdout").read_text()
    assert leftovers(before, snapshot()) == []
    assert processes_mentioning(str(tmp_path / "w")) == []
