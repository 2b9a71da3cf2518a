/*
 * Plain L2 forwarding on v1model: the baseline the testbed's validation
 * suite compares p4slice against (latency and loss-free throughput on the
 * same bmv2, measured side by side; mininet-tests/).
 *
 * One exact-match table on the destination MAC sets the egress port; a miss
 * drops the frame. No slices, meters, counters or VLAN handling: what is
 * left is bmv2's fixed per-packet cost plus one table lookup.
 */
#include <core.p4>
#include <v1model.p4>

typedef bit<9>  port_num_t;
typedef bit<48> mac_addr_t;

header ethernet_t {
    mac_addr_t dst_addr;
    mac_addr_t src_addr;
    bit<16>    ether_type;
}

struct headers_t {
    ethernet_t ethernet;
}

struct metadata_t {
}

parser PlainParser(packet_in packet, out headers_t hdr, inout metadata_t meta,
                   inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition accept;
    }
}

control PlainVerifyChecksum(inout headers_t hdr, inout metadata_t meta) {
    apply { }
}

control PlainIngress(inout headers_t hdr, inout metadata_t meta,
                     inout standard_metadata_t standard_metadata) {
    action set_egress_port(port_num_t port) {
        standard_metadata.egress_spec = port;
    }

    action drop() {
        mark_to_drop(standard_metadata);
    }

    table l2_forward {
        key = {
            hdr.ethernet.dst_addr : exact @name("eth_dst");
        }
        actions = {
            set_egress_port;
            @defaultonly drop;
        }
        const default_action = drop();
        size = 1024;
    }

    apply {
        l2_forward.apply();
    }
}

control PlainEgress(inout headers_t hdr, inout metadata_t meta,
                    inout standard_metadata_t standard_metadata) {
    apply { }
}

control PlainComputeChecksum(inout headers_t hdr, inout metadata_t meta) {
    apply { }
}

control PlainDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.ethernet);
    }
}

V1Switch(PlainParser(), PlainVerifyChecksum(), PlainIngress(), PlainEgress(),
         PlainComputeChecksum(), PlainDeparser()) main;
