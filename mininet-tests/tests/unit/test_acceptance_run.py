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


class FakeOnos:
    """p4slice's application in ONOS as REST shows it: absent (None), INSTALLED or ACTIVE."""

    def __init__(self, state):
        self.state, self.calls = state, []

    def call(self, method, path, body=None, data=None, content_type=None, timeout=None):
        from p4slice_harness.onos.rest import Reply
        self.calls.append((method, path))
        if path == "/onos/v1/applications/org.p4slice" and method == "GET":
            return Reply(404, None, "", 0.0) if self.state is None else Reply(200, {"state": self.state}, "", 0.0)
        if path == "/onos/v1/applications/org.p4slice" and method == "DELETE":
            self.state = None
        elif path == "/onos/v1/applications/org.p4slice/active" and method == "POST":
            self.state = "ACTIVE"
        elif path == "/onos/v1/applications?activate=true":
            self.state = "ACTIVE"
        return Reply(200, {}, "", 0.0)


@pytest.mark.parametrize("state, reinstall, said, changes", [
    ("ACTIVE", False, "already ACTIVE, kept (--reinstall replaces it)", []),
    ("INSTALLED", False, "was installed, activated", [("POST", "/onos/v1/applications/org.p4slice/active")]),
    (None, False, "installed from p4slice.oar", [("POST", "/onos/v1/applications?activate=true")]),
    ("ACTIVE", True, "installed from p4slice.oar", [("DELETE", "/onos/v1/applications/org.p4slice"),
                                                   ("POST", "/onos/v1/applications?activate=true")]),
])
def test_p4slice_is_installed_only_where_it_is_not_active(tmp_path, monkeypatch, state, reinstall, said, changes):
    monkeypatch.setattr("time.sleep", lambda s: None)
    oar = tmp_path / "p4slice.oar"
    oar.write_bytes(b"oar")
    onos = FakeOnos(state)
    acc = run.Acceptance(load_testbed(LAB), onos, oar, reinstall=reinstall, workdir=tmp_path)
    assert acc.install_p4slice() == said
    assert [c for c in onos.calls if c[0] != "GET"] == changes and onos.state == "ACTIVE"
