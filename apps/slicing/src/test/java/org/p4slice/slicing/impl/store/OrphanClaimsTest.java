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

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.DeviceId;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.TestConsistentMap;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.testbed.SharedStorageService;
import org.p4slice.testbed.SlicingTestbed;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * An instance that stops between the two writes of a create (claims stored, slice not) or of a removal
 * (slice removed, claims not) leaves claims without their slice. The storage here fails the second write
 * as a dying instance would (an {@link Error} that no clean-up catches). The next create that meets such a
 * claim takes it over, and an instance that starts frees them: a POST without an explicit VLAN succeeds,
 * and what GET shows and what is claimed agree.
 */
public class OrphanClaimsTest {

    /** The instance died here. */
    static final class Crash extends Error {
        private static final long serialVersionUID = 1L;

        Crash(String where) {
            super("instance stopped at " + where);
        }
    }

    /** Shared storage whose map {@code crashMap} dies at its next {@code crashMethod} call. */
    static final class CrashingStorage extends SharedStorageService {
        volatile String crashMap;
        volatile String crashMethod;

        @Override
        public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
            ConsistentMapBuilder<K, V> shared = super.consistentMapBuilder();
            return new TestConsistentMap.Builder<K, V>() {
                @Override
                @SuppressWarnings("unchecked")
                public ConsistentMap<K, V> build() {
                    String name = name();
                    ConsistentMap<K, V> map = shared.withName(name).build();
                    return (ConsistentMap<K, V>) Proxy.newProxyInstance(
                            ConsistentMap.class.getClassLoader(), new Class<?>[]{ConsistentMap.class},
                            (proxy, method, args) -> {
                                if (name.equals(crashMap) && method.getName().equals(crashMethod)) {
                                    crashMap = null;
                                    throw new Crash(name + "." + method.getName());
                                }
                                try {
                                    return method.invoke(map, args);
                                } catch (InvocationTargetException e) {
                                    throw e.getCause();
                                }
                            });
                }
            };
        }
    }

    private final CrashingStorage storage = new CrashingStorage();
    private SlicingTestbed bed;
    private DeviceId s1;

    @Before
    public void setUp() {
        bed = new SlicingTestbed(storage);
        s1 = bed.addSwitch("s1", 8, 1000);
        bed.start();
    }

    @After
    public void tearDown() {
        bed.stop();
    }

    private static VlanId vlan(Slice slice) {
        return slice.vlan();
    }

    @Test
    public void aCreateThatDiedBetweenClaimAndStoreBlocksNoLaterCreate() {
        storage.crashMap = "p4slice-slices";
        storage.crashMethod = "computeIfAbsent";
        try {
            bed.manager.createSlice(request("lost", Endpoint.access(cp(s1, 1))).build());
            fail("the storage did not fail");
        } catch (Crash expected) {
            // the instance stopped with the VLAN and the port claimed and no slice stored
        }
        assertTrue("no slice 1", bed.manager.getSlice(SliceId.of(1)).isEmpty());
        assertEquals("the claims were left", 1, bed.store.getVlanAllocations().size());

        // the next POST, without an explicit VLAN, on the very same port
        Slice lab = bed.manager.createSlice(request("lab", Endpoint.access(cp(s1, 1))).build());
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(lab.id()).orElseThrow().state());
        assertEquals(Map.of(vlan(lab), lab.id()), bed.store.getVlanAllocations());
        assertEquals(Map.of(cp(s1, 1), lab.id()), bed.store.getAccessPortAllocations());
        Slice web = bed.manager.createSlice(request("web", Endpoint.access(cp(s1, 2))).build());
        assertEquals(List.of(lab.id(), web.id()), bed.manager.getSlices().stream().map(Slice::id).sorted()
                .collect(java.util.stream.Collectors.toList()));
    }

    @Test
    public void aRemovalThatDiedBeforeReleasingItsClaimsIsCleanedUpAtTheNextStart() {
        Slice lab = bed.manager.createSlice(request("lab", Endpoint.access(cp(s1, 1))).build());
        storage.crashMap = "p4slice-access-ports";
        storage.crashMethod = "remove";
        try {
            bed.manager.removeSlice(lab.id());
        } catch (Crash expected) {
            // reported where the removal ran
        }
        assertTrue("slice removed", bed.manager.getSlice(lab.id()).isEmpty());
        assertEquals("its claims were left", Map.of(vlan(lab), lab.id()), bed.store.getVlanAllocations());

        bed.restart();
        assertEquals(Map.of(), bed.store.getVlanAllocations());
        assertEquals(Map.of(), bed.store.getAccessPortAllocations());
    }
}
