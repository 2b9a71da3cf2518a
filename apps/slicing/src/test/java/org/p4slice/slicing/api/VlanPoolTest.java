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
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * VLAN pools parse ranges and lists and refuse anything outside 2..4094.
 */
public class VlanPoolTest {

    @Test
    public void parsesRangesAndSingles() {
        VlanPool pool = VlanPool.parse(" 100-199, 300-399,500 ");
        assertEquals(201, pool.size());
        assertTrue(pool.contains(100));
        assertTrue(pool.contains(500));
        assertFalse(pool.contains(200));
        assertFalse(pool.contains(-1));
        assertEquals(300, pool.nextFrom(200));
        assertEquals(-1, pool.nextFrom(501));
        assertEquals("100-199,300-399,500", pool.toString());
        assertEquals(VlanPool.parse("100-199,300-399,500-500"), pool);
        assertEquals("100-3999", VlanPool.parse(VlanPool.DEFAULT).toString());
        assertEquals(4093, VlanPool.parse("2-4094").size());
        assertEquals("100-300", VlanPool.parse("100-200,150-300").toString());
    }

    @Test
    public void refusesBadPools() {
        expectBad(null, "vlanPool must not be empty");
        expectBad(" ", "vlanPool must not be empty");
        expectBad("100-", "vlanPool \"100-\": \"\" is not a VLAN number");
        expectBad("a-b", "vlanPool \"a-b\": \"a\" is not a VLAN number");
        expectBad("100,,200", "vlanPool \"100,,200\" has an empty range");
        expectBad("300-200", "vlanPool \"300-200\": range 300-200 is empty (300 > 200)");
        expectBad("1-100", "vlanPool \"1-100\": range 1-100 is outside 2..4094");
        expectBad("4000-4095", "vlanPool \"4000-4095\": range 4000-4095 is outside 2..4094");
        expectBad("-5", "vlanPool \"-5\": \"\" is not a VLAN number");
    }

    private static void expectBad(String spec, String message) {
        try {
            VlanPool.parse(spec);
            fail("accepted " + spec);
        } catch (IllegalArgumentException e) {
            assertEquals(message, e.getMessage());
        }
    }
}
