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
package org.p4slice.slicing.impl.store;

import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.Versioned;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;

import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.p4slice.testbed.SlicingTestbed.ITB;

/**
 * What a change of the slice map tells listeners: added, removed, its shape updated, or only its
 * state changed; nothing for a write of the same slice.
 */
public class SliceMapEventsTest {

    private static final Slice LAB = Slice.builder().id(SliceId.of(1)).name("lab").tenant(ITB)
            .vlan(VlanId.vlanId((short) 100)).quotaBps(1_000_000L).endpoints(List.of()).build();

    private static Optional<SliceEvent.Type> type(Slice now, Slice before) {
        return SliceMapEvents.of(new MapEvent<>("p4slice-slices", LAB.id(),
                                                now == null ? null : new Versioned<>(now, 2),
                                                before == null ? null : new Versioned<>(before, 1)))
                .map(SliceEvent::type);
    }

    @Test
    public void eachChangeIsTheEventItStandsFor() {
        Slice active = LAB.withState(SliceState.ACTIVE, null);
        Slice wider = Slice.builder().id(LAB.id()).name("lab").tenant(ITB).vlan(LAB.vlan()).quotaBps(2_000_000L)
                .endpoints(List.of()).build();
        assertEquals(Optional.of(SliceEvent.Type.SLICE_ADDED), type(LAB, null));
        assertEquals(Optional.of(SliceEvent.Type.SLICE_STATE_CHANGED), type(active, LAB));
        assertEquals(Optional.of(SliceEvent.Type.SLICE_UPDATED), type(wider, LAB));
        assertEquals(Optional.of(SliceEvent.Type.SLICE_REMOVED), type(null, LAB));
        assertEquals(Optional.empty(), type(LAB, LAB));
    }

    @Test
    public void anUpdateCarriesTheSliceBeforeIt() {
        Slice active = LAB.withState(SliceState.ACTIVE, null);
        SliceEvent e = SliceMapEvents.of(new MapEvent<>("p4slice-slices", LAB.id(), new Versioned<>(active, 2),
                                                        new Versioned<>(LAB, 1))).orElseThrow();
        assertEquals(active, e.subject());
        assertEquals(Optional.of(LAB), e.prevSubject());
    }
}
