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
package org.p4slice.slicing.translator;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;

import static org.junit.Assert.assertEquals;
import static org.p4slice.slicing.translator.PlanFixtures.S1;
import static org.p4slice.slicing.translator.PlanFixtures.S2;
import static org.p4slice.slicing.translator.PlanFixtures.S3;
import static org.p4slice.slicing.translator.PlanFixtures.cp;
import static org.p4slice.slicing.translator.PlanFixtures.link;
import static org.p4slice.slicing.translator.PlanFixtures.thrown;

/**
 * Tests of the trunk link resolution of scenarios.
 */
public class TrunkLinkResolverTest {

    private static final DeviceId S4 = DeviceId.deviceId("device:bmv2:s4");

    private final Link s1s2 = link(cp(S1, 5), cp(S2, 5));
    private final Link s3s2 = link(cp(S3, 6), cp(S2, 6));
    private final Link s3s4 = link(cp(S3, 7), cp(S4, 7));
    private final Link s1s3 = link(cp(S1, 8), cp(S3, 8));

    @Test
    public void oneDeviceNeedsNoLink() {
        assertEquals(ImmutableSet.of(), new TrunkLinkResolver(ImmutableList.of(s1s2)).resolve(ImmutableList.of(S2)));
    }

    @Test
    public void twoSwitches() {
        assertEquals(ImmutableSet.of(s1s2),
                     new TrunkLinkResolver(ImmutableList.of(s1s2, s3s2)).resolve(ImmutableList.of(S2, S1)));
    }

    /** The ends of a chain take every link of it, including the transit switches'. */
    @Test
    public void chainEndsTakeTheWholeChain() {
        TrunkLinkResolver resolver = new TrunkLinkResolver(ImmutableList.of(s3s4, s1s2, s3s2));
        assertEquals(ImmutableList.of(s1s2, s3s2, s3s4),
                     ImmutableList.copyOf(resolver.resolve(ImmutableList.of(S4, S1))));
        assertEquals(ImmutableList.of(s1s2, s3s2),
                     ImmutableList.copyOf(resolver.resolve(ImmutableList.of(S1, S3))));
    }

    /** In a ring the result is a tree of shortest paths from the first device. */
    @Test
    public void ringGivesTree() {
        TrunkLinkResolver resolver = new TrunkLinkResolver(ImmutableList.of(s1s2, s3s2, s1s3));
        assertEquals(ImmutableList.of(s1s2, s1s3),
                     ImmutableList.copyOf(resolver.resolve(ImmutableList.of(S1, S2, S3))));
        assertEquals(ImmutableList.of(s3s2),
                     ImmutableList.copyOf(resolver.resolve(ImmutableList.of(S3, S2))));
    }

    @Test
    public void unreachableDeviceIsNamed() {
        IllegalArgumentException e = thrown(IllegalArgumentException.class,
                () -> new TrunkLinkResolver(ImmutableList.of(s1s2)).resolve(ImmutableList.of(S1, S2, S3)));
        assertEquals("device device:bmv2:s3 cannot be reached from device:bmv2:s1 over the scenario's links",
                     e.getMessage());
    }
}
