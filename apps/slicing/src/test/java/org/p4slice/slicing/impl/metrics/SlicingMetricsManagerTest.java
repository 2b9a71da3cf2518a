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
package org.p4slice.slicing.impl.metrics;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.stats.DurationHistogram;
import org.p4slice.slicing.api.stats.RefusalCount;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.testbed.SlicingTestbed;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.json;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * The slicing app's record of its work, as the admission and the life cycle keep it: each refusal
 * counted once under its tenant (none for a tenant the netcfg does not name), each life-cycle step
 * timed, nothing left queued or running once the work is done; the audit log tells its size and bound.
 */
public class SlicingMetricsManagerTest {

    private SlicingTestbed bed;
    private DeviceId s1;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        s1 = bed.addSwitch("s1", 8, 1000);
        bed.setTenantsConfig((ObjectNode) json("{'itb': {}}"));
        bed.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        bed.startAll();
    }

    @After
    public void tearDown() {
        bed.stop();
    }

    private SlicingException refused(SliceRequest r) {
        try {
            bed.slices().createSlice(r);
        } catch (SlicingException e) {
            return e;
        }
        fail("admitted: " + r);
        return null;
    }

    @Test
    public void refusalsAreCountedByTenantRequestAndKind() {
        assertEquals(List.of(), bed.metrics.admissionRefusals());
        SlicingException tooBig = refused(request("big", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s1, 2)))
                                                  .quotaBps(2_000_000_000L).build());
        refused(request("big2", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s1, 2)))
                        .quotaBps(2_000_000_000L).build());
        SlicingException unknown = refused(request("x", Endpoint.access(cp(s1, 3)), Endpoint.access(cp(s1, 4)))
                                                   .quotaBps(2_000_000_000L).tenant(TenantId.of("nobody")).build());
        assertEquals(List.of(new RefusalCount(null, RefusalCount.Request.SLICE, unknown.kind(), 1),
                             new RefusalCount(ITB, RefusalCount.Request.SLICE, tooBig.kind(), 2)),
                     bed.metrics.admissionRefusals());
        assertEquals(0, bed.slices().getSlices().size());
    }

    @Test
    public void everyStepIsTimedAndNoneIsLeftQueued() {
        DurationHistogram before = bed.metrics.stepDurations();
        bed.slices().createSlice(request("lab", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s1, 2))).build());
        DurationHistogram after = bed.metrics.stepDurations();
        assertTrue("steps " + before.count() + " -> " + after.count(), after.count() > before.count());
        long[] buckets = after.cumulative();
        assertTrue(buckets[buckets.length - 1] <= after.count());
        assertTrue(after.sumSeconds() >= 0);
        assertEquals(0, bed.metrics.queuedSteps());
        assertEquals(0, bed.metrics.runningSteps());
        assertEquals(List.of(), bed.metrics.admissionRefusals());
    }

    @Test
    public void theAuditLogTellsItsSizeAndBound() {
        bed.gate().createSlice(Caller.tenantUser("alice"),
                               request("lab", Endpoint.access(cp(s1, 1))).build());
        assertEquals(bed.audit().getEntries(Integer.MAX_VALUE).size(), bed.audit().size());
        assertTrue(bed.audit().size() >= 1);
        assertTrue(bed.audit().maxEntries().isPresent());
    }
}
