/*
 * Copyright 2026-present p4slice contributors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.p4slice.pipeconf;

import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiPacketMetadataId;
import org.onosproject.net.pi.model.PiTableId;

/**
 * PI identifiers of the p4slice pipeline: the only place in Java where P4Info names appear.
 * <p>
 * The names follow {@code docs/p4-contract.md} and are shared by the v1model (bmv2) and TNA (Tofino)
 * programs. A unit test parses the committed P4Info and checks that every constant here exists
 * there and that every P4Info entity has a constant here.
 */
public final class P4SliceConstants {

    private P4SliceConstants() {
        // constants only
    }

    // --- Sizes and fixed numbers -------------------------------------------------------------

    /** Smallest slice id; 0 means "no slice". */
    public static final int MIN_SLICE_ID = 1;
    /** Largest slice id (12-bit, 4095 reserved). */
    public static final int MAX_SLICE_ID = 4094;
    /** Cells of every per-slice array (meter, counters), indexed by slice id. */
    public static final int SLICE_ARRAY_SIZE = 4096;
    /** Bit width of a slice id. */
    public static final int SLICE_ID_BITWIDTH = 12;
    /** Bit width of a VLAN id. */
    public static final int VLAN_ID_BITWIDTH = 12;
    /** Bit width of a port number on bmv2 (v1model {@code standard_metadata} ports). */
    public static final int PORT_BITWIDTH = 9;
    /** CPU port of the bmv2 switch (packet-in/out). */
    public static final long CPU_PORT = 255;
    /** Clone session used by {@code copy_to_cpu()} to send a copy to the CPU port. */
    public static final int CPU_CLONE_SESSION_ID = 511;

    // --- Match fields ----------------------------------------------------------------------

    /** Ingress port (classifier, ACL). */
    public static final PiMatchFieldId HDR_INGRESS_PORT = PiMatchFieldId.of("ingress_port");
    /** VLAN id of the frame, 0 when untagged or priority-tagged (classifier). */
    public static final PiMatchFieldId HDR_VLAN_ID = PiMatchFieldId.of("vlan_id");
    /** Slice id set by the classifier (forwarding and egress tables). */
    public static final PiMatchFieldId HDR_SLICE_ID = PiMatchFieldId.of("slice_id");
    /** Ethernet destination (L2 forwarding, ACL). */
    public static final PiMatchFieldId HDR_ETH_DST = PiMatchFieldId.of("eth_dst");
    /** Ethernet source (ACL). */
    public static final PiMatchFieldId HDR_ETH_SRC = PiMatchFieldId.of("eth_src");
    /** Ether type after the VLAN tag, if any (ACL). */
    public static final PiMatchFieldId HDR_ETH_TYPE = PiMatchFieldId.of("eth_type");
    /** IPv4 destination address (L3 routing, LPM). */
    public static final PiMatchFieldId HDR_IPV4_DST = PiMatchFieldId.of("ipv4_dst");
    /** IPv6 destination address (L3 routing, LPM). */
    public static final PiMatchFieldId HDR_IPV6_DST = PiMatchFieldId.of("ipv6_dst");
    /** IP protocol / next header (ACL). */
    public static final PiMatchFieldId HDR_IP_PROTO = PiMatchFieldId.of("ip_proto");
    /** L4 destination port (ACL). */
    public static final PiMatchFieldId HDR_L4_DST_PORT = PiMatchFieldId.of("l4_dst_port");
    /** ICMPv6 type, 0 if not ICMPv6 (ACL: ONOS's NDP packet requests). */
    public static final PiMatchFieldId HDR_ICMP_TYPE = PiMatchFieldId.of("icmp_type");
    /** Egress port (egress VLAN table). */
    public static final PiMatchFieldId HDR_EGRESS_PORT = PiMatchFieldId.of("egress_port");

    // --- Tables ------------------------------------------------------------------------------

    /** (ingress port, VLAN) to slice; default deny. */
    public static final PiTableId INGRESS_SLICE_CLASSIFIER =
            PiTableId.of("P4SliceIngress.slice_classifier");
    /** (slice, destination MAC) to port, flood or drop; default flood. */
    public static final PiTableId INGRESS_L2_FORWARD = PiTableId.of("P4SliceIngress.l2_forward");
    /** IPv4 LPM routing inside a slice. */
    public static final PiTableId INGRESS_L3_FORWARD_V4 = PiTableId.of("P4SliceIngress.l3_forward_v4");
    /** IPv6 LPM routing inside a slice. */
    public static final PiTableId INGRESS_L3_FORWARD_V6 = PiTableId.of("P4SliceIngress.l3_forward_v6");
    /** Ternary ACL: punt, copy, drop (controller packet requests). */
    public static final PiTableId INGRESS_ACL = PiTableId.of("P4SliceIngress.acl");
    /** (egress port, slice) to VLAN push/pop; default drop (isolation guard). */
    public static final PiTableId EGRESS_EGRESS_VLAN = PiTableId.of("P4SliceEgress.egress_vlan");

    // --- Actions -----------------------------------------------------------------------------

    /** Classifies the packet into a slice. */
    public static final PiActionId INGRESS_SET_SLICE = PiActionId.of("P4SliceIngress.set_slice");
    /**
     * Classifies a packet received over an inter-switch link into a slice, without metering it
     * again (it was metered by the switch where it entered the testbed).
     */
    public static final PiActionId INGRESS_SET_SLICE_TRANSIT = PiActionId.of("P4SliceIngress.set_slice_transit");
    /** Classifier default: drop traffic of no slice. */
    public static final PiActionId INGRESS_DENY = PiActionId.of("P4SliceIngress.deny");
    /** Unicast to a port. */
    public static final PiActionId INGRESS_SET_EGRESS_PORT = PiActionId.of("P4SliceIngress.set_egress_port");
    /** Replicate to the slice's multicast group (group id = slice id). */
    public static final PiActionId INGRESS_FLOOD = PiActionId.of("P4SliceIngress.flood");
    /** l2_forward: drop in ingress. */
    public static final PiActionId INGRESS_DROP = PiActionId.of("P4SliceIngress.drop");
    /**
     * acl: drop in ingress, skipping meter and forwarding, counted in {@code acl_counter} (the acl has
     * actions of its own: on Tofino a direct counter is used only by actions of its own table).
     */
    public static final PiActionId INGRESS_ACL_DROP = PiActionId.of("P4SliceIngress.acl_drop");
    /** Route: set port, rewrite MACs, decrement TTL. */
    public static final PiActionId INGRESS_ROUTE = PiActionId.of("P4SliceIngress.route");
    /** Send to the controller instead of forwarding. */
    public static final PiActionId INGRESS_PUNT_TO_CPU = PiActionId.of("P4SliceIngress.punt_to_cpu");
    /** Send a copy to the controller and keep forwarding. */
    public static final PiActionId INGRESS_COPY_TO_CPU = PiActionId.of("P4SliceIngress.copy_to_cpu");
    /** l3_forward_v4/_v6 default: do nothing. */
    public static final PiActionId INGRESS_NOP = PiActionId.of("P4SliceIngress.nop");
    /** acl default: do nothing but count in {@code acl_counter}. */
    public static final PiActionId INGRESS_ACL_NOP = PiActionId.of("P4SliceIngress.acl_nop");
    /** Egress: tag with the slice's VLAN (trunk ports). */
    public static final PiActionId EGRESS_PUSH_VLAN = PiActionId.of("P4SliceEgress.push_vlan");
    /** Egress: remove the VLAN tag (access ports). */
    public static final PiActionId EGRESS_POP_VLAN = PiActionId.of("P4SliceEgress.pop_vlan");
    /** Egress default: drop (no frame leaves by a port outside its slice). */
    public static final PiActionId EGRESS_DROP = PiActionId.of("P4SliceEgress.drop");

    // --- Action parameters -------------------------------------------------------------------

    /** Slice id parameter of {@code set_slice} and {@code set_slice_transit}. */
    public static final PiActionParamId SLICE_ID = PiActionParamId.of("slice_id");
    /** Port parameter of {@code set_egress_port} and {@code route}. */
    public static final PiActionParamId PORT = PiActionParamId.of("port");
    /** Source MAC parameter of {@code route}. */
    public static final PiActionParamId SRC_MAC = PiActionParamId.of("src_mac");
    /** Destination MAC parameter of {@code route}. */
    public static final PiActionParamId DST_MAC = PiActionParamId.of("dst_mac");
    /** VLAN id parameter of {@code push_vlan}. */
    public static final PiActionParamId VLAN_ID = PiActionParamId.of("vlan_id");

    // --- Counters and meters -----------------------------------------------------------------

    /** Direct counter of the classifier (hits per entry, deny misses on the default). */
    public static final PiCounterId INGRESS_SLICE_CLASSIFIER_COUNTER =
            PiCounterId.of("P4SliceIngress.slice_classifier_counter");
    /** Direct counter of the ACL. */
    public static final PiCounterId INGRESS_ACL_COUNTER = PiCounterId.of("P4SliceIngress.acl_counter");
    /** Per-slice packets/bytes classified into the slice, before the meter. */
    public static final PiCounterId INGRESS_SLICE_RX_COUNTER = PiCounterId.of("P4SliceIngress.slice_rx_counter");
    /** Per-slice packets/bytes dropped by the meter (RED). */
    public static final PiCounterId INGRESS_SLICE_DROP_COUNTER =
            PiCounterId.of("P4SliceIngress.slice_drop_counter");
    /** Per-slice packets/bytes that left the switch. */
    public static final PiCounterId EGRESS_SLICE_TX_COUNTER = PiCounterId.of("P4SliceEgress.slice_tx_counter");
    /** Per-slice two-rate three-colour meter in bytes; RED is dropped. */
    public static final PiMeterId INGRESS_SLICE_METER = PiMeterId.of("P4SliceIngress.slice_meter");

    // --- Controller packet metadata ----------------------------------------------------------

    /** packet_in: port the packet came in on. */
    public static final PiPacketMetadataId INGRESS_PORT = PiPacketMetadataId.of("ingress_port");
    /** packet_out: port to send the packet to. */
    public static final PiPacketMetadataId EGRESS_PORT = PiPacketMetadataId.of("egress_port");
    /** packet_in and packet_out: padding of the port to 16 bits, always zero. */
    public static final PiPacketMetadataId CONTROLLER_HEADER_PAD = PiPacketMetadataId.of("_pad");
    /** Bit width of {@link #CONTROLLER_HEADER_PAD} (16 - {@link #PORT_BITWIDTH}). */
    public static final int CONTROLLER_HEADER_PAD_BITWIDTH = 7;
}
