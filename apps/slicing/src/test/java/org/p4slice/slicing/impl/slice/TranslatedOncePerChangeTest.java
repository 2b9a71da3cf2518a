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
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.impl.translator.SliceTranslator;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.TwoSwitches;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static java.util.stream.Collectors.toList;
import static org.junit.Assert.assertEquals;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * A slice is translated once per change: admission's translation (under the admission lock) is the
 * plan the life cycle writes, and an update's earlier shape is not translated again. Counted with a
 * translator that records each call.
 */
public class TranslatedOncePerChangeTest {

    private static final long MBPS = 1_000_000L;

    private final List<Slice> translated = new CopyOnWriteArrayList<>();
    private SlicingTestbed bed;
    private DeviceId s1;
    private DeviceId s2;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        TwoSwitches net = TwoSwitches.addTo(bed);
        s1 = net.s1;
        s2 = net.s2;
        SliceTranslator real = new SliceTranslator();
        bed.translator = (slice, hosts) -> {
            translated.add(slice);
            return real.translate(slice, hosts);
        };
        bed.start();
    }

    private List<Long> quotas() {
        return translated.stream().map(Slice::quotaBps).collect(toList());
    }

    @Test
    public void aPostAndAPutAreEachTranslatedOnce() {
        Slice slice = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                                                      .quotaBps(10 * MBPS).build());
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(slice.id()).orElseThrow().state());
        assertEquals("admitted and written on both switches: one translation", List.of(10 * MBPS), quotas());

        bed.manager.updateSlice(slice.id(), request("lab1", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                .quotaBps(20 * MBPS).build());
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(slice.id()).orElseThrow().state());
        assertEquals("the new shape once; the earlier one not again", List.of(10 * MBPS, 20 * MBPS), quotas());
        assertEquals(2, bed.deviceStore.getOutcomes(slice.id(), List.of(s1, s2)).values().stream()
                .filter(o -> o.state() == SliceState.ACTIVE && o.isFor(bed.manager.getSlice(slice.id()).orElseThrow()))
                .count());
    }

    @Test
    public void aShapeIsTranslatedAgainWhenItsHostsChange() {
        Slice slice = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                                                      .quotaBps(10 * MBPS).build());
        assertEquals(1, translated.size());
        bed.hosts.place(MacAddress.valueOf("02:00:00:00:aa:01"), cp(s1, 1));
        assertEquals("a host came: the shape with its hosts now", 2, translated.size());
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(slice.id()).orElseThrow().state());
    }
}
