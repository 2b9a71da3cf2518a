"""L1: the testbed's processes start in sessions of their own, as heavy as the caller's group."""

import os
import subprocess

import pytest

from p4slice_harness.net import sessions
from p4slice_harness.net.sessions import autogroup_enabled, autogroup_nice, popen_own_session


@pytest.mark.parametrize("line, nice", [("/autogroup-93 nice 0", 0), ("/autogroup-1958 nice -15", -15),
                                        ("/autogroup-7 nice 19\n", 19), ("garbage", None), (None, None),
                                        ("", 0)])
def test_autogroup_nice_reads_the_line(monkeypatch, line, nice):
    monkeypatch.setattr(sessions, "autogroup", lambda pid: line)
    assert autogroup_nice(1) == nice


def test_a_child_gets_a_session_and_at_least_the_callers_weight():
    proc = popen_own_session(["sleep", "5"], stdin=subprocess.DEVNULL)
    try:
        assert os.getsid(proc.pid) == proc.pid != os.getsid(0)
        if autogroup_enabled():
            assert autogroup_nice(proc.pid) == min(0, autogroup_nice(os.getpid()))
    finally:
        proc.kill()
        proc.wait(timeout=5)


def test_a_heavier_caller_is_copied_and_a_lighter_one_is_not(monkeypatch):
    written = {}
    monkeypatch.setattr(sessions, "autogroup_enabled", lambda: True)
    monkeypatch.setattr(sessions, "set_autogroup_nice", lambda pid, nice: written.__setitem__(pid, nice))
    monkeypatch.setattr(sessions, "autogroup_nice", lambda pid: -10)
    assert sessions.share_caller_weight(4242) is None and written == {4242: -10}
    written.clear()
    monkeypatch.setattr(sessions, "autogroup_nice", lambda pid: 5)
    assert sessions.share_caller_weight(4242) is None and written == {}


def test_a_refused_write_says_why(monkeypatch):
    def refuse(pid, nice):
        raise PermissionError(1, "Operation not permitted")
    monkeypatch.setattr(sessions, "autogroup_enabled", lambda: True)
    monkeypatch.setattr(sessions, "autogroup_nice", lambda pid: -10)
    monkeypatch.setattr(sessions, "set_autogroup_nice", refuse)
    assert sessions.share_caller_weight(4242) == \
        "the autogroup of process 4242 keeps nice 0, not the harness's -10: Operation not permitted"
