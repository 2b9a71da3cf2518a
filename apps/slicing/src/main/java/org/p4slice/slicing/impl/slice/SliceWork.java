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

import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.impl.metrics.StepMetrics;
import org.slf4j.Logger;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.IntConsumer;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The device work of the slices on this instance, run on an executor: one step per slice at a
 * time, steps of different slices in parallel, and at most one step of a slice waiting behind the
 * one that runs. A step reads the stored slice when it starts, so a burst of events for a slice
 * (host churn, a flood of updates) costs one more step, not one per event: the work queued is
 * bounded by one running and one pending step per slice (and per device, as one step writes all
 * the devices of the slice this instance masters). Nobody waits for a device while holding a lock:
 * callers submit and return.
 */
final class SliceWork {

    private final Logger log = getLogger(getClass());

    private final Executor executor;
    private final StepMetrics metrics;
    private final Map<SliceId, CompletableFuture<Void>> tails = new HashMap<>();
    // slices with a step queued and not yet started: that step's level
    private final Map<SliceId, Integer> pending = new HashMap<>();

    /**
     * Creates the work queue.
     *
     * @param executor runs the tasks (a direct executor runs them in the caller, as tests do)
     */
    public SliceWork(Executor executor) {
        this(executor, new StepMetrics());
    }

    /**
     * Creates the work queue that reports its steps.
     *
     * @param executor runs the tasks (a direct executor runs them in the caller, as tests do)
     * @param metrics  told of each step queued, started and finished
     */
    public SliceWork(Executor executor, StepMetrics metrics) {
        this.executor = checkNotNull(executor);
        this.metrics = checkNotNull(metrics);
    }

    /**
     * Runs a step of a slice after the one running, unless one is already waiting: that one then
     * runs at the higher of the two levels (a step does at a higher level all it does at a lower
     * one). A failing step is logged and does not stop the next.
     *
     * @param id    slice
     * @param level what the step does (the caller's scale, higher does more)
     * @param step  the step, given its level
     * @return completes when the step has run
     */
    CompletableFuture<Void> submit(SliceId id, int level, IntConsumer step) {
        CompletableFuture<Void> next;
        synchronized (tails) {
            Integer waiting = pending.get(id);
            if (waiting != null) {
                pending.put(id, Math.max(level, waiting));
                return tails.get(id);
            }
            pending.put(id, level);
            metrics.queued();
            CompletableFuture<Void> tail = tails.getOrDefault(id, CompletableFuture.completedFuture(null));
            next = tail.thenRunAsync(() -> {
                int at;
                synchronized (tails) {
                    at = pending.remove(id);
                }
                metrics.started();
                run(id, () -> step.accept(at));
            }, executor);
            tails.put(id, next);
        }
        CompletableFuture<Void> done = next;
        next.whenComplete((v, e) -> {
            synchronized (tails) {
                tails.remove(id, done);
            }
        });
        return next;
    }

    /**
     * Tells whether no step of the slice is queued or running.
     *
     * @param id slice
     * @return true if idle
     */
    boolean idle(SliceId id) {
        synchronized (tails) {
            return !tails.containsKey(id);
        }
    }

    private void run(SliceId id, Runnable task) {
        long start = System.nanoTime();
        try {
            task.run();
        } catch (RuntimeException e) {
            log.warn("Device work of slice {} failed", id, e);
        } finally {
            metrics.finished(System.nanoTime() - start);
        }
    }
}
