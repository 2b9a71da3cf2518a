"""``make bench-profile``: where bmv2 spends its instructions per packet, program by program.

Each program of the benchmark (:mod:`p4slice_harness.bench.programs`) runs on a
``simple_switch_grpc`` under ``valgrind --tool=callgrind`` (instruction counts: repeatable on a
loaded machine, unlike times); after its entries are written, h1 sends ``--packets`` UDP frames
of 1400 B to h2, slowly, and the switch is stopped. The inclusive instruction counts of bmv2's
per-packet stages (receive with the metadata reset, parser, ingress and egress pipelines,
deparser, the three packet threads),
divided by the number of packets (``total``: receive + the three threads), are written to ``reports/bench-profile.json`` together with
each program's most expensive functions inside the pipelines.

    python -m p4slice_harness.bench.profile [--packets 2000] [--ref main]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict

from ..net.bmv2 import find_simple_switch_grpc
from ..net.topology import scenario_testbed
from ..net.traffic import Sender
from ..paths import report_dir
from ..report import Report
from .programs import DEVICE, bench_scenario, programs

STAGES = {"receive": "bm::SwitchWContexts::receive(", "reset_metadata": "bm::PHV::reset_metadata(",
          "parser": "bm::Parser::parse(", "pipelines": "bm::Pipeline::apply(",
          "deparser": "bm::Deparser::deparse(", "ingress_thread": "SimpleSwitch::ingress_thread(",
          "egress_thread": "SimpleSwitch::egress_thread(", "transmit_thread": "SimpleSwitch::transmit_thread("}
LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\S.*)$")


def udp_frames(tb, n: int, size: int = 1400):
    from scapy.layers.inet import IP, UDP
    from scapy.layers.l2 import Ether
    a, b = tb.scenario.host("h1"), tb.scenario.host("h2")
    pkt = Ether(src=a.mac, dst=b.mac) / IP(src=a.address, dst=b.address) / UDP(sport=4000, dport=5000)
    frame = bytes(pkt / (b"x" * (size - len(pkt))))
    return [frame] * n


def annotate(out_file: Path, inclusive: bool) -> Dict[str, int]:
    cp = subprocess.run(["callgrind_annotate", f"--inclusive={'yes' if inclusive else 'no'}", "--threshold=100",
                         str(out_file)], capture_output=True, text=True, timeout=300, check=True)
    costs = {}
    for line in cp.stdout.splitlines():
        m = LINE.match(line)
        if m:
            name = m.group(2).split(" [", 1)[0]
            costs[name] = costs.get(name, 0) + int(m.group(1).replace(",", ""))
    return costs


def profile(prog, workdir: Path, packets: int) -> dict:
    workdir.mkdir(parents=True, exist_ok=True)
    wrapper = workdir / "simple_switch_grpc"
    real = find_simple_switch_grpc()
    if real is None:
        raise RuntimeError("simple_switch_grpc not found ($P4S_SIMPLE_SWITCH_GRPC, PATH, /opt/p4tools/bin)")
    out_pattern = workdir / "callgrind.out.%p"
    wrapper.write_text(f"#!/bin/sh\nexec valgrind --tool=callgrind --callgrind-out-file={out_pattern} "
                       f"{real} \"$@\"\n")
    wrapper.chmod(0o755)
    old = os.environ.get("P4S_SIMPLE_SWITCH_GRPC")
    os.environ["P4S_SIMPLE_SWITCH_GRPC"] = str(wrapper)
    try:
        with scenario_testbed(bench_scenario(), prog.p4info, prog.bmv2_json, workdir, start_timeout=300) as tb:
            prog.install(tb.clients[DEVICE])
            with Sender(tb.endpoint("h1")) as tx:
                tx.send(udp_frames(tb, packets), interval=0.004)
            time.sleep(3)
    finally:
        if old is None:
            del os.environ["P4S_SIMPLE_SWITCH_GRPC"]
        else:
            os.environ["P4S_SIMPLE_SWITCH_GRPC"] = old
    outs = sorted(workdir.glob("callgrind.out.*"))
    if not outs:
        raise RuntimeError(f"{prog.label}: callgrind wrote no output in {workdir}")
    incl = annotate(outs[-1], inclusive=True)
    self_costs = annotate(outs[-1], inclusive=False)
    stages = {}
    for key, prefix in STAGES.items():
        stages[key] = sum(v for k, v in incl.items() if prefix in k) / packets
    # receive (packet + PHV set-up, metadata reset) and the three packet threads: the whole packet
    stages["total"] = sum(stages[k] for k in ("receive", "ingress_thread", "egress_thread", "transmit_thread"))
    top = sorted(((v, k) for k, v in self_costs.items()), reverse=True)[:25]
    return {"per_packet_instructions": stages, "top_self": [[k, v / packets] for v, k in top]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.bench.profile", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--packets", type=int, default=2000)
    ap.add_argument("--ref", action="append", default=[])
    ap.add_argument("--out", default=str(report_dir()))
    args = ap.parse_args(argv)
    if os.geteuid() != 0:
        print("bench-profile: needs root", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="p4s-prof-"))
    rep = Report("bench-profile", args.out)
    results = {}
    for i, p in enumerate(programs(work, args.ref, os.environ.get("P4S_ONOS_SRC"))):
        if p.skipped:
            print(f"bench-profile: {p.label} skipped: {p.skipped}")
            continue
        results[p.label] = r = profile(p, work / f"p{i}", args.packets)
        st = r["per_packet_instructions"]
        print(f"{p.label}: " + ", ".join(f"{k} {v:,.0f}" for k, v in st.items()) + " instructions/packet",
              flush=True)
    rep.add("packets", args.packets)
    rep.add("programs", results)
    print(f"report: {rep.write()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
