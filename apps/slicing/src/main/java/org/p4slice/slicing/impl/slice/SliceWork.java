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
import org.slf4j.Logger;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The device work of the slices, run on an executor: tasks of one slice run one after the
 * other in the order they were submitted, tasks of different slices in parallel. Nobody waits
 * for a device while holding a lock: callers submit and return.
 */
public final class SliceWork {

    private final Logger log = getLogger(getClass());

    private final Executor executor;
    private final Map<SliceId, CompletableFuture<Void>> tails = new HashMap<>();

    /**
     * Creates the work queue.
     *
     * @param executor runs the tasks (a direct executor runs them in the caller, as tests do)
     */
    public SliceWork(Executor executor) {
        this.executor = checkNotNull(executor);
    }

    /**
     * Runs a task after every task of the same slice submitted before it; a failing task is logged
     * and does not stop the next.
     *
     * @param id   slice
     * @param task device work
     * @return completes when the task has run
     */
    CompletableFuture<Void> submit(SliceId id, Runnable task) {
        CompletableFuture<Void> next;
        synchronized (tails) {
            CompletableFuture<Void> tail = tails.getOrDefault(id, CompletableFuture.completedFuture(null));
            next = tail.thenRunAsync(() -> run(id, task), executor);
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
     * Tells whether no task of the slice is queued or running.
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
        try {
            task.run();
        } catch (RuntimeException e) {
            log.warn("Device work of slice {} failed", id, e);
        }
    }
}
