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
package org.p4slice.slicing.api;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.fail;

/**
 * Slice and tenant identifiers check their range and syntax.
 */
public class IdentifiersTest {

    @Test
    public void sliceIdRange() {
        assertEquals(1, SliceId.of(1).id().intValue());
        assertEquals(4094, (int) SliceId.of(4094).id());
        assertEquals(SliceId.of(7), SliceId.of(7));
        assertEquals("7", SliceId.of(7).toString());
        assertEquals(-1, SliceId.of(2).compareTo(SliceId.of(10)));
        for (int bad : new int[]{0, -1, 4095, Integer.MAX_VALUE}) {
            try {
                SliceId.of(bad);
                fail("accepted " + bad);
            } catch (IllegalArgumentException e) {
                assertEquals("slice id must be in 1..4094, got " + bad, e.getMessage());
            }
        }
    }

    @Test
    public void tenantIdSyntax() {
        assertEquals("itb-lab_1.x", TenantId.of("itb-lab_1.x").id());
        assertEquals(TenantId.of("itb"), TenantId.of("itb"));
        assertNotEquals(TenantId.of("itb"), TenantId.of("ITB"));
        expectBadTenant(null, "tenant must not be empty");
        expectBadTenant("", "tenant must not be empty");
        expectBadTenant("a b", "tenant may only contain A-Z a-z 0-9 . _ -, got \"a b\"");
        expectBadTenant("x".repeat(65), "tenant must have at most 64 characters, got 65");
        assertEquals(64, TenantId.of("x".repeat(64)).id().length());
    }

    private static void expectBadTenant(String name, String message) {
        try {
            TenantId.of(name);
            fail("accepted " + name);
        } catch (IllegalArgumentException e) {
            assertEquals(message, e.getMessage());
        }
    }

    // the HTTP status of each kind is the web module's (RefusalStatusTest there)
    @Test
    public void exceptionsHaveTheirKind() {
        assertEquals(SlicingException.Kind.INVALID, SlicingException.invalid("x").kind());
        assertEquals(SlicingException.Kind.NOT_FOUND, SlicingException.notFound("x").kind());
        assertEquals(SlicingException.Kind.CONFLICT, SlicingException.conflict("x").kind());
        assertEquals(SlicingException.Kind.FORBIDDEN, SlicingException.forbidden("x").kind());
        AdmissionRefusedException e = new AdmissionRefusedException("port device:bmv2:s1/1", 100, 90, 10, 5);
        assertEquals(SlicingException.Kind.ADMISSION_REFUSED, e.kind());
        assertEquals("admission refused on port device:bmv2:s1/1: capacity 100 bps, usable 95 bps after the guard "
                             + "band, allocated 90 bps, requested 10 bps, short by 5 bps", e.getMessage());
    }
}
