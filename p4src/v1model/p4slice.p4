/*
 * p4slice -- v1model (bmv2 simple_switch_grpc) top level.
 *
 * Turns a P4 switch into a shared testbed: every experiment owns a *slice*,
 * i.e. a VLAN id, a set of switch ports and a bandwidth quota.  The slicing
 * logic (classifier, acl, meter, counters, L3/L2 forwarding, egress VLAN) is
 * written once in ../include/ and shared with the Tofino program
 * (../tna/p4slice.p4); this file maps it onto v1model: the adapter macros
 * ingress.p4 and egress.p4 list, the parser prefix, the deparser and the
 * package.  Names and semantics: docs/p4-contract.md.
 */
#include <core.p4>
/* v1model with typed counter/meter indices (counter<I>, meter<I>): the
 * slice id indexes them as it is, without a 32-bit copy per packet. */
#define V1MODEL_VERSION 20200408
#include <v1model.p4>

#include "../include/defines.p4"
#include "../include/headers.p4"

/* standard_metadata.instance_type of the copies made by the multicast
 * engine (bmv2 simple_switch PKT_INSTANCE_TYPE_REPLICATION). */
const bit<32> BMV2_INSTANCE_TYPE_REPLICATION = 5;
/* ... and of the clones made by copy_to_cpu() (PKT_INSTANCE_TYPE_INGRESS_CLONE). */
const bit<32> BMV2_INSTANCE_TYPE_INGRESS_CLONE = 1;

/* ==========================================================================
 * The v1model adapter of ../include/ingress.p4 and ../include/egress.p4
 * ======================================================================= */
#define P4S_INGRESS_INTRINSICS inout standard_metadata_t standard_metadata
#define P4S_EGRESS_INTRINSICS  inout standard_metadata_t standard_metadata

/* bmv2 counts every hit of a direct counter by itself. */
#define P4S_DIRECT_COUNTER(c) direct_counter(CounterType.packets_and_bytes) c
#define P4S_DIRECT_COUNT(c)
#define P4S_SLICE_COUNTER(c) counter<slice_id_t>(MAX_SLICES, CounterType.packets_and_bytes) c
#define P4S_SLICE_METER(m) meter<slice_id_t>(MAX_SLICES, MeterType.bytes) m
#define P4S_METER_COLOR_T bit<2>
#define P4S_METER_GREEN V1MODEL_METER_COLOR_GREEN
#define P4S_METER_RED V1MODEL_METER_COLOR_RED
#define P4S_METER_EXECUTE(m, i, c) m.execute_meter<bit<2>>(i, c)

#define P4S_INGRESS_PORT standard_metadata.ingress_port
#define P4S_SET_EGRESS_PORT(p) standard_metadata.egress_spec = (p)
#define P4S_FLOOD(g) standard_metadata.mcast_grp = (g)
/* mark_to_drop sets egress_spec to the drop port; punt_to_cpu() overrides it. */
#define P4S_DROP() mark_to_drop(standard_metadata)
#define P4S_PUNT_TO_CPU() \
    standard_metadata.egress_spec = CPU_PORT; \
    standard_metadata.mcast_grp = 0
/* An ingress-to-egress clone into session CPU_CLONE_SESSION_ID (whose one
 * replica the control plane makes the CPU port), carrying the ingress port in
 * meta.ingress_port (preserved field list: older bmv2 did not keep
 * standard_metadata.ingress_port in clones). */
#define P4S_COPY_TO_CPU() \
    meta.ingress_port = standard_metadata.ingress_port; \
    clone_preserving_field_list(CloneType.I2E, (bit<32>) CPU_CLONE_SESSION_ID, FL_CPU_CLONE)
/* Egress recognises a packet-out by its packet_out header (never emitted). */
#define P4S_PACKET_OUT() standard_metadata.egress_spec = hdr.packet_out.egress_port
#define P4S_BRIDGE_TO_EGRESS()

#define P4S_EGRESS_PORT standard_metadata.egress_port
#define P4S_EGRESS_DROP() mark_to_drop(standard_metadata)
#define P4S_IS_PACKET_OUT hdr.packet_out.isValid()
#define P4S_SET_PACKET_IN_PORT() \
    hdr.packet_in.ingress_port = standard_metadata.ingress_port; \
    if (standard_metadata.instance_type == BMV2_INSTANCE_TYPE_INGRESS_CLONE) { \
        hdr.packet_in.ingress_port = meta.ingress_port; \
    }
#define P4S_IS_FLOOD_COPY_TO_INGRESS_PORT \
    (standard_metadata.instance_type == BMV2_INSTANCE_TYPE_REPLICATION \
     && standard_metadata.egress_port == standard_metadata.ingress_port)

#include "../include/parser.p4"
#include "../include/ingress.p4"
#include "../include/egress.p4"

/* ==========================================================================
 * Parser: [packet_out] then the network headers (../include/parser.p4)
 * ======================================================================= */
parser P4SliceParser(packet_in packet,
                     out parsed_headers_t hdr,
                     inout local_metadata_t meta,
                     inout standard_metadata_t standard_metadata) {

    P4SliceNetworkParser() network_parser;

    /*
     * User metadata is not initialised here: bmv2 simple_switch sets every
     * metadata field to 0 before it parses a packet (PHV::reset_metadata),
     * so vlan_id, ip_proto and l4_dst_port are 0 unless the network parser
     * sets them, as the acl and the classifier expect.
     */
    state start {
        transition select(standard_metadata.ingress_port) {
            CPU_PORT: parse_packet_out;
            default:  parse_network;
        }
    }

    /* Frames from the controller carry the packet_out header first. */
    state parse_packet_out {
        packet.extract(hdr.packet_out);
        transition parse_network;
    }

    state parse_network {
        network_parser.apply(packet, hdr, meta);
        transition accept;
    }
}

/* ==========================================================================
 * Checksums: nothing to verify; the IPv4 header checksum is updated
 * incrementally in ingress when the TTL is decremented (so packets with IP
 * options stay correct too).
 * ======================================================================= */
control P4SliceVerifyChecksum(inout parsed_headers_t hdr,
                              inout local_metadata_t meta) {
    apply { }
}

control P4SliceComputeChecksum(inout parsed_headers_t hdr,
                               inout local_metadata_t meta) {
    apply { }
}

/* ==========================================================================
 * Deparser: packet_in (to ONOS only), then the network headers.
 * ======================================================================= */
control P4SliceDeparser(packet_out packet, in parsed_headers_t hdr) {
    apply {
        packet.emit(hdr.packet_in);
        packet.emit(hdr.ethernet);
        packet.emit(hdr.vlan_tag);
        packet.emit(hdr.ipv4);
        packet.emit(hdr.ipv6);
        packet.emit(hdr.l4_ports);
    }
}

V1Switch(P4SliceParser(),
         P4SliceVerifyChecksum(),
         P4SliceIngress(),
         P4SliceEgress(),
         P4SliceComputeChecksum(),
         P4SliceDeparser()) main;
