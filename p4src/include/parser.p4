/*
 * p4slice -- the network parser shared by every architecture:
 *
 *   ethernet [802.1Q] [ipv4 | ipv6] [tcp | udp: the port pair only;
 *   icmpv6: its type, looked ahead at]
 *
 * Each architecture's parser does its own prefix first (v1model: nothing;
 * TNA: intrinsic metadata, port metadata, metadata initialisation) and the
 * packet_out header of frames from the CPU port, then applies this one.
 * Core P4 only.
 */
#ifndef P4SLICE_PARSER_P4
#define P4SLICE_PARSER_P4

#include "headers.p4"

parser P4SliceNetworkParser(packet_in packet,
                            inout parsed_headers_t hdr,
                            inout local_metadata_t meta) {

    state start {
        packet.extract(hdr.ethernet);
        transition select(hdr.ethernet.ether_type) {
            ETHERTYPE_VLAN: parse_vlan_tag;
            default:        parse_untagged;
        }
    }

    state parse_untagged {
        meta.eth_type = hdr.ethernet.ether_type;
        transition select(hdr.ethernet.ether_type) {
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
            IP_PROTO_TCP:    parse_l4_ports;
            IP_PROTO_UDP:    parse_l4_ports;
            IP_PROTO_ICMPV6: parse_icmpv6;
            default:         accept;
        }
    }

    /* ICMPv6: only its type is read (the acl's icmp_type: ONOS asks for
     * NDP, types 135/136, as it asks for ARP); nothing is extracted, so
     * the frame leaves byte for byte as it came. */
    state parse_icmpv6 {
        meta.icmp_type = packet.lookahead<bit<8>>();
        transition accept;
    }

    /* TCP and UDP both start with the source and destination ports. */
    state parse_l4_ports {
        packet.extract(hdr.l4_ports);
        meta.l4_dst_port = hdr.l4_ports.dst_port;
        transition accept;
    }
}

#endif  /* P4SLICE_PARSER_P4 */
