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
package org.p4slice.slicing.impl.admission;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.store.service.AsyncDistributedLock;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.testbed.SlicingTestbed;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.json;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Two controller instances of one cluster (two testbeds on one storage, each with its own stores,
 * managers and tenant services) receive requests at the same instant. The interleaving is forced:
 * the test holds the cluster-wide admission lock while both requests arrive, so both have done
 * whatever they do before the lock, then lets them through one after the other. What one instance
 * would refuse, two never admit together.
 */
public class ClusterAdmissionTest {

    private static final Caller ALICE = Caller.tenantUser("alice");

    private SlicingTestbed one;
    private SlicingTestbed two;
    private DeviceId s1;
    private ExecutorService requests;

    @Before
    public void setUp() {
        one = new SlicingTestbed();
        two = new SlicingTestbed(one.storage);
        for (SlicingTestbed node : List.of(one, two)) {
            s1 = node.addSwitch("s1", 8, 1000);
            node.setTenantsConfig((ObjectNode) json("{'itb': {'maxSlices': 1, "
                    + "'maxLiveBookings': 1}}"));
            node.startAll();
            node.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        }
        requests = Executors.newFixedThreadPool(2);
    }

    @After
    public void tearDown() {
        requests.shutdownNow();
        two.stop();
        one.stop();
    }

    // runs both requests while the test holds the admission lock; returns their outcomes once both
    // waited for it, then got it in turn
    private List<Object> atTheSameInstant(Supplier<Object> onOne, Supplier<Object> onTwo) throws Exception {
        AsyncDistributedLock lock = one.storage.lock(AdmissionLock.NAME);
        lock.lock().join();
        List<Thread> threads = new ArrayList<>();
        List<Future<Object>> outcomes = new ArrayList<>();
        try {
            for (Supplier<Object> request : List.of(onOne, onTwo)) {
                outcomes.add(requests.submit(() -> {
                    synchronized (threads) {
                        threads.add(Thread.currentThread());
                    }
                    try {
                        return request.get();
                    } catch (SlicingException e) {
                        return e;
                    }
                }));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!bothWaiting(threads)) {
                assertTrue("both requests wait for the admission lock", System.nanoTime() < deadline);
                Thread.sleep(5);
            }
        } finally {
            lock.unlock().join();
        }
        List<Object> results = new ArrayList<>();
        for (Future<Object> f : outcomes) {
            try {
                results.add(f.get(20, TimeUnit.SECONDS));
            } catch (ExecutionException e) {
                throw new AssertionError("a request failed unexpectedly", e.getCause());
            }
        }
        return results;
    }

    private static boolean bothWaiting(List<Thread> threads) {
        synchronized (threads) {
            return threads.size() == 2 && threads.stream().allMatch(t -> t.getState() == Thread.State.TIMED_WAITING
                    || t.getState() == Thread.State.WAITING);
        }
    }

    private static List<SlicingException> refusals(List<Object> outcomes) {
        return outcomes.stream().filter(o -> o instanceof SlicingException).map(o -> (SlicingException) o)
                .collect(Collectors.toList());
    }

    @Test
    public void twoInstancesNeverBothAdmitASliceBeyondTheTenantsSliceCap() throws Exception {
        List<Object> outcomes = atTheSameInstant(
                () -> one.gate().createSlice(ALICE, request("lab1", Endpoint.access(cp(s1, 1))).build()),
                () -> two.gate().createSlice(ALICE, request("lab2", Endpoint.access(cp(s1, 2))).build()));

        List<SlicingException> refused = refusals(outcomes);
        assertEquals("exactly one refused: " + outcomes, 1, refused.size());
        assertEquals(SlicingException.Kind.CONFLICT, refused.get(0).kind());
        assertEquals("tenant itb may hold at most 1 slices at once; it holds 1 (slices and overlapping bookings), "
                             + "this slice would make 2", refused.get(0).getMessage());
        assertEquals(1, one.slices().getSlices().size());
        assertEquals(one.slices().getSlices(), two.slices().getSlices());
        assertEquals(1, one.store.getAccessPortAllocations().size());
    }

    @Test
    public void twoInstancesNeverBothAdmitBookingsBeyondTheTenantsBookingCap() throws Exception {
        Instant start = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
        Instant end = start.plus(Duration.ofHours(1));
        List<Object> outcomes = atTheSameInstant(
                () -> one.gate().reserve(ALICE, booking("slot1", 1, start, end)),
                () -> two.gate().reserve(ALICE, booking("slot2", 2, start, end)));

        List<SlicingException> refused = refusals(outcomes);
        assertEquals("exactly one refused: " + outcomes, 1, refused.size());
        assertEquals(SlicingException.Kind.CONFLICT, refused.get(0).kind());
        assertEquals("tenant itb may hold at most 1 bookings (SCHEDULED or ACTIVE) at once; it holds 1",
                     refused.get(0).getMessage());
        assertEquals(1, one.reservationStore.getReservations().size());
    }

    @Test
    public void aSliceAndABookingOnTwoInstancesCountAgainstOneSliceCap() throws Exception {
        Instant start = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);
        List<Object> outcomes = atTheSameInstant(
                () -> one.gate().createSlice(ALICE, request("lab1", Endpoint.access(cp(s1, 1))).build()),
                () -> two.gate().reserve(ALICE, booking("slot2", 2, start, start.plusSeconds(3600))));

        List<SlicingException> refused = refusals(outcomes);
        assertEquals("exactly one refused: " + outcomes, 1, refused.size());
        String what = outcomes.get(0) instanceof SlicingException ? "slice" : "booking";
        assertEquals("tenant itb may hold at most 1 slices at once; it holds 1 (slices and overlapping bookings), "
                             + "this " + what + " would make 2", refused.get(0).getMessage());
        assertEquals(1, one.slices().getSlices().size() + one.reservationStore.getReservations().size());
    }

    private static ReservationRequest booking(String name, int port, Instant start, Instant end) {
        return ReservationRequest.of(SlicingTestbed.ITB, request(name, Endpoint.access(cp(DeviceId.deviceId(
                "device:bmv2:s1"), port))).build(), start, end);
    }
}
