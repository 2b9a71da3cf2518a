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

import org.junit.Test;
import org.onosproject.store.service.StorageException;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.testbed.SharedStorageService;

import java.time.Duration;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * A failure of the cluster's storage inside an admission (an Atomix primitive that does not answer
 * during a failover) is an UNAVAILABLE refusal (503) that says so, never the storage's exception
 * itself (a 500), and the admission lock is free again afterwards.
 */
public class AdmissionLockStorageTest {

    private final SharedStorageService storage = new SharedStorageService();
    private final AdmissionLock lock = new AdmissionLock(storage, Duration.ofMillis(200));

    @Test
    public void aStorageFailureInAnAdmissionIsUnavailableAndFreesTheLock() {
        try {
            lock.call(() -> {
                throw new StorageException.Unavailable();
            });
            fail("the storage's failure went through");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.UNAVAILABLE, e.kind());
            assertEquals(503, e.kind().status());
            assertEquals("the cluster's storage did not answer while admitting the request (Unavailable); "
                                 + "the request was not completed, try again in a few seconds", e.getMessage());
        }
        assertTrue(lock.call(() -> true));
    }

    @Test
    public void onlyTheStoragesFailuresAreUnavailableAndRefusalsPassAsTheyAre() {
        RuntimeException atomix = new RuntimeException(new java.io.IOException("Connection reset by peer"));
        assertEquals(false, SlicingException.isStorageFailure(atomix));
        assertEquals(true, SlicingException.isStorageFailure(new IllegalStateException(
                new StorageException.Timeout())));
        // refusals pass as they are
        try {
            lock.call(() -> {
                throw SlicingException.conflict("taken");
            });
            fail("refused nothing");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
            assertEquals("taken", e.getMessage());
        }
    }
}
