"""The acceptance run: one command from a testbed file to ``reports/acceptance.{json,md}``.

1. the testbed file read and validated (:mod:`.testbed`); with ``"lab": "bmv2"`` the bmv2 stand-in made
   (:mod:`.lab`);
2. ONOS (``--onos``/``$P4S_ONOS_URL``, the file's ``onos``, else http://127.0.0.1:8181; user and password
   likewise, default onos/rocks): the agents' driver apps, LLDP and host providers activated, p4slice
   installed from the ``.oar`` and activated unless it is ACTIVE already (``--reinstall`` replaces it),
   the devices' netcfg and p4slice's configuration pushed (:mod:`.config`), every device available;
3. each NIC in a namespace of its own (:mod:`.hosts`);
4. the rows, each with its own slices made and removed over REST: LLDP links; isolation (ARP, unicast,
   broadcast, VLAN on the trunk); RTT per hop; hosts learned; counters; the meter ladder; one slice's and
   four slices' throughput with CV and Jain's index (:mod:`.isolation`, :mod:`.measure`, :mod:`.control`);
5. the report (:mod:`.report`); ONOS's p4slice configuration put back as it was; with the bmv2 lab, its
   devices removed from ONOS and the lab taken down.

Exit status: 0 every row passed or was skipped, 1 a row failed, 2 the run could not start (the message
says why: a bad testbed file, no root, ONOS unreachable).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from contextlib import ExitStack
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, List, Optional

from ..errors import HarnessError
from ..net.iperf import require_iperf3
from ..onos import apps
from ..onos.assembly import find_oar
from ..onos.rest import SLICES, OnosError, OnosRest
from ..onos.wait import wait_devices_available, wait_for
from ..paths import report_dir
from ..report_data import environment
from . import config, control, isolation, measure
from . import report as rep
from .hosts import TestHosts
from .lab import Bmv2Lab
from .slices import Slices
from .testbed import DRIVER_APPS, Testbed, TestbedError, load_testbed

ISOLATION_ROWS = ("isolation.arp", "isolation.unicast", "isolation.broadcast", "isolation.trunk_vlan")
PROVIDERS = ("org.onosproject.lldpprovider", "org.onosproject.hostprovider")
DEFAULT_URL, DEFAULT_USER, DEFAULT_PASSWORD = "http://127.0.0.1:8181", "onos", "rocks"


class CannotRun(HarnessError):
    """The run cannot start: exit status 2 with this message."""


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def preflight(tb: Testbed, which=shutil.which, is_root: Optional[bool] = None) -> None:
    if not (os.geteuid() == 0 if is_root is None else is_root):
        raise CannotRun("needs root (moves NICs into network namespaces, raw sockets)")
    for tool, pkg in (("ip", "iproute2"), ("ethtool", "ethtool"), ("ss", "iproute2"), ("iperf3", "iperf3")):
        if which(tool) is None:
            raise CannotRun(f"'{tool}' not found (Debian package {pkg})")
    if tb.lab == "bmv2":
        from ..net.bmv2 import find_simple_switch_grpc
        if find_simple_switch_grpc() is None:
            raise CannotRun("simple_switch_grpc not found (PATH, /opt/p4tools/bin, $P4S_SIMPLE_SWITCH_GRPC)")


def onos_client(tb: Testbed, url=None, user=None, password=None, env=os.environ) -> OnosRest:
    url = url or env.get("P4S_ONOS_URL") or tb.onos_url or DEFAULT_URL
    user = user or env.get("P4S_ONOS_USER") or tb.onos_user or DEFAULT_USER
    password = password or env.get("P4S_ONOS_PASSWORD") or tb.onos_password or DEFAULT_PASSWORD
    return OnosRest(url, user, password, timeout=15.0)


class Acceptance:
    def __init__(self, tb: Testbed, rest: OnosRest, oar: Path, reinstall: bool = False, workdir=None,
                 out: Callable[[str], None] = print):
        self.tb, self.rest, self.oar, self.reinstall = tb, rest, Path(oar), reinstall
        self.workdir = Path(workdir or tempfile.mkdtemp(prefix="p4s-acceptance-"))
        self.out = out
        self.timings = {}
        self.slices = Slices(rest, tb)

    def step(self, what: str, fn, *args, **kw):
        t0 = time.monotonic()
        value = fn(*args, **kw)
        self.timings[what] = round(time.monotonic() - t0, 2)
        self.out(f"[acceptance] {what}: {self.timings[what]} s")
        return value

    # -- ONOS ------------------------------------------------------------------------------------
    def reach_onos(self) -> None:
        try:
            r = self.rest.call("GET", "/onos/v1/applications")
        except OnosError as e:
            raise CannotRun(str(e)) from None
        if r.status == 401:
            raise CannotRun(f"ONOS at {self.rest.base} refused the credentials (HTTP 401)")
        if r.status != 200:
            raise CannotRun(f"ONOS at {self.rest.base}: GET /onos/v1/applications answered HTTP {r.status}")

    def install_p4slice(self) -> str:
        state = apps.app_state(self.rest, apps.APP)
        if state is not None and self.reinstall:
            self.rest.call("DELETE", f"/onos/v1/applications/{apps.APP}")
            wait_for(lambda: apps.app_state(self.rest, apps.APP), lambda s: s is None, 120, f"{apps.APP} uninstalled")
            state = None
        if state is None:
            apps.install_oar(self.rest, self.oar)
            return f"installed from {self.oar.name}"
        if state != "ACTIVE":
            apps.activate(self.rest, apps.APP)
            return "was installed, activated"
        return "already ACTIVE, kept (--reinstall replaces it)"

    def wait_p4slice_rest(self) -> None:
        wait_for(lambda: self.rest.call("GET", SLICES), lambda r: r.status == 200, 120,
                 f"p4slice REST GET {SLICES} answering 200", interval=0.5,
                 describe=lambda r: f"HTTP {r.status} {r.text[:120]!r}")

    def prepare_onos(self, stack: ExitStack) -> None:
        for app in sorted({DRIVER_APPS[s.agent] for s in self.tb.switches}) + list(PROVIDERS):
            self.step(f"activate {app}", apps.activate, self.rest, app)
        self.out(f"[acceptance] p4slice: {self.step('p4slice installed and ACTIVE', self.install_p4slice)}")
        self.step("p4slice REST answering", self.wait_p4slice_rest)
        current = config.read_app_config(self.rest)
        stack.callback(config.restore_app_config, self.rest, current)
        if self.tb.lab == "bmv2":
            stack.callback(config.remove_devices, self.rest, self.tb)
        config.push(self.rest, self.tb, current)
        self.step("devices available", wait_devices_available, self.rest, [s.device_id for s in self.tb.switches], 180)

    # -- the rows --------------------------------------------------------------------------------
    def rows_of(self, what: str, ids, fn, *args) -> List[rep.Row]:
        """The rows ``fn(*args)`` measures (one or a list); where it stopped with an error, a failed row
        naming the error for each of ``ids`` it did not give."""
        try:
            got = self.step(what, fn, *args)
            rows = got if isinstance(got, list) else [got]
            error = None
        except (HarnessError, OSError) as e:
            rows, error = [], f"{what} stopped: {type(e).__name__}: {e}"
        have = {r.id for r in rows}
        return rows + [rep.Row(i, i, "fail", threshold="measured", detail=error or f"{what} gave no such row")
                       for i in ids if i not in have]

    def measure(self, hosts: TestHosts) -> List[rep.Row]:
        tb, sl = self.tb, self.slices
        pairs = [(hosts.of(a), hosts.of(b)) for a, b in tb.pairs()]
        (a1, a2), (b1, b2) = pairs[0], pairs[1]
        traffic = measure.Traffic(tb)
        ladder = [f"meter.{i}" for i in range(1, len(tb.measure["meterLadder"]) + 1)]
        return (self.rows_of("LLDP links", ["control.lldp"], control.lldp_links, tb, self.rest)
                + self.rows_of("isolation", ISOLATION_ROWS, self.isolation, a1, a2, b1, b2)
                + self.rows_of("RTT", ["rtt.one_hop", "rtt.two_hops"], measure.rtt, tb, sl, a1, b1, a2)
                + self.rows_of("hosts learned", ["control.arp_hosts"], control.arp_hosts, tb, self.rest, (a1, b1, a2))
                + self.rows_of("counters", ["counters.packets", "counters.bytes"], measure.counters, tb, sl, a1, a2)
                + self.rows_of("meter ladder", ladder, measure.meter_ladder, tb, sl, traffic, a1, a2)
                + self.rows_of("one slice", ["throughput.one_slice"], measure.throughput_one, tb, sl, traffic, a1, a2)
                + self.rows_of("four slices", ["throughput.four_slices", "fairness.cv", "fairness.jain"],
                               measure.throughput_four, tb, sl, traffic, pairs))

    def isolation(self, a1, a2, b1, b2) -> List[rep.Row]:
        quota = self.slices.max_quota(0.1)
        with self.slices.made([("iso-a", quota, (a1.port, a2.port)), ("iso-b", quota, (b1.port, b2.port))]) as (sa, sb):
            return [isolation.check_arp(a1, a2, b1, b2), isolation.check_unicast(a1, a2, b1, b2),
                    isolation.check_broadcast(a1, a2, b1, b2),
                    isolation.check_trunk_vlan(self.tb.trunks[0].tap, isolation.ROOT_NETNS,
                                               [(a1, a2, sa["vlan"]), (b1, b2, sb["vlan"])])]

    def run(self) -> dict:
        started = now()
        rows: List[rep.Row] = []
        vers: dict = {}
        with ExitStack() as stack:
            if self.tb.lab == "bmv2":
                self.step("bmv2 lab up", stack.enter_context, Bmv2Lab(self.tb, self.workdir, out=self.out))
            self.prepare_onos(stack)
            hosts = self.step("NICs in namespaces", stack.enter_context, TestHosts(self.tb))
            gone = self.slices.remove_leftovers()
            if gone:
                self.out(f"[acceptance] removed slices {gone} an earlier run left")
            rows = self.measure(hosts)
            vers = control.versions(self.tb, self.rest)
        return rep.document(self.tb.document, str(self.tb.path) if self.tb.path else None, vers,
                            environment(binary="auto" if self.tb.lab == "bmv2" else None), rows,
                            self.tb.line_rate_bps, self.timings, started, now())


def print_rows(doc: dict, out=print) -> None:
    for r in doc["rows"]:
        v = "" if r["value"] is None else f" {r['value']:.6g} {r['unit']}".rstrip()
        out(f"  {r['status'].upper():7} {r['id']:24}{v}  [{r['threshold']}]" + (f"  {r['detail']}" if r["status"] != "pass" else ""))
    out(f"acceptance: {doc['verdict'].upper()}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.acceptance",
                                 description="The acceptance run of a p4slice testbed (docs/tofino.md).")
    ap.add_argument("--testbed", required=True, type=Path, help="the testbed file (JSON)")
    ap.add_argument("--onos", help="ONOS's URL (default: $P4S_ONOS_URL, the file's onos.url, http://127.0.0.1:8181)")
    ap.add_argument("--user", help="ONOS user (default: $P4S_ONOS_USER, the file's onos.user, onos)")
    ap.add_argument("--password", help="its password (default: $P4S_ONOS_PASSWORD, the file's, rocks)")
    ap.add_argument("--oar", type=Path, help="the p4slice .oar (default: $P4S_OAR, app/target/...)")
    ap.add_argument("--reinstall", action="store_true", help="replace a p4slice already installed in ONOS")
    ap.add_argument("--report-dir", type=Path, help="where acceptance.json/.md go (default: $P4S_REPORT_DIR, reports/)")
    args = ap.parse_args(argv)
    try:
        tb = load_testbed(args.testbed)
        preflight(tb)
        oar = args.oar or find_oar()
        rest = onos_client(tb, args.onos, args.user, args.password)
        acc = Acceptance(tb, rest, oar, args.reinstall)
        acc.reach_onos()
        if apps.app_state(rest, apps.APP) is None or args.reinstall:
            problem = apps.oar_problem(oar)
            if problem:
                raise CannotRun(problem)
        doc = acc.run()
    except (TestbedError, CannotRun) as e:
        print(f"acceptance: cannot run: {e}", file=sys.stderr)
        return 2
    except HarnessError as e:       # the testbed could not be brought up (ONOS, a device, a NIC)
        print(f"acceptance: stopped before the measurements were done: {e}", file=sys.stderr)
        return 2
    paths = rep.write(args.report_dir or report_dir(), doc)
    print_rows(doc)
    print("report: " + ", ".join(str(p) for p in paths))
    return 0 if doc["verdict"] == "pass" else 1


if __name__ == "__main__":
    sys.exit(main())
