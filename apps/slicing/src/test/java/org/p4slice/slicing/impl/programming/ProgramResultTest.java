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

import org.junit.Test;

import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.p4slice.testbed.PlanFixtures.thrown;

/**
 * Tests of program results.
 */
public class ProgramResultTest {

    @Test
    public void successAndFailure() {
        assertTrue(ProgramResult.success().ok());
        assertEquals(Optional.empty(), ProgramResult.success().reason());
        assertEquals("ProgramResult{ok}", ProgramResult.success().toString());
        ProgramResult failure = ProgramResult.failure("meter refused");
        assertFalse(failure.ok());
        assertEquals(Optional.of("meter refused"), failure.reason());
        assertEquals("ProgramResult{failed: meter refused}", failure.toString());
        assertEquals(ProgramResult.failure("meter refused"), failure);
        assertEquals(ProgramResult.failure("meter refused").hashCode(), failure.hashCode());
        assertNotEquals(ProgramResult.failure("group refused"), failure);
        assertNotEquals(ProgramResult.success(), failure);
        assertEquals("a failure needs a reason",
                     thrown(IllegalArgumentException.class, () -> ProgramResult.failure("")).getMessage());
    }
}
