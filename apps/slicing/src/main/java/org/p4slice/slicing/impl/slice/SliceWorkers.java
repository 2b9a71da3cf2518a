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
package org.p4slice.slicing.impl.slice;

import org.slf4j.Logger;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.onlab.util.Tools.groupedThreads;

/**
 * The slicing app's own threads: the pool that runs the device work and event handling, and the
 * ticker of the periodic reconciliation.
 */
final class SliceWorkers {

    /**
     * Most threads for the device work. A slice's work waits (bounded) for ONOS to confirm its
     * groups, which ONOS does at its group poll (30 s by default): with one thread per slice being
     * programmed, slices created together become ACTIVE together instead of in batches, and a slow
     * device holds up only its own slices. Idle threads end after {@value #WORKER_IDLE_SECONDS} s.
     */
    static final int WORKERS = 128;
    static final long WORKER_IDLE_SECONDS = 30;
    /** Period of the reconciliation of unsettled slices and of the meter audit, in seconds. */
    static final long RECONCILE_PERIOD_SECONDS = 10;

    private final Logger log;
    private final ThreadPoolExecutor pool;
    private ScheduledExecutorService ticker;

    /**
     * Starts the worker pool.
     *
     * @param log the owner's log (thread failures are logged there)
     */
    public SliceWorkers(Logger log) {
        this.log = log;
        pool = new ThreadPoolExecutor(WORKERS, WORKERS, WORKER_IDLE_SECONDS, TimeUnit.SECONDS,
                                      new LinkedBlockingQueue<>(), groupedThreads("p4slice/slicing", "worker-%d", log));
        pool.allowCoreThreadTimeOut(true);
    }

    /**
     * Returns the pool.
     *
     * @return executor of the device work
     */
    public Executor executor() {
        return pool;
    }

    /**
     * Runs a task on the pool every {@value #RECONCILE_PERIOD_SECONDS} s, skipping a tick while the
     * previous run has not finished (a slow audit never piles up runs).
     *
     * @param task periodic task
     */
    public void tick(Runnable task) {
        ticker = Executors.newSingleThreadScheduledExecutor(groupedThreads("p4slice/slicing", "audit-%d", log));
        ticker.scheduleWithFixedDelay(new NonOverlapping(task, pool), RECONCILE_PERIOD_SECONDS,
                                      RECONCILE_PERIOD_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * A periodic task handed to an executor at each tick unless its previous run is still queued
     * or running.
     */
    static final class NonOverlapping implements Runnable {
        private final Runnable task;
        private final Executor executor;
        private final AtomicBoolean busy = new AtomicBoolean();
        private final AtomicLong skipped = new AtomicLong();

        NonOverlapping(Runnable task, Executor executor) {
            this.task = task;
            this.executor = executor;
        }

        @Override
        public void run() {
            if (!busy.compareAndSet(false, true)) {
                skipped.incrementAndGet();
                return;
            }
            try {
                executor.execute(() -> {
                    try {
                        task.run();
                    } finally {
                        busy.set(false);
                    }
                });
            } catch (RuntimeException e) {
                busy.set(false);
                throw e;
            }
        }

        long skipped() {
            return skipped.get();
        }
    }

    /**
     * Stops the periodic task.
     */
    public void stopTicks() {
        if (ticker != null) {
            ticker.shutdownNow();
            ticker = null;
        }
    }

    /**
     * Stops the pool (work in progress is interrupted).
     */
    public void stop() {
        stopTicks();
        ((ExecutorService) pool).shutdownNow();
    }
}
