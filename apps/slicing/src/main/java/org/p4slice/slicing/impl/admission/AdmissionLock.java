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
package org.p4slice.slicing.impl.admission;

import org.p4slice.slicing.api.SlicingException;
import org.onosproject.store.service.DistributedLock;
import org.onosproject.store.service.StorageService;

import java.time.Duration;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The cluster-wide lock around admission: an instance checks a slice or a booking against the
 * store and writes it while no other instance does, so two instances can never admit two
 * requests that fit only one at a time. Taken after the instance's own locks (reservations, then
 * slices), held while one create, update, booking or extension is checked and stored (not while
 * devices are programmed), never twice by one thread. Releasing needs no lock: it only frees.
 */
public final class AdmissionLock {

    /** Name of the lock in the cluster's storage. */
    static final String NAME = "p4slice-admission";
    /** How long a request waits for another instance's admission. */
    public static final Duration DEFAULT_WAIT = Duration.ofSeconds(15);

    private final DistributedLock lock;
    private final Duration wait;

    /**
     * Creates the lock over the cluster's storage.
     *
     * @param storage storage service
     * @param wait    how long to wait for it
     */
    public AdmissionLock(StorageService storage, Duration wait) {
        this.lock = checkNotNull(storage).lockBuilder().withName(NAME).build().asLock();
        this.wait = checkNotNull(wait);
    }

    /**
     * Runs work under the lock.
     *
     * @param work work
     * @param <T>  result type
     * @return its result
     * @throws SlicingException CONFLICT if another instance held the lock for longer than the wait (nothing was done)
     */
    public <T> T call(Supplier<T> work) {
        if (lock.tryLock(wait).isEmpty()) {
            throw SlicingException.conflict("another controller instance has been admitting a slice or a "
                    + "booking for more than " + wait.getSeconds() + " s; nothing was changed, try again");
        }
        try {
            return work.get();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Runs work under the lock.
     *
     * @param work work
     * @throws SlicingException CONFLICT if another instance held the lock for longer than the wait
     */
    public void run(Runnable work) {
        call(() -> {
            work.run();
            return null;
        });
    }
}
