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
package org.p4slice.slicing.impl.metrics;

import org.p4slice.slicing.api.stats.DurationHistogram;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * The life-cycle steps of this instance: how long each took (a histogram with fixed buckets from
 * 5 ms to 2 min: a step waits for the switches' answers, bounded by the writer's timeout), and how
 * many are queued and running now.
 */
public final class StepMetrics {

    /** Upper bounds of the buckets, in seconds. */
    static final double[] BOUNDS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120};

    private final LongAdder[] buckets = new LongAdder[BOUNDS.length];
    private final LongAdder count = new LongAdder();
    private final DoubleAdder sum = new DoubleAdder();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicInteger running = new AtomicInteger();

    /**
     * Creates empty metrics.
     */
    public StepMetrics() {
        for (int i = 0; i < buckets.length; i++) {
            buckets[i] = new LongAdder();
        }
    }

    /** A step of a slice was queued. */
    public void queued() {
        queued.incrementAndGet();
    }

    /** A queued step started. */
    public void started() {
        queued.decrementAndGet();
        running.incrementAndGet();
    }

    /**
     * A step ended, however it ended.
     *
     * @param nanos how long it ran
     */
    public void finished(long nanos) {
        running.decrementAndGet();
        double seconds = Math.max(0, nanos) / 1e9;
        for (int i = 0; i < BOUNDS.length; i++) {
            if (seconds <= BOUNDS[i]) {
                buckets[i].increment();
                break;
            }
        }
        sum.add(seconds);
        count.increment();
    }

    /**
     * Returns the steps queued now.
     *
     * @return steps
     */
    public int queuedNow() {
        return Math.max(0, queued.get());
    }

    /**
     * Returns the steps running now.
     *
     * @return steps
     */
    public int runningNow() {
        return Math.max(0, running.get());
    }

    /**
     * Returns the durations so far.
     *
     * @return histogram (cumulative buckets)
     */
    public DurationHistogram histogram() {
        long n = count.sum();
        long[] cumulative = new long[BOUNDS.length];
        long c = 0;
        for (int i = 0; i < BOUNDS.length; i++) {
            c += buckets[i].sum();
            cumulative[i] = Math.min(c, n);
        }
        return new DurationHistogram(BOUNDS, cumulative, sum.sum(), n);
    }
}
