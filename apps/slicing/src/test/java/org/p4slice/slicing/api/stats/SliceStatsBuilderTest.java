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
package org.p4slice.slicing.api.stats;

import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * A slice's statistics as they are built (counts never negative, the window never negative, every value
 * not set zero) and summed over its devices (counts and rates added, the longest window).
 */
public class SliceStatsBuilderTest {

    private static SliceStats stats(long base, int intervals) {
        return SliceStats.builder().counts(base, base + 1, base + 2, base + 3, base + 4, base + 5)
                .rates(base + 6, base + 7, base + 8).window(base + 9, intervals).build();
    }

    @Test
    public void buildsEveryValueItIsGiven() {
        SliceStats s = stats(10, 3);
        assertEquals(List.of(10L, 11L, 12L, 13L, 14L, 15L, 16L, 17L, 18L, 19L, 3L),
                     List.of(s.rxPackets(), s.rxBytes(), s.dropPackets(), s.dropBytes(), s.txPackets(),
                             s.txBytes(), s.rxBps(), s.dropBps(), s.txBps(), s.lastRxBps(), (long) s.intervals()));
        assertEquals(stats(10, 3), s);
        assertEquals(stats(10, 3).hashCode(), s.hashCode());
    }

    @Test
    public void valuesNotSetAreZero() {
        assertEquals(SliceStats.ZERO, SliceStats.builder().counts(0, 0, 0, 0, 0, 0).build());
        assertEquals(0L, SliceStats.builder().rates(1, 2, 3).build().rxBytes());
    }

    @Test
    public void refusesANegativeCountOrWindow() {
        refused(() -> SliceStats.builder().counts(0, 0, 0, -1, 0, 0), "dropBytes must not be negative, got -1");
        refused(() -> SliceStats.builder().counts(-5, 0, 0, 0, 0, 0), "rxPackets must not be negative, got -5");
        refused(() -> SliceStats.builder().window(0, -1).build(), "intervals must be >= 0, got -1");
    }

    @Test
    public void sumsOverDevicesWithTheLongestWindow() {
        SliceStats sum = SliceStats.sum(List.of(stats(10, 3), stats(100, 5)));
        assertEquals(SliceStats.builder().counts(110, 112, 114, 116, 118, 120).rates(122, 124, 126).window(128, 5)
                             .build(), sum);
        assertEquals(SliceStats.ZERO, SliceStats.sum(List.of()));
        assertEquals(stats(7, 2), SliceStats.sum(List.of(stats(7, 2))));
    }

    private static void refused(Runnable r, String message) {
        try {
            r.run();
            fail("accepted");
        } catch (IllegalArgumentException e) {
            assertEquals(message, e.getMessage());
        }
    }
}
