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

import com.google.common.collect.ImmutableMap;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiActionParamModel;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiCounterModel;
import org.onosproject.net.pi.model.PiCounterType;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiMatchType;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiMeterModel;
import org.onosproject.net.pi.model.PiPacketMetadataId;
import org.onosproject.net.pi.model.PiPacketMetadataModel;
import org.onosproject.net.pi.model.PiPacketOperationModel;
import org.onosproject.net.pi.model.PiPacketOperationType;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.p4runtime.model.P4InfoParser;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;

import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.p4slice.pipeconf.P4SliceConstants.CONTROLLER_HEADER_PAD;
import static org.p4slice.pipeconf.P4SliceConstants.CONTROLLER_HEADER_PAD_BITWIDTH;
import static org.p4slice.pipeconf.P4SliceConstants.DST_MAC;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_DROP;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_EGRESS_VLAN;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_POP_VLAN;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_PUSH_VLAN;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_SLICE_TX_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_SRC;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_TYPE;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_INGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_IPV4_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_IPV6_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_IP_PROTO;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ICMP_TYPE;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_L4_DST_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_VLAN_ID;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL_DROP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL_NOP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_COPY_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_DENY;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_DROP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_FLOOD;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L2_FORWARD;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L3_FORWARD_V4;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L3_FORWARD_V6;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_NOP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_PUNT_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ROUTE;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_SLICE;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_SLICE_TRANSIT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_CLASSIFIER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_CLASSIFIER_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_DROP_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_METER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_RX_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.PORT;
import static org.p4slice.pipeconf.P4SliceConstants.PORT_BITWIDTH;
import static org.p4slice.pipeconf.P4SliceConstants.SLICE_ARRAY_SIZE;
import static org.p4slice.pipeconf.P4SliceConstants.SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.SLICE_ID_BITWIDTH;
import static org.p4slice.pipeconf.P4SliceConstants.SRC_MAC;
import static org.p4slice.pipeconf.P4SliceConstants.VLAN_ID;
import static org.p4slice.pipeconf.P4SliceConstants.VLAN_ID_BITWIDTH;

/**
 * Checks {@link P4SliceConstants} against each committed P4Info (bmv2's and every Tofino
 * profile's: the constants are shared), parsed with ONOS's own {@link P4InfoParser}: every
 * constant names an entity of the P4Info, every entity of the P4Info has a constant, and tables,
 * actions, counters, meter and controller headers have the shape that {@code docs/p4-contract.md}
 * describes.
 */
@RunWith(Parameterized.class)
public class P4InfoConstantsTest {

    private static final int MAC_BITWIDTH = 48;

    private final String p4info;
    private final PiPipelineModel model;

    /**
     * The committed P4Infos.
     *
     * @return class-path resources
     */
    @Parameterized.Parameters(name = "{0}")
    public static List<String> p4infos() {
        return List.of("/p4c-out/bmv2/p4info.txt", "/p4c-out/tofino/two-pipe/p4info.txt",
                       "/p4c-out/tofino/four-pipe/p4info.txt");
    }

    public P4InfoConstantsTest(String p4info) throws Exception {
        this.p4info = p4info;
        URL url = P4InfoConstantsTest.class.getResource(p4info);
        this.model = url == null ? null : P4InfoParser.parse(url);
    }

    @Before
    public void needsTheP4Info() {
        if (p4info.startsWith(P4SlicePipeconfs.TOFINO_RESOURCE_DIR)) {
            TofinoOutputs.assumePackaged();
        }
        assertNotNull(p4info + " is missing from the class path: compile the P4 program (cd p4src && make; "
                              + "make -C p4src tofino)", model);
    }

    /** Public static final fields of P4SliceConstants of the given type, by field name. */
    private static <T> Map<String, T> constants(Class<T> type) throws IllegalAccessException {
        Map<String, T> result = new LinkedHashMap<>();
        for (Field field : P4SliceConstants.class.getDeclaredFields()) {
            int modifiers = field.getModifiers();
            if (Modifier.isPublic(modifiers) && Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers)
                    && field.getType().equals(type)) {
                result.put(field.getName(), type.cast(field.get(null)));
            }
        }
        return result;
    }

    private List<PiActionModel> allActions() {
        return model.tables().stream().flatMap(t -> t.actions().stream()).collect(Collectors.toList());
    }

    private List<PiPacketMetadataModel> allPacketMetadata() {
        List<PiPacketMetadataModel> result = new ArrayList<>();
        for (PiPacketOperationType type : PiPacketOperationType.values()) {
            model.packetOperationModel(type).ifPresent(op -> result.addAll(op.metadatas()));
        }
        return result;
    }

    @Test
    public void everyConstantNamesAnEntityOfTheP4Info() throws IllegalAccessException {
        List<String> missing = new ArrayList<>();
        constants(PiTableId.class).forEach((name, id) -> {
            if (model.table(id).isEmpty()) {
                missing.add("table " + name + " = " + id);
            }
        });
        constants(PiActionId.class).forEach((name, id) -> {
            if (allActions().stream().noneMatch(a -> a.id().equals(id))) {
                missing.add("action " + name + " = " + id);
            }
        });
        constants(PiActionParamId.class).forEach((name, id) -> {
            if (allActions().stream().noneMatch(a -> a.param(id).isPresent())) {
                missing.add("action parameter " + name + " = " + id);
            }
        });
        constants(PiMatchFieldId.class).forEach((name, id) -> {
            if (model.tables().stream().noneMatch(t -> t.matchField(id).isPresent())) {
                missing.add("match field " + name + " = " + id);
            }
        });
        constants(PiCounterId.class).forEach((name, id) -> {
            if (model.counter(id).isEmpty()) {
                missing.add("counter " + name + " = " + id);
            }
        });
        constants(PiMeterId.class).forEach((name, id) -> {
            if (model.meter(id).isEmpty()) {
                missing.add("meter " + name + " = " + id);
            }
        });
        constants(PiPacketMetadataId.class).forEach((name, id) -> {
            if (allPacketMetadata().stream().noneMatch(m -> m.id().equals(id))) {
                missing.add("controller packet metadata " + name + " = " + id);
            }
        });
        assertTrue("constants of P4SliceConstants that the P4Info (" + p4info + ") does not have: " + missing,
                   missing.isEmpty());
    }

    @Test
    public void everyEntityOfTheP4InfoHasAConstant() throws IllegalAccessException {
        Set<String> missing = new TreeSet<>();
        for (PiTableModel table : model.tables()) {
            if (!constants(PiTableId.class).containsValue(table.id())) {
                missing.add("table " + table.id());
            }
            for (PiMatchFieldModel field : table.matchFields()) {
                if (!constants(PiMatchFieldId.class).containsValue(field.id())) {
                    missing.add("match field " + field.id() + " of " + table.id());
                }
            }
        }
        for (PiActionModel action : allActions()) {
            if (!constants(PiActionId.class).containsValue(action.id())) {
                missing.add("action " + action.id());
            }
            for (PiActionParamModel param : action.params()) {
                if (!constants(PiActionParamId.class).containsValue(param.id())) {
                    missing.add("parameter " + param.id() + " of " + action.id());
                }
            }
        }
        for (PiCounterModel counter : model.counters()) {
            if (!constants(PiCounterId.class).containsValue(counter.id())) {
                missing.add("counter " + counter.id());
            }
        }
        for (PiMeterModel meter : model.meters()) {
            if (!constants(PiMeterId.class).containsValue(meter.id())) {
                missing.add("meter " + meter.id());
            }
        }
        for (PiPacketMetadataModel metadata : allPacketMetadata()) {
            if (!constants(PiPacketMetadataId.class).containsValue(metadata.id())) {
                missing.add("controller packet metadata " + metadata.id());
            }
        }
        assertTrue("entities of the P4Info (" + p4info + ") without a constant in P4SliceConstants: " + missing,
                   missing.isEmpty());
    }

    /** A key field: name, match type and bit width. */
    private static String key(PiMatchFieldId id, PiMatchType type, int bits) {
        return id + ":" + type + ":" + bits;
    }

    @Test
    public void tablesHaveTheContractsKeysAndActions() {
        Map<PiTableId, List<String>> keys = ImmutableMap.<PiTableId, List<String>>builder()
                .put(INGRESS_SLICE_CLASSIFIER, List.of(
                        key(HDR_INGRESS_PORT, PiMatchType.EXACT, PORT_BITWIDTH),
                        key(HDR_VLAN_ID, PiMatchType.EXACT, VLAN_ID_BITWIDTH)))
                .put(INGRESS_ACL, List.of(
                        key(HDR_INGRESS_PORT, PiMatchType.TERNARY, PORT_BITWIDTH),
                        key(HDR_ETH_TYPE, PiMatchType.TERNARY, 16),
                        key(HDR_ETH_SRC, PiMatchType.TERNARY, MAC_BITWIDTH),
                        key(HDR_ETH_DST, PiMatchType.TERNARY, MAC_BITWIDTH),
                        key(HDR_IP_PROTO, PiMatchType.TERNARY, 8),
                        key(HDR_L4_DST_PORT, PiMatchType.TERNARY, 16),
                        key(HDR_ICMP_TYPE, PiMatchType.TERNARY, 8)))
                .put(INGRESS_L2_FORWARD, List.of(
                        key(HDR_SLICE_ID, PiMatchType.EXACT, SLICE_ID_BITWIDTH),
                        key(HDR_ETH_DST, PiMatchType.EXACT, MAC_BITWIDTH)))
                .put(INGRESS_L3_FORWARD_V4, List.of(
                        key(HDR_SLICE_ID, PiMatchType.EXACT, SLICE_ID_BITWIDTH),
                        key(HDR_IPV4_DST, PiMatchType.LPM, 32)))
                .put(INGRESS_L3_FORWARD_V6, List.of(
                        key(HDR_SLICE_ID, PiMatchType.EXACT, SLICE_ID_BITWIDTH),
                        key(HDR_IPV6_DST, PiMatchType.LPM, 128)))
                .put(EGRESS_EGRESS_VLAN, List.of(
                        key(HDR_EGRESS_PORT, PiMatchType.EXACT, PORT_BITWIDTH),
                        key(HDR_SLICE_ID, PiMatchType.EXACT, SLICE_ID_BITWIDTH)))
                .build();
        Map<PiTableId, Set<PiActionId>> actions = ImmutableMap.<PiTableId, Set<PiActionId>>builder()
                .put(INGRESS_SLICE_CLASSIFIER, Set.of(INGRESS_SET_SLICE, INGRESS_SET_SLICE_TRANSIT, INGRESS_DENY))
                .put(INGRESS_ACL, Set.of(INGRESS_PUNT_TO_CPU, INGRESS_COPY_TO_CPU, INGRESS_ACL_DROP, INGRESS_ACL_NOP))
                .put(INGRESS_L2_FORWARD, Set.of(INGRESS_SET_EGRESS_PORT, INGRESS_FLOOD, INGRESS_DROP))
                .put(INGRESS_L3_FORWARD_V4, Set.of(INGRESS_ROUTE, INGRESS_NOP))
                .put(INGRESS_L3_FORWARD_V6, Set.of(INGRESS_ROUTE, INGRESS_NOP))
                .put(EGRESS_EGRESS_VLAN, Set.of(EGRESS_PUSH_VLAN, EGRESS_POP_VLAN, EGRESS_DROP))
                .build();
        Map<PiActionId, List<String>> params = ImmutableMap.<PiActionId, List<String>>builder()
                .put(INGRESS_SET_SLICE, List.of(SLICE_ID + ":" + SLICE_ID_BITWIDTH))
                .put(INGRESS_SET_SLICE_TRANSIT, List.of(SLICE_ID + ":" + SLICE_ID_BITWIDTH))
                .put(INGRESS_SET_EGRESS_PORT, List.of(PORT + ":" + PORT_BITWIDTH))
                .put(INGRESS_ROUTE, List.of(PORT + ":" + PORT_BITWIDTH, SRC_MAC + ":" + MAC_BITWIDTH,
                                            DST_MAC + ":" + MAC_BITWIDTH))
                .put(EGRESS_PUSH_VLAN, List.of(VLAN_ID + ":" + VLAN_ID_BITWIDTH))
                .build();

        List<String> mismatches = new ArrayList<>();
        keys.forEach((tableId, expectedKeys) -> {
            Optional<PiTableModel> table = model.table(tableId);
            if (table.isEmpty()) {
                mismatches.add("no table " + tableId);
                return;
            }
            List<String> actualKeys = table.get().matchFields().stream()
                    .map(f -> key(f.id(), f.matchType(), f.bitWidth())).collect(Collectors.toList());
            if (!actualKeys.equals(expectedKeys)) {
                mismatches.add(tableId + " keys: expected " + expectedKeys + ", P4Info has " + actualKeys);
            }
            Set<PiActionId> actualActions = table.get().actions().stream().map(PiActionModel::id)
                    .collect(Collectors.toSet());
            if (!actualActions.equals(actions.get(tableId))) {
                mismatches.add(tableId + " actions: expected " + actions.get(tableId) + ", P4Info has "
                                       + actualActions);
            }
            for (PiActionModel action : table.get().actions()) {
                List<String> actualParams = action.params().stream().map(p -> p.id() + ":" + p.bitWidth())
                        .collect(Collectors.toList());
                List<String> expectedParams = params.getOrDefault(action.id(), List.of());
                if (!actualParams.equals(expectedParams)) {
                    mismatches.add(action.id() + " in " + tableId + " parameters: expected " + expectedParams
                                           + ", P4Info has " + actualParams);
                }
            }
        });
        if (model.tables().size() != keys.size()) {
            mismatches.add("expected tables " + keys.keySet() + ", P4Info has "
                                   + model.tables().stream().map(PiTableModel::id).collect(Collectors.toList()));
        }
        assertTrue(p4info + " differs from p4-contract.md: " + mismatches, mismatches.isEmpty());
    }

    @Test
    public void countersAndMeterHaveTheContractsShape() {
        List<String> mismatches = new ArrayList<>();
        for (PiCounterId id : List.of(INGRESS_SLICE_RX_COUNTER, INGRESS_SLICE_DROP_COUNTER, EGRESS_SLICE_TX_COUNTER)) {
            model.counter(id).ifPresentOrElse(c -> {
                if (c.counterType() != PiCounterType.INDIRECT || c.size() != SLICE_ARRAY_SIZE
                        || c.unit() != PiCounterModel.Unit.PACKETS_AND_BYTES) {
                    mismatches.add(id + ": expected indirect, " + SLICE_ARRAY_SIZE + " cells, packets and bytes; got "
                                           + c.counterType() + ", " + c.size() + ", " + c.unit());
                }
            }, () -> mismatches.add("no counter " + id));
        }
        Map<PiCounterId, PiTableId> direct = Map.of(INGRESS_SLICE_CLASSIFIER_COUNTER, INGRESS_SLICE_CLASSIFIER,
                                                    INGRESS_ACL_COUNTER, INGRESS_ACL);
        direct.forEach((id, table) -> model.counter(id).ifPresentOrElse(c -> {
            if (c.counterType() != PiCounterType.DIRECT || !table.equals(c.table())
                    || c.unit() != PiCounterModel.Unit.PACKETS_AND_BYTES) {
                mismatches.add(id + ": expected direct on " + table + ", packets and bytes; got " + c.counterType()
                                       + " on " + c.table() + ", " + c.unit());
            }
        }, () -> mismatches.add("no counter " + id)));
        model.meter(INGRESS_SLICE_METER).ifPresentOrElse(m -> {
            if (m.size() != SLICE_ARRAY_SIZE || m.unit() != PiMeterModel.Unit.BYTES) {
                mismatches.add(INGRESS_SLICE_METER + ": expected " + SLICE_ARRAY_SIZE + " cells in bytes; got "
                                       + m.size() + ", " + m.unit());
            }
        }, () -> mismatches.add("no meter " + INGRESS_SLICE_METER));
        assertTrue(p4info + " differs from p4-contract.md: " + mismatches, mismatches.isEmpty());
    }

    @Test
    public void controllerHeadersCarryThePortAndPadding() {
        String pad = CONTROLLER_HEADER_PAD + ":" + CONTROLLER_HEADER_PAD_BITWIDTH;
        Map<PiPacketOperationType, List<String>> expected = Map.of(
                PiPacketOperationType.PACKET_IN, List.of(INGRESS_PORT + ":" + PORT_BITWIDTH, pad),
                PiPacketOperationType.PACKET_OUT, List.of(EGRESS_PORT + ":" + PORT_BITWIDTH, pad));
        List<String> mismatches = new ArrayList<>();
        expected.forEach((type, fields) -> {
            List<String> actual = model.packetOperationModel(type).map(PiPacketOperationModel::metadatas)
                    .orElse(List.of()).stream().map(m -> m.id() + ":" + m.bitWidth()).collect(Collectors.toList());
            if (!actual.equals(fields)) {
                mismatches.add(type + ": expected " + fields + ", P4Info has " + actual);
            }
        });
        assertTrue(p4info + ": controller headers differ from p4-contract.md: " + mismatches, mismatches.isEmpty());
    }
}
