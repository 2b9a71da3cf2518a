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
import org.onlab.packet.ChassisId;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.provider.ProviderId;
import org.p4slice.pipeconf.SliceCounterException;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Test doubles for the fairness manager: a slice service, devices whose p4slice counters the test
 * sets, and a meter-rate controller that records what it is asked.
 */
final class FakeTestbed {

    static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    static final TenantId ITB = TenantId.of("itb");
    static final long M = 1_000_000L;

    private FakeTestbed() {
    }

    static ConnectPoint cp(DeviceId d, int port) {
        return ConnectPoint.deviceConnectPoint(d + "/" + port);
    }

    static Slice slice(int id, long quota, ConnectPoint... ports) {
        List<Endpoint> endpoints = new ArrayList<>();
        for (ConnectPoint p : ports) {
            endpoints.add(Endpoint.access(p));
        }
        return Slice.builder().id(SliceId.of(id)).name("lab" + id).tenant(ITB).vlan(VlanId.vlanId((short) (100 + id)))
                .quotaBps(quota).burstBytes(65536).endpoints(endpoints).state(SliceState.ACTIVE).build();
    }

    /**
     * Slice service holding a fixed set of slices and port capacities.
     */
    static final class Slices implements SliceService {
        final Map<SliceId, Slice> slices = new TreeMap<>();
        final List<PortCapacity> ports = new ArrayList<>();
        final List<SliceListener> listeners = new ArrayList<>();

        void put(Slice s) {
            slices.put(s.id(), s);
        }

        void port(ConnectPoint cp, long capacity) {
            long allocated = slices.values().stream().filter(s -> s.hasPort(cp)).mapToLong(Slice::quotaBps).sum();
            long available = FairnessMath.usableBps(capacity, 0.05) - allocated;
            ports.add(PortCapacity.of(cp, capacity, 0.05, allocated, available));
        }

        void post(SliceEvent e) {
            listeners.forEach(l -> l.event(e));
        }

        @Override
        public Set<Slice> getSlices() {
            return ImmutableSet.copyOf(slices.values());
        }

        @Override
        public Set<Slice> getSlices(TenantId tenant) {
            return slices.values().stream().filter(s -> s.tenant().equals(tenant)).collect(Collectors.toSet());
        }

        @Override
        public Optional<Slice> getSlice(SliceId id) {
            return Optional.ofNullable(slices.get(id));
        }

        @Override
        public List<PortCapacity> getPortCapacities() {
            return ImmutableList.copyOf(ports);
        }

        @Override
        public List<LinkCapacity> getLinkCapacities() {
            return ImmutableList.of();
        }

        @Override
        public double guardBand() {
            return 0.05;
        }

        @Override
        public void addListener(SliceListener listener) {
            listeners.add(listener);
        }

        @Override
        public void removeListener(SliceListener listener) {
            listeners.remove(listener);
        }
    }

    /**
     * The per-slice counters of one device: cumulative rx, drop, tx bytes per slice id.
     */
    static final class Counters extends AbstractHandlerBehaviour implements SliceCounters {
        final Map<Integer, long[]> cells = new HashMap<>();
        String failure;
        int reads;
        /** The slice ids of each {@link #read(Set)} call, in order. */
        final List<Set<Integer>> asked = new ArrayList<>();

        void add(int slice, long rxBytes, long dropBytes, long txBytes) {
            long[] c = cells.computeIfAbsent(slice, k -> new long[3]);
            c[0] += rxBytes;
            c[1] += dropBytes;
            c[2] += txBytes;
        }

        @Override
        public Map<Integer, SliceCounterValues> readAll() {
            reads++;
            if (failure != null) {
                throw new SliceCounterException(failure);
            }
            Map<Integer, SliceCounterValues> out = new TreeMap<>();
            for (int id = 0; id < 4096; id++) {
                long[] c = cells.getOrDefault(id, new long[3]);
                out.put(id, new SliceCounterValues(c[0] / 1000, c[0], c[1] / 1000, c[1], c[2] / 1000, c[2]));
            }
            return out;
        }

        @Override
        public Map<Integer, SliceCounterValues> read(Set<Integer> sliceIds) {
            asked.add(Set.copyOf(sliceIds));
            return SliceCounters.super.read(sliceIds);
        }

        @Override
        public void reset(int sliceId) {
            cells.remove(sliceId);
        }
    }

    /**
     * A device whose driver offers the p4slice counters.
     */
    static final class P4SliceDevice extends DefaultDevice {
        private final transient Counters counters;

        P4SliceDevice(DeviceId id, Counters counters) {
            super(new ProviderId("p4runtime", "test"), id, Device.Type.SWITCH, "p4.org", "bmv2", "1.15", "0",
                  new ChassisId());
            this.counters = counters;
        }

        @Override
        public <B extends Behaviour> boolean is(Class<B> projectionClass) {
            return counters != null && projectionClass.isAssignableFrom(SliceCounters.class);
        }

        @Override
        public <B extends Behaviour> B as(Class<B> projectionClass) {
            return projectionClass.cast(counters);
        }
    }

    /**
     * Records the meter rates asked for.
     */
    static final class RecordingController implements org.p4slice.fairness.api.MeterRateController {
        final List<String> calls = new ArrayList<>();
        final Map<Integer, Long> rates = new TreeMap<>();

        @Override
        public void setRate(Slice slice, long rateBps) {
            calls.add(slice.id().id() + "=" + rateBps);
            rates.put(slice.id().id(), rateBps);
        }
    }
}
