"""The switches' side of the scale bench: each table's entries on both lab switches against its size in
the P4Info (``defines.p4``'s sizes), and how many of them name a slice. Read over P4Runtime without
arbitration, beside ONOS (which stays the switches' primary)."""

from __future__ import annotations

from typing import Dict

from ..cluster.switch_state import entry_slice
from ..onos.topology import S1, S2, grpc_addresses
from ..p4rt.client import P4RuntimeClient
from ..p4rt.p4info import P4Info
from ..paths import PIPECONF_OUT

LAB_DEVICE_IDS = {S1: 1, S2: 2}


def occupancy(counts: Dict[str, int], sizes: Dict[str, int]) -> Dict[str, dict]:
    """{table: {"entries", "size", "ratio"}} of the tables that hold entries."""
    return {t: {"entries": n, "size": sizes.get(t), "ratio": round(n / sizes[t], 4) if sizes.get(t) else None}
            for t, n in sorted(counts.items()) if n}


def table_occupancy() -> dict:
    """{device: {"tables": occupancy, "slice_entries": entries naming a slice}}, or {"error": why}."""
    try:
        p4info = P4Info.from_file(PIPECONF_OUT / "p4info.txt")
        sizes = {t: p4info.table(t).size for t in p4info.table_names}
        result = {}
        for device, address in grpc_addresses().items():
            client = P4RuntimeClient(address, LAB_DEVICE_IDS[device], p4info=p4info, timeout=30.0)
            client.connect(arbitrate=False)
            try:
                counts, slice_entries = {}, 0
                for t in sizes:
                    entries = client.read_table_entries(t)
                    counts[t] = len(entries)
                    slice_entries += sum(1 for te in entries if entry_slice(p4info, te) is not None)
            finally:
                client.close()
            result[device] = {"tables": occupancy(counts, sizes), "slice_entries": slice_entries}
        return result
    except Exception as e:      # noqa: BLE001 - the figure says why it is missing, the bench goes on
        return {"error": str(e)[:300]}
