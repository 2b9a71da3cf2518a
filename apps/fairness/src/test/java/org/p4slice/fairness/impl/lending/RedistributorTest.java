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
package org.p4slice.fairness.impl.lending;

import org.p4slice.slicing.impl.admission.AdmissionControl;
import org.p4slice.slicing.impl.admission.AdmissionSettings;
import org.junit.Test;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Work-conserving redistribution on synthetic demand traces: what is lent at each poll, that it
 * comes back within two polls of the lender's demand returning, max-min sharing, and that no port
 * or link ever carries more than (1 - eps) x capacity of meter rates.
 */
public class RedistributorTest {

    private static final long M = 1_000_000L;
    private static final double HEADROOM = 0.1;

    /**
     * One port of 100 Mbit/s (eps = 0.05: usable 95 Mbit/s), lender L (quota 40) and borrower B
     * (quota 50, always offering 80); 5 Mbit/s were admitted to nobody. The demand estimate is
     * max(last interval, mean of the last 3 intervals), as the fairness cycle computes it with a
     * window of 3.
     */
    @Test
    public void lendAndReturnOnOnePort() {
        long[] quota = {40 * M, 50 * M};
        int[][] resources = {{0}, {0}};
        long[] usable = {AdmissionControl.usableBps(100 * M, AdmissionSettings.DEFAULTS)};
        // offered rates per poll (Mbit/s) of L and B, over the last interval
        double[][] trace = {
                {40, 80}, {40, 80}, {40, 80}, // 1-3: L uses its quota: B gets the free 5 only
                {0, 80},                       // 4: L stops; window (40+40+0)/3 = 26.67
                {0, 80},                       // 5: window 13.33
                {0, 80},                       // 6: window 0
                {3, 80},                       // 7: L's demand (40) came back in the last tenth of interval 6-7
                {40, 80},                      // 8: the whole interval shows it
                {40, 80},                      // 9: steady again
        };
        // expected meter rates after each poll (bit/s) for L and B
        long[][] expected = {
                {40 * M, 55 * M}, {40 * M, 55 * M}, {40 * M, 55 * M},
                // 4: L needs ceil(26.67M) + 4M = 30,666,667; budget 95M - 80,666,667; B takes all of it;
                // quotas + grants exceed 95M by 9,333,333: L lends exactly that
                {30_666_667, 64_333_333},
                // 5: L needs 13,333,334 + 4M = 17,333,334; B takes the 27,666,666 budget; L lends 22,666,666
                {17_333_334, 77_666_666},
                // 6: L needs 4M; budget 41M, B wants 30M more and gets it; L lends 90 + 30 - 95 = 25M
                {15 * M, 80 * M},
                // 7: last 3M < 15M: not pressing; L needs 7M; B still capped by its want: same rates
                {15 * M, 80 * M},
                // 8: the last interval shows 40M >= 15M: quota back at once, B back to quota + free 5M
                {40 * M, 55 * M},
                {40 * M, 55 * M},
        };
        long[] lent = {0, 0, 0, 9_333_333, 22_666_666, 25 * M, 25 * M, 0, 0};
        long[] borrowed = {5 * M, 5 * M, 5 * M, 14_333_333, 27_666_666, 30 * M, 30 * M, 5 * M, 5 * M};
        Trace t = new Trace(3, quota.length);
        long[] inEffect = quota.clone();
        for (int poll = 0; poll < trace.length; poll++) {
            t.add(new double[]{trace[poll][0] * M, trace[poll][1] * M});
            Redistributor.Allocation a = Redistributor.allocate(quota, t.demand(), t.last(), inEffect, resources,
                                                                usable, HEADROOM);
            for (int s = 0; s < quota.length; s++) {
                assertEquals("poll " + (poll + 1) + " slice " + s, expected[poll][s], a.effective(s));
                inEffect[s] = a.effective(s);
            }
            assertEquals("poll " + (poll + 1) + ": lent by L", lent[poll], a.lent(0));
            assertEquals("poll " + (poll + 1) + ": borrowed by B", borrowed[poll], a.borrowed(1));
            assertEquals("poll " + (poll + 1) + ": B lends nothing", 0L, a.lent(1));
            assertTrue("poll " + (poll + 1) + ": guard band", inEffect[0] + inEffect[1] <= usable[0]);
        }
        // the demand came back late in interval 6-7; at poll 8, within two polling periods, it is returned
    }

    @Test
    public void demandReturningInAFullIntervalIsReturnedAtTheNextPoll() {
        long[] quota = {40 * M, 50 * M};
        int[][] resources = {{0}, {0}};
        long[] usable = {95 * M};
        long[] inEffect = {15 * M, 80 * M}; // L lends 25M, B borrows 30M
        // L's demand of 30M was there for the whole last interval
        Redistributor.Allocation a = Redistributor.allocate(quota, new double[]{30 * M, 80 * M},
                                                            new double[]{30 * M, 80 * M}, inEffect, resources,
                                                            usable, HEADROOM);
        assertEquals(40 * M, a.effective(0));
        assertEquals(0L, a.lent(0));
        assertEquals("only the free 5M is left", 55 * M, a.effective(1));
        assertEquals(5 * M, a.borrowed(1));
    }

    /**
     * Max-min over two full ports (quotas = usable capacity): L1 lends 36M on port P (usable 80M), L2
     * lends 9M on port Q (usable 30M).
     * B1 is on P only, B2 on P and Q, both want 80M more. Progressive filling: at level 9M, Q is used
     * up (B2 frozen at 9M); B1 goes on alone to 36 - 9 = 27M, where P is used up.
     */
    @Test
    public void maxMinAcrossTwoPorts() {
        long[] quota = {40 * M, 10 * M, 20 * M, 20 * M}; // L1, L2, B1, B2
        int[][] resources = {{0}, {1}, {0}, {0, 1}};
        long[] usable = {80 * M, 30 * M};
        double[] demand = {0, 0, 100 * M, 100 * M};
        Redistributor.Allocation a = Redistributor.allocate(quota, demand, demand, quota.clone(), resources, usable,
                                                            HEADROOM);
        assertEquals(4 * M, a.effective(0));
        assertEquals(1 * M, a.effective(1));
        assertEquals(20 * M + 27 * M, a.effective(2));
        assertEquals(20 * M + 9 * M, a.effective(3));
        assertEquals(36 * M, a.lent(0));
        assertEquals(9 * M, a.lent(1));
        assertEquals(27 * M, a.borrowed(2));
        assertEquals(9 * M, a.borrowed(3));
        assertGuardBand(a, resources, usable, quota);
    }

    @Test
    public void smallWantIsMetAndTheRestGoesToTheOthers() {
        long[] quota = {40 * M, 20 * M, 20 * M};
        int[][] resources = {{0}, {0}, {0}};
        long[] usable = {80 * M};
        // L lends 36M; B1 wants 5M more, B2 wants 80M more: B1 gets 5, B2 gets 31
        double[] demand = {0, 25 * M, 100 * M};
        Redistributor.Allocation a = Redistributor.allocate(quota, demand, demand, quota.clone(), resources, usable,
                                                            HEADROOM);
        assertEquals(25 * M, a.effective(1));
        assertEquals(51 * M, a.effective(2));
        assertGuardBand(a, resources, usable, quota);
    }

    @Test
    public void equalWantsShareEquallyRoundedDown() {
        long[] quota = {37 * M, 10 * M, 10 * M};
        int[][] resources = {{0}, {0}, {0}};
        long[] usable = {57 * M};
        // L: demand 0, headroom 3.7M: lends 33,300,000; split in two: 16,650,000 each
        double[] demand = {0, 100 * M, 100 * M};
        Redistributor.Allocation a = Redistributor.allocate(quota, demand, demand, quota.clone(), resources, usable,
                                                            HEADROOM);
        assertEquals(3_700_000L, a.effective(0));
        assertEquals(26_650_000L, a.effective(1));
        assertEquals(26_650_000L, a.effective(2));
    }

    @Test
    public void fullPortWithoutLenderGivesNothing() {
        long[] quota = {40 * M, 50 * M};
        int[][] resources = {{0}, {0}};
        double[] demand = {45 * M, 100 * M};
        Redistributor.Allocation a = Redistributor.allocate(quota, demand, demand, quota.clone(), resources,
                                                            new long[]{90 * M}, HEADROOM);
        assertEquals(40 * M, a.effective(0));
        assertEquals(50 * M, a.effective(1));
    }

    @Test
    public void freeCapacityIsSharedMaxMinWithoutLowering() {
        long[] quota = {40 * M, 50 * M};
        int[][] resources = {{0}, {0}};
        // both backlogged: 5M free on the port, wants 5M and 50M: 2.5M each
        double[] demand = {45 * M, 100 * M};
        Redistributor.Allocation a = Redistributor.allocate(quota, demand, demand, quota.clone(), resources,
                                                            new long[]{95 * M}, HEADROOM);
        assertEquals(42_500_000L, a.effective(0));
        assertEquals(52_500_000L, a.effective(1));
    }

    @Test
    public void lenderIsLoweredOnlyForWhatIsUsed() {
        long[] quota = {40 * M, 50 * M};
        // L on port 0, B alone on port 1: B takes port 1's free capacity, L keeps its quota
        int[][] resources = {{0}, {1}};
        double[] demand = {0, 100 * M};
        Redistributor.Allocation a = Redistributor.allocate(quota, demand, demand, quota.clone(), resources,
                                                            new long[]{95 * M, 95 * M}, HEADROOM);
        assertEquals("nobody borrows from L: it keeps its quota", 40 * M, a.effective(0));
        assertEquals(0L, a.lent(0));
        assertEquals(95 * M, a.effective(1));
        Redistributor.Allocation none = Redistributor.allocate(quota, demand, demand, quota.clone(),
                                                               new int[][]{{0}, {}}, new long[]{95 * M}, HEADROOM);
        assertEquals("a slice with no known port borrows nothing", 50 * M, none.effective(1));
    }

    @Test
    public void shrunkCapacityIsRespected() {
        // capacity lowered after admission: quotas 40 + 50 > usable 80
        long[] quota = {40 * M, 50 * M};
        int[][] resources = {{0}, {0}};
        double[] demand = {20 * M, 100 * M};
        Redistributor.Allocation a = Redistributor.allocate(quota, demand, demand, quota.clone(), resources,
                                                            new long[]{80 * M}, HEADROOM);
        // L needs 24M (20 + 4); budget 80 - (24 + 50) = 6M; quotas + grant exceed 80M by 16M: L lends 16M
        assertEquals(24 * M, a.effective(0));
        assertEquals(56 * M, a.effective(1));
        assertEquals(80 * M, a.effective(0) + a.effective(1));
    }

    @Test
    public void lenderNeverGoesBelowTheMinimumRate() {
        long[] quota = {10_000, 50 * M};
        int[][] resources = {{0}, {0}};
        double[] demand = {0, 100 * M};
        Redistributor.Allocation a = Redistributor.allocate(quota, demand, demand, quota.clone(), resources,
                                                            new long[]{50 * M + 10_000}, 0.0);
        assertEquals(Redistributor.MIN_RATE_BPS, a.effective(0));
        assertEquals(50 * M + 2_000, a.effective(1));
    }

    /**
     * Random traces on 6 ports and 40 slices: at every poll, no port carries more meter rate than
     * (1 - eps) x capacity; a borrower never gets less than its quota; a lender whose last interval
     * reached its lowered meter gets its quota back; nothing is lent unless something is borrowed.
     */
    @Test
    public void randomTracesKeepTheGuardBand() {
        Random random = new Random(20260101L);
        int n = 40;
        int ports = 6;
        long[] usable = new long[ports];
        for (int r = 0; r < ports; r++) {
            usable[r] = AdmissionControl.usableBps(1000 * M, AdmissionSettings.DEFAULTS);
        }
        long[] quota = new long[n];
        int[][] resources = new int[n][];
        long[] perPort = new long[ports];
        for (int s = 0; s < n; s++) {
            int a = random.nextInt(ports);
            int b = (a + 1 + random.nextInt(ports - 1)) % ports;
            resources[s] = new int[]{a, b};
            long q = (1 + random.nextInt(60)) * M;
            while (perPort[a] + q > usable[a] || perPort[b] + q > usable[b]) {
                q /= 2;
            }
            quota[s] = q;
            perPort[a] += q;
            perPort[b] += q;
        }
        Trace t = new Trace(5, n);
        long[] inEffect = quota.clone();
        for (int poll = 0; poll < 300; poll++) {
            double[] offered = new double[n];
            for (int s = 0; s < n; s++) {
                offered[s] = random.nextInt(4) == 0 ? 0 : random.nextDouble() * 2 * quota[s];
            }
            t.add(offered);
            double[] last = t.last();
            Redistributor.Allocation a = Redistributor.allocate(quota, t.demand(), last, inEffect, resources,
                                                                usable, HEADROOM);
            for (int s = 0; s < n; s++) {
                if (inEffect[s] < quota[s] && last[s] >= inEffect[s]) {
                    assertEquals("poll " + poll + ": returning lender " + s, quota[s], a.effective(s));
                }
                if (t.demand()[s] >= quota[s]) {
                    assertTrue("poll " + poll + ": borrower " + s + " below quota", a.effective(s) >= quota[s]);
                }
                assertTrue(a.effective(s) > 0);
                inEffect[s] = a.effective(s);
            }
            assertGuardBand(a, resources, usable, quota);
            long lentTotal = 0;
            long borrowedTotal = 0;
            for (int s = 0; s < n; s++) {
                lentTotal += a.lent(s);
                borrowedTotal += a.borrowed(s);
            }
            assertTrue("poll " + poll + ": lent " + lentTotal + " without borrowing",
                       lentTotal == 0 || borrowedTotal > 0);
        }
    }

    private static void assertGuardBand(Redistributor.Allocation a, int[][] resources, long[] usable,
                                        long[] quota) {
        long[] sum = new long[usable.length];
        for (int s = 0; s < a.size(); s++) {
            assertTrue("slice " + s + " below its quota though it lends nothing",
                       a.effective(s) >= quota[s] - a.lent(s));
            for (int r : resources[s]) {
                sum[r] += a.effective(s);
            }
        }
        for (int r = 0; r < usable.length; r++) {
            assertTrue("resource " + r + ": " + sum[r] + " > usable " + usable[r], sum[r] <= usable[r]);
        }
    }

    /**
     * Per-slice offered rates of the last polls; demand = max(last interval, mean of the window).
     */
    private static final class Trace {
        private final int window;
        private final Deque<double[]> polls = new ArrayDeque<>();
        private final int n;

        Trace(int window, int n) {
            this.window = window;
            this.n = n;
        }

        void add(double[] offered) {
            polls.addLast(offered);
            if (polls.size() > window) {
                polls.removeFirst();
            }
        }

        double[] last() {
            return polls.getLast().clone();
        }

        double[] demand() {
            double[] d = new double[n];
            for (double[] p : polls) {
                for (int s = 0; s < n; s++) {
                    d[s] += p[s] / polls.size();
                }
            }
            double[] last = last();
            for (int s = 0; s < n; s++) {
                d[s] = Math.max(d[s], last[s]);
            }
            return d;
        }
    }
}
