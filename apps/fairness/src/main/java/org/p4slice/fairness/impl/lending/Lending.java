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

/**
 * The lenders' side of a redistribution: on every port and link, what the quotas plus the grants
 * exceed the usable capacity by is taken from the lenders there, in proportion to what each could
 * lend (rounded up; the largest fraction over its resources), and any shortfall from rounding from
 * the lenders with the most room left. Guarantees a lender gives up only what a borrower on one
 * of its resources actually uses, and never more than its quota minus what it needs.
 */
final class Lending {

    private Lending() {
    }

    /**
     * Decides what each lender gives up: on every resource, what the quotas plus the grants exceed
     * the usable capacity by, spread over the lenders in proportion to what they could lend.
     *
     * @param quota       per slice: quota
     * @param base        per slice: what it keeps (its quota unless it lends)
     * @param granted     per slice: what it was granted above its quota
     * @param resourcesOf per slice: indices of the resources it uses
     * @param members     per resource: indices of the slices using it
     * @param pool        per resource: what its lenders could lend
     * @param quotaSum    per resource: sum of its slices' quotas
     * @param usable      per resource: usable capacity
     * @return per slice: what it lends, bits per second
     */
    static long[] lend(long[] quota, long[] base, long[] granted, int[][] resourcesOf, int[][] members,
                               long[] pool, long[] quotaSum, long[] usable) {
        int n = quota.length;
        int m = pool.length;
        long[] need = new long[m];
        for (int r = 0; r < m; r++) {
            long g = 0;
            for (int s : members[r]) {
                g += granted[s];
            }
            need[r] = Math.min(pool[r], Math.max(0, quotaSum[r] + g - usable[r]));
        }
        long[] lent = new long[n];
        for (int s = 0; s < n; s++) {
            long lendable = quota[s] - base[s];
            if (lendable == 0) {
                continue;
            }
            for (int r : resourcesOf[s]) {
                if (pool[r] > 0 && need[r] > 0) {
                    long share = (long) Math.ceil((double) lendable * need[r] / pool[r]);
                    lent[s] = Math.max(lent[s], Math.min(lendable, share));
                }
            }
        }
        for (int r = 0; r < m; r++) {
            long given = 0;
            for (int s : members[r]) {
                given += lent[s];
            }
            long shortfall = need[r] - given;
            while (shortfall > 0) {
                int most = -1;
                for (int s : members[r]) {
                    long room = quota[s] - base[s] - lent[s];
                    if (room > 0 && (most < 0 || room > quota[most] - base[most] - lent[most])) {
                        most = s;
                    }
                }
                if (most < 0) {
                    break;
                }
                long add = Math.min(shortfall, quota[most] - base[most] - lent[most]);
                lent[most] += add;
                shortfall -= add;
            }
        }
        return lent;
    }
}
