/*
 * Port 1 <-> port 2 on v1model, no tables: the floor of the data-plane
 * benchmark (mininet-tests: make bench).  What is left is bmv2's fixed
 * per-packet cost (parse Ethernet, one assignment, deparse).
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

parser SwapParser(packet_in packet, out headers_t hdr, inout metadata_t meta,
                  inout standard_metadata_t standard_metadata) {
    state start {
        packet.extract(hdr.ethernet);
        transition accept;
    }
}

control SwapVerifyChecksum(inout headers_t hdr, inout metadata_t meta) {
    apply { }
}

control SwapIngress(inout headers_t hdr, inout metadata_t meta,
                    inout standard_metadata_t standard_metadata) {
    apply {
        /* 1 -> 2, 2 -> 1 (any other port: 3 - port, unused by the bench) */
        standard_metadata.egress_spec = 3 - standard_metadata.ingress_port;
    }
}

control SwapEgress(inout headers_t hdr, inout metadata_t meta,
                   inout standard_metadata_t standard_metadata) {
    apply { }
}

control SwapComputeChecksum(inout headers_t hdr, inout metadata_t meta) {
    apply { }
}

control SwapDeparser(packet_out packet, in headers_t hdr) {
    apply {
        packet.emit(hdr.ethernet);
    }
}

V1Switch(SwapParser(), SwapVerifyChecksum(), SwapIngress(), SwapEgress(),
         SwapComputeChecksum(), SwapDeparser()) main;
