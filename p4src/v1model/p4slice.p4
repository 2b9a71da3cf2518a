/*
 * p4slice -- v1model (bmv2 simple_switch_grpc) data plane.
 *
 * Turns a P4 switch into a shared testbed: every experiment owns a *slice*,
 * i.e. a VLAN id, a set of switch ports and a bandwidth quota.  The pipeline
 *
 *   parse -> slice_classifier -> acl -> slice meter (RED -> drop)
 *         -> l3_forward_v4 / l3_forward_v6 (miss falls through)
 *         -> l2_forward -> replication -> egress_vlan
 *
 * classifies every frame into its slice by (ingress port, VLAN id), lets the
 * ACL punt/copy control traffic (LLDP, BDDP, ARP) to ONOS, polices the
 * slice's quota with one meter cell per slice where the frame enters the
 * testbed (not again on a transit switch: set_slice_transit), forwards only inside the
 * slice, and tags/untags the frame on the way out.  A frame never leaves by
 * a port that has no egress_vlan entry for its slice (isolation guard).
 *
 * Every P4Info name below is part of the contract in
 * docs/p4-contract.md and has a Java constant in the pipeconf;
 * the TNA program must expose the same names.  Do not rename or add
 * P4Info entities without updating the contract.
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
 * Parser: [packet_out] ethernet [802.1Q] [ipv4 | ipv6] [tcp | udp]
 * ======================================================================= */
parser P4SliceParser(packet_in packet,
                     out parsed_headers_t hdr,
                     inout local_metadata_t meta,
                     inout standard_metadata_t standard_metadata) {

    /*
     * User metadata is not initialised here: bmv2 simple_switch sets every
     * metadata field to 0 before it parses a packet (PHV::reset_metadata),
     * so vlan_id, ip_proto and l4_dst_port are 0 unless a state below sets
     * them, as the acl and the classifier expect.
     */
    state start {
        transition select(standard_metadata.ingress_port) {
            CPU_PORT: parse_packet_out;
            default:  parse_ethernet;
        }
    }

    /* Frames from the controller carry the packet_out header first. */
    state parse_packet_out {
        packet.extract(hdr.packet_out);
        transition parse_ethernet;
    }

    state parse_ethernet {
        packet.extract(hdr.ethernet);
        meta.eth_type = hdr.ethernet.ether_type;
        transition select(hdr.ethernet.ether_type) {
            ETHERTYPE_VLAN: parse_vlan_tag;
            ETHERTYPE_IPV4: parse_ipv4;
            ETHERTYPE_IPV6: parse_ipv6;
            default:        accept;
        }
    }

    /*
     * One 802.1Q tag.  A priority tag (vid 0) gives vlan_id 0, the same key
     * as an untagged frame, so the classifier treats it as untagged.  The
     * tag itself is kept (not stripped in ingress): every frame that leaves
     * for a slice goes through egress_vlan, where pop_vlan() removes it on
     * access ports and push_vlan() rewrites its vid (keeping the PCP) on
     * trunks; frames punted/copied to ONOS arrive exactly as received.
     * A second tag (QinQ) is not parsed: the frame's L3 is not looked at.
     */
    state parse_vlan_tag {
        packet.extract(hdr.vlan_tag);
        meta.vlan_id = hdr.vlan_tag.vid;
        meta.eth_type = hdr.vlan_tag.ether_type;
        transition select(hdr.vlan_tag.ether_type) {
            ETHERTYPE_IPV4: parse_ipv4;
            ETHERTYPE_IPV6: parse_ipv6;
            default:        accept;
        }
    }

    /* L4 is parsed only for unfragmented-or-first fragments without IP
     * options; other IPv4 packets have l4_dst_port 0 in the acl. */
    state parse_ipv4 {
        packet.extract(hdr.ipv4);
        meta.ip_proto = hdr.ipv4.protocol;
        transition select(hdr.ipv4.ihl, hdr.ipv4.frag_offset, hdr.ipv4.protocol) {
            (4w5, 13w0, IP_PROTO_TCP): parse_l4_ports;
            (4w5, 13w0, IP_PROTO_UDP): parse_l4_ports;
            default:                   accept;
        }
    }

    /* Extension headers are not walked: L4 only right after the fixed
     * header. */
    state parse_ipv6 {
        packet.extract(hdr.ipv6);
        meta.ip_proto = hdr.ipv6.next_hdr;
        transition select(hdr.ipv6.next_hdr) {
            IP_PROTO_TCP: parse_l4_ports;
            IP_PROTO_UDP: parse_l4_ports;
            default:      accept;
        }
    }

    /* TCP and UDP both start with the source and destination ports. */
    state parse_l4_ports {
        packet.extract(hdr.l4_ports);
        meta.l4_dst_port = hdr.l4_ports.dst_port;
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
 * Ingress
 * ======================================================================= */
control P4SliceIngress(inout parsed_headers_t hdr,
                       inout local_metadata_t meta,
                       inout standard_metadata_t standard_metadata) {

    /* ---------------------------------------------------------------- *
     * Per-slice resources, one cell per slice id (cell 0 = no slice).   *
     * ---------------------------------------------------------------- */

    /* Hits of each slice_classifier entry, i.e. traffic entering a slice
     * by one (port, VLAN) binding.  bmv2 counts every hit by itself. */
    direct_counter(CounterType.packets_and_bytes) slice_classifier_counter;

    /* Hits of each acl entry (e.g. LLDP/ARP sent to ONOS). */
    direct_counter(CounterType.packets_and_bytes) acl_counter;

    /* The slice's bandwidth quota: two-rate three-colour meter in bytes.
     * The app writes CIR = PIR = quota (bytes/s), CBS = PBS = burst
     * (bytes), so RED means "above quota" and is dropped; YELLOW passes.
     * An unconfigured cell returns GREEN (no quota). */
    meter<slice_id_t>(MAX_SLICES, MeterType.bytes) slice_meter;

    /* Every packet classified into the slice, counted before the meter
     * (the slice's offered load).  Cell 0 counts the packets that matched
     * no slice (including those the acl punts or copies to ONOS). */
    counter<slice_id_t>(MAX_SLICES, CounterType.packets_and_bytes) slice_rx_counter;

    /* Packets of the slice dropped by its meter (above quota).  Cell 0
     * counts the packets that matched no slice and were dropped by the
     * classifier's deny (or the acl), i.e. not punted to ONOS. */
    counter<slice_id_t>(MAX_SLICES, CounterType.packets_and_bytes) slice_drop_counter;

    /* ---------------------------------------------------------------- *
     * Actions                                                           *
     * ---------------------------------------------------------------- */

    /* slice_classifier: the frame belongs to slice `slice_id`. */
    action set_slice(slice_id_t slice_id) {
        meta.slice_id = slice_id;
    }

    /* slice_classifier, on the ports of inter-switch links: the frame
     * belongs to slice `slice_id` and was already metered by the switch
     * where it entered the testbed. */
    action set_slice_transit(slice_id_t slice_id) {
        meta.slice_id = slice_id;
        meta.flags.transit = true;
    }

    /* slice_classifier default: the (port, VLAN) belongs to no slice, drop
     * the frame.  An acl punt_to_cpu()/copy_to_cpu() still reaches ONOS. */
    action deny() {
        meta.slice_id = NO_SLICE;
        mark_to_drop(standard_metadata);
    }

    /* l2_forward: known destination MAC of the slice, unicast to `port`. */
    action set_egress_port(port_num_t port) {
        standard_metadata.egress_spec = port;
    }

    /* l2_forward default: unknown/broadcast destination, replicate to all
     * the slice's ports on this device (multicast group id = slice id;
     * the ingress port is pruned in egress). */
    action flood() {
        standard_metadata.mcast_grp = (bit<16>) meta.slice_id;
    }

    /* acl / l2_forward: drop the frame; in the acl it also skips meter and
     * forwarding. */
    action drop() {
        mark_to_drop(standard_metadata);
    }

    /* l3_forward_v4/_v6: route inside the slice: next hop on `port`, MACs
     * rewritten to (src_mac = router MAC, dst_mac = next hop).  The apply
     * block then decrements TTL / hop limit. */
    action route(port_num_t port, mac_addr_t src_mac, mac_addr_t dst_mac) {
        standard_metadata.egress_spec = port;
        hdr.ethernet.src_addr = src_mac;
        hdr.ethernet.dst_addr = dst_mac;
    }

    /* acl: send the frame to ONOS only (packet-in), whether or not it
     * belongs to a slice; skips meter and forwarding. */
    action punt_to_cpu() {
        standard_metadata.egress_spec = CPU_PORT;
        standard_metadata.mcast_grp = 0;
    }

    /* acl: send a copy to ONOS (clone session CPU_CLONE_SESSION_ID, which
     * must have the CPU port as its replica) and keep processing the
     * original.  The ingress port travels with the clone (field list). */
    action copy_to_cpu() {
        meta.ingress_port = standard_metadata.ingress_port;
        clone_preserving_field_list(CloneType.I2E,
                                    (bit<32>) CPU_CLONE_SESSION_ID,
                                    FL_CPU_CLONE);
    }

    /* acl default / l3 default: do nothing. */
    action nop() { }

    /* ---------------------------------------------------------------- *
     * Tables                                                            *
     * ---------------------------------------------------------------- */

    /*
     * Which slice does a frame belong to?  One entry per (port, VLAN)
     * binding of a slice on this device: access ports match vlan_id 0
     * (untagged or priority-tagged), trunks match the slice's VLAN.
     * The default deny() is constant: traffic of no slice never gets in.
     * Size: see SLICE_CLASSIFIER_SIZE in defines.p4.
     */
    table slice_classifier {
        key = {
            standard_metadata.ingress_port : exact @name("ingress_port");
            meta.vlan_id                   : exact @name("vlan_id");
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

    /*
     * ONOS packet requests (LLDP, BDDP, ARP ...) written by the pipeliner,
     * and operator filters.  punt_to_cpu()/copy_to_cpu() override the
     * classifier's deny; drop() overrides forwarding.  eth_type is the
     * type after the VLAN tag.  Size: see ACL_SIZE in defines.p4.
     */
    table acl {
        key = {
            standard_metadata.ingress_port : ternary @name("ingress_port");
            meta.eth_type                  : ternary @name("eth_type");
            hdr.ethernet.src_addr          : ternary @name("eth_src");
            hdr.ethernet.dst_addr          : ternary @name("eth_dst");
            meta.ip_proto                  : ternary @name("ip_proto");
            meta.l4_dst_port               : ternary @name("l4_dst_port");
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

    /* IPv4 routes of a slice (longest prefix match on the destination).
     * A miss falls through to l2_forward.  Size: L3_FORWARD_SIZE. */
    table l3_forward_v4 {
        key = {
            meta.slice_id     : exact @name("slice_id");
            hdr.ipv4.dst_addr : lpm   @name("ipv4_dst");
        }
        actions = {
            route;
            @defaultonly nop;
        }
        const default_action = nop();
        size = L3_FORWARD_SIZE;
    }

    /* IPv6 routes of a slice, as l3_forward_v4. */
    table l3_forward_v6 {
        key = {
            meta.slice_id     : exact @name("slice_id");
            hdr.ipv6.dst_addr : lpm   @name("ipv6_dst");
        }
        actions = {
            route;
            @defaultonly nop;
        }
        const default_action = nop();
        size = L3_FORWARD_SIZE;
    }

    /* Bridging inside a slice: (slice, destination MAC) -> port.  Unknown
     * destinations are flooded to the slice's ports only.  Size:
     * L2_FORWARD_SIZE. */
    table l2_forward {
        key = {
            meta.slice_id         : exact @name("slice_id");
            hdr.ethernet.dst_addr : exact @name("eth_dst");
        }
        actions = {
            set_egress_port;
            flood;
            drop;
        }
        const default_action = flood();
        size = L2_FORWARD_SIZE;
    }

    /*
     * The apply block is written for bmv2's cost model: every metadata
     * field (locals and temporaries included) is reset for every packet,
     * every field write and condition is interpreted, so it keeps no flag
     * it can read from elsewhere (acl verdict: action_run; packet-out: its
     * header), no return (p4c turns returns into a flag tested after every
     * statement) and no casts (typed counter/meter indices).
     */
    apply {
        /* 1. Packet-out from ONOS: to the requested port as is (egress
         * recognises it by its packet_out header, which is never emitted). */
        if (hdr.packet_out.isValid()) {
            standard_metadata.egress_spec = hdr.packet_out.egress_port;
        } else {
            /* 2. Slice classification, then the ACL (which may override).
             * 3. Every frame is accounted in its slice's offered load
             * (cell 0: no slice), before the meter. */
            slice_classifier.apply();
            switch (acl.apply().action_run) {
                punt_to_cpu: {
                    /* To ONOS only (whether or not in a slice): no meter, no
                     * forwarding. */
                    slice_rx_counter.count(meta.slice_id);
                }
                drop: {
                    slice_rx_counter.count(meta.slice_id);
                    if (meta.slice_id == NO_SLICE) {
                        slice_drop_counter.count(NO_SLICE);
                    }
                }
                default: {
                    slice_rx_counter.count(meta.slice_id);
                    if (meta.slice_id == NO_SLICE) {
                        /* No slice: dropped (an acl copy_to_cpu() still
                         * reaches ONOS). */
                        slice_drop_counter.count(NO_SLICE);
                        mark_to_drop(standard_metadata);
                    } else {
                        /* 4. Quota: RED (above the slice's rate) is dropped
                         * and counted.  Transit traffic was metered where
                         * it entered the testbed. */
                        bit<2> color = V1MODEL_METER_COLOR_GREEN;
                        if (!meta.flags.transit) {
                            slice_meter.execute_meter<bit<2>>(meta.slice_id, color);
                        }
                        if (color == V1MODEL_METER_COLOR_RED) {
                            slice_drop_counter.count(meta.slice_id);
                            mark_to_drop(standard_metadata);
                        } else {
                            /* 5. Routing inside the slice; a miss falls
                             * through to bridging (6, default: flood to the
                             * slice).  A routed packet whose TTL / hop limit
                             * would expire is dropped (no ICMP). */
                            if (hdr.ipv4.isValid()) {
                                if (l3_forward_v4.apply().hit) {
                                    if (hdr.ipv4.ttl <= 1) {
                                        mark_to_drop(standard_metadata);
                                    } else {
                                        hdr.ipv4.ttl = hdr.ipv4.ttl - 1;
                                        /* RFC 1624 eqn. 3: HC' = ~(~HC + ~m + m'); TTL
                                         * is the high byte of m, so ~m + m' = 0xfeff
                                         * (one's complement sum). */
                                        bit<17> sum = ((bit<17>) ~hdr.ipv4.hdr_checksum) + 17w0xfeff;
                                        hdr.ipv4.hdr_checksum = ~(sum[15:0] + (bit<16>) sum[16:16]);
                                    }
                                } else {
                                    l2_forward.apply();
                                }
                            } else if (hdr.ipv6.isValid()) {
                                if (l3_forward_v6.apply().hit) {
                                    if (hdr.ipv6.hop_limit <= 1) {
                                        mark_to_drop(standard_metadata);
                                    } else {
                                        hdr.ipv6.hop_limit = hdr.ipv6.hop_limit - 1;
                                    }
                                } else {
                                    l2_forward.apply();
                                }
                            } else {
                                l2_forward.apply();
                            }
                        }
                    }
                }
            }
        }
    }
}

/* ==========================================================================
 * Egress
 * ======================================================================= */
control P4SliceEgress(inout parsed_headers_t hdr,
                      inout local_metadata_t meta,
                      inout standard_metadata_t standard_metadata) {

    /* Every copy that actually leaves the switch for the slice (after
     * egress_vlan, not the copies it drops): the slice's delivered load. */
    counter<slice_id_t>(MAX_SLICES, CounterType.packets_and_bytes) slice_tx_counter;

    /* egress_vlan on a trunk port: the frame leaves tagged with the slice's
     * VLAN (tag added, or its vid rewritten if the frame is tagged). */
    action push_vlan(vlan_id_t vlan_id) {
        /* p4c-bm2-ss rejects conditionals in actions, so no isValid()
         * test: setValid() compiles to bmv2 add_header, which leaves a
         * valid (parsed) tag untouched -- its PCP/DEI are kept -- and
         * zeroes an invalid one before making it valid (PCP/DEI 0).  The
         * ether types are the same whether a tag was present or not,
         * since meta.eth_type is the type after the tag. */
        hdr.vlan_tag.setValid();
        hdr.vlan_tag.ether_type = meta.eth_type;
        hdr.ethernet.ether_type = ETHERTYPE_VLAN;
        hdr.vlan_tag.vid = vlan_id;
    }

    /* egress_vlan on an access port of the slice: the frame leaves
     * untagged (a tag, priority tag included, is removed). */
    action pop_vlan() {
        hdr.ethernet.ether_type = meta.eth_type;
        hdr.vlan_tag.setInvalid();
    }

    /* egress_vlan default: the port is not in the packet's slice. */
    action drop() {
        mark_to_drop(standard_metadata);
    }

    /*
     * Isolation guard and VLAN tagging: one entry per (port, slice)
     * membership of this device; push_vlan(vid) on trunks, pop_vlan() on
     * access ports.  The constant default drop() holds whatever a
     * forwarding entry or multicast group says: no frame of a slice leaves
     * by a port that is not the slice's.  Size: EGRESS_VLAN_SIZE.
     */
    table egress_vlan {
        key = {
            standard_metadata.egress_port : exact @name("egress_port");
            meta.slice_id                 : exact @name("slice_id");
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
        if (hdr.packet_out.isValid()) {
            /* Packet-out from ONOS: leaves exactly as ONOS built it (the
             * deparser never emits packet_out). */
        } else if (standard_metadata.egress_port == CPU_PORT) {
            /* Packet-in (punt, or clone from copy_to_cpu, which carries the
             * ingress port in meta.ingress_port). */
            hdr.packet_in.setValid();
            hdr.packet_in.ingress_port = standard_metadata.ingress_port;
            hdr.packet_in._pad = 0;
            if (standard_metadata.instance_type == BMV2_INSTANCE_TYPE_INGRESS_CLONE) {
                hdr.packet_in.ingress_port = meta.ingress_port;
            }
        } else if (standard_metadata.instance_type == BMV2_INSTANCE_TYPE_REPLICATION
                   && standard_metadata.egress_port == standard_metadata.ingress_port) {
            /* A flooded copy never goes back out of its ingress port. */
            mark_to_drop(standard_metadata);
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
