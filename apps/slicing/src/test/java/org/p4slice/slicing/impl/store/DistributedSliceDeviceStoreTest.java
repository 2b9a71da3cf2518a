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
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.DeviceShape;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceDeviceKey;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.testbed.SharedStorageService;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.fail;
import static org.junit.Assert.assertTrue;
import static org.p4slice.testbed.Components.activate;
import static org.p4slice.testbed.Components.deactivate;
import static org.p4slice.testbed.Components.set;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;

/**
 * The devices' outcomes: one typed entry per slice and device in the map {@value DistributedSliceDeviceStore#MAP},
 * its own serializer, and the previous releases' map emptied at activation.
 */
public class DistributedSliceDeviceStoreTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");

    private final SharedStorageService storage = new SharedStorageService();
    private final List<SliceId> told = new ArrayList<>();
    private DistributedSliceDeviceStore store;

    private static Slice slice(int id, long quota) {
        return Slice.builder().id(SliceId.of(id)).name("lab" + id).tenant(ITB).vlan(VlanId.vlanId((short) (100 + id)))
                .quotaBps(quota).burstBytes(65536)
                .endpoints(Set.of(Endpoint.access(cp(S1, 1)), Endpoint.access(cp(S2, 2))))
                .state(SliceState.PROVISIONING).build();
    }

    private static DeviceOutcome active(Slice slice, DeviceId device, long at) {
        return DeviceOutcome.of(DeviceShape.of(slice, device), SliceState.ACTIVE, null, at);
    }

    @Before
    public void setUp() {
        store = new DistributedSliceDeviceStore();
        set(store, "storageService", storage);
        activate(store);
        store.addListener(told::add);
    }

    @After
    public void tearDown() {
        deactivate(store);
    }

    @Test
    public void keepsOneOutcomePerSliceAndDevice() {
        Slice lab1 = slice(1, 10_000_000);
        store.put(SliceDeviceKey.of(lab1.id(), S1), active(lab1, S1, 1000));
        store.put(SliceDeviceKey.of(lab1.id(), S2), DeviceOutcome.of(DeviceShape.of(lab1, S2), SliceState.FAILED,
                                                                      "s2 refused", 1001));
        assertEquals(active(lab1, S1, 1000), store.get(SliceDeviceKey.of(lab1.id(), S1)).orElseThrow());
        Map<DeviceId, DeviceOutcome> both = store.getOutcomes(lab1.id(), List.of(S2, S1, DeviceId.deviceId("x:s9")));
        assertEquals(List.of(S1, S2), new ArrayList<>(both.keySet()));
        assertEquals("s2 refused", both.get(S2).reason().orElseThrow());
        assertEquals(List.of("1"), both.get(S1).shape().accessPorts());
        assertEquals(List.of("2"), both.get(S2).shape().accessPorts());
        assertTrue(both.get(S1).isFor(lab1));
        assertFalse("another version of the slice", both.get(S1).isFor(slice(1, 20_000_000)));
        assertEquals(List.of(lab1.id(), lab1.id()), told);

        store.remove(SliceDeviceKey.of(lab1.id(), S2));
        assertEquals(Set.of(S1), store.getOutcomes(lab1.id(), List.of(S1, S2)).keySet());
        assertTrue(store.getOutcomes(SliceId.of(2), List.of(S1, S2)).isEmpty());
    }

    @Test
    public void anOutcomeThatSaysTheSameIsNotWrittenAgain() {
        Slice lab1 = slice(1, 10_000_000);
        store.put(SliceDeviceKey.of(lab1.id(), S1), active(lab1, S1, 1000));
        told.clear();
        store.put(SliceDeviceKey.of(lab1.id(), S1), active(lab1, S1, 5000));
        assertEquals("same shape and state: the first record stays", 1000,
                     store.get(SliceDeviceKey.of(lab1.id(), S1)).orElseThrow().updated());
        assertEquals(List.of(), told);
    }

    // the exception a call throws, of the given type
    private static <T extends RuntimeException> T refusal(Class<T> type, Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            assertEquals(e.toString(), type, e.getClass());
            return type.cast(e);
        }
        fail("no " + type.getSimpleName());
        return null;
    }

    @Test
    public void badInputIsRefusedAndChangesNothing() {
        Slice lab1 = slice(1, 10_000_000);
        store.put(SliceDeviceKey.of(lab1.id(), S1), active(lab1, S1, 1000));
        IllegalArgumentException noReason = refusal(IllegalArgumentException.class,
                () -> DeviceOutcome.of(DeviceShape.of(lab1, S1), SliceState.FAILED, null, 1));
        assertEquals("a FAILED outcome needs a reason", noReason.getMessage());
        IllegalArgumentException provisioning = refusal(IllegalArgumentException.class,
                () -> DeviceOutcome.of(DeviceShape.of(lab1, S1), SliceState.PROVISIONING, null, 1));
        assertEquals("a device outcome is ACTIVE, FAILED or RELEASING, not PROVISIONING", provisioning.getMessage());
        NullPointerException noKey = refusal(NullPointerException.class,
                () -> store.put(null, active(lab1, S2, 1)));
        assertEquals("key must not be null", noKey.getMessage());
        NullPointerException noOutcome = refusal(NullPointerException.class,
                () -> store.put(SliceDeviceKey.of(lab1.id(), S2), null));
        assertEquals("outcome must not be null", noOutcome.getMessage());
        assertEquals(Map.of(S1, active(lab1, S1, 1000)), store.getOutcomes(lab1.id(), List.of(S1, S2)));
    }

    @Test
    public void keysAndOutcomesRoundTripThroughTheStoresSerializer() {
        Slice lab1 = slice(1, 10_000_000);
        SliceDeviceKey key = SliceDeviceKey.of(lab1.id(), S1);
        for (DeviceOutcome outcome : List.of(active(lab1, S1, 1000),
                                             DeviceOutcome.of(DeviceShape.of(lab1, S2), SliceState.FAILED, "x", 2),
                                             DeviceOutcome.of(DeviceShape.of(lab1, DeviceId.deviceId("x:s9")),
                                                              SliceState.RELEASING, null, 3))) {
            DeviceOutcome back = StoreSerializers.SLICE_DEVICES.decode(StoreSerializers.SLICE_DEVICES.encode(outcome));
            assertEquals(outcome, back);
        }
        byte[] bytes = StoreSerializers.SLICE_DEVICES.encode(key);
        assertEquals(key, StoreSerializers.SLICE_DEVICES.decode(bytes));
        assertArrayEquals("a key is written the same way every time", bytes,
                          StoreSerializers.SLICE_DEVICES.encode(SliceDeviceKey.of(SliceId.of(1), S1)));
        assertFalse("another key, other bytes", Arrays.equals(bytes, StoreSerializers.SLICE_DEVICES.encode(
                SliceDeviceKey.of(SliceId.of(1), S2))));
    }

    @Test
    public void activationEmptiesThePreviousReleasesMapAndReadsNoneOfIt() {
        deactivate(store);
        ConsistentMap<String, Slice> previous = storage.<String, Slice>consistentMapBuilder()
                .withName(DistributedSliceDeviceStore.PREVIOUS_MAP).withSerializer(StoreSerializers.SLICES).build();
        Slice lab1 = slice(1, 10_000_000).withState(SliceState.ACTIVE, null);
        previous.put("1@" + S1, lab1);
        previous.put("1@" + S2, lab1);
        DistributedSliceDeviceStore upgraded = new DistributedSliceDeviceStore();
        set(upgraded, "storageService", storage);
        activate(upgraded);
        assertEquals(0, previous.size());
        assertTrue("nothing of it is taken over: the restore records the outcomes anew",
                   upgraded.getOutcomes(lab1.id(), List.of(S1, S2)).isEmpty());
        assertNotEquals(DistributedSliceDeviceStore.PREVIOUS_MAP, DistributedSliceDeviceStore.MAP);
        store = upgraded;
    }
}
