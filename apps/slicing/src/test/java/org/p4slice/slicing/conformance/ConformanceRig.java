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
package org.p4slice.slicing.conformance;

import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.pi.impl.OnosPiTranslation;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.service.PiTranslationException;
import org.p4slice.slicing.api.SliceId;
import org.onosproject.net.driver.DriverServiceAdapter;
import org.p4slice.slicing.impl.programming.DeviceBehaviours;
import org.p4slice.slicing.impl.programming.DeviceWriter;
import org.p4slice.testbed.FakeDeviceService;
import org.p4slice.testbed.FakeMastershipService;
import org.p4slice.testbed.PiToPlan;
import org.p4slice.testbed.RecordingFlowRuleService;
import org.p4slice.testbed.RecordingMulticastGroups;
import org.p4slice.testbed.RecordingMeterCells;
import org.p4slice.slicing.impl.programming.ProgramResult;
import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.PlannedMeter;
import org.p4slice.slicing.impl.translator.SlicePlan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeNoException;

/**
 * Drives {@link DeviceWriter} with recording services, so that what it submits (flow rules to
 * ONOS, meter cells and multicast groups to the devices) is captured exactly, and translates the
 * flow rules with ONOS's own PI translators ({@link OnosPiTranslation}). Also turns the PI entities
 * back into the plan model, so that they can be compared with the app's plan and written as plan JSON.
 */
final class ConformanceRig {

    /** Application id used for the submissions. */
    static final ApplicationId APP = new DefaultApplicationId(77, "org.p4slice");

    private static PiPipeconf pipeconf;

    private ConformanceRig() {
    }

    /**
     * Returns the bmv2 pipeconf built from the P4Info packaged with the pipeconf module; skips the
     * calling test (JUnit assumption) if the P4 program has not been compiled into it.
     *
     * @return pipeconf
     */
    static synchronized PiPipeconf pipeconf() {
        if (pipeconf == null) {
            try {
                pipeconf = P4SlicePipeconfs.bmv2();
            } catch (IllegalStateException e) {
                assumeNoException("the P4Info is not packaged with the pipeconf (compile p4src and install "
                                          + "the pipeconf): ONOS's translation needs the pipeline model", e);
            }
        }
        return pipeconf;
    }

    /**
     * Returns the bridge to ONOS's translators for the bmv2 pipeconf.
     *
     * @return bridge
     */
    static OnosPiTranslation onos() {
        return new OnosPiTranslation(pipeconf());
    }

    /**
     * What {@link DeviceWriter#program} handed to ONOS for one slice.
     */
    static final class Submitted {
        final SliceId sliceId;
        final List<FlowRule> flowRules = new ArrayList<>();
        /** Meter cells written by the app itself, per device (ONOS does not translate them). */
        final Map<DeviceId, PiMeterCellConfig> meterCells = new LinkedHashMap<>();
        /** Multicast groups written by the app itself, per device (ONOS does not translate them either). */
        final Map<DeviceId, PiMulticastGroupEntry> groups = new LinkedHashMap<>();

        Submitted(SliceId sliceId) {
            this.sliceId = sliceId;
        }
    }

    /**
     * Programs a plan through {@link DeviceWriter} and returns what it submitted.
     *
     * @param plan slice plan
     * @return submissions
     */
    static Submitted program(SlicePlan plan) {
        Submitted s = new Submitted(plan.sliceId());
        RecordingFlowRuleService flows = new RecordingFlowRuleService();
        RecordingMeterCells meters = new RecordingMeterCells();
        RecordingMulticastGroups groups = new RecordingMulticastGroups();
        DeviceBehaviours behaviours = new DeviceBehaviours(new FakeDeviceService(), new DriverServiceAdapter());
        DeviceWriter writer = new DeviceWriter(APP, flows, meters, groups, behaviours, new FakeMastershipService(),
                                               Duration.ofSeconds(5));
        ProgramResult result = writer.program(plan);
        assertTrue("DeviceWriter must succeed against accepting services: " + result, result.ok());
        for (FlowRuleOperation op : flows.operations()) {
            assertEquals("only additions while programming", FlowRuleOperation.Type.ADD, op.type());
        }
        s.flowRules.addAll(flows.added());
        for (DeviceId device : plan.devices().keySet()) {
            List<PiMeterCellConfig> cells = meters.installed(device);
            assertEquals("one meter cell per device", 1, cells.size());
            s.meterCells.put(device, cells.get(0));
        }
        for (Map.Entry<DeviceId, PiMulticastGroupEntry> g : groups.written()) {
            assertTrue("one multicast group per device", s.groups.put(g.getKey(), g.getValue()) == null);
        }
        return s;
    }

    /**
     * ONOS's PI entities for one slice, per device.
     */
    static final class Translated {
        final SliceId sliceId;
        final Map<DeviceId, List<PiTableEntry>> entries = new LinkedHashMap<>();
        final Map<DeviceId, PiMeterCellConfig> meters = new LinkedHashMap<>();
        final Map<DeviceId, PiMulticastGroupEntry> groups = new LinkedHashMap<>();

        Translated(SliceId sliceId) {
            this.sliceId = sliceId;
        }
    }

    /**
     * Translates the flow rules submitted for a slice with ONOS's translators; meter cells and
     * multicast groups are the PI entities the app wrote.
     *
     * @param onos      bridge
     * @param submitted submissions
     * @return PI entities
     * @throws PiTranslationException if ONOS refuses any of them
     */
    static Translated translate(OnosPiTranslation onos, Submitted submitted) throws PiTranslationException {
        Translated t = new Translated(submitted.sliceId);
        for (FlowRule rule : submitted.flowRules) {
            t.entries.computeIfAbsent(rule.deviceId(), d -> new ArrayList<>()).add(onos.translate(rule));
        }
        t.meters.putAll(submitted.meterCells);
        t.groups.putAll(submitted.groups);
        return t;
    }

    /**
     * Expresses ONOS's PI entities of a slice in the plan model: table entries in submission order
     * (priority absent = 0), meter cell, multicast group with replicas ordered by port.
     *
     * @param t ONOS's PI entities
     * @return plan holding exactly ONOS's values
     */
    static SlicePlan asPlan(Translated t) {
        Map<DeviceId, DevicePlan> devices = new HashMap<>();
        for (Map.Entry<DeviceId, PiMulticastGroupEntry> g : t.groups.entrySet()) {
            DeviceId device = g.getKey();
            List<PlannedEntry> entries = new ArrayList<>();
            for (PiTableEntry e : t.entries.getOrDefault(device, List.of())) {
                entries.add(entry(e));
            }
            PiMeterCellConfig m = t.meters.get(device);
            PlannedMeter meter = PiToPlan.meter(m);
            devices.put(device, DevicePlan.of(device, entries, meter, PiToPlan.group(g.getValue())));
        }
        assertEquals("devices with entries also have a group", devices.keySet(),
                     new HashSet<>(t.entries.keySet()));
        return SlicePlan.of(t.sliceId, devices);
    }

    /**
     * Expresses one ONOS table entry as a planned entry. ONOS's {@code PiMatchKey} keeps its field
     * matches by field id, not in any order; they are listed here in the order of the table's key in
     * the P4Info (the order P4Runtime and the app use), which changes no value.
     *
     * @param e table entry
     * @return planned entry with ONOS's table, match, action and priority (absent = 0)
     */
    static PlannedEntry entry(PiTableEntry e) {
        return PiToPlan.entry(pipeconf(), e);
    }
}
