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
package org.p4slice.tools.plan;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.PortNumber;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;
import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.PlannedMeter;
import org.p4slice.slicing.impl.translator.SlicePlan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Writes slice plans in the JSON plan format of the bmv2 harness ({@code docs/plan-format.md},
 * version 1). Values are lower-case hex strings with two digits per byte of the field's fitted
 * width (a 9-bit port is {@code "0x0001"}). Plans are written in slice id order, each slice's devices
 * in device id order, each device's entries in plan order; the text is stable for golden tests.
 */
public final class PlanJson {

    /** Version of the plan format written. */
    public static final int VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PlanJson() {
        // static helpers only
    }

    /**
     * Returns the plans as a JSON tree.
     *
     * @param plans slice plans
     * @return plan document
     * @throws IllegalArgumentException if an entry uses a match kind the plan format lacks (range,
     *                                  optional)
     */
    public static ObjectNode toJson(Collection<SlicePlan> plans) {
        checkNotNull(plans, "plans must not be null");
        List<SlicePlan> ordered = new ArrayList<>(plans);
        ordered.sort(Comparator.comparingInt(p -> p.sliceId().id()));
        ObjectNode root = MAPPER.createObjectNode();
        root.put("version", VERSION);
        ArrayNode entries = root.putArray("entries");
        ArrayNode meters = root.putArray("meters");
        ArrayNode groups = root.putArray("multicastGroups");
        for (SlicePlan plan : ordered) {
            for (DevicePlan device : plan.devices().values()) {
                String deviceId = device.deviceId().toString();
                for (PlannedEntry entry : device.entries()) {
                    entries.add(entry(deviceId, entry));
                }
                PlannedMeter m = device.meter();
                ObjectNode meter = meters.addObject();
                meter.put("device", deviceId);
                meter.put("meter", m.meter().id());
                meter.put("index", m.index());
                meter.put("cir", m.cir());
                meter.put("cburst", m.cburst());
                meter.put("pir", m.pir());
                meter.put("pburst", m.pburst());
                ObjectNode group = groups.addObject();
                group.put("device", deviceId);
                group.put("id", device.group().groupId());
                ArrayNode replicas = group.putArray("replicas");
                for (PortNumber port : device.group().ports()) {
                    ObjectNode replica = replicas.addObject();
                    replica.put("port", port.toLong());
                    replica.put("instance", 0);
                }
            }
        }
        return root;
    }

    /**
     * Returns the plans as pretty-printed JSON text ending with a newline.
     *
     * @param plans slice plans
     * @return JSON text
     */
    public static String toJsonString(Collection<SlicePlan> plans) {
        try {
            return MAPPER.writer(new PlanPrettyPrinter()).writeValueAsString(toJson(plans)) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot write plan JSON", e);
        }
    }

    private static ObjectNode entry(String deviceId, PlannedEntry e) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("device", deviceId);
        node.put("table", e.table().id());
        node.put("priority", e.priority());
        ArrayNode match = node.putArray("match");
        for (PiFieldMatch fm : e.match().fieldMatches()) {
            ObjectNode field = match.addObject();
            field.put("field", fm.fieldId().id());
            switch (fm.type()) {
                case EXACT:
                    field.put("exact", hex(((PiExactFieldMatch) fm).value()));
                    break;
                case LPM:
                    PiLpmFieldMatch lpm = (PiLpmFieldMatch) fm;
                    ObjectNode lpmNode = field.putObject("lpm");
                    lpmNode.put("value", hex(lpm.value()));
                    lpmNode.put("prefixLen", lpm.prefixLength());
                    break;
                case TERNARY:
                    PiTernaryFieldMatch ternary = (PiTernaryFieldMatch) fm;
                    ObjectNode ternaryNode = field.putObject("ternary");
                    ternaryNode.put("value", hex(ternary.value()));
                    ternaryNode.put("mask", hex(ternary.mask()));
                    break;
                default:
                    throw new IllegalArgumentException("match kind " + fm.type() + " of field " + fm.fieldId()
                                                               + " in table " + e.table()
                                                               + " has no form in the plan format");
            }
        }
        ObjectNode action = node.putObject("action");
        action.put("name", e.action().id().id());
        ArrayNode params = action.putArray("params");
        for (PiActionParam p : e.action().parameters()) {
            ObjectNode param = params.addObject();
            param.put("name", p.id().id());
            param.put("value", hex(p.value()));
        }
        return node;
    }

    /**
     * Returns a byte sequence as {@code "0x"} and two lower-case hex digits per byte.
     *
     * @param bytes byte sequence
     * @return hex string
     */
    static String hex(ImmutableByteSequence bytes) {
        StringBuilder sb = new StringBuilder("0x");
        for (byte b : bytes.asArray()) {
            sb.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return sb.toString();
    }

    // two-space indent, one array element per line, "key": value, '\n' on every platform
    private static final class PlanPrettyPrinter extends DefaultPrettyPrinter {
        private static final long serialVersionUID = 1L;

        PlanPrettyPrinter() {
            DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
            indentObjectsWith(indenter);
            indentArraysWith(indenter);
        }

        @Override
        public DefaultPrettyPrinter createInstance() {
            return new PlanPrettyPrinter();
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(": ");
        }
    }
}
