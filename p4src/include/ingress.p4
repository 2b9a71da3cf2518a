/*
 * p4slice -- the ingress pipeline, written once for every architecture:
 *
 *   slice_classifier -> acl -> slice meter (RED -> drop)
 *     -> l3_forward_v4 / l3_forward_v6 (a miss falls through) -> l2_forward
 *
 * Every P4Info name here is part of the contract in docs/p4-contract.md and
 * has a Java constant in the pipeconf.  Every P4Runtime entity carries its
 * @id, so that both targets give the same P4Info ids (TofinoP4InfoContractTest):
 * tables, actions and controller headers the id p4c-bm2-ss derives from the
 * name (bf-p4c would number them its own way); counters and meters the id
 * bf-p4c gives them, as bf-p4c 9.13.4 ignores @id on TNA extern instances
 * (p4c-bm2-ss honours it).  A new entity takes the id its compiler gives it.
 *
 * What differs between architectures is the architecture's top level's to
 * define (v1model/p4slice.p4, tna/p4slice.p4), before including this file:
 *
 *   P4S_INGRESS_INTRINSICS       the control's parameters after hdr and meta
 *   P4S_DIRECT_COUNTER(c)        declares direct counter c (packets and bytes)
 *   P4S_DIRECT_COUNT(c)          counts a hit of direct counter c, in every
 *                                action of its table (TNA) or nothing (v1model
 *                                counts by itself)
 *   P4S_SLICE_COUNTER(c)         declares counter c, MAX_SLICES cells of
 *                                packets and bytes indexed by slice_id_t
 *   P4S_SLICE_METER(m)           declares meter m, MAX_SLICES byte meters
 *                                indexed by slice_id_t
 *   P4S_METER_COLOR_T, P4S_METER_GREEN, P4S_METER_RED
 *                                the type and values of a meter's colour
 *   P4S_METER_EXECUTE(m, i, c)   colour c := meter m's verdict for cell i
 *   P4S_INGRESS_PORT             the port the frame came in on
 *   P4S_SET_EGRESS_PORT(p)       unicast to port p
 *   P4S_FLOOD(g)                 replicate to multicast group g
 *   P4S_DROP()                   drop (a later punt may undo it)
 *   P4S_PUNT_TO_CPU()            to CPU_PORT only, undoing any drop
 *   P4S_COPY_TO_CPU()            a copy to CPU_PORT, the frame goes on
 *   P4S_PACKET_OUT()             send a frame from the controller to
 *                                hdr.packet_out.egress_port as it is
 *   P4S_BRIDGE_TO_EGRESS()       hand what egress needs to egress, once the
 *                                frame is classified (v1model: nothing)
 */
#ifndef P4SLICE_INGRESS_P4
#define P4SLICE_INGRESS_P4

#include "headers.p4"

control P4SliceIngress(inout parsed_headers_t hdr,
                       inout local_metadata_t meta,
                       P4S_INGRESS_INTRINSICS) {

    /* ---------------------------------------------------------------- *
     * Per-slice resources, one cell per slice id (cell 0 = no slice).   *
     * ---------------------------------------------------------------- */

    /* Hits of each slice_classifier entry, i.e. traffic entering a slice
     * by one (port, VLAN) binding. */
    @id(328707221) P4S_DIRECT_COUNTER(slice_classifier_counter);

    /* Hits of each acl entry (e.g. LLDP/ARP sent to ONOS). */
    @id(332786134) P4S_DIRECT_COUNTER(acl_counter);

    /* The slice's bandwidth quota: two-rate three-colour meter in bytes.
     * The app writes CIR = PIR = quota (bytes/s), CBS = PBS = burst
     * (bytes), so RED means "above quota" and is dropped; YELLOW passes.
     * An unconfigured cell returns GREEN (no quota). */
    @id(346512777) P4S_SLICE_METER(slice_meter);

    /* Every packet classified into the slice, counted before the meter
     * (the slice's offered load).  Cell 0 counts the packets that matched
     * no slice (including those the acl punts or copies to ONOS). */
    @id(302812469) P4S_SLICE_COUNTER(slice_rx_counter);

    /* Packets of the slice dropped by its meter (above quota).  Cell 0
     * counts the packets that matched no slice and were dropped by the
     * classifier's deny (or the acl), i.e. not punted to ONOS. */
    @id(307130267) P4S_SLICE_COUNTER(slice_drop_counter);

    /* ---------------------------------------------------------------- *
     * Actions                                                           *
     * ---------------------------------------------------------------- */

    /* slice_classifier: the frame belongs to slice `slice_id`. */
    @id(31114255) action set_slice(slice_id_t slice_id) {
        meta.slice_id = slice_id;
        P4S_DIRECT_COUNT(slice_classifier_counter);
    }

    /* slice_classifier, on the ports of inter-switch links: the frame
     * belongs to slice `slice_id` and was already metered by the switch
     * where it entered the testbed. */
    @id(28692754) action set_slice_transit(slice_id_t slice_id) {
        meta.slice_id = slice_id;
        meta.flags.transit = true;
        P4S_DIRECT_COUNT(slice_classifier_counter);
    }

    /* slice_classifier default: the (port, VLAN) belongs to no slice, drop
     * the frame.  An acl punt_to_cpu()/copy_to_cpu() still reaches ONOS. */
    @id(23398783) action deny() {
        meta.slice_id = NO_SLICE;
        P4S_DROP();
        P4S_DIRECT_COUNT(slice_classifier_counter);
    }

    /* l2_forward: known destination MAC of the slice, unicast to `port`. */
    @id(21855140) action set_egress_port(port_num_t port) {
        P4S_SET_EGRESS_PORT(port);
    }

    /* l2_forward default: unknown/broadcast destination, replicate to all
     * the slice's ports on this device (multicast group id = slice id;
     * the ingress port is pruned in egress). */
    @id(32027193) action flood() {
        P4S_FLOOD((bit<16>) meta.slice_id);
    }

    /*
     * l2_forward: drop the frame.  acl_drop (acl): drop it, skipping meter
     * and forwarding, and count it in acl_counter.  Two actions, because a
     * direct counter may be used only by actions of its own table (TNA), so
     * the acl has actions of its own.
     */
    @id(17705534) action drop() {
        P4S_DROP();
    }
    @id(32470620) action acl_drop() {
        P4S_DROP();
        P4S_DIRECT_COUNT(acl_counter);
    }

    /* l3_forward_v4/_v6: route inside the slice: next hop on `port`, MACs
     * rewritten to (src_mac = router MAC, dst_mac = next hop).  The apply
     * block then decrements TTL / hop limit. */
    @id(32669230) action route(port_num_t port, mac_addr_t src_mac, mac_addr_t dst_mac) {
        P4S_SET_EGRESS_PORT(port);
        hdr.ethernet.src_addr = src_mac;
        hdr.ethernet.dst_addr = dst_mac;
    }

    /* acl: send the frame to ONOS only (packet-in), whether or not it
     * belongs to a slice; skips meter and forwarding. */
    @id(19779695) action punt_to_cpu() {
        P4S_PUNT_TO_CPU();
        P4S_DIRECT_COUNT(acl_counter);
    }

    /* acl: send a copy to ONOS (it carries the ingress port into its
     * packet_in header) and keep processing the original. */
    @id(19482641) action copy_to_cpu() {
        P4S_COPY_TO_CPU();
        P4S_DIRECT_COUNT(acl_counter);
    }

    /* l3 default: do nothing.  acl_nop (acl default): do nothing but count
     * in acl_counter (as for drop / acl_drop). */
    @id(18746072) action nop() {
    }
    @id(24220921) action acl_nop() {
        P4S_DIRECT_COUNT(acl_counter);
    }

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
    @id(43705255) table slice_classifier {
        key = {
            P4S_INGRESS_PORT : exact @name("ingress_port");
            meta.vlan_id     : exact @name("vlan_id");
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
     * ONOS packet requests (LLDP, BDDP, ARP, NDP ...) written by the pipeliner,
     * and operator filters.  punt_to_cpu()/copy_to_cpu() override the
     * classifier's deny; drop() overrides forwarding.  eth_type is the
     * type after the VLAN tag.  Size: see ACL_SIZE in defines.p4.
     */
    @id(43542393) table acl {
        key = {
            P4S_INGRESS_PORT      : ternary @name("ingress_port");
            meta.eth_type         : ternary @name("eth_type");
            hdr.ethernet.src_addr : ternary @name("eth_src");
            hdr.ethernet.dst_addr : ternary @name("eth_dst");
            meta.ip_proto         : ternary @name("ip_proto");
            meta.l4_dst_port      : ternary @name("l4_dst_port");
            meta.icmp_type        : ternary @name("icmp_type");
        }
        actions = {
            punt_to_cpu;
            copy_to_cpu;
            acl_drop;
            acl_nop;
        }
        const default_action = acl_nop;
        counters = acl_counter;
        size = ACL_SIZE;
    }

    /* IPv4 routes of a slice (longest prefix match on the destination).
     * A miss falls through to l2_forward.  Size: L3_FORWARD_SIZE. */
    @id(40247620) table l3_forward_v4 {
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
    @id(47125456) table l3_forward_v6 {
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
    @id(42724757) table l2_forward {
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
     * The apply block is written for bmv2's cost model (p4src/README.md):
     * every metadata field (locals and temporaries included) is reset for
     * every packet, every field write and condition is interpreted, so it
     * keeps no flag it can read from elsewhere (acl verdict: action_run;
     * packet-out: its header), no return (p4c turns returns into a flag
     * tested after every statement) and no casts (typed counter/meter
     * indices).
     */
    apply {
        /* 1. Packet-out from ONOS: to the requested port as is. */
        if (hdr.packet_out.isValid()) {
            P4S_PACKET_OUT();
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
                acl_drop: {
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
                        P4S_DROP();
                    } else {
                        /* 4. Quota: RED (above the slice's rate) is dropped
                         * and counted.  Transit traffic was metered where
                         * it entered the testbed. */
                        P4S_METER_COLOR_T color = P4S_METER_GREEN;
                        if (!meta.flags.transit) {
                            P4S_METER_EXECUTE(slice_meter, meta.slice_id, color);
                        }
                        if (color == P4S_METER_RED) {
                            slice_drop_counter.count(meta.slice_id);
                            P4S_DROP();
                        } else {
                            /* 5. Routing inside the slice; a miss falls
                             * through to bridging (6, default: flood to the
                             * slice).  A routed packet whose TTL / hop limit
                             * would expire is dropped (no ICMP). */
                            if (hdr.ipv4.isValid()) {
                                if (l3_forward_v4.apply().hit) {
                                    if (hdr.ipv4.ttl <= 1) {
                                        P4S_DROP();
                                    } else {
                                        hdr.ipv4.ttl = hdr.ipv4.ttl - 1;
                                        /* The IPv4 checksum is updated below,
                                         * after forwarding. */
                                        meta.flags.routed_v4 = true;
                                    }
                                } else {
                                    l2_forward.apply();
                                }
                            } else if (hdr.ipv6.isValid()) {
                                if (l3_forward_v6.apply().hit) {
                                    if (hdr.ipv6.hop_limit <= 1) {
                                        P4S_DROP();
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
            /* RFC 1624 eqn. 3 for the TTL decrement: HC' = ~(~HC + ~m + m');
             * TTL is the high byte of m, so ~m + m' = 0xfeff, and HC' is
             * the one's complement sum HC + 0x0100, written as one
             * operation per branch (Tofino: one ALU operation per action,
             * after forwarding, with a small condition).  Checked equal to
             * eqn. 3 for all 65536 HC.  Incremental, so packets with IP
             * options stay valid. */
            if (meta.flags.routed_v4) {
                if (hdr.ipv4.hdr_checksum[15:8] == 8w0xff || hdr.ipv4.hdr_checksum == 16w0xfeff) {
                    hdr.ipv4.hdr_checksum = hdr.ipv4.hdr_checksum - 16w0xfeff;
                } else {
                    hdr.ipv4.hdr_checksum = hdr.ipv4.hdr_checksum + 16w0x0100;
                }
            }
            P4S_BRIDGE_TO_EGRESS();
        }
    }
}

#endif  /* P4SLICE_INGRESS_P4 */
