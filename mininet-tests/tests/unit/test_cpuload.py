"""The CPU load beside a measurement: where its processes run, at which nice, and that they end."""

import os
import time

import pytest

from p4slice_harness.bench.cpuload import CpuLoad, CpuLoadError
from p4slice_harness.net.sessions import autogroup, autogroup_enabled


def wait_for(cond, seconds):
    deadline = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def stat_fields(pid):
    text = open(f"/proc/{pid}/stat").read()
    return text[text.rindex(")") + 2:].split()


@pytest.mark.timeout(60)
def test_own_session_load_is_one_group_of_its_own_and_ends_by_itself():
    with CpuLoad(processes=2, nice=19, session="own", seconds=1.5) as load:
        pids = load.pids()
        d = load.describe()["running"]
        assert len(pids) == 2 and sorted(int(p) for p in d) == pids
        assert {p["nice"] for p in d.values()} == {19}
        sessions = {os.getsid(p) for p in pids}
        assert len(sessions) == 1 and os.getsid(0) not in sessions
        assert {os.getpgid(p) for p in pids} == {load.leader.pid}
        if autogroup_enabled():
            groups = {autogroup(p) for p in pids}
            assert len(groups) == 1 and autogroup(os.getpid()) not in groups
        # busy: the loops use CPU (user time grows)
        before = sum(int(stat_fields(p)[11]) for p in pids)
        assert wait_for(lambda: sum(int(stat_fields(p)[11]) for p in pids if os.path.exists(f"/proc/{p}")) > before,
                        1.0)
        # bounded: they end at their deadline without close()
        assert wait_for(lambda: load.pids() == [], 10.0), load.pids()
    assert load.leader is None


@pytest.mark.timeout(60)
def test_caller_session_load_shares_our_session_not_our_process_group_and_close_ends_it():
    with CpuLoad(processes=3, nice=10, session="caller", seconds=60) as load:
        pids = load.pids()
        assert len(pids) == 3
        assert {os.getsid(p) for p in pids} == {os.getsid(0)}
        assert {os.getpgid(p) for p in pids} == {load.leader.pid} != {os.getpgid(0)}
        assert {p["nice"] for p in load.describe()["running"].values()} == {10}
        if autogroup_enabled():
            assert {autogroup(p) for p in pids} == {autogroup(os.getpid())}
    # close() ended them long before their 60 s
    assert wait_for(lambda: not any(os.path.exists(f"/proc/{p}") and stat_fields(p)[0] != "Z" for p in pids), 5.0)


@pytest.mark.parametrize("kwargs,match", [
    ({"processes": 0}, "processes must be an integer >= 1, got 0"),
    ({"processes": True}, "processes must be an integer >= 1, got True"),
    ({"nice": 20}, r"nice must be an integer in \[0, 19\], got 20"),
    ({"nice": -1}, r"nice must be an integer in \[0, 19\], got -1"),
    ({"session": "other"}, "session must be one of own, caller, got 'other'"),
    ({"seconds": 0}, r"seconds must be in \(0, 3600\], got 0"),
    ({"seconds": 7200}, r"seconds must be in \(0, 3600\], got 7200"),
])
def test_bad_parameters_are_refused_and_start_nothing(kwargs, match):
    before = busy_loops()
    with pytest.raises(CpuLoadError, match=match):
        CpuLoad(**kwargs).start()
    assert busy_loops() == before


def busy_loops():
    """pids of processes running the load's busy loop (a line of its script in their command line)."""
    out = set()
    for p in os.listdir("/proc"):
        try:
            if p.isdigit() and "os.nice(nice)" in open(f"/proc/{p}/cmdline").read():
                out.add(int(p))
        except OSError:
            pass
    return out
