#!/usr/bin/env python3
"""Copies one profile's bf-p4c outputs into the pipeconf, made reproducible.

bf-p4c gives every compile a random 16-hex-digit ``run_id``, written into ``context.json`` and
into the header of ``tofino.bin`` (the driver pairs the two by it), and the wall-clock time into
``context.json``'s ``build_date``. Both are replaced here: the run id by the first 16 hex digits
of SHA-256("<sources sha256>:<profile>") -- the same in both files, so they still pair -- and the
date by a fixed note, so that the same sources compiled by the same compiler give the same bytes.
``bf-rt.json`` lists its snapshot tables (``pipe.snapshot.*``) ingress or egress first from one run
to the next: they are put in name order, and every ``depends_on`` list in id order, and the file
written again as JSON (same content; the agents look tables up by name and id).  ``p4info.txt``
loses the tables' ``initial_default_action`` blocks (a P4Runtime 1.4 field ONOS 2.7's P4Info parser
refuses as unknown; each repeats the table's ``const_default_action_id``, which stays, and bmv2's
P4Info has none).  Nothing else is changed; any other run-dependent value (the build directory's path) is refused.

Used by ``make tofino`` (p4src/Makefile); standard library only.
"""

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

BUILD_DATE_NOTE = "normalised by p4src/tofino_outputs.py (see p4c-out/tofino/sources.sha256)"
RUN_ID = re.compile(rb'"run_id"\s*:\s*"([0-9a-f]{16})"')
BUILD_DATE = re.compile(rb'("build_date"\s*:\s*)"[^"]*"')


class OutputError(Exception):
    pass


def run_id(sources_sha256: str, profile: str) -> str:
    return hashlib.sha256(f"{sources_sha256}:{profile}".encode()).hexdigest()[:16]


def normalised(context: bytes, binary: bytes, new_id: str):
    """(context, binary) with the run id and the build date replaced."""
    ids = set(RUN_ID.findall(context))
    if len(ids) != 1:
        raise OutputError(f"context.json holds {len(ids)} run ids, expected one")
    old = ids.pop()
    if binary.count(old) != 1:
        raise OutputError(f"tofino.bin holds run id {old.decode()} {binary.count(old)} times, expected once")
    context = context.replace(old, new_id.encode())
    context, dates = BUILD_DATE.subn(lambda m: m.group(1) + json.dumps(BUILD_DATE_NOTE).encode(), context)
    if dates != 1:
        raise OutputError(f"context.json holds {dates} build_date fields, expected one")
    return context, binary.replace(old, new_id.encode())


INITIAL_DEFAULT = re.compile(rb"^  initial_default_action \{\n    action_id: (\d+)\n  \}\n", re.M)


def onos_p4info(p4info: bytes) -> bytes:
    """p4info.txt without initial_default_action blocks, each checked to repeat the const default."""
    for table in p4info.split(b"\ntables {")[1:]:
        table = table.split(b"\n}\n")[0]
        initial = INITIAL_DEFAULT.search(table + b"\n")
        if initial and f"const_default_action_id: {initial.group(1).decode()}\n".encode() not in table + b"\n":
            raise OutputError(f"p4info.txt: initial_default_action {initial.group(1).decode()} is not the "
                              "table's const default action; ONOS 2.7 cannot be given it")
    stripped = INITIAL_DEFAULT.sub(b"", p4info)
    if b"initial_default_action" in stripped:
        raise OutputError("p4info.txt holds an initial_default_action in a form not understood")
    return stripped


def canonical_bfrt(bfrt: bytes) -> bytes:
    """bf-rt.json with the snapshot tables in name order and depends_on lists sorted."""
    doc = json.loads(bfrt)
    tables = doc.get("tables")
    if not isinstance(tables, list):
        raise OutputError("bf-rt.json has no tables list")
    slots = [i for i, t in enumerate(tables) if str(t.get("name", "")).startswith("pipe.snapshot.")]
    for i, t in zip(slots, sorted((tables[i] for i in slots), key=lambda t: t["name"])):
        tables[i] = t
    for t in tables:
        if isinstance(t.get("depends_on"), list):
            t["depends_on"] = sorted(t["depends_on"])
    return (json.dumps(doc, indent=2) + "\n").encode()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sources-sha256", required=True, help="SHA-256 of the stamped sources' sha256sum lines")
    parser.add_argument("--profile", required=True)
    parser.add_argument("--build", required=True, type=Path,
                        help="the profile's build directory (p4info.txt, bf-rt.json, out/pipe/...)")
    parser.add_argument("--out", required=True, type=Path, help="pipeconf resource directory of the profile")
    args = parser.parse_args(argv)
    pipe = args.build / "out" / "pipe"
    try:
        for f in (pipe / "context.json", pipe / "tofino.bin", args.build / "bf-rt.json", args.build / "p4info.txt"):
            if not f.is_file():
                raise OutputError(f"{f} was not written by bf-p4c")
        context, binary = normalised((pipe / "context.json").read_bytes(), (pipe / "tofino.bin").read_bytes(),
                                     run_id(args.sources_sha256, args.profile))
        build_path = str(args.build.resolve()).encode()
        for name, data in (("context.json", context), ("tofino.bin", binary),
                           ("bf-rt.json", (args.build / "bf-rt.json").read_bytes()),
                           ("p4info.txt", (args.build / "p4info.txt").read_bytes())):
            if build_path in data:
                raise OutputError(f"{name} names the build directory {build_path.decode()}: not reproducible")
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "context.json").write_bytes(context)
        (args.out / "tofino.bin").write_bytes(binary)
        (args.out / "bf-rt.json").write_bytes(canonical_bfrt((args.build / "bf-rt.json").read_bytes()))
        (args.out / "p4info.txt").write_bytes(onos_p4info((args.build / "p4info.txt").read_bytes()))
    except (OutputError, OSError, ValueError) as e:
        print(f"error: tofino_outputs.py, profile {args.profile}: {e}", file=sys.stderr)
        return 1
    print(f"{args.out}: tofino.bin, context.json, bf-rt.json, p4info.txt (run id {run_id(args.sources_sha256, args.profile)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
