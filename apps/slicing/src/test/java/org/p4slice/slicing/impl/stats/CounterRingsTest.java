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
package org.p4slice.slicing.impl.stats;

import com.google.common.collect.ImmutableMap;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.p4slice.pipeconf.SliceCounterValues;

import java.util.BitSet;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Counter deltas (wrap, reset) and the sliding window.
 */
public class CounterRingsTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final long SECOND = 1_000_000_000L;
    private static final double EPS = 1e-6;

    @Test
    public void deltaOfAnIncrease() {
        CounterRings t = new CounterRings(5, 64);
        assertEquals(500L, t.delta(1000, 1500));
        assertEquals(0L, t.delta(1000, 1000));
    }

    @Test
    public void deltaAcrossA64BitWrap() {
        CounterRings t = new CounterRings(5, 64);
        // 2^64 - 10 (unsigned) to 5: 15 counted
        assertEquals(15L, t.delta(-10L, 5));
        // 2^63 + 1 to 2^63 + 101: a plain increase in unsigned arithmetic
        assertEquals(100L, t.delta(Long.MIN_VALUE + 1, Long.MIN_VALUE + 101));
    }

    @Test
    public void deltaAcrossANarrowWrap() {
        CounterRings t = new CounterRings(5, 32);
        assertEquals(0x20L, t.delta(0xFFFF_FFF0L, 0x10L));
        // prev in the upper half, small cur: (2^32 - 3e9) + 100 = 1,294,967,396 < 2^31: a wrap
        assertEquals(1_294_967_396L, t.delta(3_000_000_000L, 100));
    }

    @Test
    public void valueGoingDownIsAReset() {
        CounterRings t64 = new CounterRings(5, 64);
        assertEquals(CounterRings.RESET, t64.delta(1_000_000, 10));
        assertEquals(CounterRings.RESET, t64.delta(1_000_000, 0));
        CounterRings t32 = new CounterRings(5, 32);
        // 1000 to 10: the modular step 2^32 - 990 is more than half the range
        assertEquals(CounterRings.RESET, t32.delta(1000, 10));
    }

    @Test
    public void rateOverTheWindowAndTheLastInterval() {
        CounterRings t = new CounterRings(2, 64);
        BitSet wanted = ids(10);
        long[] rx = {0, 1_250_000, 2_500_000, 5_000_000, 6_250_000};
        for (int i = 0; i < rx.length; i++) {
            t.record(S1, i * SECOND, ImmutableMap.of(10, cell(rx[i], 0, 0)), wanted);
        }
        CounterRing tr = t.track(S1, 10);
        // window N = 2: samples at 2 s and 4 s: (6,250,000 - 2,500,000) * 8 / 2 = 15 Mbit/s
        assertEquals(15_000_000.0, tr.rxBps(), EPS);
        // last interval 3 s..4 s: 1,250,000 * 8 = 10 Mbit/s
        assertEquals(10_000_000.0, tr.lastRxBps(), EPS);
        assertEquals(2 * SECOND, tr.windowNanos());
        assertEquals(2, tr.intervals());
        assertEquals(6_250_000L, tr.counters().rxBytes());
    }

    @Test
    public void firstSampleHasNoRate() {
        CounterRings t = new CounterRings(5, 64);
        t.record(S1, 0, ImmutableMap.of(10, cell(1_000_000, 0, 0)), ids(10));
        CounterRing tr = t.track(S1, 10);
        assertFalse(tr.hasRate());
        assertEquals(0.0, tr.rxBps(), EPS);
        assertEquals(0, tr.intervals());
    }

    @Test
    public void dropAndTxRates() {
        CounterRings t = new CounterRings(5, 64);
        t.record(S1, 0, ImmutableMap.of(10, cell(0, 0, 0)), ids(10));
        t.record(S1, SECOND, ImmutableMap.of(10, cell(2_500_000, 1_250_000, 1_000_000)), ids(10));
        CounterRing tr = t.track(S1, 10);
        assertEquals(20_000_000.0, tr.rxBps(), EPS);
        assertEquals(10_000_000.0, tr.dropBps(), EPS);
        assertEquals(8_000_000.0, tr.txBps(), EPS);
    }

    @Test
    public void resetStartsANewBaselineWithoutNegativeRate() {
        CounterRings t = new CounterRings(5, 64);
        BitSet wanted = ids(10);
        t.record(S1, 0, ImmutableMap.of(10, cell(0, 0, 0)), wanted);
        t.record(S1, SECOND, ImmutableMap.of(10, cell(1_250_000, 0, 1_250_000)), wanted);
        BitSet resets = t.record(S1, 2 * SECOND, ImmutableMap.of(10, cell(1000, 0, 1000)), wanted);
        assertTrue(resets.get(10));
        CounterRing tr = t.track(S1, 10);
        assertFalse("no rate right after a reset", tr.hasRate());
        assertEquals(1000L, tr.counters().rxBytes());
        t.record(S1, 3 * SECOND, ImmutableMap.of(10, cell(126_000, 0, 126_000)), wanted);
        // since the reset: 125,000 bytes in 1 s = 1 Mbit/s
        assertEquals(1_000_000.0, tr.rxBps(), EPS);
        assertEquals(1_000_000.0, tr.txBps(), EPS);
    }

    @Test
    public void oneValueGoingDownResetsTheCell() {
        CounterRings t = new CounterRings(5, 64);
        t.record(S1, 0, ImmutableMap.of(10, cell(5000, 0, 5000)), ids(10));
        // rx kept growing but tx went down: the cell was zeroed and traffic arrived since
        BitSet resets = t.record(S1, SECOND, ImmutableMap.of(10, cell(6000, 0, 10)), ids(10));
        assertTrue(resets.get(10));
        assertFalse(t.track(S1, 10).hasRate());
    }

    @Test
    public void wrapKeepsTheRate() {
        CounterRings t = new CounterRings(5, 16);
        t.record(S1, 0, ImmutableMap.of(10, new SliceCounterValues(10, 64_000, 0, 0, 0, 0)), ids(10));
        BitSet resets = t.record(S1, SECOND, ImmutableMap.of(10, new SliceCounterValues(20, 464, 0, 0, 0, 0)),
                                 ids(10));
        assertTrue(resets.isEmpty());
        // 65,536 - 64,000 + 464 = 2,000 bytes = 16,000 bit/s
        assertEquals(16_000.0, t.track(S1, 10).rxBps(), EPS);
    }

    @Test
    public void onlyWantedCellsAreKept() {
        CounterRings t = new CounterRings(5, 64);
        t.record(S1, 0, ImmutableMap.of(10, cell(1, 0, 0), 20, cell(2, 0, 0), 0, cell(3, 0, 0)), ids(10));
        assertEquals(1L, t.track(S1, 10).counters().rxBytes());
        assertNull(t.track(S1, 20));
        assertNull(t.track(S1, 0));
    }

    @Test
    public void forgettingSlicesAndDevices() {
        CounterRings t = new CounterRings(5, 64);
        t.record(S1, 0, ImmutableMap.of(10, cell(1, 0, 0), 20, cell(2, 0, 0)), ids(10, 20));
        t.forgetSlice(10);
        assertNull(t.track(S1, 10));
        assertEquals(2L, t.track(S1, 20).counters().rxBytes());
        t.forgetDevice(S1);
        assertNull(t.track(S1, 20));
    }

    @Test
    public void sampleNotLaterThanThePreviousIsIgnored() {
        CounterRings t = new CounterRings(5, 64);
        t.record(S1, SECOND, ImmutableMap.of(10, cell(0, 0, 0)), ids(10));
        t.record(S1, 2 * SECOND, ImmutableMap.of(10, cell(125_000, 0, 0)), ids(10));
        t.record(S1, 2 * SECOND, ImmutableMap.of(10, cell(999_999, 0, 0)), ids(10));
        assertEquals(1_000_000.0, t.track(S1, 10).rxBps(), EPS);
    }

    @Test
    public void badArguments() {
        expectIllegal(() -> new CounterRings(0, 64), "window must be >= 1 sample, got 0");
        expectIllegal(() -> new CounterRings(5, 65), "counter width must be 1..64 bits, got 65");
    }

    static void expectIllegal(Runnable r, String message) {
        try {
            r.run();
            fail("expected IllegalArgumentException: " + message);
        } catch (IllegalArgumentException e) {
            assertEquals(message, e.getMessage());
        }
    }

    static SliceCounterValues cell(long rxBytes, long dropBytes, long txBytes) {
        return new SliceCounterValues(rxBytes / 100, rxBytes, dropBytes / 100, dropBytes, txBytes / 100, txBytes);
    }

    static BitSet ids(int... ids) {
        BitSet b = new BitSet();
        for (int id : ids) {
            b.set(id);
        }
        return b;
    }
}
