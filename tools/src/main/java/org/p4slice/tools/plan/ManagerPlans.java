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

import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.impl.OnosPiTranslation;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.net.pi.service.PiTranslationException;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.impl.programming.PlanConverter;
import org.p4slice.testbed.PiToPlan;
import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.p4slice.testbed.scenario.Scenario;
import org.p4slice.testbed.scenario.ScenarioTestbeds;
import org.p4slice.testbed.SlicingTestbed;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;

/**
 * What the slicing app makes ONOS write for a scenario, found by running it: the scenario's
 * devices, ports, links and hosts are loaded into ONOS's test adapters, each slice is created
 * through the real {@code SliceManager} (admission, trunks over ONOS's path service, translation,
 * unicast entries from the host service, device programming); the flow rules the manager submitted
 * are translated by ONOS's own PI translators, the meter cells and multicast groups it wrote itself
 * are taken as written. The result is per slice, in the plan model, exactly what the devices get.
 */
public final class ManagerPlans {

    /** How long a slice may take to become ACTIVE on the test adapters. */
    static final long SETTLE_MS = 20_000;
    private static final long POLL_MS = 10;

    private ManagerPlans() {
    }

    /**
     * A scenario the slicing app refuses or cannot program; the message says which slice and why.
     */
    public static final class ExportException extends Exception {
        private static final long serialVersionUID = 1L;

        ExportException(String message) {
            super(message);
        }
    }

    /**
     * Creates the scenario's slices through the real slice manager and returns what ONOS would write
     * for them.
     *
     * @param scenario scenario
     * @return one plan per slice, by slice id
     * @throws ExportException if a slice is refused or does not become ACTIVE, or ONOS's translators
     *                         refuse what the manager submitted
     */
    public static List<SlicePlan> export(Scenario scenario) throws ExportException {
        SlicingTestbed tb = ScenarioTestbeds.testbed(scenario);
        tb.startAll();
        try {
            List<Slice> slices = new ArrayList<>();
            for (int i = 0; i < scenario.slices().size(); i++) {
                slices.add(create(tb, scenario.slices().get(i), "slices[" + i + "]"));
            }
            slices.sort(Comparator.comparingInt(s -> s.id().id()));
            OnosPiTranslation onos = new OnosPiTranslation(P4SlicePipeconfs.bmv2());
            List<SlicePlan> plans = new ArrayList<>();
            for (Slice s : slices) {
                plans.add(plan(tb, onos, s));
            }
            checkNothingElse(tb, plans);
            return plans;
        } finally {
            tb.stop();
        }
    }

    private static Slice create(SlicingTestbed tb, SliceRequest request, String where) throws ExportException {
        String what = where + " (" + request.tenant() + "/" + request.name() + ")";
        Slice created;
        try {
            created = tb.slices().createSlice(request);
        } catch (SlicingException e) {
            throw new ExportException(what + ": refused by the slice manager (" + e.kind() + "): " + e.getMessage());
        }
        long deadline = System.currentTimeMillis() + SETTLE_MS;
        while (true) {
            Optional<Slice> now = tb.slices().getSlice(created.id());
            SliceState state = now.map(Slice::state).orElse(null);
            if (state == SliceState.ACTIVE) {
                return now.get();
            }
            if (state == null || state == SliceState.FAILED || System.currentTimeMillis() > deadline) {
                throw new ExportException(what + ": the slice manager left it " + state
                                                  + now.flatMap(Slice::reason).map(r -> ": " + r).orElse(""));
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ExportException(what + ": interrupted while waiting for it to become ACTIVE");
            }
        }
    }

    // ONOS's translation of what the manager submitted for one slice, device by device
    private static SlicePlan plan(SlicingTestbed tb, OnosPiTranslation onos, Slice s) throws ExportException {
        SliceId id = s.id();
        Map<DeviceId, DevicePlan> devices = new LinkedHashMap<>();
        for (DeviceId d : s.devices()) {
            try {
                List<PlannedEntry> entries = new ArrayList<>();
                for (FlowRule rule : tb.flows.installed(d)) {
                    if (PlanConverter.isCookieOf(rule.id().value(), SlicingTestbed.APP_ID, id)) {
                        entries.add(PiToPlan.entry(onos.pipeconf(), onos.translate(rule)));
                    }
                }
                PiMeterCellConfig cell = tb.meters.installed(d).stream()
                        .filter(c -> c.cellId().index() == id.id()).findFirst()
                        .orElseThrow(() -> new ExportException("slice " + id + ": no meter cell on " + d));
                PiMulticastGroupEntry group = tb.groups.group(d, id.id());
                if (group == null) {
                    throw new ExportException("slice " + id + ": no group on " + d);
                }
                devices.put(d, DevicePlan.of(d, entries, PiToPlan.meter(cell), PiToPlan.group(group)));
            } catch (PiTranslationException | IllegalStateException e) {
                throw new ExportException("slice " + id + " on " + d + ": ONOS's translators refuse what the "
                                                  + "manager submitted: " + e.getMessage());
            }
        }
        return SlicePlan.of(id, devices);
    }

    // every entry, meter cell and group the manager left on the devices belongs to a plan
    private static void checkNothingElse(SlicingTestbed tb, List<SlicePlan> plans) throws ExportException {
        Map<DeviceId, int[]> planned = new LinkedHashMap<>();
        for (SlicePlan p : plans) {
            p.devices().forEach((d, dp) -> {
                int[] n = planned.computeIfAbsent(d, k -> new int[3]);
                n[0] += dp.entries().size();
                n[1]++;
                n[2]++;
            });
        }
        for (Device device : tb.devices.getDevices()) {
            DeviceId d = device.id();
            int[] n = planned.getOrDefault(d, new int[3]);
            int[] held = {tb.flows.installed(d).size(), tb.meters.installed(d).size(),
                    tb.groups.installed(d).size()};
            if (n[0] != held[0] || n[1] != held[1] || n[2] != held[2]) {
                throw new ExportException(d + " holds " + held[0] + " entries, " + held[1] + " meter cells and "
                                                  + held[2] + " groups, but the slices account for " + n[0] + ", "
                                                  + n[1] + " and " + n[2]);
            }
        }
    }
}
