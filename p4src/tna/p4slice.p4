/*
 * p4slice -- TNA (Intel Tofino native architecture) data plane.
 *
 * The same pipeline as v1model/p4slice.p4 and the same P4Info names (see
 * docs/p4-contract.md): the Java side never knows which one it
 * drives.  Tofino-specific differences:
 *
 *  - ingress and egress are separate pipelines: what egress needs (slice,
 *    ingress port, ether type after the tag, packet-out flag) travels in a
 *    bridged header that egress parses first;
 *  - copy_to_cpu() uses the traffic manager's copy_to_cpu bit (the copy goes
 *    to the CPU port configured in the TM), not a clone session;
 *  - direct counters count in the actions that use them; the drop action is
 *    shared by acl and l2_forward, so acl drops are not counted by
 *    acl_counter on Tofino (they are in slice_drop_counter's cell 0);
 *  - a flooded copy is pruned from its ingress port in egress.
 *
 * Compiled by Intel's p4c-tofino / open-source bf-p4c in a lab; here it is
 * type-checked with p4test against the public tna.p4 (p4src/Makefile,
 * target check-tna).
 */
#include <core.p4>
#include <tna.p4>

/* Tofino 1: the CPU (PCIe) port of pipe 0. */
#define CPU_PORT 192

#include "../include/defines.p4"
#include "../include/headers.p4"

/* What ingress hands to egress. */
header bridged_md_t {
    bit<7>     _pad0;
    port_num_t ingress_port;
    bit<4>     _pad1;
    slice_id_t slice_id;
    bit<16>    eth_type;
    bit<7>     _pad2;
    bit<1>     is_packet_out;
}

struct tna_headers_t {
    bridged_md_t     bridged;
    parsed_headers_t net;
}

/* ==========================================================================
 * Ingress parser
 * ======================================================================= */
parser P4SliceIngressParser(packet_in packet,
                            out tna_headers_t hdr,
                            out local_metadata_t meta,
                            out ingress_intrinsic_metadata_t ig_intr_md) {

    state start {
        packet.extract(ig_intr_md);
        packet.advance(PORT_METADATA_SIZE);
        meta.slice_id = NO_SLICE;
        meta.vlan_id = 0;
        meta.ip_proto = 0;
        meta.l4_dst_port = 0;
        meta.ingress_port = ig_intr_md.ingress_port;
        meta.flags.transit = false;
        transition select(ig_intr_md.ingress_port) {
            CPU_PORT: parse_packet_out;
            default:  parse_ethernet;
        }
    }

    state parse_packet_out {
        packet.extract(hdr.net.packet_out);
        transition parse_ethernet;
    }

    state parse_ethernet {
        packet.extract(hdr.net.ethernet);
        meta.eth_type = hdr.net.ethernet.ether_type;
        transition select(hdr.net.ethernet.ether_type) {
            ETHERTYPE_VLAN: parse_vlan_tag;
            default:        parse_l3;
        }
    }

    state parse_vlan_tag {
        packet.extract(hdr.net.vlan_tag);
        meta.vlan_id = hdr.net.vlan_tag.vid;
        meta.eth_type = hdr.net.vlan_tag.ether_type;
        transition parse_l3;
    }

    state parse_l3 {
        transition select(meta.eth_type) {
            ETHERTYPE_IPV4: parse_ipv4;
            ETHERTYPE_IPV6: parse_ipv6;
            default:        accept;
        }
    }

    state parse_ipv4 {
        packet.extract(hdr.net.ipv4);
        meta.ip_proto = hdr.net.ipv4.protocol;
        transition select(hdr.net.ipv4.ihl, hdr.net.ipv4.frag_offset, hdr.net.ipv4.protocol) {
            (4w5, 13w0, IP_PROTO_TCP): parse_l4_ports;
            (4w5, 13w0, IP_PROTO_UDP): parse_l4_ports;
            default:                   accept;
        }
    }

    state parse_ipv6 {
        packet.extract(hdr.net.ipv6);
        meta.ip_proto = hdr.net.ipv6.next_hdr;
        transition select(hdr.net.ipv6.next_hdr) {
            IP_PROTO_TCP: parse_l4_ports;
            IP_PROTO_UDP: parse_l4_ports;
            default:      accept;
        }
    }

    /* TCP and UDP both start with the ports; the rest stays in the payload. */
    state parse_l4_ports {
        packet.extract(hdr.net.l4_ports);
        meta.l4_dst_port = hdr.net.l4_ports.dst_port;
        transition accept;
    }
}

/* ==========================================================================
 * Ingress
 * ======================================================================= */
control P4SliceIngress(inout tna_headers_t hdr,
                       inout local_metadata_t meta,
                       in ingress_intrinsic_metadata_t ig_intr_md,
                       in ingress_intrinsic_metadata_from_parser_t ig_prsr_md,
                       inout ingress_intrinsic_metadata_for_deparser_t ig_dprsr_md,
                       inout ingress_intrinsic_metadata_for_tm_t ig_tm_md) {

    DirectCounter<bit<64>>(CounterType_t.PACKETS_AND_BYTES) slice_classifier_counter;
    DirectCounter<bit<64>>(CounterType_t.PACKETS_AND_BYTES) acl_counter;
    Meter<slice_id_t>(MAX_SLICES, MeterType_t.BYTES) slice_meter;
    Counter<bit<64>, slice_id_t>(MAX_SLICES, CounterType_t.PACKETS_AND_BYTES) slice_rx_counter;
    Counter<bit<64>, slice_id_t>(MAX_SLICES, CounterType_t.PACKETS_AND_BYTES) slice_drop_counter;

    action set_slice(slice_id_t slice_id) {
        meta.slice_id = slice_id;
        slice_classifier_counter.count();
    }

    action set_slice_transit(slice_id_t slice_id) {
        meta.slice_id = slice_id;
        meta.flags.transit = true;
        slice_classifier_counter.count();
    }

    action deny() {
        meta.slice_id = NO_SLICE;
        ig_dprsr_md.drop_ctl = 1;
        slice_classifier_counter.count();
    }

    action set_egress_port(port_num_t port) {
        ig_tm_md.ucast_egress_port = port;
    }

    action flood() {
        ig_tm_md.mcast_grp_a = (bit<16>) meta.slice_id;
    }

    action drop() {
        ig_dprsr_md.drop_ctl = 1;
    }

    action route(port_num_t port, mac_addr_t src_mac, mac_addr_t dst_mac) {
        ig_tm_md.ucast_egress_port = port;
        hdr.net.ethernet.src_addr = src_mac;
        hdr.net.ethernet.dst_addr = dst_mac;
    }

    action punt_to_cpu() {
        ig_tm_md.ucast_egress_port = CPU_PORT;
        ig_tm_md.mcast_grp_a = 0;
        ig_dprsr_md.drop_ctl = 0;
        acl_counter.count();
    }

    action copy_to_cpu() {
        ig_tm_md.copy_to_cpu = 1;
        acl_counter.count();
    }

    action nop() {
        acl_counter.count();
    }

    /* l3 defaults: do nothing (no direct counter on those tables). */
    @name("nop") action l3_nop() { }

    table slice_classifier {
        key = {
            ig_intr_md.ingress_port : exact @name("ingress_port");
            meta.vlan_id            : exact @name("vlan_id");
        }
        actions = {
            set_slice;
            set_slice_transit;
            deny;
        }
        const default_action = deny();
        counters = slice_classifier_counter;
        size = SLICE_CLASSIFIER_SIZE;
    }

    table acl {
        key = {
            ig_intr_md.ingress_port   : ternary @name("ingress_port");
            meta.eth_type             : ternary @name("eth_type");
            hdr.net.ethernet.src_addr : ternary @name("eth_src");
            hdr.net.ethernet.dst_addr : ternary @name("eth_dst");
            meta.ip_proto             : ternary @name("ip_proto");
            meta.l4_dst_port          : ternary @name("l4_dst_port");
        }
        actions = {
            punt_to_cpu;
            copy_to_cpu;
            drop;
            nop;
        }
        const default_action = nop();
        counters = acl_counter;
        size = ACL_SIZE;
    }

    table l3_forward_v4 {
        key = {
            meta.slice_id         : exact @name("slice_id");
            hdr.net.ipv4.dst_addr : lpm   @name("ipv4_dst");
        }
        actions = {
            route;
            @defaultonly l3_nop;
        }
        const default_action = l3_nop();
        size = L3_FORWARD_SIZE;
    }

    table l3_forward_v6 {
        key = {
            meta.slice_id         : exact @name("slice_id");
            hdr.net.ipv6.dst_addr : lpm   @name("ipv6_dst");
        }
        actions = {
            route;
            @defaultonly l3_nop;
        }
        const default_action = l3_nop();
        size = L3_FORWARD_SIZE;
    }

    table l2_forward {
        key = {
            meta.slice_id             : exact @name("slice_id");
            hdr.net.ethernet.dst_addr : exact @name("eth_dst");
        }
        actions = {
            set_egress_port;
            flood;
            drop;
        }
        const default_action = flood();
        size = L2_FORWARD_SIZE;
    }

    apply {
        bit<8> color = (bit<8>) MeterColor_t.GREEN;
        bool routed = false;
        bool punted = false;     /* acl punt_to_cpu() */
        bool dropped = false;    /* acl drop() */

        hdr.bridged.setValid();
        hdr.bridged._pad0 = 0;
        hdr.bridged._pad1 = 0;
        hdr.bridged._pad2 = 0;
        hdr.bridged.ingress_port = ig_intr_md.ingress_port;
        hdr.bridged.is_packet_out = 0;

        /* 1. Packet-out from ONOS: to the requested port as is. */
        if (hdr.net.packet_out.isValid()) {
            ig_tm_md.ucast_egress_port = hdr.net.packet_out.egress_port;
            hdr.net.packet_out.setInvalid();
            hdr.bridged.is_packet_out = 1;
            hdr.bridged.slice_id = NO_SLICE;
            hdr.bridged.eth_type = meta.eth_type;
            ig_tm_md.bypass_egress = 1;
        } else {
            /* 2. Slice classification, then the ACL (which may override). */
            slice_classifier.apply();
            switch (acl.apply().action_run) {
                punt_to_cpu: { punted = true; }
                drop:        { dropped = true; }
            }
            hdr.bridged.slice_id = meta.slice_id;
            hdr.bridged.eth_type = meta.eth_type;

            if (meta.slice_id == NO_SLICE) {
                slice_rx_counter.count(NO_SLICE);
                if (!punted) {
                    slice_drop_counter.count(NO_SLICE);
                    ig_dprsr_md.drop_ctl = 1;
                }
            } else {
                /* 3. The slice's offered load, before the meter. */
                slice_rx_counter.count(meta.slice_id);
                if (!punted && !dropped) {
                    /* 4. Quota, where the frame entered the testbed. */
                    if (!meta.flags.transit) {
                        color = slice_meter.execute(meta.slice_id);
                    }
                    if (color == (bit<8>) MeterColor_t.RED) {
                        slice_drop_counter.count(meta.slice_id);
                        ig_dprsr_md.drop_ctl = 1;
                    } else {
                        /* 5. Routing inside the slice, then bridging. */
                        if (hdr.net.ipv4.isValid()) {
                            if (l3_forward_v4.apply().hit) {
                                routed = true;
                                if (hdr.net.ipv4.ttl <= 1) {
                                    ig_dprsr_md.drop_ctl = 1;
                                }
                                hdr.net.ipv4.ttl = hdr.net.ipv4.ttl - 1;
                            }
                        } else if (hdr.net.ipv6.isValid()) {
                            if (l3_forward_v6.apply().hit) {
                                routed = true;
                                if (hdr.net.ipv6.hop_limit <= 1) {
                                    ig_dprsr_md.drop_ctl = 1;
                                }
                                hdr.net.ipv6.hop_limit = hdr.net.ipv6.hop_limit - 1;
                            }
                        }
                        if (!routed) {
                            l2_forward.apply();
                        }
                    }
                }
            }
        }
    }
}

/* Recomputes the IPv4 header checksum (the TTL may have changed). */
control P4SliceIngressDeparser(packet_out packet,
                               inout tna_headers_t hdr,
                               in local_metadata_t meta,
                               in ingress_intrinsic_metadata_for_deparser_t ig_dprsr_md) {
    Checksum() ipv4_checksum;

    apply {
        if (hdr.net.ipv4.isValid()) {
            hdr.net.ipv4.hdr_checksum = ipv4_checksum.update({
                hdr.net.ipv4.version, hdr.net.ipv4.ihl, hdr.net.ipv4.dscp, hdr.net.ipv4.ecn,
                hdr.net.ipv4.total_len, hdr.net.ipv4.identification, hdr.net.ipv4.flags,
                hdr.net.ipv4.frag_offset, hdr.net.ipv4.ttl, hdr.net.ipv4.protocol,
                hdr.net.ipv4.src_addr, hdr.net.ipv4.dst_addr});
        }
        packet.emit(hdr.bridged);
        packet.emit(hdr.net.ethernet);
        packet.emit(hdr.net.vlan_tag);
        packet.emit(hdr.net.ipv4);
        packet.emit(hdr.net.ipv6);
        packet.emit(hdr.net.l4_ports);
    }
}

/* ==========================================================================
 * Egress
 * ======================================================================= */
parser P4SliceEgressParser(packet_in packet,
                           out tna_headers_t hdr,
                           out local_metadata_t meta,
                           out egress_intrinsic_metadata_t eg_intr_md) {
    state start {
        packet.extract(eg_intr_md);
        packet.extract(hdr.bridged);
        meta.slice_id = hdr.bridged.slice_id;
        meta.ingress_port = hdr.bridged.ingress_port;
        meta.eth_type = hdr.bridged.eth_type;
        meta.vlan_id = 0;
        meta.ip_proto = 0;
        meta.l4_dst_port = 0;
        meta.flags.transit = false;
        packet.extract(hdr.net.ethernet);
        transition select(hdr.net.ethernet.ether_type) {
            ETHERTYPE_VLAN: parse_vlan_tag;
            default:        accept;
        }
    }

    state parse_vlan_tag {
        packet.extract(hdr.net.vlan_tag);
        transition accept;
    }
}

control P4SliceEgress(inout tna_headers_t hdr,
                      inout local_metadata_t meta,
                      in egress_intrinsic_metadata_t eg_intr_md,
                      in egress_intrinsic_metadata_from_parser_t eg_prsr_md,
                      inout egress_intrinsic_metadata_for_deparser_t eg_dprsr_md,
                      inout egress_intrinsic_metadata_for_output_port_t eg_oport_md) {

    Counter<bit<64>, slice_id_t>(MAX_SLICES, CounterType_t.PACKETS_AND_BYTES) slice_tx_counter;

    action push_vlan(vlan_id_t vlan_id) {
        hdr.net.vlan_tag.setValid();
        hdr.net.vlan_tag.ether_type = meta.eth_type;
        hdr.net.ethernet.ether_type = ETHERTYPE_VLAN;
        hdr.net.vlan_tag.vid = vlan_id;
    }

    action pop_vlan() {
        hdr.net.ethernet.ether_type = meta.eth_type;
        hdr.net.vlan_tag.setInvalid();
    }

    action drop() {
        eg_dprsr_md.drop_ctl = 1;
    }

    table egress_vlan {
        key = {
            eg_intr_md.egress_port : exact @name("egress_port");
            meta.slice_id          : exact @name("slice_id");
        }
        actions = {
            push_vlan;
            pop_vlan;
            @defaultonly drop;
        }
        const default_action = drop();
        size = EGRESS_VLAN_SIZE;
    }

    apply {
        bool is_packet_out = hdr.bridged.is_packet_out == 1;
        hdr.bridged.setInvalid();
        if (is_packet_out) {
            /* leaves exactly as ONOS built it */
        } else if (eg_intr_md.egress_port == CPU_PORT) {
            hdr.net.packet_in.setValid();
            hdr.net.packet_in.ingress_port = meta.ingress_port;
            hdr.net.packet_in._pad = 0;
        } else if (eg_intr_md.egress_port == meta.ingress_port) {
            /* a flooded copy never goes back out of its ingress port */
            eg_dprsr_md.drop_ctl = 1;
        } else {
            switch (egress_vlan.apply().action_run) {
                push_vlan:
                pop_vlan: {
                    slice_tx_counter.count(meta.slice_id);
                }
            }
        }
    }
}

control P4SliceEgressDeparser(packet_out packet,
                              inout tna_headers_t hdr,
                              in local_metadata_t meta,
                              in egress_intrinsic_metadata_for_deparser_t eg_dprsr_md) {
    apply {
        packet.emit(hdr.net.packet_in);
        packet.emit(hdr.net.ethernet);
        packet.emit(hdr.net.vlan_tag);
    }
}

Pipeline(P4SliceIngressParser(),
         P4SliceIngress(),
         P4SliceIngressDeparser(),
         P4SliceEgressParser(),
         P4SliceEgress(),
         P4SliceEgressDeparser()) pipe;

Switch(pipe) main;
