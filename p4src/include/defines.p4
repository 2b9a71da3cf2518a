/*
 * p4slice -- constants and types shared by every p4slice data plane
 * (v1model/bmv2 and TNA/Tofino).
 *
 * Nothing in this file depends on an architecture include (v1model.p4,
 * tna.p4): it may be included before or after it.  Values that differ
 * between targets are macros guarded by #ifndef, so an architecture program
 * can override them by defining the macro before including this file.
 */
#ifndef P4SLICE_DEFINES_P4
#define P4SLICE_DEFINES_P4

/* ------------------------------------------------------------------------
 * Types
 * --------------------------------------------------------------------- */

/* Switch port number: 9 bits on bmv2 (v1model) and on Tofino (PortId_t). */
typedef bit<9>   port_num_t;
/* Slice id: 12 bits, 1..4094 are slices, 0 means "no slice". */
typedef bit<12>  slice_id_t;
/* 802.1Q VLAN id; 0 means untagged (or priority-tagged). */
typedef bit<12>  vlan_id_t;
typedef bit<48>  mac_addr_t;
typedef bit<32>  ipv4_addr_t;
typedef bit<128> ipv6_addr_t;
typedef bit<16>  l4_port_t;

/* ------------------------------------------------------------------------
 * Ports, sessions, sizes
 * --------------------------------------------------------------------- */

/*
 * Port that connects the pipeline to the P4Runtime agent (packet-in /
 * packet-out).  255 on bmv2 (simple_switch_grpc --cpu-port 255, also written
 * to p4c-out/bmv2/cpu_port.txt for ONOS).  A Tofino program overrides it.
 */
#ifndef CPU_PORT
#define CPU_PORT 255
#endif

/*
 * Clone (mirror) session used by the acl's copy_to_cpu(): the packet is
 * cloned ingress-to-egress into this session, whose single replica must be
 * the CPU port.  The control plane (pipeconf / harness) has to create the
 * session with this id: P4Runtime CloneSessionEntry{session_id: 511,
 * replicas: [{egress_port: CPU_PORT, instance: 0}]}.  511 fits both bmv2
 * (32-bit ids) and Tofino (10-bit mirror ids).
 */
#define CPU_CLONE_SESSION_ID 511

/* Number of cells of every per-slice array (counters, meters), indexed by
 * slice id: all 12-bit values, so no bounds check is ever needed. */
#define MAX_SLICES 4096

/* The slice id that means "no slice". */
#define NO_SLICE 0

/* Index of the user-metadata field list preserved with CPU clones
 * (v1model @field_list / clone_preserving_field_list). */
#define FL_CPU_CLONE 1

/*
 * Table sizes (entries).  The slice model: a slice is a VLAN id + a set of
 * ports; at most 4094 slices exist network-wide, but a port carries a given
 * VLAN for at most one slice.
 *
 * SLICE_CLASSIFIER_SIZE: one entry per (ingress port, VLAN) binding of a
 *   slice on this device.  8192 = room for every possible slice with two
 *   bindings (e.g. one access port and one trunk) on each switch.
 * EGRESS_VLAN_SIZE: the mirror image of the classifier, one entry per
 *   (egress port, slice) membership, so the same 8192.
 * L2_FORWARD_SIZE: learned/known host MACs per slice; 16384 = four hosts
 *   per possible slice, or many hosts for the few big slices of a testbed.
 * L3_FORWARD_SIZE: routes per address family; slices that route are few,
 *   4096 = about one prefix per possible slice.
 * ACL_SIZE: the pipeliner's packet requests (LLDP, BDDP, ARP, NDP ...) plus
 *   a handful of operator entries; 256 is plenty (ternary memory is dear on
 *   a real switch).
 */
#ifndef SLICE_CLASSIFIER_SIZE
#define SLICE_CLASSIFIER_SIZE 8192
#endif
#ifndef L2_FORWARD_SIZE
#define L2_FORWARD_SIZE       16384
#endif
#ifndef L3_FORWARD_SIZE
#define L3_FORWARD_SIZE       4096
#endif
#ifndef ACL_SIZE
#define ACL_SIZE              256
#endif
#ifndef EGRESS_VLAN_SIZE
#define EGRESS_VLAN_SIZE      8192
#endif

/* ------------------------------------------------------------------------
 * Protocol numbers
 * --------------------------------------------------------------------- */

const bit<16> ETHERTYPE_IPV4 = 0x0800;
const bit<16> ETHERTYPE_ARP  = 0x0806;
const bit<16> ETHERTYPE_VLAN = 0x8100;   /* 802.1Q C-tag */
const bit<16> ETHERTYPE_IPV6 = 0x86dd;
const bit<16> ETHERTYPE_LLDP = 0x88cc;   /* ONOS link discovery */
const bit<16> ETHERTYPE_BDDP = 0x8942;   /* ONOS broadcast link discovery */

const bit<8> IP_PROTO_ICMP   = 1;
const bit<8> IP_PROTO_TCP    = 6;
const bit<8> IP_PROTO_UDP    = 17;
const bit<8> IP_PROTO_ICMPV6 = 58;

#endif  /* P4SLICE_DEFINES_P4 */
