/*
 * p4slice -- packet headers and pipeline metadata shared by every p4slice
 * data plane (v1model/bmv2 and TNA/Tofino).
 *
 * Architecture-neutral: uses only core P4-16 and the types of defines.p4.
 * The one v1model-specific annotation, @field_list, is ignored by other
 * architectures.
 */
#ifndef P4SLICE_HEADERS_P4
#define P4SLICE_HEADERS_P4

#include "defines.p4"

/* ------------------------------------------------------------------------
 * Controller headers (P4Runtime PacketIn / PacketOut metadata)
 * --------------------------------------------------------------------- */

/*
 * Prepended by the egress pipeline to every packet sent to CPU_PORT; the
 * P4Runtime agent strips it and turns it into PacketIn metadata
 * "ingress_port", which the pipeconf interpreter maps to the ONOS
 * InboundPacket's receive port.
 */
@controller_header("packet_in")
@id(81826293)
header packet_in_header_t {
    port_num_t ingress_port;
    @padding bit<7> _pad;
}

/*
 * Prepended by the P4Runtime agent to every PacketOut (metadata
 * "egress_port"); the pipeline sends the frame to that port unchanged.
 */
@controller_header("packet_out")
@id(76689799)
header packet_out_header_t {
    port_num_t egress_port;
    bit<7>     _pad;
}

/* ------------------------------------------------------------------------
 * Network headers
 * --------------------------------------------------------------------- */

header ethernet_t {
    mac_addr_t dst_addr;
    mac_addr_t src_addr;
    bit<16>    ether_type;
}

/* 802.1Q tag (follows ethernet_t when its ether_type is ETHERTYPE_VLAN).
 * The VLAN id is what tells the slices apart on a trunk port. */
header vlan_tag_t {
    bit<3>    pcp;
    bit<1>    dei;
    vlan_id_t vid;
    bit<16>   ether_type;
}

/* IPv4 without options; options, if any, stay in the payload untouched. */
header ipv4_t {
    bit<4>      version;
    bit<4>      ihl;
    bit<6>      dscp;
    bit<2>      ecn;
    bit<16>     total_len;
    bit<16>     identification;
    bit<3>      flags;
    bit<13>     frag_offset;
    bit<8>      ttl;
    bit<8>      protocol;
    bit<16>     hdr_checksum;
    ipv4_addr_t src_addr;
    ipv4_addr_t dst_addr;
}

/* IPv6 fixed header; extension headers are not parsed. */
header ipv6_t {
    bit<4>      version;
    bit<8>      traffic_class;
    bit<20>     flow_label;
    bit<16>     payload_len;
    bit<8>      next_hdr;
    bit<8>      hop_limit;
    ipv6_addr_t src_addr;
    ipv6_addr_t dst_addr;
}

/*
 * The first four bytes of a TCP or UDP header: all the pipeline reads (the
 * acl's l4_dst_port).  The rest of the L4 header stays in the payload,
 * untouched, so frames leave byte for byte as they came; parsing only the
 * ports keeps bmv2's per-packet work (one header, two fields) small.
 */
header l4_ports_t {
    l4_port_t src_port;
    l4_port_t dst_port;
}

/*
 * Headers an architecture puts in front of the network headers (TNA: the
 * metadata ingress bridges to egress), declared by its top level, which
 * defines P4S_ARCH_HEADERS before including this file; none on v1model.
 */
#ifndef P4S_ARCH_HEADERS
#define P4S_ARCH_HEADERS
#endif

/* All headers, in deparsing order (packet_out is never emitted). */
struct parsed_headers_t {
    P4S_ARCH_HEADERS
    packet_out_header_t packet_out;
    packet_in_header_t  packet_in;
    ethernet_t          ethernet;
    vlan_tag_t          vlan_tag;
    ipv4_t              ipv4;
    ipv6_t              ipv6;
    l4_ports_t          l4_ports;
}

/* ------------------------------------------------------------------------
 * Local (user) metadata
 * --------------------------------------------------------------------- */

/*
 * Per-packet decisions taken in ingress and read later in the pipeline.
 * Kept to the one flag that cannot be read from elsewhere: a packet-out is
 * recognised by its packet_out header, an acl punt_to_cpu()/drop() by the
 * acl's action_run (every metadata field costs bmv2 work on every packet).
 */
struct p4slice_flags_t {
    /* set_slice_transit(): the frame came over an inter-switch link, from
     * the p4slice switch where it entered the testbed and was metered; it
     * is counted but not metered again (a second meter would also see the
     * frame 4 bytes longer, with the slice's VLAN tag). */
    bool transit;
    /* routed by l3_forward_v4 with TTL > 1: the IPv4 checksum is updated after forwarding */
    bool routed_v4;
}

struct local_metadata_t {
    /* Slice the packet belongs to, set by slice_classifier (0 = none).
     * Index of every per-slice counter/meter; key of l2/l3 and egress_vlan. */
    slice_id_t slice_id;
    /* VLAN id of the received frame, 0 if untagged or priority-tagged
     * (vid 0).  Key of slice_classifier. */
    vlan_id_t  vlan_id;
    /* Ether type after the VLAN tag, if any (acl key; egress_vlan uses it
     * to rebuild the ether type chain when pushing / popping the tag). */
    bit<16>    eth_type;
    /* IPv4 protocol / IPv6 next header, 0 if not IP (acl key). */
    bit<8>     ip_proto;
    /* TCP/UDP destination port, 0 if neither (acl key). */
    l4_port_t  l4_dst_port;
    /* ICMPv6 type (e.g. 135/136: NDP neighbour solicitation/advertisement),
     * 0 if not ICMPv6 (acl key: ONOS's NDP packet requests). */
    bit<8>     icmp_type;
    /* Port the packet was received on, written by copy_to_cpu() so that
     * the clone to the CPU carries it into packet_in.ingress_port on any
     * bmv2 version (preserved with @field_list; older bmv2 did not keep
     * standard_metadata.ingress_port for ingress-to-egress clones).  The
     * TNA program bridges it to egress for every packet. */
    @field_list(FL_CPU_CLONE)
    port_num_t ingress_port;
    p4slice_flags_t flags;
}

#endif  /* P4SLICE_HEADERS_P4 */
