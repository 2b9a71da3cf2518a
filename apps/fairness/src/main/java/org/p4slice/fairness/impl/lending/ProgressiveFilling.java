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

import java.util.Arrays;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.stream.IntStream;

/**
 * The borrowers' side of a redistribution: max-min fair sharing of the ports' and links' budgets
 * by progressive filling (all borrowers' extras rise together, each stops when its want is met or a
 * resource it uses runs out of budget), then whole-bit grants that never exceed a resource's
 * whole-bit budget.
 */
final class ProgressiveFilling {

    private ProgressiveFilling() {
    }

    /**
     * Progressive filling: returns each slice's extra; all active extras rise together until a
     * want is met or a resource's budget is used up. The next resource to saturate comes from a
     * heap of saturation levels (an entry is stale once its resource changed), so a round costs
     * O((slices + resources) log resources).
     *
     * @param want        per slice: the extra it wants (0 for none)
     * @param resourcesOf per slice: indices of the resources it uses
     * @param budget      per resource: what may be granted on it
     * @param members     per resource: indices of the slices using it
     * @return per slice: its extra, bits per second
     */
    static double[] fill(double[] want, int[][] resourcesOf, double[] budget, int[][] members) {
        int n = want.length;
        int m = budget.length;
        double[] extra = new double[n];
        Filling f = new Filling(resourcesOf, budget, m);
        Integer[] order = IntStream.range(0, n).filter(s -> want[s] > 0).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(s -> want[s]));
        boolean[] active = new boolean[n];
        for (int s : order) {
            active[s] = true;
            for (int r : resourcesOf[s]) {
                f.activeIn[r]++;
            }
        }
        for (int r = 0; r < m; r++) {
            f.push(r);
        }
        int remaining = order.length;
        int next = 0;
        while (remaining > 0) {
            while (!active[order[next]]) {
                next++;
            }
            double demandLevel = want[order[next]];
            Level top = f.peek();
            if (top != null && top.level <= demandLevel) {
                double level = Math.max(0, top.level);
                for (int s : members[top.resource]) {
                    if (active[s]) {
                        f.freeze(s, level, extra, active);
                        remaining--;
                    }
                }
            } else {
                f.freeze(order[next], demandLevel, extra, active);
                remaining--;
            }
        }
        return extra;
    }

    /** Saturation level of a resource, as of one version of its state. */
    private static final class Level {
        private final double level;
        private final int resource;
        private final int version;

        private Level(double level, int resource, int version) {
            this.level = level;
            this.resource = resource;
            this.version = version;
        }
    }

    /** State of a progressive filling: per resource, active slices and what the frozen ones took. */
    private static final class Filling {
        private final int[][] resourcesOf;
        private final double[] budget;
        private final int[] activeIn;
        private final double[] frozenSum;
        private final int[] version;
        private final PriorityQueue<Level> heap = new PriorityQueue<>(Comparator.comparingDouble(l -> l.level));

        private Filling(int[][] resourcesOf, double[] budget, int m) {
            this.resourcesOf = resourcesOf;
            this.budget = budget;
            this.activeIn = new int[m];
            this.frozenSum = new double[m];
            this.version = new int[m];
        }

        private void push(int r) {
            version[r]++;
            if (activeIn[r] > 0) {
                heap.add(new Level((budget[r] - frozenSum[r]) / activeIn[r], r, version[r]));
            }
        }

        private Level peek() {
            Level top = heap.peek();
            while (top != null && top.version != version[top.resource]) {
                heap.poll();
                top = heap.peek();
            }
            return top;
        }

        private void freeze(int s, double level, double[] extra, boolean[] active) {
            extra[s] = level;
            active[s] = false;
            for (int r : resourcesOf[s]) {
                activeIn[r]--;
                frozenSum[r] += level;
                push(r);
            }
        }
    }

    /**
     * Makes sure rounding never lets the whole-bit grants of a resource exceed its whole-bit
     * budget (takes the excess from its largest grants).
     *
     * @param granted per slice: whole-bit grants, lowered in place where needed
     * @param budget  per resource: its budget
     * @param members per resource: indices of the slices using it
     */
    static void repairGrants(long[] granted, double[] budget, int[][] members) {
        for (int r = 0; r < budget.length; r++) {
            long sum = 0;
            for (int s : members[r]) {
                sum += granted[s];
            }
            long excess = sum - (long) Math.floor(budget[r]);
            while (excess > 0) {
                int largest = members[r][0];
                for (int s : members[r]) {
                    if (granted[s] > granted[largest]) {
                        largest = s;
                    }
                }
                long cut = Math.min(excess, granted[largest]);
                granted[largest] -= cut;
                excess -= cut;
            }
        }
    }
}
