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

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Work-conserving redistribution, pure: decides each slice's meter rate for the next polling
 * interval from its quota, its demand and the ports and links it uses.
 * <p>
 * Per slice s with quota q, demand d (offered rate: max of the last interval's and the window's,
 * so capacity is lent only after the window has seen it unused, and taken back as soon as the last
 * interval shows it needed), last-interval offered rate o and meter rate in effect e:
 * <ol>
 * <li><b>returning</b>: if e &lt; q and o &gt;= e, the slice lent capacity and now presses against
 * its lowered meter: its demand came back. Its rate is q again at once, and nothing is lent from it.
 * Seen at the first poll after the demand returned (or the second, if it returned so late in the
 * interval that o is still below e), so the capacity is back within two polling periods.</li>
 * <li><b>lender</b>: else if d &lt; q: it needs only b = min(q, max(MIN_RATE_BPS, ceil(d) +
 * round(h*q))), h being the headroom fraction; q - b is unused and may be lent.</li>
 * <li><b>borrower</b>: else (d &gt;= q, backlogged): it keeps q and wants d - q more.</li>
 * </ol>
 * Every port or link r has a budget: {@code usable(r) - sum over its slices of (b for lenders, q
 * for the others)}, where usable(r) = floor((1 - guard band) * capacity): the quotas lenders leave
 * unused plus the capacity no slice was admitted for. The budgets are shared among the borrowers by
 * progressive filling (max-min fair, equal absolute amounts): all borrowers' extras rise together;
 * a borrower stops when its want is met or a port or link it uses runs out of budget. Grants are
 * whole bits per second, rounded down.
 * <p>
 * Lenders then give up only what must be given up: on each resource, need(r) = max(0, sum of quotas
 * + grants - usable(r)); each lender on r lends the fraction need(r) / (what the lenders on r could
 * lend) of what it could lend (rounded up; the largest fraction over its resources). A lender is
 * lowered only where its unused quota is actually used by a borrower.
 * <p>
 * Guarantee: on every port and link, the sum of the meter rates is at most max(usable, sum of the
 * quotas), i.e. never above {@code (1 - guard band) * capacity} while admission holds. A slice
 * admitted on a port whose free capacity is lent gets it back at the next poll (it is held at its
 * quota, like every slice whose window is not yet full).
 */
public final class Redistributor {

    /** Lowest rate a lender's meter is lowered to, bits per second. */
    public static final long MIN_RATE_BPS = 8_000;

    private Redistributor() {
    }

    /**
     * Decides the meter rates.
     *
     * @param quota       per slice: quota, bits per second (&gt; 0)
     * @param demand      per slice: demand estimate, bits per second
     * @param lastOffered per slice: offered rate over the last interval, bits per second
     * @param inEffect    per slice: meter rate in effect now, bits per second
     * @param resourcesOf per slice: indices of the ports and links it uses
     * @param usable      per port or link: floor((1 - guard band) * capacity)
     * @param headroom    fraction of its quota a lender keeps above its demand, in [0, 1]
     * @return the rates
     * @throws IllegalArgumentException if the arrays disagree in length or a value is out of range
     */
    public static Allocation allocate(long[] quota, double[] demand, double[] lastOffered, long[] inEffect,
                                      int[][] resourcesOf, long[] usable, double headroom) {
        int n = checkNotNull(quota, "quota must not be null").length;
        checkArgument(demand.length == n && lastOffered.length == n && inEffect.length == n
                              && resourcesOf.length == n, "per-slice arrays must all have %s entries", n);
        checkArgument(headroom >= 0 && headroom <= 1, "headroom must be in [0, 1], got %s", headroom);
        int m = usable.length;

        long[] base = new long[n];
        double[] want = new double[n];
        for (int s = 0; s < n; s++) {
            long q = quota[s];
            checkArgument(q > 0, "quota of slice #%s must be > 0, got %s", s, q);
            boolean returning = inEffect[s] < q && lastOffered[s] >= inEffect[s];
            if (returning) {
                base[s] = q;
            } else if (demand[s] < q) {
                long b = (long) Math.ceil(demand[s]) + Math.round(headroom * q);
                base[s] = Math.min(q, Math.max(MIN_RATE_BPS, b));
            } else {
                base[s] = q;
                want[s] = resourcesOf[s].length > 0 ? demand[s] - q : 0;
            }
        }

        long[] pool = new long[m];
        long[] baseSum = new long[m];
        long[] quotaSum = new long[m];
        int[] memberCount = new int[m];
        for (int s = 0; s < n; s++) {
            for (int r : resourcesOf[s]) {
                checkArgument(r >= 0 && r < m, "slice #%s uses resource %s, there are %s", s, r, m);
                pool[r] += quota[s] - base[s];
                baseSum[r] += base[s];
                quotaSum[r] += quota[s];
                memberCount[r]++;
            }
        }
        int[][] members = membersOf(resourcesOf, memberCount);
        double[] budget = new double[m];
        for (int r = 0; r < m; r++) {
            budget[r] = Math.max(0, usable[r] - baseSum[r]);
        }

        double[] extra = ProgressiveFilling.fill(want, resourcesOf, budget, members);
        long[] granted = new long[n];
        for (int s = 0; s < n; s++) {
            granted[s] = (long) Math.floor(extra[s]);
        }
        ProgressiveFilling.repairGrants(granted, budget, members);
        long[] lent = Lending.lend(quota, base, granted, resourcesOf, members, pool, quotaSum, usable);

        long[] effective = new long[n];
        for (int s = 0; s < n; s++) {
            effective[s] = quota[s] - lent[s] + granted[s];
        }
        return new Allocation(effective, granted, lent);
    }

    private static int[][] membersOf(int[][] resourcesOf, int[] memberCount) {
        int[][] members = new int[memberCount.length][];
        int[] fillAt = new int[memberCount.length];
        for (int r = 0; r < memberCount.length; r++) {
            members[r] = new int[memberCount[r]];
        }
        for (int s = 0; s < resourcesOf.length; s++) {
            for (int r : resourcesOf[s]) {
                members[r][fillAt[r]++] = s;
            }
        }
        return members;
    }

    /**
     * The decision: per slice, its meter rate, what it borrowed and what it lent.
     */
    public static final class Allocation {
        private final long[] effective;
        private final long[] borrowed;
        private final long[] lent;

        private Allocation(long[] effective, long[] borrowed, long[] lent) {
            this.effective = effective;
            this.borrowed = borrowed;
            this.lent = lent;
        }

        /**
         * Returns a slice's meter rate for the next interval.
         *
         * @param s slice index
         * @return bits per second
         */
        public long effective(int s) {
            return effective[s];
        }

        /**
         * Returns what a slice was given above its quota.
         *
         * @param s slice index
         * @return bits per second
         */
        public long borrowed(int s) {
            return borrowed[s];
        }

        /**
         * Returns what a slice lent (its quota minus its lowered rate; 0 unless someone borrows).
         *
         * @param s slice index
         * @return bits per second
         */
        public long lent(int s) {
            return lent[s];
        }

        /**
         * Returns the number of slices.
         *
         * @return slices
         */
        public int size() {
            return effective.length;
        }
    }
}
