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
package org.p4slice.slicing.impl.reservation;

import org.onosproject.net.DeviceId;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.testbed.ReservationTestClock;
import org.p4slice.testbed.SlicingTestbed;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * What admission costs against the number of future bookings: with 0, 1,000 or 10,000 SCHEDULED bookings
 * (each an hour, back to back on ports 1..40 of two switches joined by a trunk, tenants t0..t99), one
 * operation admits and stores a slice on a free port (and removes it again), or admits and stores a
 * booking of a free port in the middle of the booked weeks (and forgets it again). Admission reads only the
 * bookings that may share something with the request (the store's index), so the time per operation should
 * not grow with the number of bookings elsewhere.
 * <p>
 * Measured on a shared 2-core machine ({@code -wi 2 -i 3 -w 2 -r 2}, so noisy), average per operation, with
 * 0 / 1,000 / 10,000 bookings: admitSlice 2.5 / 1.3 / 1.8 ms, admitBooking 0.15 / 0.13 / 0.10 ms. The same
 * benchmark on the code before the index: admitSlice 1.7 / 67.9 ms and admitBooking 0.05 / 3.1 ms with
 * 0 / 1,000 bookings (every admission read and shaped every booking, each instant against all of them).
 * <p>
 * Run: {@code mvn -B -pl apps/slicing -Pbenchmark test-compile exec:exec
 * -Djmh.args="BookingAdmissionBenchmark"}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {
        "--add-opens", "java.base/java.lang=ALL-UNNAMED",
        "--add-opens", "java.base/java.lang.invoke=ALL-UNNAMED",
        "--add-opens", "java.base/java.util=ALL-UNNAMED",
        "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
        "--add-opens", "java.base/java.util.concurrent.atomic=ALL-UNNAMED",
        "--add-opens", "java.base/java.net=ALL-UNNAMED",
        "--add-opens", "java.base/java.nio=ALL-UNNAMED",
        "--add-opens", "java.base/java.time=ALL-UNNAMED",
        "--add-opens", "java.base/java.math=ALL-UNNAMED",
        "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
        "--add-opens", "java.base/java.text=ALL-UNNAMED",
        "--add-opens", "java.base/java.util.regex=ALL-UNNAMED",
        "--add-opens", "java.base/java.util.concurrent.locks=ALL-UNNAMED"})
@State(Scope.Benchmark)
public class BookingAdmissionBenchmark {

    private static final Instant NOW = Instant.parse("2026-11-27T08:00:00Z");
    private static final int BOOKED_PORTS = 40;
    private static final int FREE_PORT = 47;
    private static final int TRUNK_PORT = 64;

    /** Future bookings in the store. */
    @Param({"0", "1000", "10000"})
    public int bookings;

    private SlicingTestbed bed;
    private DeviceId s1;
    private SliceRequest slice;
    private ReservationRequest booking;

    @Setup(Level.Trial)
    public void setUp() {
        bed = new SlicingTestbed(false);
        s1 = bed.addSwitch("s1", TRUNK_PORT, 10_000);
        DeviceId s2 = bed.addSwitch("s2", TRUNK_PORT, 10_000);
        bed.connect(cp(s1, TRUNK_PORT), cp(s2, TRUNK_PORT));
        bed.configure("{'vlanPool': '2-4094'}");
        bed.useClock(new ReservationTestClock(NOW));
        bed.startAll();
        int perPort = Math.max(1, bookings / (2 * BOOKED_PORTS));
        for (int i = 0; i < bookings; i++) {
            DeviceId d = i % 2 == 0 ? s1 : s2;
            int port = 1 + (i / 2) % BOOKED_PORTS;
            int slot = i / (2 * BOOKED_PORTS);
            Instant start = NOW.plus(Duration.ofHours(1 + slot));
            TenantId t = TenantId.of("t" + (i % 100));
            bed.reservationStore.createReservation(ReservationRequest.of(
                    t, request("b" + i, Endpoint.access(cp(d, port))).tenant(t).quotaBps(1_000_000L).build(),
                    start, start.plus(Duration.ofHours(1))));
        }
        slice = request("probe", Endpoint.access(cp(s1, FREE_PORT))).quotaBps(1_000_000L).build();
        Instant middle = NOW.plus(Duration.ofHours(1 + perPort / 2));
        booking = ReservationRequest.of(SlicingTestbed.ITB, request("probe-booking",
                Endpoint.access(cp(s2, FREE_PORT))).quotaBps(1_000_000L).build(), middle,
                middle.plus(Duration.ofHours(1)));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        bed.stop();
    }

    /**
     * Admits, stores and removes a slice on a free port.
     *
     * @return the slice's id
     */
    @Benchmark
    public long admitSlice() {
        Slice s = bed.slices().createSlice(slice);
        bed.slices().removeSlice(s.id());
        return s.id().id();
    }

    /**
     * Admits and stores a booking of a free port among the booked hours, then forgets it.
     *
     * @return the reservation's id
     */
    @Benchmark
    public long admitBooking() {
        Reservation r = bed.reservations().reserve(booking);
        bed.reservationStore.removeReservation(r.id());
        return r.id().id();
    }
}
