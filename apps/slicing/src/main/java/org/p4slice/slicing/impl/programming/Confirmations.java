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
package org.p4slice.slicing.impl.programming;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The confirmations one step of programming waits for: each submitted operation is confirmed or
 * failed by an ONOS callback (on any thread); {@link #await} blocks until all are confirmed, one
 * fails, or the time is up, and lists what did not succeed.
 */
final class Confirmations {

    /**
     * One awaited confirmation.
     */
    static final class Confirmation {
        private final String what;
        // completed with null when confirmed, with the reason when failed
        private final CompletableFuture<String> outcome = new CompletableFuture<>();
        private final CompletableFuture<Void> anyFailure;

        private Confirmation(String what, CompletableFuture<Void> anyFailure) {
            this.what = what;
            this.anyFailure = anyFailure;
        }

        /**
         * Marks the operation as confirmed (ignored once the outcome is known).
         */
        void confirm() {
            outcome.complete(null);
        }

        /**
         * Marks the operation as failed (ignored once the outcome is known).
         *
         * @param reason why
         */
        void fail(String reason) {
            if (outcome.complete(reason)) {
                anyFailure.complete(null);
            }
        }

        /**
         * Tells whether the outcome is known.
         *
         * @return true once confirmed or failed
         */
        boolean isDone() {
            return outcome.isDone();
        }
    }

    private final List<Confirmation> all = new CopyOnWriteArrayList<>();
    private final CompletableFuture<Void> anyFailure = new CompletableFuture<>();

    /**
     * Registers an operation to wait for.
     *
     * @param what the operation, for messages
     * @return its confirmation
     */
    Confirmation expect(String what) {
        Confirmation c = new Confirmation(what, anyFailure);
        all.add(c);
        return c;
    }

    /**
     * Waits until every operation is confirmed, one fails, or the time is up.
     *
     * @param wait    how long to wait at most
     * @param timeout the configured bound, named in messages
     * @return what failed or was not confirmed in time; empty if all were confirmed
     */
    List<String> await(Duration wait, Duration timeout) {
        CompletableFuture<?>[] outcomes = all.stream().map(c -> c.outcome).toArray(CompletableFuture[]::new);
        CompletableFuture<Object> done = CompletableFuture.anyOf(CompletableFuture.allOf(outcomes), anyFailure);
        boolean interrupted = false;
        try {
            done.get(Math.max(0, wait.toNanos()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            interrupted = true;
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // outcomes are read below
        }
        List<String> problems = new ArrayList<>();
        for (Confirmation c : all) {
            String reason = c.outcome.getNow(null);
            if (!c.outcome.isDone()) {
                problems.add(c.what + ": " + (interrupted ? "interrupted while waiting for confirmation"
                        : "not confirmed within " + format(timeout)));
            } else if (reason != null) {
                problems.add(c.what + ": " + reason);
            }
        }
        return problems;
    }

    /**
     * Formats a duration for messages: whole seconds as "45 s", otherwise milliseconds.
     *
     * @param d duration
     * @return text
     */
    static String format(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }
}
