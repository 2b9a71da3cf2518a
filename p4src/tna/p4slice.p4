/*
 * p4slice -- TNA (Intel Tofino native architecture) top level.
 *
 * The slicing logic is ../include/ingress.p4 and ../include/egress.p4, the
 * very controls the bmv2 program runs (same P4Info names: docs/p4-contract.md);
 * this file maps them onto TNA:
 *
 *  - ingress and egress are separate pipelines: what egress needs (ingress
 *    port, slice, ether type after the tag, "this copy was flooded") travels
 *    in a bridged header (bridged_md_t) that egress parses first;
 *  - copy_to_cpu() sets the traffic manager's copy_to_cpu bit (the copy goes
 *    to the CPU port the agent configures in the TM), not a clone session;
 *  - a packet-out bypasses egress;
 *  - direct counters count in the actions of their table.
 *
 * Compiled with bf-p4c by `make -C p4src tofino` for two profiles: the
 * two-pipe chip of the Aurora 710 (CPU port 192) and the four-pipe chip
 * (CPU port 320); the Makefile passes CPU_PORT.
 */
#include <core.p4>
#include <tna.p4>

/* Tofino's CPU (PCIe) port: 192 on two-pipe chips, 320 on four-pipe ones. */
#ifndef CPU_PORT
#define CPU_PORT 192
#endif

#include "../include/defines.p4"

/* What ingress hands to egress, for every frame but a packet-out.  The port
 * sits in the low 9 bits of its 16, as in the intrinsic metadata it is
 * copied from. */
header bridged_md_t {
    bit<7>     _pad0;
    port_num_t ingress_port;
    bit<4>     _pad1;
    slice_id_t slice_id;
    bit<16>    eth_type;
    bit<7>     _pad2;
    bit<1>     flooded;      /* the frame was flooded (multicast group) */
}

#define P4S_ARCH_HEADERS bridged_md_t bridged;
#include "../include/headers.p4"

/* ==========================================================================
 * The TNA adapter of ../include/ingress.p4 and ../include/egress.p4
 * ======================================================================= */
#define P4S_INGRESS_INTRINSICS \
    in ingress_intrinsic_metadata_t ig_intr_md, \
    in ingress_intrinsic_metadata_from_parser_t ig_prsr_md, \
    inout ingress_intrinsic_metadata_for_deparser_t ig_dprsr_md, \
    inout ingress_intrinsic_metadata_for_tm_t ig_tm_md
#define P4S_EGRESS_INTRINSICS \
    in egress_intrinsic_metadata_t eg_intr_md, \
    in egress_intrinsic_metadata_from_parser_t eg_prsr_md, \
    inout egress_intrinsic_metadata_for_deparser_t eg_dprsr_md, \
    inout egress_intrinsic_metadata_for_output_port_t eg_oport_md

#define P4S_DIRECT_COUNTER(c) DirectCounter<bit<64>>(CounterType_t.PACKETS_AND_BYTES) c
#define P4S_DIRECT_COUNT(c) c.count()
#define P4S_SLICE_COUNTER(c) Counter<bit<64>, slice_id_t>(MAX_SLICES, CounterType_t.PACKETS_AND_BYTES) c
#define P4S_SLICE_METER(m) Meter<slice_id_t>(MAX_SLICES, MeterType_t.BYTES) m
#define P4S_METER_COLOR_T bit<8>
#define P4S_METER_GREEN ((bit<8>) MeterColor_t.GREEN)
#define P4S_METER_RED ((bit<8>) MeterColor_t.RED)
#define P4S_METER_EXECUTE(m, i, c) c = m.execute(i)

#define P4S_INGRESS_PORT ig_intr_md.ingress_port
#define P4S_SET_EGRESS_PORT(p) ig_tm_md.ucast_egress_port = (p)
#define P4S_FLOOD(g) \
    ig_tm_md.mcast_grp_a = (g); \
    hdr.bridged.flooded = 1
#define P4S_DROP() ig_dprsr_md.drop_ctl = 1
#define P4S_PUNT_TO_CPU() \
    ig_tm_md.ucast_egress_port = CPU_PORT; \
    ig_tm_md.mcast_grp_a = 0; \
    ig_dprsr_md.drop_ctl = 0
/* drop_ctl 1 (the frame of no slice) drops unicast and multicast copies,
 * not the copy to the CPU. */
#define P4S_COPY_TO_CPU() ig_tm_md.copy_to_cpu = 1
#define P4S_PACKET_OUT() \
    ig_tm_md.ucast_egress_port = hdr.packet_out.egress_port; \
    ig_tm_md.bypass_egress = 1; \
    hdr.packet_out.setInvalid(); \
    hdr.bridged.setInvalid()
#define P4S_BRIDGE_TO_EGRESS() \
    hdr.bridged.slice_id = meta.slice_id; \
    hdr.bridged.eth_type = meta.eth_type

#define P4S_EGRESS_PORT eg_intr_md.egress_port
#define P4S_EGRESS_DROP() eg_dprsr_md.drop_ctl = 1
/* A packet-out bypasses egress. */
#define P4S_IS_PACKET_OUT false
#define P4S_SET_PACKET_IN_PORT() hdr.packet_in.ingress_port = hdr.bridged.ingress_port
#define P4S_IS_FLOOD_COPY_TO_INGRESS_PORT \
    (hdr.bridged.flooded == 1 && eg_intr_md.egress_port == hdr.bridged.ingress_port)

#include "../include/parser.p4"
#include "../include/ingress.p4"
#include "../include/egress.p4"

/* ==========================================================================
 * Ingress parser: intrinsic metadata, [packet_out], the network headers
 * ======================================================================= */
parser P4SliceIngressParser(packet_in packet,
                            out parsed_headers_t hdr,
                            out local_metadata_t meta,
                            out ingress_intrinsic_metadata_t ig_intr_md) {

    P4SliceNetworkParser() network_parser;

    /* TNA does not zero user metadata: every field the pipeline reads
     * before writing is set here. */
    state start {
        packet.extract(ig_intr_md);
        packet.advance(PORT_METADATA_SIZE);
        meta.slice_id = NO_SLICE;
        meta.vlan_id = 0;
        meta.eth_type = 0;
        meta.ip_proto = 0;
        meta.l4_dst_port = 0;
        meta.icmp_type = 0;
        meta.ingress_port = 0;
        meta.flags.transit = false;
        meta.flags.routed_v4 = false;
        hdr.bridged.setValid();
        hdr.bridged._pad0 = 0;
        hdr.bridged.ingress_port = ig_intr_md.ingress_port;
        hdr.bridged._pad1 = 0;
        hdr.bridged._pad2 = 0;
        hdr.bridged.flooded = 0;
        transition select(ig_intr_md.ingress_port) {
            CPU_PORT: parse_packet_out;
            default:  parse_network;
        }
    }

    state parse_packet_out {
        packet.extract(hdr.packet_out);
        transition parse_network;
    }

    state parse_network {
        network_parser.apply(packet, hdr, meta);
        transition accept;
    }
}

control P4SliceIngressDeparser(packet_out packet,
                               inout parsed_headers_t hdr,
                               in local_metadata_t meta,
                               in ingress_intrinsic_metadata_for_deparser_t ig_dprsr_md) {
    apply {
        packet.emit(hdr.bridged);
        packet.emit(hdr.ethernet);
        packet.emit(hdr.vlan_tag);
        packet.emit(hdr.ipv4);
        packet.emit(hdr.ipv6);
        packet.emit(hdr.l4_ports);
    }
}

/* ==========================================================================
 * Egress parser: intrinsic metadata, the bridged header, Ethernet [802.1Q]
 * (the rest of the frame is payload to egress)
 * ======================================================================= */
parser P4SliceEgressParser(packet_in packet,
                           out parsed_headers_t hdr,
                           out local_metadata_t meta,
                           out egress_intrinsic_metadata_t eg_intr_md) {
    state start {
        packet.extract(eg_intr_md);
        packet.extract(hdr.bridged);
        meta.slice_id = hdr.bridged.slice_id;
        meta.eth_type = hdr.bridged.eth_type;
        meta.vlan_id = 0;
        meta.ip_proto = 0;
        meta.l4_dst_port = 0;
        meta.icmp_type = 0;
        meta.ingress_port = 0;
        meta.flags.transit = false;
        meta.flags.routed_v4 = false;
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.ether_type) {
            ETHERTYPE_VLAN: parse_vlan_tag;
            default:        no_vlan_tag;
        }
    }

    state parse_vlan_tag {
        packet.extract(hdr.vlan_tag);
        transition accept;
    }

    /* push_vlan() makes this tag valid: it then carries PCP/DEI 0, as on
     * bmv2. */
    state no_vlan_tag {
        hdr.vlan_tag.pcp = 0;
        hdr.vlan_tag.dei = 0;
        transition accept;
    }
}

control P4SliceEgressDeparser(packet_out packet,
                              inout parsed_headers_t hdr,
                              in local_metadata_t meta,
                              in egress_intrinsic_metadata_for_deparser_t eg_dprsr_md) {
    apply {
        packet.emit(hdr.packet_in);
        packet.emit(hdr.ethernet);
        packet.emit(hdr.vlan_tag);
    }
}

Pipeline(P4SliceIngressParser(),
         P4SliceIngress(),
         P4SliceIngressDeparser(),
         P4SliceEgressParser(),
         P4SliceEgress(),
         P4SliceEgressDeparser()) pipe;

Switch(pipe) main;
