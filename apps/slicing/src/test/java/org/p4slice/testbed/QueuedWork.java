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
package org.p4slice.testbed;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;

/**
 * An executor that queues what it is given and runs it when the test says ({@link #runAll()}), as
 * the slicing app's worker pool runs the device work after the caller has returned; set it as
 * {@link SlicingTestbed#executor} before the testbed starts.
 */
public final class QueuedWork implements Executor {

    private final Queue<Runnable> queued = new ArrayDeque<>();

    @Override
    public synchronized void execute(Runnable command) {
        queued.add(command);
    }

    /**
     * Runs everything queued, including what the tasks queue while running, in order.
     */
    public void runAll() {
        for (Runnable task = poll(); task != null; task = poll()) {
            task.run();
        }
    }

    /**
     * Takes the next queued task without running it.
     *
     * @return the task, or null if none is queued
     */
    public synchronized Runnable poll() {
        return queued.poll();
    }

    /**
     * Drops everything queued.
     */
    public synchronized void clear() {
        queued.clear();
    }
}
