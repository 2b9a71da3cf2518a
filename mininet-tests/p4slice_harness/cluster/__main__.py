"""``python -m p4slice_harness.cluster up|down|status`` (``make cluster-up`` / ``cluster-down``).

``up`` brings the lab up from a clean state and returns, the lab running, after printing one line
per ONOS node, ``node<N> http://<address>:8181`` (reachable from the machine's root namespace; user
onos, password rocks), then the storage nodes and switches. ``down`` stops and removes everything of
the lab. ``status`` prints what exists and each node's memory. Root is needed (namespaces).
"""

from __future__ import annotations

import argparse
import os
import sys

from ..errors import HarnessError
from .lab import ClusterLab


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.cluster", description=__doc__.split("\n")[0])
    ap.add_argument("action", choices=("up", "down", "status"))
    ap.add_argument("--oar", help="the p4slice .oar (default $P4S_OAR or app/target/...oar)")
    ap.add_argument("--quiet", action="store_true", help="only the node lines")
    args = ap.parse_args(argv)
    if os.geteuid() != 0:
        print("cluster lab: needs root (network namespaces, veth pairs)", file=sys.stderr)
        return 1
    out = (lambda *a, **k: None) if args.quiet else print
    lab = ClusterLab(oar=args.oar, out=out)
    try:
        if args.action == "up":
            lab.lock.acquire(float(os.environ.get("P4S_CLUSTER_LOCK_WAIT", "0")))
            try:
                lab.up()
            except BaseException:
                lab.down()
                raise
            finally:
                lab.lock.release()
            for line in lab.layout.describe():
                print(" ".join(line))
        elif args.action == "down":
            with lab.lock:
                lab.down()
            print("cluster lab down")
        else:
            if not lab.is_up():
                print("cluster lab: down")
                return 0
            lab.attach()
            print("cluster lab: up (" + ", ".join(lab.network.present()) + ")")
            for what, mib in lab.memory().items():
                print(f"{what} RSS {mib} MiB" if mib is not None else f"{what} not running")
            for line in lab.layout.describe():
                print(" ".join(line))
        return 0
    except HarnessError as e:
        print(f"cluster lab: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
