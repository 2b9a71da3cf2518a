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
package org.p4slice.testbed;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.p4slice.pipeconf.SliceMeterCells;
import org.p4slice.slicing.impl.programming.MeterCellAccess;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.function.BiPredicate;

/**
 * Meter cells of fake devices: records writes (and logs them through the {@link ProgrammingLog},
 * if given), keeps the configured cells, and refuses every write on a device marked as failing.
 * Every device is available and mastered here unless marked otherwise. A test can also script the
 * answers ({@link #submitAnswers()}, {@link #withdrawAnswer(Answer)}, {@link #refuseAsNotPrimary})
 * and keep a one-line summary of each cell written in a journal ({@link #journal(List)}).
 */
public class RecordingMeterCells implements MeterCellAccess {

    private final ProgrammingLog log;
    private final List<String> operations = new ArrayList<>();
    private final List<PiMeterCellConfig> written = new ArrayList<>();
    private final Map<String, PiMeterCellConfig> cells = new LinkedHashMap<>();
    private final Set<DeviceId> failing = new HashSet<>();
    private final Set<DeviceId> unavailable = new HashSet<>();
    private final Set<DeviceId> remote = new HashSet<>();
    private final Map<DeviceId, Answer> submitAnswers = new HashMap<>();
    private final Map<DeviceId, Integer> notPrimary = new HashMap<>();
    private final List<PiMeterCellConfig> submitted = new ArrayList<>();
    private final List<String> withdrawn = new ArrayList<>();
    private volatile Answer withdrawAnswer = Answer.SUCCEED;
    private volatile List<String> journal;
    private volatile BiPredicate<PiMeterCellConfig, PiMeterCellConfig> rounding = SliceMeterCells::similar;

    /**
     * Creates cells that do not log (no cost per operation, e.g. in benchmarks).
     */
    public RecordingMeterCells() {
        this(null);
    }

    /**
     * Creates the cells.
     *
     * @param log where operations are written, or null for none
     */
    public RecordingMeterCells(ProgrammingLog log) {
        this.log = log;
    }

    /**
     * Writes one line per cell ({@code meter add|withdraw <device> <meter>[<index>]}) to the given journal.
     *
     * @param lines journal shared with the other recording services
     * @return these cells
     */
    public RecordingMeterCells journal(List<String> lines) {
        this.journal = lines;
        return this;
    }

    /**
     * Returns the answers to configurations, per device (SUCCEED if absent), for the test to change;
     * any other answer refuses the write with INVALID_ARGUMENT.
     *
     * @return answers by device
     */
    public Map<DeviceId, Answer> submitAnswers() {
        return submitAnswers;
    }

    /**
     * Refuses the next writes on a device as a switch not (yet) taking this client as primary does, as
     * ONOS reports it ("PERMISSION_DENIED: Not primary"); {@link #operations()} lists each as refused.
     *
     * @param device device
     * @param times  how many writes are refused ({@link Integer#MAX_VALUE}: all)
     */
    public synchronized void refuseAsNotPrimary(DeviceId device, int times) {
        notPrimary.put(device, times);
    }

    /**
     * Sets the answer to resets (SUCCEED until set; any other refuses them with INVALID_ARGUMENT).
     *
     * @param answer answer
     */
    public void withdrawAnswer(Answer answer) {
        this.withdrawAnswer = answer;
    }

    /**
     * Returns every configuration written and accepted (resets excluded), in order.
     *
     * @return configurations
     */
    public synchronized List<PiMeterCellConfig> submitted() {
        return new ArrayList<>(submitted);
    }

    /**
     * Returns every reset accepted: device and cell.
     *
     * @return resets
     */
    public synchronized List<String> withdrawn() {
        return new ArrayList<>(withdrawn);
    }

    /**
     * Makes every write on the device fail.
     *
     * @param device device
     */
    public synchronized void failOn(DeviceId device) {
        failing.add(device);
    }

    /**
     * Marks a device unavailable (or available again).
     *
     * @param device    device
     * @param available whether it is
     */
    public synchronized void setAvailable(DeviceId device, boolean available) {
        if (available) {
            unavailable.remove(device);
        } else {
            unavailable.add(device);
        }
    }

    /**
     * Marks a device as mastered by another instance (or by this one again).
     *
     * @param device device
     * @param local  whether this instance is its master
     */
    public synchronized void setLocalMaster(DeviceId device, boolean local) {
        if (local) {
            remote.remove(device);
        } else {
            remote.add(device);
        }
    }

    /**
     * Stops failing writes.
     */
    public synchronized void heal() {
        failing.clear();
    }

    /**
     * Returns every operation seen, e.g. {@code "submit device:s1 P4SliceIngress.slice_meter[7]"}
     * for a configuration and {@code "withdraw ..."} for a reset (the live list: a test may clear it).
     *
     * @return operations
     */
    public List<String> operations() {
        return operations;
    }

    /**
     * Returns every configuration written successfully, resets included, in order.
     *
     * @return written configurations
     */
    public synchronized List<PiMeterCellConfig> written() {
        return new ArrayList<>(written);
    }

    /**
     * Returns the configured cells, as {@code "device meter[index]"} (the live map: a test may
     * remove cells, as a device losing them).
     *
     * @return cells
     */
    public Map<String, PiMeterCellConfig> cells() {
        return cells;
    }

    /**
     * Returns the cells configured on a device.
     *
     * @param device device
     * @return configurations, in configuration order
     */
    public synchronized List<PiMeterCellConfig> installed(DeviceId device) {
        String prefix = device + " ";
        return cells.entrySet().stream().filter(e -> e.getKey().startsWith(prefix)).map(Map.Entry::getValue)
                .collect(Collectors.toList());
    }

    private static String key(DeviceId device, PiMeterCellId cell) {
        return device + " " + cell.meterId() + "[" + cell.index() + "]";
    }

    @Override
    public synchronized boolean available(DeviceId device) {
        return !unavailable.contains(device);
    }

    @Override
    public synchronized boolean localMaster(DeviceId device) {
        return !remote.contains(device);
    }

    @Override
    public synchronized void write(DeviceId device, Collection<PiMeterCellConfig> configs) {
        int refusals = notPrimary.getOrDefault(device, 0);
        if (refusals > 0) {
            notPrimary.put(device, refusals == Integer.MAX_VALUE ? refusals : refusals - 1);
            configs.forEach(config -> operations.add("refused " + key(device, config.cellId())));
            throw new IllegalStateException("writing meter cells to " + device + " failed: OTHER_ERROR cell: "
                    + "io.grpc.StatusRuntimeException: PERMISSION_DENIED: Not primary");
        }
        for (PiMeterCellConfig config : configs) {
            Answer answer = config.isDefaultConfig() ? withdrawAnswer
                    : submitAnswers.getOrDefault(device, Answer.SUCCEED);
            if (answer != Answer.SUCCEED) {
                throw new IllegalStateException("writing meter cells to " + device + " failed: INVALID_ARGUMENT");
            }
            List<String> j = journal;
            if (j != null) {
                j.add((config.isDefaultConfig() ? "meter withdraw " : "meter add ") + key(device, config.cellId()));
            }
        }
        for (PiMeterCellConfig config : configs) {
            String key = key(device, config.cellId());
            operations.add((config.isDefaultConfig() ? "withdraw " : "submit ") + key);
            if (log != null) {
                log.record(device, config.isDefaultConfig() ? "RESET meter " + config.cellId()
                        : "SET meter " + config.cellId() + " committed " + config.committedBand()
                        + " peak " + config.peakBand());
            }
        }
        if (failing.contains(device)) {
            throw new IllegalStateException("writing meter cells to " + device + " failed: UNAVAILABLE");
        }
        for (PiMeterCellConfig config : configs) {
            written.add(config);
            if (config.isDefaultConfig()) {
                cells.remove(key(device, config.cellId()));
                withdrawn.add(key(device, config.cellId()));
            } else {
                cells.put(key(device, config.cellId()), config);
                submitted.add(config);
            }
        }
    }

    /**
     * Makes every device round meter cells as a pipeconf does (the default: bmv2's,
     * {@link SliceMeterCells#similar}).
     *
     * @param sameConfiguration whether a cell read back holds what was written
     */
    public void setRounding(BiPredicate<PiMeterCellConfig, PiMeterCellConfig> sameConfiguration) {
        this.rounding = sameConfiguration;
    }

    @Override
    public boolean holds(DeviceId device, PiMeterCellConfig written, PiMeterCellConfig onDevice) {
        return rounding.test(written, onDevice);
    }

    @Override
    public synchronized Map<PiMeterCellId, PiMeterCellConfig> read(DeviceId device, Collection<PiMeterCellId> ids) {
        Map<PiMeterCellId, PiMeterCellConfig> result = new LinkedHashMap<>();
        for (PiMeterCellId id : ids) {
            result.put(id, cells.getOrDefault(key(device, id), PiMeterCellConfig.reset(id)));
        }
        return result;
    }
}
