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
package org.p4slice.slicing.impl.programming;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.junit.Test;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.group.GroupBucket;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.PlannedGroup;
import org.p4slice.slicing.impl.translator.PlannedMeter;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_CLASSIFIER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_METER;
import static org.p4slice.testbed.PlanFixtures.S1;
import static org.p4slice.testbed.PlanFixtures.S2;
import static org.p4slice.testbed.PlanFixtures.bytes;
import static org.p4slice.testbed.PlanFixtures.classifier;

/**
 * Tests of the plan to ONOS object conversion.
 */
public class PlanConverterTest {

    private static final ApplicationId APP = new DefaultApplicationId(0x1234, "org.p4slice");
    private static final SliceId SLICE = SliceId.of(4094);

    private final PlannedEntry entry = classifier(bytes(0, 3), bytes(0x0f, 0xfe), bytes(0x0f, 0xfe));

    @Test
    public void flowRuleCarriesTheEntry() {
        FlowRule rule = PlanConverter.flowRule(APP, SLICE, S1, entry);
        assertEquals(S1, rule.deviceId());
        assertEquals(INGRESS_SLICE_CLASSIFIER, rule.table());
        assertEquals(ImmutableSet.of(entry.match()), ImmutableSet.copyOf(rule.selector().criteria()));
        assertTrue(rule.selector().criteria().iterator().next() instanceof PiCriterion);
        List<Instruction> instructions = rule.treatment().allInstructions();
        assertEquals(1, instructions.size());
        assertEquals(entry.action(), ((PiInstruction) instructions.get(0)).action());
        assertEquals(0, rule.priority());
        assertTrue(rule.isPermanent());
        assertEquals((short) 0x1234, rule.appId());
    }

    /** Cookie: application id in bits 63..48, slice id in 47..32, a hash of the rule below. */
    @Test
    public void cookieCarriesAppAndSlice() {
        long cookie = PlanConverter.flowRule(APP, SLICE, S1, entry).id().value();
        assertEquals(0x1234L, cookie >>> 48);
        assertEquals(4094L, (cookie >>> 32) & 0xffff);
        assertEquals(cookie, PlanConverter.cookie(APP, SLICE, S1, entry));
        assertTrue(PlanConverter.isCookieOf(cookie, APP, SLICE));
        assertFalse(PlanConverter.isCookieOf(cookie, APP, SliceId.of(4093)));
        assertFalse(PlanConverter.isCookieOf(cookie, new DefaultApplicationId(0x1235, "x"), SLICE));
        // distinct rules, distinct flow ids
        Set<Long> ids = new HashSet<>();
        for (int port = 0; port < 512; port++) {
            ids.add(PlanConverter.cookie(APP, SLICE, S1, classifier(bytes(port >> 8, port & 0xff), bytes(0, 0),
                                                                   bytes(0x0f, 0xfe))));
        }
        ids.add(PlanConverter.cookie(APP, SLICE, S2, entry));
        assertEquals(513, ids.size());
    }

    /** The committed band carries CIR/CBS and the peak band PIR/PBS; a reset has no bands. */
    @Test
    public void meterCellOfPlannedMeter() {
        PlannedMeter meter = PlannedMeter.of(INGRESS_SLICE_METER, 4094, 1_000, 2_000, 3_000, 4_000);
        PiMeterCellConfig cell = PlanConverter.meterCellConfig(meter);
        assertEquals(PiMeterCellId.ofIndirect(INGRESS_SLICE_METER, 4094), cell.cellId());
        assertEquals(1_000, cell.committedBand().rate());
        assertEquals(2_000, cell.committedBand().burst());
        assertEquals(3_000, cell.peakBand().rate());
        assertEquals(4_000, cell.peakBand().burst());
        assertEquals(PiMeterCellId.ofIndirect(INGRESS_SLICE_METER, 4094), PlanConverter.meterCellId(meter));
        PiMeterCellConfig reset = PlanConverter.meterCellReset(meter);
        assertTrue(reset.isDefaultConfig());
        assertEquals(cell.cellId(), reset.cellId());
    }

    @Test
    public void multicastGroupOfOutputs() {
        PlannedGroup group = PlannedGroup.of(4094, ImmutableList.of(PortNumber.portNumber(1),
                                                                    PortNumber.portNumber(5)));
        GroupDescription description = PlanConverter.groupDescription(APP, S1, group);
        assertEquals(S1, description.deviceId());
        assertEquals(GroupDescription.Type.ALL, description.type());
        assertEquals(Integer.valueOf(4094), description.givenGroupId());
        assertEquals(APP, description.appId());
        assertArrayEquals(new byte[]{0, 0, 0x0f, (byte) 0xfe}, description.appCookie().key());
        assertEquals(PlanConverter.groupKey(4094), description.appCookie());
        List<GroupBucket> buckets = description.buckets().buckets();
        assertEquals(2, buckets.size());
        for (int i = 0; i < 2; i++) {
            assertEquals(GroupDescription.Type.ALL, buckets.get(i).type());
            assertEquals(ImmutableList.of(Instructions.createOutput(group.ports().get(i))),
                         buckets.get(i).treatment().allInstructions());
        }
    }
}
