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
package org.p4slice.fairness.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.p4slice.slicing.api.AbstractCapacity;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What one fairness cycle needs to know about the slices and the ports and links they use, in a
 * form independent of ONOS services (so that a replay of recorded counters and the benchmark can
 * build it directly): the slices, and the slicing app's capacity entries of the resources they use
 * (the one capacity type; the cycle derives the usage figures from it). Immutable.
 */
public final class CycleInputs {

    private final List<SliceInput> slices;
    private final List<AbstractCapacity> resources;

    /**
     * Creates the inputs.
     *
     * @param slices    slices (any order; kept ordered by id)
     * @param resources ports and links; each slice's resource indices point into this list
     * @throws IllegalArgumentException if a slice id repeats or a resource index is out of range
     */
    public CycleInputs(List<SliceInput> slices, List<? extends AbstractCapacity> resources) {
        List<SliceInput> sorted = new ArrayList<>(slices);
        sorted.sort(Comparator.comparingInt(SliceInput::id));
        for (int i = 0; i < sorted.size(); i++) {
            SliceInput s = sorted.get(i);
            checkArgument(i == 0 || sorted.get(i - 1).id() != s.id(), "slice %s is listed twice", s.id());
            for (int r : s.resources()) {
                checkArgument(r >= 0 && r < resources.size(), "slice %s uses resource %s of %s",
                              s.id(), r, resources.size());
            }
        }
        this.slices = ImmutableList.copyOf(sorted);
        this.resources = ImmutableList.copyOf(resources);
    }

    /**
     * Builds the inputs from the slicing app's view: the active slices, and the port and link
     * capacities. A slice uses every port it has (endpoints and link ends) and every link it crosses.
     *
     * @param activeSlices slices to judge
     * @param ports        port capacities
     * @param links        link capacities
     * @return inputs
     */
    static CycleInputs of(Collection<Slice> activeSlices, List<PortCapacity> ports, List<LinkCapacity> links) {
        List<AbstractCapacity> resources = new ArrayList<>(ports.size() + links.size());
        Map<ConnectPoint, Integer> portIndex = new HashMap<>();
        Map<Set<ConnectPoint>, Integer> linkIndex = new HashMap<>();
        for (PortCapacity p : ports) {
            portIndex.put(p.connectPoint(), resources.size());
            resources.add(p);
        }
        for (LinkCapacity l : links) {
            linkIndex.put(ImmutableSet.of(l.src(), l.dst()), resources.size());
            resources.add(l);
        }
        List<SliceInput> inputs = new ArrayList<>(activeSlices.size());
        for (Slice s : activeSlices) {
            int[] used = new int[s.ports().size() + s.trunkLinks().size()];
            int n = 0;
            for (ConnectPoint cp : s.ports()) {
                Integer r = portIndex.get(cp);
                if (r != null) {
                    used[n++] = r;
                }
            }
            for (Link l : s.trunkLinks()) {
                Integer r = linkIndex.get(ImmutableSet.of(l.src(), l.dst()));
                if (r != null && !contains(used, n, r)) {
                    used[n++] = r;
                }
            }
            inputs.add(new SliceInput(s.id(), s.tenant(), s.quotaBps(), s.devices(), Arrays.copyOf(used, n)));
        }
        return new CycleInputs(inputs, resources);
    }

    private static boolean contains(int[] values, int n, int value) {
        for (int i = 0; i < n; i++) {
            if (values[i] == value) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns the slices, ordered by id.
     *
     * @return slices
     */
    List<SliceInput> slices() {
        return slices;
    }

    /**
     * Returns the ports' and links' capacity entries.
     *
     * @return resources
     */
    List<AbstractCapacity> resources() {
        return resources;
    }

    /**
     * Returns the slices' devices, the statistics to poll for them (for a replay or a benchmark that
     * feeds recorded counters to the slicing app's {@code StatsWindows}).
     *
     * @return slice id to devices
     */
    public Map<SliceId, Set<DeviceId>> devicesBySlice() {
        Map<SliceId, Set<DeviceId>> out = new LinkedHashMap<>();
        for (SliceInput s : slices) {
            out.put(s.sliceId(), s.devices());
        }
        return out;
    }

    /**
     * A slice as the cycle sees it.
     */
    public static final class SliceInput {
        private final SliceId id;
        private final TenantId tenant;
        private final long quotaBps;
        private final Set<DeviceId> devices;
        private final int[] resources;

        /**
         * Creates a slice input.
         *
         * @param id        slice id
         * @param tenant    tenant, or null if unknown
         * @param quotaBps  quota, bits per second (&gt; 0)
         * @param devices   devices whose counters count for the slice
         * @param resources indices of the ports and links it uses
         */
        public SliceInput(SliceId id, TenantId tenant, long quotaBps, Set<DeviceId> devices, int[] resources) {
            this.id = checkNotNull(id, "slice id must not be null");
            checkArgument(quotaBps > 0, "quota of slice %s must be > 0, got %s", id.id(), quotaBps);
            this.tenant = tenant;
            this.quotaBps = quotaBps;
            this.devices = devices instanceof ImmutableSet ? devices : ImmutableSet.copyOf(devices);
            this.resources = resources.clone();
        }

        int id() {
            return id.id();
        }

        SliceId sliceId() {
            return id;
        }

        TenantId tenant() {
            return tenant;
        }

        long quotaBps() {
            return quotaBps;
        }

        Set<DeviceId> devices() {
            return devices;
        }

        int[] resources() {
            return resources;
        }
    }
}
