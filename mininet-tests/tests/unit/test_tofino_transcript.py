"""The Tofino stand-ins' transcript: lines stamped and named after the switch, and one line per
P4Runtime update saying what it writes (a description never fails, even for an entity the P4Info
does not name)."""

from p4.v1 import p4runtime_pb2

from p4slice_harness.tofino.transcript import Transcript, describe_update


def test_lines_are_stamped_named_and_passed_on():
    seen = []
    t = Transcript("s1", out=seen.append)
    t.add("SetForwardingPipelineConfig VERIFY_AND_COMMIT")
    assert len(t.lines) == 1
    assert t.lines == seen
    assert t.lines[0].startswith("[") and t.lines[0].endswith("] s1: SetForwardingPipelineConfig VERIFY_AND_COMMIT")
    assert Transcript().add("x") is None


def _meter_update(utype, with_config):
    u = p4runtime_pb2.Update(type=utype)
    m = u.entity.meter_entry
    m.meter_id = 1
    m.index.index = 7
    if with_config:
        m.config.cir = 1250
        m.config.cburst = 1500
    return u


def test_meter_writes_and_resets_name_the_cell_and_rate():
    assert describe_update(_meter_update(p4runtime_pb2.Update.MODIFY, True), None) == \
        "MODIFY meter_entry cell 7 cir 1250 B/s cburst 1500 B"
    assert describe_update(_meter_update(p4runtime_pb2.Update.MODIFY, False), None) == \
        "MODIFY meter_entry cell 7 reset"


def test_replication_entries_name_their_type():
    u = p4runtime_pb2.Update(type=p4runtime_pb2.Update.INSERT)
    u.entity.packet_replication_engine_entry.multicast_group_entry.multicast_group_id = 3
    assert describe_update(u, None) == "INSERT packet_replication_engine_entry multicast_group_entry"


def test_a_table_the_p4info_cannot_name_still_describes_the_update():
    u = p4runtime_pb2.Update(type=p4runtime_pb2.Update.DELETE)
    u.entity.table_entry.table_id = 12345
    assert describe_update(u, None) == "DELETE table_entry"
