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
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.onosproject.net.driver.DriverServiceAdapter;
import org.p4slice.testbed.Answer;
import org.p4slice.testbed.FakeDeviceService;
import org.p4slice.testbed.FakeMastershipService;
import org.p4slice.testbed.FakeSliceCounters;
import org.p4slice.testbed.RecordingFlowRuleService;
import org.p4slice.testbed.RecordingMulticastGroups;
import org.p4slice.testbed.RecordingMeterCells;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.pipeconf.SliceMulticastGroups;
import org.p4slice.slicing.impl.translator.PlannedGroup;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.p4slice.slicing.impl.translator.SliceTranslator;
import org.p4slice.slicing.impl.translator.KnownHosts;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.p4slice.testbed.PlanFixtures.S1;
import static org.p4slice.testbed.PlanFixtures.S2;
import static org.p4slice.testbed.PlanFixtures.access;
import static org.p4slice.testbed.PlanFixtures.cp;
import static org.p4slice.testbed.PlanFixtures.link;
import static org.p4slice.testbed.PlanFixtures.slice;
import static org.p4slice.testbed.PlanFixtures.thrown;

/**
 * Tests of the device writer against fake ONOS services that succeed, fail, refuse or never
 * answer; each test states exactly what was submitted and removed, in order; and of the outcome
 * it returns.
 */
public class DeviceWriterTest {

    private static final ApplicationId APP = new DefaultApplicationId(7, "org.p4slice");
    private static final Duration TIMEOUT = Duration.ofMillis(200);
    private static final Duration RETRIES_TIMEOUT = Duration.ofSeconds(10);
    private static final SliceId SLICE = SliceId.of(10);

    private static final String METER_S1 = "meter add device:bmv2:s1 P4SliceIngress.slice_meter[10]";
    private static final String METER_S2 = "meter add device:bmv2:s2 P4SliceIngress.slice_meter[10]";
    private static final String GROUP_S1 = "group add device:bmv2:s1 10";
    private static final String GROUP_S2 = "group add device:bmv2:s2 10";
    private static final String FLOWS_S1 = "flows add device:bmv2:s1 6";
    private static final String FLOWS_S2 = "flows add device:bmv2:s2 6";
    private static final String UNFLOW_S1 = "flows remove device:bmv2:s1 6";
    private static final String UNFLOW_S2 = "flows remove device:bmv2:s2 6";
    private static final String UNMETER_S1 = "meter withdraw device:bmv2:s1 P4SliceIngress.slice_meter[10]";
    private static final String UNMETER_S2 = "meter withdraw device:bmv2:s2 P4SliceIngress.slice_meter[10]";
    private static final String UNGROUP_S1 = "group remove device:bmv2:s1 10";
    private static final String UNGROUP_S2 = "group remove device:bmv2:s2 10";

    private final List<String> journal = new CopyOnWriteArrayList<>();
    private final RecordingFlowRuleService flows = new RecordingFlowRuleService().journal(journal);
    private final RecordingMeterCells meters = new RecordingMeterCells().journal(journal);
    private final RecordingMulticastGroups groups = new RecordingMulticastGroups().journal(journal);
    private final FakeDeviceService devices = new FakeDeviceService();
    private final FakeMastershipService mastership = new FakeMastershipService();
    private final DeviceWriter writer = writerWith(TIMEOUT);

    /** A writer over this test's recording services and devices (s1, s2 with counters, when added). */
    private DeviceWriter writerWith(Duration timeout) {
        return new DeviceWriter(APP, flows, meters, groups, new DeviceBehaviours(devices, new DriverServiceAdapter()),
                                mastership, timeout);
    }

    /** Slice 10 on s1:1 and s2:1 across s1:5 - s2:5 with two known hosts: 6 entries per switch. */
    private final SlicePlan plan = plan(10, 1);

    private static SlicePlan plan(int id, int accessPort, String... moreHostsOnS1) {
        return plan(8_000_000, id, accessPort, moreHostsOnS1);
    }

    /** Slice {@code id} with a quota, on s1 and s2 at {@code accessPort}, across s1:5 - s2:5. */
    static SlicePlan plan(long quotaBps, int id, int accessPort, String... moreHostsOnS1) {
        Slice slice = slice(id, 100 + id, quotaBps, 65_536)
                .endpoints(ImmutableSet.of(access(S1, accessPort), access(S2, accessPort)))
                .trunkLinks(ImmutableSet.of(link(cp(S1, 5), cp(S2, 5)))).build();
        KnownHosts.Builder facts = KnownHosts.builder()
                .host(cp(S1, accessPort), MacAddress.valueOf("00:00:00:00:00:0" + id % 10))
                .host(cp(S2, accessPort), MacAddress.valueOf("00:00:00:00:00:1" + id % 10));
        for (String mac : moreHostsOnS1) {
            facts.host(cp(S1, accessPort), MacAddress.valueOf(mac));
        }
        return new SliceTranslator().translate(slice, facts.build());
    }

    private List<FlowRule> rules(SlicePlan p, DeviceId device) {
        return PlanConverter.flowRules(APP, p.sliceId(), p.devices().get(device));
    }

    private List<FlowRule> planRules() {
        List<FlowRule> all = new ArrayList<>(rules(plan, S1));
        all.addAll(rules(plan, S2));
        return all;
    }

    private static Set<FlowRule> batchRules(FlowRuleOperations ops) {
        Set<FlowRule> rules = new HashSet<>();
        for (Set<FlowRuleOperation> stage : ops.stages()) {
            stage.forEach(op -> rules.add(op.rule()));
        }
        return rules;
    }

    @Test
    public void timeoutIsBoundedAndPositive() {
        assertEquals(Duration.ofSeconds(45), new DeviceWriter(APP, flows, meters, groups, new DeviceBehaviours(
                devices, new DriverServiceAdapter()), mastership).timeout());
        assertEquals(TIMEOUT, writer.timeout());
        IllegalArgumentException e = thrown(IllegalArgumentException.class,
                () -> writerWith(Duration.ZERO));
        assertEquals("timeout must be > 0, got PT0S", e.getMessage());
    }

    /** Everything confirmed: meters and groups first, then one batch per device; nothing removed. */
    @Test
    public void programsWholePlan() {
        assertEquals(ProgramResult.success(), writer.program(plan));
        assertEquals(ImmutableList.of(METER_S1, GROUP_S1, METER_S2, GROUP_S2, FLOWS_S1, FLOWS_S2), journal);

        assertEquals(2, flows.batches().size());
        assertEquals(new HashSet<>(rules(plan, S1)), batchRules(flows.batches().get(0)));
        assertEquals(new HashSet<>(rules(plan, S2)), batchRules(flows.batches().get(1)));
        assertEquals(new HashSet<>(planRules()), flows.installed());

        assertEquals(ImmutableList.of(PlanConverter.meterCellConfig(plan.devices().get(S1).meter()),
                                      PlanConverter.meterCellConfig(plan.devices().get(S2).meter())),
                     meters.submitted());
        PiMeterCellConfig cell = meters.submitted().get(0);
        assertEquals("P4SliceIngress.slice_meter", cell.cellId().meterId().id());
        assertEquals(10, cell.cellId().index());
        assertEquals(1_000_000, cell.committedBand().rate());
        assertEquals(1_000_000, cell.peakBand().rate());
        assertEquals(65_536, cell.committedBand().burst());
        assertEquals(ImmutableList.of(
                Map.entry(S1, SliceMulticastGroups.entry(10, plan.devices().get(S1).group().ports())),
                Map.entry(S2, SliceMulticastGroups.entry(10, plan.devices().get(S2).group().ports()))),
                     groups.written());
        assertEquals(ImmutableList.of(), flows.removed());
        assertEquals(ImmutableList.of(), meters.withdrawn());
        assertEquals(ImmutableList.of(), groups.removed());
    }

    /** The flow batch of s2 fails on every try: nothing is taken back, s1 keeps what it accepted. */
    @Test
    public void failedFlowBatchTakesNothingBack() {
        flows.addAnswers().put(S2, Answer.FAIL);
        // the writer's timeout outlasts the tries' backoff (1.5 s), as its 45 s default does
        ProgramResult result = writerWith(RETRIES_TIMEOUT).program(plan);
        assertEquals(ProgramResult.failure("slice 10: 6 table entries on device:bmv2:s2: the flow rule batch failed "
                                                   + "(3 tries in 1500 ms)"), result);
        assertEquals(ImmutableList.of(METER_S1, GROUP_S1, METER_S2, GROUP_S2, FLOWS_S1, FLOWS_S2, FLOWS_S2, FLOWS_S2),
                     journal);
        assertEquals(ImmutableList.of(), flows.removed());
        assertTrue(flows.installed().containsAll(rules(plan, S1)));
        assertEquals(2, groups.installed().size());
    }

    /**
     * A batch ONOS reports failed on a device that is available and mastered here (as right after ONOS
     * connected it) is submitted again after the backoff, and its second answer is the outcome.
     */
    @Test
    public void aFlowBatchThatFailsOnceIsSubmittedAgain() {
        flows.failNextBatches(S2, 1);
        ProgramResult result = writerWith(RETRIES_TIMEOUT).program(plan);
        assertEquals(ProgramResult.success(), result);
        assertEquals(ImmutableList.of(METER_S1, GROUP_S1, METER_S2, GROUP_S2, FLOWS_S1, FLOWS_S2, FLOWS_S2), journal);
        assertTrue(flows.installed().containsAll(rules(plan, S2)));
    }

    /** A device that is not available fails at once (its meter cell and group are not written), nothing is removed. */
    @Test
    public void unavailableDeviceFailsAtOnceAndKeepsTheOthers() {
        meters.setAvailable(S2, false);
        ProgramResult result = writer.program(plan);
        assertEquals(ProgramResult.failure("slice 10: meter cell P4SliceIngress.slice_meter[10] on device:bmv2:s2: "
                + "device device:bmv2:s2 is not available; multicast group 10 on device:bmv2:s2: device "
                + "device:bmv2:s2 is not available"), result);
        assertEquals(ImmutableList.of(METER_S1, GROUP_S1), journal);
        assertEquals(ImmutableList.of(), flows.removed());
        assertEquals(ImmutableList.of(), meters.withdrawn());
        assertEquals(ImmutableList.of(), groups.removed());
    }

    /** The device refuses the meter cell of s1: no table entry is ever written, nothing taken back. */
    @Test
    public void failedMeterStopsBeforeEntries() {
        meters.submitAnswers().put(S1, Answer.FAIL);
        assertEquals(ProgramResult.failure(
                "slice 10: meter cell P4SliceIngress.slice_meter[10] on device:bmv2:s1: writing meter cells to "
                        + "device:bmv2:s1 failed: INVALID_ARGUMENT"),
                     writer.program(plan));
        assertEquals(ImmutableList.of(GROUP_S1, METER_S2, GROUP_S2), journal);
        assertEquals(ImmutableList.of(), flows.batches());
    }

    /** The device refuses the group of s1: no table entry is written, nothing is taken back. */
    @Test
    public void failedGroup() {
        groups.writeAnswers().put(S1, Answer.FAIL);
        assertEquals(ProgramResult.failure(
                "slice 10: multicast group 10 on device:bmv2:s1: writing multicast group 10 to device:bmv2:s1 "
                        + "failed: OTHER_ERROR refused by the device"),
                     writer.program(plan));
        assertEquals(ImmutableList.of(METER_S1, METER_S2, GROUP_S2), journal);
        assertEquals(ImmutableList.of(), flows.batches());
        assertEquals(1, groups.installed().size());
    }

    /** A device that cannot be reached fails its group at once (no wait for a timeout). */
    @Test
    public void unreachableDeviceFailsItsGroupAtOnce() {
        groups.writeAnswers().put(S2, Answer.THROW);
        long start = System.nanoTime();
        assertEquals(ProgramResult.failure(
                "slice 10: multicast group 10 on device:bmv2:s2: writing multicast group 10 to device:bmv2:s2 "
                        + "failed: the device cannot be reached"),
                     writer.program(plan));
        assertTrue("failed before the 200 ms timeout", System.nanoTime() - start < 200_000_000L);
        assertEquals(ImmutableList.of(METER_S1, GROUP_S1, METER_S2), journal);
    }

    /** The slice's group is on the device once program returns: confirmed by the write, no poll. */
    @Test
    public void groupsAreOnTheDevicesWhenProgramReturns() {
        assertEquals(ProgramResult.success(), writer.program(plan));
        assertEquals(SliceMulticastGroups.entry(10, plan.devices().get(S1).group().ports()), groups.group(S1, 10));
        assertEquals(SliceMulticastGroups.entry(10, plan.devices().get(S2).group().ports()), groups.group(S2, 10));
    }

    /** Flow batches that never complete time out; ONOS keeps them, nothing is removed. */
    @Test
    public void unconfirmedFlowsTimeOut() {
        flows.addAnswers().put(S1, Answer.NEVER);
        flows.addAnswers().put(S2, Answer.NEVER);
        assertEquals(ProgramResult.failure(
                "slice 10: 6 table entries on device:bmv2:s1: not confirmed within 200 ms; "
                        + "6 table entries on device:bmv2:s2: not confirmed within 200 ms"),
                     writer.program(plan));
        assertEquals(ImmutableList.of(METER_S1, GROUP_S1, METER_S2, GROUP_S2, FLOWS_S1, FLOWS_S2), journal);
    }

    /** Programming the same plan again after a failure completes it without touching what is there. */
    @Test
    public void programmingAgainCompletesAFailedPlan() {
        flows.addAnswers().put(S2, Answer.FAIL);
        assertFalse(writer.program(plan).ok());
        flows.addAnswers().clear();
        journal.clear();
        assertEquals(ProgramResult.success(), writer.program(plan));
        assertEquals(ImmutableList.of(METER_S1, METER_S2, FLOWS_S1, FLOWS_S2), journal);
        assertEquals(ImmutableList.of(), flows.removed());
        assertEquals(new HashSet<>(planRules()), flows.installed());
    }

    /** A flow rule service that refuses the batch outright. */
    @Test
    public void refusedFlowBatch() {
        flows.addAnswers().put(S1, Answer.THROW);
        assertEquals(ProgramResult.failure(
                "slice 10: 6 table entries on device:bmv2:s1: refused by ONOS: flow rule store unavailable"),
                     writer.program(plan));
        assertEquals(ImmutableList.of(METER_S1, GROUP_S1, METER_S2, GROUP_S2, FLOWS_S2), journal);
    }

    /** Confirmations arriving later on other threads are waited for. */
    @Test
    public void waitsForAsynchronousConfirmations() {
        flows.callbacks(r -> new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            r.run();
        }).start());
        DeviceWriter patient = writerWith(Duration.ofSeconds(10));
        assertEquals(ProgramResult.success(), patient.program(plan));
        assertEquals(ImmutableList.of(METER_S1, GROUP_S1, METER_S2, GROUP_S2, FLOWS_S1, FLOWS_S2), journal);
    }

    /** A group already there with the planned buckets is kept; one with other buckets is updated. */
    @Test
    public void existingGroups() {
        groups.preinstall(S1, plan.devices().get(S1).group());
        groups.preinstall(S2, PlannedGroup.of(10, ImmutableList.of(PortNumber.portNumber(9))));
        assertEquals(ProgramResult.success(), writer.program(plan));
        assertEquals(ImmutableList.of(METER_S1, METER_S2, "group buckets device:bmv2:s2 10", FLOWS_S1, FLOWS_S2),
                     journal);
        assertEquals(SliceMulticastGroups.entry(10, plan.devices().get(S2).group().ports()), groups.group(S2, 10));
    }

    /** Removal takes every rule of the slice (also ones not in the plan), its meters and groups. */
    @Test
    public void removesTheSliceFromThePlansDevices() {
        SlicePlan other = plan(11, 2);
        assertTrue(writer.program(plan).ok());
        assertTrue(writer.program(other).ok());
        // rules of slice 10 that are not in its plan: an l2 entry of a host gone since, and one on s7
        FlowRule stale = PlanConverter.flowRule(APP, SLICE, S1, plan(10, 1, "00:00:00:00:00:99")
                .devices().get(S1).entries().get(4));
        assertFalse(planRules().contains(stale));
        FlowRule staleElsewhere = PlanConverter.flowRule(APP, SLICE, DeviceId.deviceId("device:bmv2:s7"),
                                                         plan.devices().get(S1).entries().get(0));
        flows.installed().add(stale);
        flows.installed().add(staleElsewhere);
        journal.clear();

        assertEquals(ProgramResult.success(), writer.remove(plan));
        // the rule on s7, a device outside the plan, is left to that device's master
        assertEquals(ImmutableList.of("flows remove device:bmv2:s1 7", UNFLOW_S2,
                                      UNMETER_S1, UNMETER_S2, UNGROUP_S1, UNGROUP_S2), journal);
        assertTrue(flows.installed().contains(staleElsewhere));
        flows.installed().remove(staleElsewhere);
        List<FlowRule> expectedRemoved = new ArrayList<>(planRules());
        expectedRemoved.add(stale);
        assertEquals(new HashSet<>(expectedRemoved), new HashSet<>(flows.removed()));
        assertEquals(expectedRemoved.size(), flows.removed().size());
        List<FlowRule> otherRules = new ArrayList<>(rules(other, S1));
        otherRules.addAll(rules(other, S2));
        assertEquals(new HashSet<>(otherRules), flows.installed());
        assertFalse(groups.group(S2, 11) == null);
        assertTrue(groups.group(S2, 10) == null);
    }

    @Test
    public void unconfirmedRemovalIsReported() {
        assertTrue(writer.program(plan).ok());
        meters.withdrawAnswer(Answer.FAIL);
        groups.removeAnswer(Answer.FAIL);
        assertEquals(ProgramResult.failure(
                "slice 10: reset of meter cell P4SliceIngress.slice_meter[10] on device:bmv2:s1: writing meter cells "
                        + "to device:bmv2:s1 failed: INVALID_ARGUMENT; reset of meter cell "
                        + "P4SliceIngress.slice_meter[10] on device:bmv2:s2: writing meter cells to device:bmv2:s2 "
                        + "failed: INVALID_ARGUMENT; removal of multicast group 10 on device:bmv2:s1: removing "
                        + "multicast group 10 from device:bmv2:s1 failed: OTHER_ERROR refused by the device; removal "
                        + "of multicast group 10 on device:bmv2:s2: removing multicast group 10 from device:bmv2:s2 "
                        + "failed: OTHER_ERROR refused by the device"),
                     writer.remove(plan));
    }

    /**
     * Sync removes the slice's rules the plan no longer has (a host on s1 gone: its entry on s1 and
     * the one towards it on s2), then programs the plan.
     */
    @Test
    public void syncRemovesWhatThePlanNoLongerHas() {
        SlicePlan withHost = plan(10, 1, "00:00:00:00:00:99");
        assertTrue(writer.program(withHost).ok());
        journal.clear();
        assertEquals(ProgramResult.success(), writer.sync(plan));
        assertEquals(ImmutableList.of("flows remove device:bmv2:s1 1", "flows remove device:bmv2:s2 1",
                                      METER_S1, METER_S2, FLOWS_S1, FLOWS_S2), journal);
        assertEquals(new HashSet<>(planRules()), flows.installed());
    }

    /** A stale rule that cannot be removed fails the sync before anything is written. */
    @Test
    public void syncFailsWhenAStaleRuleStays() {
        assertTrue(writer.program(plan(10, 1, "00:00:00:00:00:99")).ok());
        flows.removeAnswer(Answer.FAIL);
        journal.clear();
        assertEquals(ProgramResult.failure("slice 10: removal of 1 table entries on device:bmv2:s1: the flow rule "
                                                   + "removal batch failed; removal of 1 table entries on "
                                                   + "device:bmv2:s2: the flow rule removal batch failed"),
                     writer.sync(plan));
        assertEquals(ImmutableList.of("flows remove device:bmv2:s1 1", "flows remove device:bmv2:s2 1"), journal);
    }

    /** An unexpected error of ONOS is a failed outcome naming it, never an exception to the caller. */
    @Test
    public void anUnexpectedErrorIsAFailedOutcome() {
        RecordingFlowRuleService broken = new RecordingFlowRuleService() {
            @Override
            public synchronized Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
                throw new IllegalStateException("flow rule store unavailable");
            }
        };
        DeviceWriter failing = new DeviceWriter(APP, broken, meters, groups,
                                                new DeviceBehaviours(devices, new DriverServiceAdapter()), mastership);
        assertEquals(ProgramResult.failure("slice 10: programming failed: java.lang.IllegalStateException: "
                                                   + "flow rule store unavailable"), failing.sync(plan));
        assertEquals(ProgramResult.failure("slice 10: removal failed: java.lang.IllegalStateException: "
                                                   + "flow rule store unavailable"), failing.remove(plan));
        assertEquals(ImmutableList.of(), journal);
    }

    /** Counters are reset where this instance is master; elsewhere, or on a failing device, it is said. */
    @Test
    public void resetsCountersWhereItIsMaster() {
        FakeSliceCounters c1 = new FakeSliceCounters();
        FakeSliceCounters c2 = new FakeSliceCounters();
        devices.addDevice(S1.toString(), 8, 1000, Map.of(SliceCounters.class, c1));
        devices.addDevice(S2.toString(), 8, 1000, Map.of(SliceCounters.class, c2));
        DeviceId noCounters = DeviceId.deviceId("device:bmv2:s9");
        assertEquals(ProgramResult.success(), writer.resetCounters(SLICE, Set.of(S1, S2, noCounters)));
        assertEquals(List.of(10), c1.resets);
        assertEquals(List.of(10), c2.resets);

        mastership.masteredElsewhere(S1);
        c2.failing = true;
        assertEquals(ProgramResult.failure("slice 10: counters on device:bmv2:s1 not reset: this instance is not "
                                                   + "its master; resetting the counters on device:bmv2:s2 failed: "
                                                   + "device unreachable"),
                     writer.resetCounters(SLICE, new LinkedHashSet<>(List.of(S1, S2))));
        assertEquals(List.of(10), c1.resets);
    }

    /** The outcome: success, or failure with its reason; joined; and the slice's state made from it. */
    @Test
    public void outcomes() {
        assertTrue(ProgramResult.success().ok());
        assertEquals(Optional.empty(), ProgramResult.success().reason());
        assertEquals("ProgramResult{ok}", ProgramResult.success().toString());
        ProgramResult failure = ProgramResult.failure("meter refused");
        assertFalse(failure.ok());
        assertEquals(Optional.of("meter refused"), failure.reason());
        assertEquals("ProgramResult{failed: meter refused}", failure.toString());
        assertEquals(ProgramResult.failure("meter refused"), failure);
        assertEquals(ProgramResult.failure("meter refused").hashCode(), failure.hashCode());
        assertNotEquals(ProgramResult.failure("group refused"), failure);
        assertNotEquals(ProgramResult.success(), failure);
        assertEquals("a failure needs a reason",
                     thrown(IllegalArgumentException.class, () -> ProgramResult.failure("")).getMessage());

        assertEquals(ProgramResult.success(), ProgramResult.of(SLICE, List.of()));
        assertEquals(ProgramResult.failure("slice 10: a; b"), ProgramResult.of(SLICE, List.of("a", "b")));
        assertEquals(ProgramResult.success(), ProgramResult.all(List.of(ProgramResult.success())));
        assertEquals(ProgramResult.failure("meter refused; group refused"),
                     ProgramResult.all(List.of(failure, ProgramResult.success(), ProgramResult.failure("group refused"),
                                               failure)));

        Slice slice = slice(10, 110, 8_000_000, 65_536).build();
        assertEquals(slice.withState(SliceState.ACTIVE, null), ProgramResult.success().applyTo(slice));
        assertEquals(slice.withState(SliceState.FAILED, "meter refused"), failure.applyTo(slice));
    }
}
