"""The acceptance command's own decisions, without a network: where ONOS is and as whom, what the server
must have, and exit status 2 with the reason when the run cannot start."""

import base64

import pytest

from p4slice_harness.acceptance import run
from p4slice_harness.acceptance.testbed import load_testbed
from p4slice_harness.paths import HARNESS_DIR, REPO_DIR

LAB = HARNESS_DIR / "testbeds" / "bmv2-lab.json"
AURORA = REPO_DIR / "docs" / "examples" / "testbed-aurora710.json"


def who(rest):
    return rest.base, base64.b64decode(rest.auth.split()[1]).decode()


def test_onos_is_the_command_line_then_the_environment_then_the_file_then_the_default():
    aurora, lab = load_testbed(AURORA), load_testbed(LAB)
    assert who(run.onos_client(lab, env={})) == ("http://127.0.0.1:8181", "onos:rocks")
    assert who(run.onos_client(aurora, env={})) == ("http://10.10.0.2:8181", "onos:rocks")
    env = {"P4S_ONOS_URL": "http://onos.lab:8181", "P4S_ONOS_USER": "op", "P4S_ONOS_PASSWORD": "secret"}
    assert who(run.onos_client(aurora, env=env)) == ("http://onos.lab:8181", "op:secret")
    assert who(run.onos_client(aurora, "http://x:1", "me", "pw", env=env)) == ("http://x:1", "me:pw")


def test_preflight_names_what_the_server_lacks():
    tb = load_testbed(AURORA)
    with pytest.raises(run.CannotRun, match="needs root"):
        run.preflight(tb, is_root=False)
    with pytest.raises(run.CannotRun, match=r"'iperf3' not found \(Debian package iperf3\)"):
        run.preflight(tb, which=lambda t: None if t == "iperf3" else f"/usr/bin/{t}", is_root=True)
    run.preflight(tb, which=lambda t: f"/usr/bin/{t}", is_root=True)


def test_a_bad_testbed_file_exits_2_with_the_reason(tmp_path, capsys):
    bad = tmp_path / "tb.json"
    bad.write_text('{"name": "x"}')
    assert run.main(["--testbed", str(bad)]) == 2
    assert "acceptance: cannot run: tb.json: $.lineRateMbps: required" in capsys.readouterr().err
