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
package org.p4slice.slicing.impl.store;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps refused requests from flooding the audit log: each user's refusals are recorded up to
 * {@link #REFUSALS_PER_MINUTE} a minute (a window that starts with the user's first refusal); the rest
 * of the window's refusals are counted, not recorded, and the count is reported once, when the
 * user's next entry comes after the window. Changes that were done are always recorded. Per
 * instance of the cluster (each instance counts the requests it serves).
 */
final class RefusalThrottle {

    /** Refusals of one user recorded per minute. */
    static final int REFUSALS_PER_MINUTE = 30;

    private static final long WINDOW_MILLIS = 60_000;

    private final Map<String, Window> windows = new HashMap<>();

    private static final class Window {
        private final long start;
        private int recorded;
        private int dropped;

        private Window(long start) {
            this.start = start;
        }
    }

    /**
     * Decides whether an entry of a user is recorded.
     *
     * @param user    who
     * @param refusal whether the entry is a refusal
     * @param now     now, in milliseconds since the epoch
     * @return whether to record it
     */
    synchronized boolean admit(String user, boolean refusal, long now) {
        if (!refusal) {
            return true;
        }
        Window w = windows.get(user);
        if (w == null || now - w.start >= WINDOW_MILLIS) {
            // a report of the last window's drops is taken by closed() before this
            w = new Window(now);
            windows.put(user, w);
        }
        if (w.recorded < REFUSALS_PER_MINUTE) {
            w.recorded++;
            return true;
        }
        w.dropped++;
        return false;
    }

    /**
     * Returns how many refusals of a user a window that is over did not record (and forgets it), so
     * that the log can report them before the user's next entry.
     *
     * @param user who
     * @param now  now, in milliseconds since the epoch
     * @return the number not recorded and when the window started, if a finished window dropped any
     */
    synchronized Optional<long[]> closed(String user, long now) {
        Window w = windows.get(user);
        if (w == null || now - w.start < WINDOW_MILLIS) {
            return Optional.empty();
        }
        windows.remove(user);
        return w.dropped == 0 ? Optional.empty() : Optional.of(new long[]{w.dropped, w.start});
    }
}
