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
package org.p4slice.slicing.impl.tenant;

import org.p4slice.slicing.api.tenant.SignInThrottledException;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Bounds the key derivations (PBKDF2, a few hundred milliseconds of CPU each) that run at once on this
 * instance: HTTP Basic sends a password with every request, and a flood of requests with wrong passwords
 * (which the verification cache never holds) would otherwise take every core. A derivation waits at most
 * a bounded time for one of the permits, then the sign-in is refused unchecked
 * ({@link SignInThrottledException}: 429 with {@code Retry-After}).
 */
final class KdfGate {

    /** Key derivations at once (the machines p4slice runs on have 2 to 8 cores; ONOS needs the rest). */
    static final int PERMITS = 2;
    /** Longest wait for a permit, milliseconds. */
    static final long WAIT_MS = 2_000;
    /** What a refused sign-in is told to wait, seconds. */
    static final int RETRY_AFTER_SECONDS = 2;

    private final Semaphore permits;
    private final long waitMs;

    /**
     * Creates the gate with the defaults.
     */
    KdfGate() {
        this(PERMITS, WAIT_MS);
    }

    /**
     * Creates a gate.
     *
     * @param permits derivations at once (&gt;= 1)
     * @param waitMs  longest wait for a permit, milliseconds (&gt;= 0)
     */
    KdfGate(int permits, long waitMs) {
        checkArgument(permits >= 1 && waitMs >= 0, "permits >= 1 and waitMs >= 0, got %s and %s", permits, waitMs);
        this.permits = new Semaphore(permits, true);
        this.waitMs = waitMs;
    }

    /**
     * Runs a key derivation once a permit is free.
     *
     * @param kdf the derivation
     * @param <T> its result type
     * @return its result
     * @throws SignInThrottledException if no permit came within the wait (the derivation did not run)
     */
    <T> T run(Supplier<T> kdf) {
        boolean acquired;
        try {
            acquired = permits.tryAcquire(waitMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SignInThrottledException(RETRY_AFTER_SECONDS);
        }
        if (!acquired) {
            throw new SignInThrottledException(RETRY_AFTER_SECONDS);
        }
        try {
            return kdf.get();
        } finally {
            permits.release();
        }
    }
}
