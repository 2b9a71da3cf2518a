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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A scheduled executor that runs nothing by itself: it records what is submitted and scheduled,
 * and the test runs it ({@link #runDue()}), as if the time of every task had come.
 */
public final class ReservationTestExecutor extends AbstractExecutorService implements ScheduledExecutorService {

    private final List<Runnable> once = new ArrayList<>();
    private final List<Task> periodic = new ArrayList<>();
    private boolean shutdown;
    private final boolean inline;

    /**
     * Creates an executor whose one-off tasks wait for {@link #runDue()}.
     */
    public ReservationTestExecutor() {
        this(false);
    }

    /**
     * Creates an executor.
     *
     * @param inline whether one-off tasks run at once on the caller's thread (periodic ones still
     *               wait for {@link #runDue()})
     */
    public ReservationTestExecutor(boolean inline) {
        this.inline = inline;
    }

    /** A periodic task with its period. */
    public static final class Task implements ScheduledFuture<Object> {
        private final Runnable command;
        private final long periodSeconds;
        boolean cancelled;

        Task(Runnable command, long periodSeconds) {
            this.command = command;
            this.periodSeconds = periodSeconds;
        }

        /**
         * Returns the period the task asked for.
         *
         * @return period in seconds
         */
        public long periodSeconds() {
            return periodSeconds;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return 0;
        }

        @Override
        public int compareTo(Delayed o) {
            return 0;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            cancelled = true;
            return true;
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }

        @Override
        public boolean isDone() {
            return cancelled;
        }

        @Override
        public Object get() {
            return null;
        }

        @Override
        public Object get(long timeout, TimeUnit unit) {
            return null;
        }
    }

    /**
     * Runs the submitted tasks, then every periodic task once.
     *
     * @return how many tasks ran
     */
    public int runDue() {
        List<Runnable> tasks = new ArrayList<>(once);
        once.clear();
        periodic.stream().filter(t -> !t.cancelled).forEach(t -> tasks.add(t.command));
        tasks.forEach(Runnable::run);
        return tasks.size();
    }

    /**
     * Returns the periodic tasks not cancelled.
     *
     * @return tasks
     */
    public List<Task> periodic() {
        List<Task> live = new ArrayList<>();
        periodic.stream().filter(t -> !t.cancelled).forEach(live::add);
        return live;
    }

    @Override
    public void execute(Runnable command) {
        if (inline) {
            command.run();
            return;
        }
        once.add(command);
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay,
                                                     TimeUnit unit) {
        Task t = new Task(command, unit.toSeconds(delay));
        periodic.add(t);
        return t;
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
        return scheduleWithFixedDelay(command, initialDelay, period, unit);
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        throw new UnsupportedOperationException("not used by the reservation manager");
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
        throw new UnsupportedOperationException("not used by the reservation manager");
    }

    @Override
    public void shutdown() {
        shutdown = true;
    }

    @Override
    public List<Runnable> shutdownNow() {
        shutdown = true;
        return new ArrayList<>(once);
    }

    @Override
    public boolean isShutdown() {
        return shutdown;
    }

    @Override
    public boolean isTerminated() {
        return shutdown;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return true;
    }
}
