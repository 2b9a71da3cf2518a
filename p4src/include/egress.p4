/*
 * p4slice -- the egress pipeline, written once for every architecture:
 * packet-in header for frames to the CPU port, pruning of a flooded copy
 * from its ingress port, then egress_vlan (push/pop the slice's VLAN; the
 * isolation guard) and the slice's delivered-load counter.
 *
 * Every P4Info name here is part of the contract in docs/p4-contract.md.
 * What differs between architectures is the architecture's top level's to
 * define before including this file (see also ingress.p4):
 *
 *   P4S_EGRESS_INTRINSICS        the control's parameters after hdr and meta
 *   P4S_SLICE_COUNTER(c)         as in ingress.p4
 *   P4S_EGRESS_PORT              the port this copy leaves by
 *   P4S_EGRESS_DROP()            drop this copy
 *   P4S_IS_PACKET_OUT            true for a frame ONOS sent (it leaves as
 *                                ONOS built it); a condition
 *   P4S_SET_PACKET_IN_PORT()     hdr.packet_in.ingress_port := the port the
 *                                frame (or the original of a copy) came in on
 *   P4S_IS_FLOOD_COPY_TO_INGRESS_PORT
 *                                true for a copy of a flooded frame about to
 *                                leave by the port the frame came in on
 */
#ifndef P4SLICE_EGRESS_P4
#define P4SLICE_EGRESS_P4

#include "headers.p4"

control P4SliceEgress(inout parsed_headers_t hdr,
                      inout local_metadata_t meta,
                      P4S_EGRESS_INTRINSICS) {

    /* Every copy that actually leaves the switch for the slice (after
     * egress_vlan, not the copies it drops): the slice's delivered load. */
    @id(309216022) P4S_SLICE_COUNTER(slice_tx_counter);

    /* egress_vlan on a trunk port: the frame leaves tagged with the slice's
     * VLAN (tag added, or its vid rewritten if the frame is tagged). */
    @id(28586654) action push_vlan(vlan_id_t vlan_id) {
        /* No isValid() test (p4c-bm2-ss rejects conditionals in actions):
         * setValid() leaves a valid (parsed) tag untouched -- its PCP/DEI
         * are kept -- and an invalid one has PCP/DEI 0 (bmv2 zeroes it; the
         * TNA egress parser zeroes them when the frame has no tag).  The
         * ether types are the same whether a tag was present or not, since
         * meta.eth_type is the type after the tag. */
        hdr.vlan_tag.setValid();
        hdr.vlan_tag.ether_type = meta.eth_type;
        hdr.ethernet.ether_type = ETHERTYPE_VLAN;
        hdr.vlan_tag.vid = vlan_id;
    }

    /* egress_vlan on an access port of the slice: the frame leaves
     * untagged (a tag, priority tag included, is removed). */
    @id(16879792) action pop_vlan() {
        hdr.ethernet.ether_type = meta.eth_type;
        hdr.vlan_tag.setInvalid();
    }

    /* egress_vlan default: the port is not in the packet's slice. */
    @id(27177067) action drop() {
        P4S_EGRESS_DROP();
    }

    /*
     * Isolation guard and VLAN tagging: one entry per (port, slice)
     * membership of this device; push_vlan(vid) on trunks, pop_vlan() on
     * access ports.  The constant default drop() holds whatever a
     * forwarding entry or multicast group says: no frame of a slice leaves
     * by a port that is not the slice's.  Size: EGRESS_VLAN_SIZE.
     */
    @id(41062357) table egress_vlan {
        key = {
            P4S_EGRESS_PORT : exact @name("egress_port");
            meta.slice_id   : exact @name("slice_id");
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
        if (P4S_IS_PACKET_OUT) {
            /* Packet-out from ONOS: leaves exactly as ONOS built it (the
             * deparser never emits packet_out). */
        } else if (P4S_EGRESS_PORT == CPU_PORT) {
            /* Packet-in (punt, or the copy made by copy_to_cpu). */
            hdr.packet_in.setValid();
            P4S_SET_PACKET_IN_PORT();
        } else if (P4S_IS_FLOOD_COPY_TO_INGRESS_PORT) {
            /* A flooded copy never goes back out of its ingress port. */
            P4S_EGRESS_DROP();
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

#endif  /* P4SLICE_EGRESS_P4 */
