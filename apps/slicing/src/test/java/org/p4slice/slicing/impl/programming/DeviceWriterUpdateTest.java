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
import org.junit.Before;
import org.junit.Test;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.driver.DriverServiceAdapter;
import org.p4slice.testbed.FakeDeviceService;
import org.p4slice.testbed.FakeMastershipService;
import org.p4slice.testbed.RecordingFlowRuleService;
import org.p4slice.testbed.RecordingMulticastGroups;
import org.p4slice.testbed.RecordingMeterCells;
import org.p4slice.slicing.impl.translator.SlicePlan;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.p4slice.testbed.PlanFixtures.S1;
import static org.p4slice.testbed.PlanFixtures.S2;

/**
 * Updating a programmed slice writes only what differs between its old and new plan.
 */
public class DeviceWriterUpdateTest {

    private static final ApplicationId APP = new DefaultApplicationId(7, "org.p4slice");

    private final List<String> journal = new CopyOnWriteArrayList<>();
    private final RecordingFlowRuleService flows = new RecordingFlowRuleService().journal(journal);
    private final RecordingMeterCells meters = new RecordingMeterCells().journal(journal);
    private final RecordingMulticastGroups groups = new RecordingMulticastGroups().journal(journal);
    private final DeviceWriter writer = new DeviceWriter(
            APP, flows, meters, groups, new DeviceBehaviours(new FakeDeviceService(), new DriverServiceAdapter()),
            new FakeMastershipService(), Duration.ofMillis(200));

    private final SlicePlan plan = DeviceWriterTest.plan(8_000_000, 10, 1);

    @Before
    public void programmed() {
        assertTrue(writer.program(plan).ok());
        journal.clear();
    }

    private Set<FlowRule> rules(SlicePlan p) {
        Set<FlowRule> all = new HashSet<>(PlanConverter.flowRules(APP, p.sliceId(), p.devices().get(S1)));
        all.addAll(PlanConverter.flowRules(APP, p.sliceId(), p.devices().get(S2)));
        return all;
    }

    @Test
    public void aQuotaChangeRewritesTheMeterCellsAndNothingElse() {
        SlicePlan faster = DeviceWriterTest.plan(20_000_000, 10, 1);
        assertEquals(ProgramResult.success(), writer.update(plan, faster));
        assertEquals(ImmutableList.of("meter add device:bmv2:s1 P4SliceIngress.slice_meter[10]",
                                      "meter add device:bmv2:s2 P4SliceIngress.slice_meter[10]"), journal);
        assertEquals(2_500_000, meters.submitted().get(meters.submitted().size() - 1).committedBand().rate());
        assertEquals(rules(faster), flows.installed());
        assertEquals(List.of(), flows.removed());
    }

    @Test
    public void aNewHostAddsItsEntriesOnly() {
        SlicePlan more = DeviceWriterTest.plan(8_000_000, 10, 1, "00:00:00:00:00:99");
        assertEquals(ProgramResult.success(), writer.update(plan, more));
        assertEquals(ImmutableList.of("flows add device:bmv2:s1 1", "flows add device:bmv2:s2 1"), journal);
        assertEquals(rules(more), flows.installed());
        // and back: its entries are removed, nothing else
        journal.clear();
        assertEquals(ProgramResult.success(), writer.update(more, plan));
        assertEquals(ImmutableList.of("flows remove device:bmv2:s1 1", "flows remove device:bmv2:s2 1"), journal);
        assertEquals(rules(plan), flows.installed());
    }

    @Test
    public void anotherAccessPortRemovesTheOldEntriesBeforeAddingTheNewOnes() {
        SlicePlan moved = DeviceWriterTest.plan(8_000_000, 10, 2);
        assertEquals(ProgramResult.success(), writer.update(plan, moved));
        // the groups change members first; then the 3 entries of port 1 go (classifier, host, egress VLAN),
        // then the 3 of port 2 come; the trunk's entries and the meters stay
        assertEquals(ImmutableList.of("group buckets device:bmv2:s1 10", "group buckets device:bmv2:s2 10",
                                      "flows remove device:bmv2:s1 3", "flows remove device:bmv2:s2 3",
                                      "flows add device:bmv2:s1 3", "flows add device:bmv2:s2 3"), journal);
        assertEquals(rules(moved), flows.installed());
        assertEquals(List.of(), meters.withdrawn());
    }

    @Test
    public void theSamePlanWritesNothing() {
        assertEquals(ProgramResult.success(), writer.update(plan, DeviceWriterTest.plan(8_000_000, 10, 1)));
        assertEquals(List.of(), journal);
    }
}
