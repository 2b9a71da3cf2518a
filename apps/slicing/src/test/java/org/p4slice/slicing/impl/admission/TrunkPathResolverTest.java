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

import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.slicing.api.SlicingException;
import com.google.common.collect.ImmutableMap;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.p4slice.testbed.FakeDeviceService;
import org.p4slice.testbed.FakeLinkService;
import org.p4slice.testbed.FakePathService;

import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;

/**
 * The links of a multi-switch slice: a loop-free tree over shortest paths, deterministic,
 * including transit switches.
 */
public class TrunkPathResolverTest {

    private FakeDeviceService devices;
    private FakeLinkService links;
    private TrunkPathResolver resolver;
    private DeviceId s1;
    private DeviceId s2;
    private DeviceId s3;
    private DeviceId s4;

    @Before
    public void setUp() {
        devices = new FakeDeviceService();
        links = new FakeLinkService();
        s1 = devices.addDevice("device:bmv2:s1", 4, 1000, ImmutableMap.of());
        s2 = devices.addDevice("device:bmv2:s2", 4, 1000, ImmutableMap.of());
        s3 = devices.addDevice("device:bmv2:s3", 4, 1000, ImmutableMap.of());
        s4 = devices.addDevice("device:bmv2:s4", 4, 1000, ImmutableMap.of());
        resolver = new TrunkPathResolver(new FakePathService(links));
    }

    @Test
    public void oneDeviceNeedsNoLink() {
        assertEquals(Set.of(), resolver.resolve(List.of(s1)));
        assertEquals(Set.of(), resolver.resolve(List.of(s1, s1)));
    }

    @Test
    public void chainIncludesTheTransitSwitch() {
        Link l12 = links.addLink(cp(s1, 1), cp(s2, 1));
        Link l23 = links.addLink(cp(s2, 2), cp(s3, 1));
        assertEquals(List.of(l12, l23), List.copyOf(resolver.resolve(List.of(s3, s1))));
    }

    @Test
    public void ringGivesATreeWithoutLoop() {
        // s1 - s2 - s3 - s4 - s1: the slice on all four gets three links, never the fourth
        Link l12 = links.addLink(cp(s1, 1), cp(s2, 1));
        links.addLink(cp(s2, 2), cp(s3, 1));
        links.addLink(cp(s3, 2), cp(s4, 1));
        Link l14 = links.addLink(cp(s1, 2), cp(s4, 2));
        Set<Link> tree = resolver.resolve(List.of(s4, s3, s2, s1));
        assertEquals(3, tree.size());
        assertEquals(true, tree.contains(l12));
        assertEquals(true, tree.contains(l14));
        // the same answer every time
        assertEquals(tree, resolver.resolve(List.of(s1, s2, s3, s4)));
    }

    @Test
    public void equalPathsAreChosenDeterministically() {
        // s1 reaches s3 through s2 or s4; the path whose links sort first (via s2) is taken
        Link l12 = links.addLink(cp(s1, 1), cp(s2, 1));
        Link l23 = links.addLink(cp(s2, 2), cp(s3, 1));
        links.addLink(cp(s1, 2), cp(s4, 1));
        links.addLink(cp(s4, 2), cp(s3, 2));
        assertEquals(List.of(l12, l23), List.copyOf(resolver.resolve(List.of(s1, s3))));
    }

    @Test
    public void parallelLinksGiveOneLink() {
        Link a = links.addLink(cp(s1, 1), cp(s2, 1));
        links.addLink(cp(s1, 2), cp(s2, 2));
        assertEquals(Set.of(a), resolver.resolve(List.of(s1, s2)));
    }

    @Test
    public void unconnectedDevicesAreInvalid() {
        links.addLink(cp(s1, 1), cp(s2, 1));
        try {
            resolver.resolve(List.of(s1, s2, s4));
            fail("resolved a path to an isolated switch");
        } catch (SlicingException e) {
            assertEquals(Kind.INVALID, e.kind());
            assertEquals("devices device:bmv2:s1 and device:bmv2:s4 are not connected: no path between them in the "
                                 + "topology", e.getMessage());
        }
    }
}
