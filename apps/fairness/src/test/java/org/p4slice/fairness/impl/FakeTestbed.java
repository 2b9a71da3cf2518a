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

import org.p4slice.slicing.impl.admission.AdmissionControl;
import org.p4slice.slicing.impl.admission.AdmissionSettings;
import org.onlab.packet.ChassisId;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.provider.ProviderId;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.CounterCells;
import org.p4slice.testbed.FixedSliceService;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Test doubles for the fairness manager: a slice service, devices whose p4slice counters the test
 * sets ({@link CounterCells}), and a meter-rate controller that records what it is asked.
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
    static final class Slices extends FixedSliceService {
        void port(ConnectPoint cp, long capacity) {
            long allocated = slices.values().stream().filter(s -> s.hasPort(cp)).mapToLong(Slice::quotaBps).sum();
            long available = AdmissionControl.usableBps(capacity, AdmissionSettings.DEFAULTS) - allocated;
            ports.add(PortCapacity.of(cp, capacity, 0.05, allocated, available));
        }
    }

    /**
     * A device whose driver offers the p4slice counters.
     */
    static final class P4SliceDevice extends DefaultDevice {
        private final transient CounterCells counters;

        P4SliceDevice(DeviceId id, CounterCells counters) {
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
     * Records the meter rates asked for, and keeps them in the slice service as the slicing app
     * keeps them in its store (its quota means none).
     */
    static final class RecordingController implements org.p4slice.fairness.api.MeterRateController {
        final List<String> calls = new ArrayList<>();
        final Map<Integer, Long> rates = new TreeMap<>();
        private final FixedSliceService store;

        RecordingController(FixedSliceService store) {
            this.store = store;
        }

        @Override
        public void setRate(Slice slice, long rateBps) {
            calls.add(slice.id().id() + "=" + rateBps);
            rates.put(slice.id().id(), rateBps);
            synchronized (store) {
                if (rateBps == slice.quotaBps()) {
                    store.meterRates.remove(slice.id());
                } else {
                    store.meterRates.put(slice.id(), rateBps);
                }
            }
        }
    }
}
