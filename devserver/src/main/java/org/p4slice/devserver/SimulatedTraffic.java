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
package org.p4slice.devserver;

import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.testbed.RecordingMeterCells;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Simulated per-slice counters of the dev server's switches, advancing with time as a
 * {@link TrafficModel} says the slices offer load: on the device where a slice's traffic enters (its
 * first device by id), the offered bytes are received, the slice's meter cell (as the slicing app or
 * the fairness app last wrote it) lets through at most its committed rate and drops the rest (a cell
 * never configured lets everything through, as on bmv2); every
 * other device of the slice receives and sends what got through. Frames are counted as
 * {@value #FRAME_BYTES} bytes each. Only ACTIVE slices carry traffic; the cells of a slice that is
 * gone start again from zero. Thread-safe.
 */
public final class SimulatedTraffic {

    /** The size of a simulated frame, in bytes. */
    public static final long FRAME_BYTES = 1000;

    private static final int CELLS = 4096;
    private static final double NANOS_PER_SECOND = 1e9;
    private static final int RX = 0;
    private static final int DROP = 1;
    private static final int TX = 2;

    private final TrafficModel model;
    private final Supplier<? extends SliceService> slices;
    private final RecordingMeterCells meters;
    private final LongSupplier nanos;
    private final long start;
    private long last;
    // per device, per slice: received, dropped and sent bytes (fractions kept)
    private final Map<DeviceId, Map<Integer, double[]>> cells = new HashMap<>();

    /**
     * Creates the simulation.
     *
     * @param model  offered load
     * @param slices the slice service (asked at every step, so it may start after this)
     * @param meters the meter cells the slicing app writes
     * @param nanos  monotonic clock, in nanoseconds
     */
    public SimulatedTraffic(TrafficModel model, Supplier<? extends SliceService> slices, RecordingMeterCells meters,
                            LongSupplier nanos) {
        this.model = model;
        this.slices = slices;
        this.meters = meters;
        this.nanos = nanos;
        this.start = nanos.getAsLong();
        this.last = start;
    }

    /**
     * Returns the counters behaviour of one device, backed by this simulation.
     *
     * @param device device
     * @return behaviour
     */
    public SliceCounters countersOf(DeviceId device) {
        return new Counters(device);
    }

    /**
     * Advances the simulation to now and reads cells of a device.
     *
     * @param device device
     * @param ids    slice ids (cell indexes)
     * @return cells, zero for a slice without traffic
     */
    public synchronized Map<Integer, SliceCounterValues> read(DeviceId device, Set<Integer> ids) {
        advance();
        Map<Integer, double[]> held = cells.getOrDefault(device, Map.of());
        Map<Integer, SliceCounterValues> out = new TreeMap<>();
        for (int id : ids) {
            double[] c = held.getOrDefault(id, new double[3]);
            long rx = (long) c[RX];
            long drop = (long) c[DROP];
            long tx = (long) c[TX];
            out.put(id, new SliceCounterValues(rx / FRAME_BYTES, rx, drop / FRAME_BYTES, drop, tx / FRAME_BYTES,
                                               tx));
        }
        return out;
    }

    /**
     * Zeroes one cell of a device, as a counter reset on a switch does.
     *
     * @param device device
     * @param id     slice id
     */
    public synchronized void reset(DeviceId device, int id) {
        advance();
        Map<Integer, double[]> held = cells.get(device);
        if (held != null) {
            held.remove(id);
        }
    }

    // moves every ACTIVE slice's counters on by the time since the last step
    private void advance() {
        long now = nanos.getAsLong();
        double dt = (now - last) / NANOS_PER_SECOND;
        last = now;
        SliceService service = slices.get();
        List<Slice> active = new ArrayList<>();
        if (service != null) {
            service.getSlices().stream().filter(s -> s.state() == SliceState.ACTIVE)
                    .sorted(Comparator.comparingInt(s -> s.id().id())).forEach(active::add);
        }
        Set<Integer> running = new HashSet<>();
        double t = (now - start) / NANOS_PER_SECOND;
        for (int i = 0; i < active.size(); i++) {
            Slice s = active.get(i);
            int id = s.id().id();
            running.add(id);
            List<DeviceId> devices = new ArrayList<>(s.devices());
            devices.sort(Comparator.comparing(DeviceId::toString));
            if (devices.isEmpty() || dt <= 0) {
                continue;
            }
            double offered = model.offeredFactor(id, i, t) * s.quotaBps() / Byte.SIZE * dt;
            double delivered = Math.min(offered, meterBytesPerSecond(devices.get(0), id) * dt);
            add(devices.get(0), id, offered, offered - delivered, delivered);
            for (DeviceId d : devices.subList(1, devices.size())) {
                add(d, id, delivered, 0, delivered);
            }
        }
        cells.values().forEach(held -> held.keySet().retainAll(running));
    }

    // the committed rate of the slice's meter cell; a cell never configured lets everything through
    private double meterBytesPerSecond(DeviceId device, int id) {
        for (PiMeterCellConfig cell : meters.installed(device)) {
            if (cell.cellId().index() == id && cell.committedBand() != null) {
                return cell.committedBand().rate();
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    private void add(DeviceId device, int id, double rx, double drop, double tx) {
        double[] c = cells.computeIfAbsent(device, d -> new HashMap<>()).computeIfAbsent(id, k -> new double[3]);
        c[RX] += rx;
        c[DROP] += drop;
        c[TX] += tx;
    }

    // a device's counters behaviour, as the pipeconf's SliceCounters is on a real switch
    private final class Counters extends AbstractHandlerBehaviour implements SliceCounters {
        private final DeviceId device;

        Counters(DeviceId device) {
            this.device = device;
        }

        @Override
        public Map<Integer, SliceCounterValues> readAll() {
            Set<Integer> all = new HashSet<>();
            for (int i = 0; i < CELLS; i++) {
                all.add(i);
            }
            return SimulatedTraffic.this.read(device, all);
        }

        @Override
        public Map<Integer, SliceCounterValues> read(Set<Integer> sliceIds) {
            return SimulatedTraffic.this.read(device, sliceIds);
        }

        @Override
        public void reset(int sliceId) {
            SimulatedTraffic.this.reset(device, sliceId);
        }
    }
}
