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

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.objenesis.ObjenesisStd;
import org.onlab.packet.VlanId;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.store.service.Serializer;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.api.tenant.AuditEntry;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;

/**
 * An upgrade keeps what the stores hold. The previous release's classes (its {@code api} and its
 * {@code StoreSerializers}, compiled into {@code previous-release.jar} by
 * {@code scripts/previous-release-jar.sh}) run in a class loader of their own: they write the
 * stores' map entries (keys and values) as that release wrote them into ONOS's maps, and this release's
 * serializers read every one back, equal to what was written, and write each key to the same bytes
 * (so the entries are found again under their keys). What this release writes carries its format
 * version and reads back too.
 */
public class PreviousReleaseFormatTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");

    private static URLClassLoader previous;

    /** Loads the previous release's p4slice classes first from its jar, everything else from here. */
    @BeforeClass
    public static void loadPreviousRelease() {
        URL jar = PreviousReleaseFormatTest.class.getResource("previous-release.jar");
        assertNotNull("previous-release.jar next to this test", jar);
        previous = new URLClassLoader(new URL[]{jar}, PreviousReleaseFormatTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(name)) {
                    if (!name.startsWith("org.p4slice.")) {
                        return super.loadClass(name, resolve);
                    }
                    Class<?> c = findLoadedClass(name);
                    return c != null ? c : findClass(name);
                }
            }
        };
    }

    @AfterClass
    public static void close() throws IOException {
        previous.close();
    }

    // the previous release's serializer of a store
    private static Serializer previousSerializer(String field) throws Exception {
        Class<?> serializers = previous.loadClass(StoreSerializers.class.getName());
        Field f = serializers.getDeclaredField(field);
        f.setAccessible(true);
        return (Serializer) f.get(null);
    }

    // the same value as an object of the previous release's classes: every field copied by name
    private static Object asPrevious(Object value) throws Exception {
        if (value == null) {
            return null;
        }
        Class<?> type = value.getClass();
        if (type.isEnum() && type.getName().startsWith("org.p4slice.")) {
            return previous.loadClass(type.getName()).getField(((Enum<?>) value).name()).get(null);
        }
        if (value instanceof Set) {
            List<Object> items = new ArrayList<>();
            for (Object o : (Set<?>) value) {
                items.add(asPrevious(o));
            }
            return ImmutableSet.copyOf(items);
        }
        if (value instanceof List) {
            List<Object> items = new ArrayList<>();
            for (Object o : (List<?>) value) {
                items.add(asPrevious(o));
            }
            return ImmutableList.copyOf(items);
        }
        if (value instanceof Map) {
            Map<Object, Object> entries = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                entries.put(asPrevious(e.getKey()), asPrevious(e.getValue()));
            }
            return ImmutableMap.copyOf(entries);
        }
        if (!type.getName().startsWith("org.p4slice.")) {
            return value;
        }
        Class<?> old = previous.loadClass(type.getName());
        Object copy = new ObjenesisStd().newInstance(old);
        // every field of the class and its superclasses (e.g. ONOS's Identifier under SliceId)
        for (Class<?> c = old; c != null && c != Object.class; c = c.getSuperclass()) {
            Class<?> same = c.getName().startsWith("org.p4slice.")
                    ? Class.forName(c.getName(), false, PreviousReleaseFormatTest.class.getClassLoader()) : c;
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                Field mine = same.getDeclaredField(f.getName());
                mine.setAccessible(true);
                f.setAccessible(true);
                f.set(copy, asPrevious(mine.get(value)));
            }
        }
        return copy;
    }

    // writes each entry as the previous release did; reads it with this release's serializer
    private static void upgrades(String field, Serializer current, Map<?, ?> entries) throws Exception {
        Serializer old = previousSerializer(field);
        for (Map.Entry<?, ?> e : entries.entrySet()) {
            Object oldKey = asPrevious(e.getKey());
            Object oldValue = asPrevious(e.getValue());
            assertEquals("the entry is of the previous release's classes", previous,
                         oldValue.getClass().getClassLoader());
            byte[] keyBytes = old.encode(oldKey);
            byte[] valueBytes = old.encode(oldValue);
            assertEquals(e.getKey(), current.decode(keyBytes));
            assertEquals(e.getValue(), current.decode(valueBytes));
            assertArrayEquals("the key " + e.getKey() + " is written as before", keyBytes, current.encode(e.getKey()));
            byte[] now = current.encode(e.getValue());
            boolean versioned = e.getValue() instanceof Slice || e.getValue() instanceof Reservation
                    || e.getValue() instanceof AuditEntry;
            assertEquals("written in the versioned format: " + e.getValue(), versioned,
                         now[0] == 0 && now[1] == VersionedSerializer.VERSION);
            assertEquals(e.getValue(), current.decode(now));
        }
    }

    private static Slice slice(int id, SliceState state) {
        Link trunk = DefaultLink.builder().providerId(ProviderId.NONE).src(cp(S1, 9)).dst(cp(S2, 9))
                .type(Link.Type.DIRECT).build();
        return Slice.builder().id(SliceId.of(id)).name("lab" + id).tenant(ITB).vlan(VlanId.vlanId((short) (100 + id)))
                .quotaBps(8_000_000L).burstBytes(16_000)
                .endpoints(List.of(Endpoint.access(cp(S1, id)), Endpoint.trunk(cp(S1, 9)), Endpoint.trunk(cp(S2, 9)),
                                   Endpoint.access(cp(S2, id))))
                .trunkLinks(List.of(trunk)).build().withState(state, state == SliceState.FAILED ? "s2 down" : null);
    }

    @Test
    public void slicesVlansAndAccessPortsWrittenByThePreviousReleaseAreRead() throws Exception {
        Map<Object, Object> entries = new LinkedHashMap<>();
        for (SliceState state : SliceState.values()) {
            Slice s = slice(entries.size() / 3 + 1, state);
            entries.put(s.id(), s);
            entries.put(s.vlan(), s.id());
            entries.put(cp(S1, s.id().id()), s.id());
        }
        upgrades("SLICES", StoreSerializers.SLICES, entries);
    }

    @Test
    public void reservationsWrittenByThePreviousReleaseAreRead() throws Exception {
        SliceRequest request = SliceRequest.builder().name("slot").tenant(ITB).quotaBps(5_000_000L)
                .endpoints(List.of(Endpoint.access(cp(S1, 3)), Endpoint.access(cp(S2, 3)))).build();
        Instant start = Instant.parse("2026-11-27T10:00:00Z");
        Reservation scheduled = Reservation.scheduled(ReservationId.of(7),
                ReservationRequest.of(ITB, request, start, start.plusSeconds(3600)));
        Reservation active = scheduled.withState(ReservationState.ACTIVE, null, SliceId.of(4));
        Map<Object, Object> entries = new LinkedHashMap<>();
        entries.put(scheduled.id(), scheduled);
        entries.put(ReservationId.of(8), active);
        upgrades("RESERVATIONS", StoreSerializers.RESERVATIONS, entries);
    }

    @Test
    public void auditEntriesWrittenByThePreviousReleaseAreRead() throws Exception {
        AuditEntry entry = new AuditEntry(12, 1_795_000_000_000L, "alice", "slice.create", "slice itb/lab1",
                                          ITB, "OK");
        upgrades("AUDIT", StoreSerializers.AUDIT, Map.of(12L, entry));
    }

    @Test
    public void aValueOfALaterFormatIsRefusedWithTheReason() {
        byte[] later = StoreSerializers.SLICES.encode(slice(1, SliceState.ACTIVE));
        later[1] = (byte) (VersionedSerializer.VERSION + 1);
        try {
            StoreSerializers.SLICES.decode(later);
            throw new AssertionError("read a later format");
        } catch (IllegalStateException e) {
            assertEquals("stored in format version 2 of a later p4slice release; this release reads versions up to 1",
                         e.getMessage());
        }
    }
}
