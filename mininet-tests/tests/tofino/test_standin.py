"""The Tofino stand-in itself (L1, no ONOS): it takes a pipeline only in the layout its agent
parses, refuses with the agent's reasons what a Tofino switch's P4Runtime server refuses, keeps what
it accepts and rounds byte meters to whole kbit as the agents do. The harness's own P4Runtime
client drives it over loopback. The Stratum cases need protoc and Stratum's ``bf.proto``
(:mod:`p4slice_harness.tofino.protos`) and are skipped with the reason where they are missing.
"""

import struct
from pathlib import Path

import pytest
from p4.v1 import p4runtime_pb2

from p4slice_harness.errors import P4RuntimeError
from p4slice_harness.p4rt.client import P4RuntimeClient
from p4slice_harness.p4rt.entities import Ternary
from p4slice_harness.paths import TOFINO_OUT
from p4slice_harness.tofino import device_config, protos
from p4slice_harness.tofino.standin import TofinoStandIn

pytestmark = pytest.mark.timeout(120)

TWO_PIPE = TOFINO_OUT / "two-pipe"
P4INFO = TWO_PIPE / "p4info.txt"


def pi_layout(*chunks: bytes) -> bytes:
    return b"".join(struct.pack("<I", len(c)) + c for c in chunks)


@pytest.fixture
def files():
    if not P4INFO.exists():
        pytest.skip(f"{P4INFO} not compiled yet (make -C p4src tofino)")
    return {n: (TWO_PIPE / n).read_bytes() for n in ("tofino.bin", "context.json", "bf-rt.json")}


def insert(client: P4RuntimeClient, entry) -> None:
    client.write([p4runtime_pb2.Update(type=p4runtime_pb2.Update.INSERT, entity=p4runtime_pb2.Entity(table_entry=entry))])


def push(sw, config: bytes, tmp_path: Path) -> P4RuntimeClient:
    client = P4RuntimeClient(sw.address, device_id=1, election_id=(0, 10))
    client.connect(timeout=10)
    blob = tmp_path / "device_config.bin"
    blob.write_bytes(config)
    client.set_forwarding_pipeline(P4INFO, blob)
    return client


def test_bf_switchd_takes_pis_five_chunks_and_refuses_onos_defaults_three(files, tmp_path):
    good = pi_layout(b"p4slice", files["tofino.bin"], files["context.json"], b"pipe", files["bf-rt.json"])
    with TofinoStandIn("bf_switchd") as sw:
        client = push(sw, good, tmp_path)
        client.close()
        assert device_config.differences(sw.p4rt.tofino_config, "two-pipe", None) == []
        onos_default = pi_layout(b"org.p4slice.tofino.bfswitchd", files["tofino.bin"], files["context.json"])
        with pytest.raises(P4RuntimeError, match="ends before the length of its pipeline name"):
            push(sw, onos_default, tmp_path)


def test_writes_are_checked_against_the_p4info_and_kept(files, tmp_path):
    with TofinoStandIn("bf_switchd") as sw:
        client = push(sw, pi_layout(b"p4slice", files["tofino.bin"], files["context.json"], b"pipe",
                                    files["bf-rt.json"]), tmp_path)
        try:
            client.insert_table_entry("slice_classifier", {"ingress_port": 1, "vlan_id": 0}, "set_slice",
                                      {"slice_id": 10})
            client.insert_table_entry("acl", {"eth_type": Ternary(0x88CC, 0xFFFF)}, "punt_to_cpu", priority=10)
            assert len(sw.p4rt.table_entries("slice_classifier")) == 1
            assert [e.table_id for e in client.read_table_entries("slice_classifier")] == [
                client.p4info.table("slice_classifier").id]

            with pytest.raises(P4RuntimeError, match="exists already"):
                client.insert_table_entry("slice_classifier", {"ingress_port": 1, "vlan_id": 0}, "set_slice",
                                          {"slice_id": 11})
            no_priority = client.table_entry("acl", {"eth_type": Ternary(0x0806, 0xFFFF)}, "acl_drop",
                                           priority=5)
            no_priority.priority = 0     # the harness's own builder refuses it; a server must too
            with pytest.raises(P4RuntimeError, match="needs a priority > 0"):
                insert(client, no_priority)
            entry = client.table_entry("egress_vlan", {"egress_port": 2, "slice_id": 10}, "push_vlan",
                                       {"vlan_id": 100})
            entry.match[0].exact.value = (1 << 9).to_bytes(2, "big")    # port 512 on a 9-bit field
            with pytest.raises(P4RuntimeError, match="does not fit 9 bits"):
                insert(client, entry)
            assert len(sw.p4rt.refused) == 3
            assert len(sw.p4rt.table_entries("egress_vlan")) == 0, "a refused write changes nothing"
        finally:
            client.close()


def test_byte_meters_are_kept_in_whole_kbit(files, tmp_path):
    with TofinoStandIn("bf_switchd") as sw:
        client = push(sw, pi_layout(b"p4slice", files["tofino.bin"], files["context.json"], b"pipe",
                                    files["bf-rt.json"]), tmp_path)
        try:
            client.write_meter("slice_meter", 10, 512_501, 65_536, 512_501, 65_536)
            assert client.read_meter("slice_meter", 10) == (512_500, 65_500, 512_500, 65_500)
        finally:
            client.close()


@pytest.mark.skipif(protos.problem(("stratum", "p4runtime")) is not None,
                    reason=f"Stratum's bf.proto cannot be compiled here: {protos.problem(('stratum', 'p4runtime'))}")
def test_stratum_takes_a_bf_pipeline_config_and_nothing_else(files, tmp_path):
    bf = protos.bf_pipeline_config_class()
    config = bf(p4_name="p4slice", bfruntime_info=files["bf-rt.json"])
    config.profiles.add(profile_name="pipe", context=files["context.json"], binary=files["tofino.bin"],
                        pipe_scope=[0, 1])
    with TofinoStandIn("stratum") as sw:
        push(sw, config.SerializeToString(), tmp_path).close()
        assert device_config.differences(sw.p4rt.tofino_config, "two-pipe", (0, 1)) == []
        with pytest.raises(P4RuntimeError, match="Unknown format for p4_device_config"):
            push(sw, pi_layout(b"p4slice", files["tofino.bin"], files["context.json"], b"pipe",
                               files["bf-rt.json"]), tmp_path)


def test_meter_and_counter_cells_are_checked_against_the_p4info(files):
    from p4slice_harness.p4rt.p4info import P4Info
    from p4slice_harness.tofino import p4rt_checks as checks
    info = P4Info.from_file(P4INFO)
    meter, counter = info.meter("slice_meter"), info.counter("slice_rx_counter")
    entry = p4runtime_pb2.MeterEntry(meter_id=meter.id)
    assert checks.check_meter_entry(info, entry) == f"meter {meter.name}: a write names its cell (index)"
    entry.index.index = 4096
    assert checks.check_meter_entry(info, entry) == f"meter {meter.name}: cell 4096 not in 0..4095"
    entry.index.index = 10
    entry.config.cir, entry.config.pir = 2000, 1000
    assert checks.check_meter_entry(info, entry) == f"meter {meter.name} cell 10: rates must satisfy 0 <= cir <= pir"
    entry.config.pir = 2000
    assert checks.check_meter_entry(info, entry) is None
    assert checks.check_counter_entry(info, p4runtime_pb2.CounterEntry(counter_id=counter.id)) is None
    assert checks.check_counter_entry(info, p4runtime_pb2.CounterEntry(counter_id=1)) == "unknown counter id 1"


def _padded(entry, widths):
    """``entry`` with every match value, mask and parameter padded to its field's bytes, as ONOS 2.7
    writes them (its PI translation fits each value to the field's bit width)."""
    for m in entry.match:
        kind = m.WhichOneof("field_match_type")
        f = getattr(m, kind)
        size = (widths[m.field_id] + 7) // 8
        f.value = int.from_bytes(f.value, "big").to_bytes(size, "big")
        if kind == "ternary":
            f.mask = int.from_bytes(f.mask, "big").to_bytes(size, "big")
    return entry


def test_reads_answer_canonical_byte_strings_with_masks_and_priorities_as_the_agents_do(files, tmp_path):
    # PI (proto/frontend/src/match_key_helpers.cpp, device_mgr.cpp) and Stratum
    # (bf_sde_wrapper.cc TableKey::GetTernary, bfrt_table_manager.cc) read entries back with canonical
    # byte strings (P4Runtime 1.3, 8.4), the ternary masks and the priority of the write
    with TofinoStandIn("bf_switchd") as sw:
        client = push(sw, pi_layout(b"p4slice", files["tofino.bin"], files["context.json"], b"pipe",
                                    files["bf-rt.json"]), tmp_path)
        try:
            acl = client.p4info.table("acl")
            widths = {f.id: f.bitwidth for f in acl.match_fields}
            entry = _padded(client.table_entry("acl", {"ingress_port": Ternary(1, 0x1FF),
                                                       "eth_type": Ternary(0x0806, 0xFFFF)},
                                               "punt_to_cpu", priority=40001), widths)
            assert sorted(m.ternary.value for m in entry.match) == [b"\x00\x01", b"\x08\x06"]
            insert(client, entry)
            classifier = client.table_entry("slice_classifier", {"ingress_port": 2, "vlan_id": 0}, "set_slice",
                                            {"slice_id": 10})
            _padded(classifier, {f.id: f.bitwidth for f in client.p4info.table("slice_classifier").match_fields})
            classifier.action.action.params[0].value = b"\x00\x0a"
            insert(client, classifier)

            [back] = client.read_table_entries("acl")
            assert back.priority == 40001
            by_field = {m.field_id: (m.ternary.value, m.ternary.mask) for m in back.match}
            names = {f.name: f.id for f in acl.match_fields}
            assert by_field == {names["ingress_port"]: (b"\x01", b"\x01\xff"),
                                names["eth_type"]: (b"\x08\x06", b"\xff\xff")}
            [back] = client.read_table_entries("slice_classifier")
            assert sorted(m.exact.value for m in back.match) == [b"\x00", b"\x02"]
            assert [p.value for p in back.action.action.params] == [b"\x0a"]
            assert [e for e in sw.p4rt.table_entries("acl")] == [entry], "it keeps what was written"
        finally:
            client.close()


def test_a_second_insert_of_a_held_entry_is_refused_with_already_exists_and_changes_nothing(files, tmp_path):
    # PI: DeviceMgrImp::table_insert answers ALREADY_EXISTS ("Match entry exists"); Stratum: the SDE's
    # BF_ALREADY_EXISTS -> ERR_ENTRY_EXISTS -> ALREADY_EXISTS (barefoot/macros.h, public/lib/error.cc).
    # The key is table, match and priority by value, however the bytes were padded.
    with TofinoStandIn("bf_switchd") as sw:
        client = push(sw, pi_layout(b"p4slice", files["tofino.bin"], files["context.json"], b"pipe",
                                    files["bf-rt.json"]), tmp_path)
        try:
            widths = {f.id: f.bitwidth for f in client.p4info.table("acl").match_fields}
            padded = _padded(client.table_entry("acl", {"eth_type": Ternary(0x88CC, 0xFFFF)}, "punt_to_cpu",
                                                priority=40001), widths)
            insert(client, padded)
            again = client.table_entry("acl", {"eth_type": Ternary(0x88CC, 0xFFFF)}, "acl_drop", priority=40001)
            with pytest.raises(P4RuntimeError) as refused:
                insert(client, again)
            assert [code for _, code, _ in refused.value.errors] == ["ALREADY_EXISTS"]
            assert [e.action.action.action_id for e in sw.p4rt.table_entries("acl")] == [
                padded.action.action.action_id], "the refused INSERT changed nothing"
            # another priority is another entry
            insert(client, client.table_entry("acl", {"eth_type": Ternary(0x88CC, 0xFFFF)}, "punt_to_cpu",
                                              priority=40000))
            assert len(sw.p4rt.table_entries("acl")) == 2
        finally:
            client.close()


def test_the_proto_sources_come_from_environment_variables_and_a_missing_one_is_named(tmp_path):
    if protos.problem(names=(), env={}) is not None:
        pytest.skip(protos.problem(names=(), env={}))    # protoc or the well-known protos are missing
    missing = tmp_path / "nowhere"
    assert protos.problem(("stratum",), env={"P4S_STRATUM_SRC": str(missing)}) == (
        f"stratum sources not found at {missing} (set $P4S_STRATUM_SRC to a checkout or a bare clone; "
        f"see mininet-tests/README.md, \"What each tier needs\")")
    assert protos.problem(("gnmi",), env={"P4S_GNMI_SRC": str(missing)}).startswith(
        f"gnmi sources not found at {missing} (set $P4S_GNMI_SRC")
    assert {default for _, default, _ in protos.SOURCES.values()} == {
        "/opt/src/stratum", "/opt/src/p4runtime", "/opt/src/gnmi"}
