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
package org.p4slice.slicing.impl.slice;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.testbed.QueuedWork;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.TwoSwitches;

import java.util.List;
import java.util.OptionalLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * A rate enforced instead of a slice's quota (the fairness app's) lives only while the slice it
 * was set on is ACTIVE and unchanged: it is refused on a slice that is not ACTIVE, and an update
 * (e.g. of the quota) or a release clears it, so neither the new shape nor the next slice given
 * the same id runs at a rate decided for something else. Device work is queued, as in ONOS.
 */
public class EnforcedRateLifeTest {

    private static final long MBPS = 1_000_000L;

    private final QueuedWork queued = new QueuedWork();
    private SlicingTestbed bed;
    private DeviceId s1;
    private DeviceId s2;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        TwoSwitches net = TwoSwitches.addTo(bed);
        s1 = net.s1;
        s2 = net.s2;
        bed.executor = queued;
        bed.start();
        runQueued();
    }

    private void runQueued() {
        queued.runAll();
    }

    private Slice wan(String name, long quotaMbps) {
        return bed.manager.createSlice(request(name, Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                                               .quotaBps(quotaMbps * MBPS).build());
    }

    private long rate(DeviceId device, SliceId id) {
        PiMeterCellConfig cell = bed.meters.installed(device).stream()
                .filter(c -> c.cellId().index() == id.id()).findFirst().orElseThrow();
        return cell.committedBand().rate();
    }

    private void refusedAsNotActive(SliceId id, String state) {
        try {
            bed.manager.setMeterRate(id, 16 * MBPS);
            fail("expected a refusal of kind CONFLICT");
        } catch (SlicingException e) {
            assertEquals(Kind.CONFLICT, e.kind());
            assertEquals("slice " + id.id() + " is " + state + ": a meter rate is enforced on an ACTIVE slice only",
                         e.getMessage());
        }
    }

    @Test
    public void aRateIsRefusedOnASliceBeingProvisionedAndChangesNothing() {
        Slice slice = wan("lab1", 10);
        assertEquals(SliceState.PROVISIONING, slice.state());
        refusedAsNotActive(slice.id(), "PROVISIONING");
        runQueued();
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(slice.id()).orElseThrow().state());
        assertEquals("the quota, 10 Mbit/s in bytes/s", 1_250_000, rate(s1, slice.id()));
    }

    @Test
    public void aRateIsRefusedOnASliceBeingReleasedSoItsIdDoesNotInheritIt() {
        Slice slice = wan("lab1", 10);
        runQueued();
        bed.manager.removeSlice(slice.id());
        refusedAsNotActive(slice.id(), "RELEASING");
        runQueued();
        Slice next = wan("lab2", 8);
        runQueued();
        assertEquals("the id is reused", slice.id(), next.id());
        assertEquals("the next slice runs at its own quota", 1_000_000, rate(s1, next.id()));
        assertEquals(1_000_000, rate(s2, next.id()));
    }

    @Test
    public void anUpdateOfTheQuotaClearsTheEnforcedRate() {
        Slice slice = wan("lab1", 10);
        runQueued();
        bed.manager.setMeterRate(slice.id(), 16 * MBPS);
        runQueued();
        assertEquals(2_000_000, rate(s1, slice.id()));
        bed.manager.updateSlice(slice.id(), request("lab1", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                .quotaBps(12 * MBPS).build());
        runQueued();
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(slice.id()).orElseThrow().state());
        assertEquals("the new quota, not the rate decided for the old one", List.of(1_500_000L, 1_500_000L),
                     List.of(rate(s1, slice.id()), rate(s2, slice.id())));
        bed.manager.reconcileNow();
        runQueued();
        assertEquals("the audit keeps the new quota", 1_500_000, rate(s1, slice.id()));
    }

    @Test
    public void aRateDoesNotSurviveARestartOfTheSlicingApp() {
        Slice slice = wan("lab1", 10);
        runQueued();
        bed.manager.setMeterRate(slice.id(), 4 * MBPS);
        runQueued();
        assertEquals(OptionalLong.of(4 * MBPS), bed.manager.getMeterRate(slice.id()));
        assertEquals(500_000, rate(s1, slice.id()));
        bed.restart();
        runQueued();
        assertEquals("the reason for the rate is gone with the app", OptionalLong.empty(),
                     bed.manager.getMeterRate(slice.id()));
        bed.manager.reconcileNow();
        runQueued();
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(slice.id()).orElseThrow().state());
        assertEquals("the restored slice's meters run at its quota", List.of(1_250_000L, 1_250_000L),
                     List.of(rate(s1, slice.id()), rate(s2, slice.id())));
    }

    @Test
    public void theEnforcedRateIsReadableUntilTheSliceIsReleased() {
        Slice slice = wan("lab1", 10);
        runQueued();
        assertEquals(OptionalLong.empty(), bed.manager.getMeterRate(slice.id()));
        bed.manager.setMeterRate(slice.id(), 16 * MBPS);
        runQueued();
        assertEquals(OptionalLong.of(16 * MBPS), bed.manager.getMeterRate(slice.id()));
        bed.manager.setMeterRate(slice.id(), 10 * MBPS);
        runQueued();
        assertEquals("its quota means none", OptionalLong.empty(), bed.manager.getMeterRate(slice.id()));
        bed.manager.setMeterRate(slice.id(), 16 * MBPS);
        runQueued();
        bed.manager.removeSlice(slice.id());
        assertEquals(OptionalLong.empty(), bed.manager.getMeterRate(slice.id()));
    }
}
