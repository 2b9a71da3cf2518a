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
import org.onosproject.net.PortNumber;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.net.pi.runtime.PiPreReplica;
import org.p4slice.pipeconf.SliceDeviceException;
import org.p4slice.pipeconf.SliceMulticastGroups;
import org.p4slice.slicing.impl.programming.MulticastGroupAccess;
import org.p4slice.slicing.impl.translator.PlannedGroup;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Multicast groups of fake devices: keeps the entries the pipeconf's {@link SliceMulticastGroups}
 * would write (a write INSERTs a group the device lacks and MODIFYs one with other ports, as the
 * P4Runtime behaviour does), records every write and removal (and logs them through the
 * {@link ProgrammingLog}, if given). A test can script the answers ({@link #writeAnswers()},
 * {@link #removeAnswer(Answer)}: {@link Answer#FAIL} is the device's refusal, {@link Answer#THROW}
 * an unreachable device), have the next writes on a device refused as a switch refuses a client it
 * does not take as primary ({@link #refuseAsNotPrimary}), place groups beforehand
 * ({@link #preinstall}) and keep a one-line summary of each call in a journal ({@link #journal(List)}).
 * Every write asked for, refused or not, is in {@link #writeAttempts()}.
 */
public class RecordingMulticastGroups implements MulticastGroupAccess {

    private final ProgrammingLog log;
    private final List<String> operations = new ArrayList<>();
    private final Map<DeviceId, Map<Integer, PiMulticastGroupEntry>> groups = new LinkedHashMap<>();
    private final Map<DeviceId, Answer> writeAnswers = new HashMap<>();
    private final Map<DeviceId, Integer> notPrimary = new HashMap<>();
    private final List<String> attempts = new ArrayList<>();
    private final List<Map.Entry<DeviceId, PiMulticastGroupEntry>> written = new ArrayList<>();
    private final List<String> removed = new ArrayList<>();
    private volatile Answer removeAnswer = Answer.SUCCEED;
    private volatile List<String> journal;

    /**
     * Creates groups that do not log.
     */
    public RecordingMulticastGroups() {
        this(null);
    }

    /**
     * Creates the groups.
     *
     * @param log where operations are written, or null for none
     */
    public RecordingMulticastGroups(ProgrammingLog log) {
        this.log = log;
    }

    /**
     * Writes one line per call ({@code group add|buckets|remove <device> <id>}) to the given journal.
     *
     * @param lines journal shared with the other recording services
     * @return these groups
     */
    public RecordingMulticastGroups journal(List<String> lines) {
        this.journal = lines;
        return this;
    }

    /**
     * Returns the answers to writes, per device (SUCCEED if absent), for the test to change.
     *
     * @return answers by device
     */
    public Map<DeviceId, Answer> writeAnswers() {
        return writeAnswers;
    }

    /**
     * Sets the answer to removals (SUCCEED until set).
     *
     * @param answer answer
     */
    public void removeAnswer(Answer answer) {
        this.removeAnswer = answer;
    }

    /**
     * Makes the next writes on a device fail as ONOS reports a write the switch refused because it
     * does not (yet) take this client as primary ({@code PERMISSION_DENIED: Not primary}, bmv2's text).
     *
     * @param device device
     * @param times  how many writes are refused ({@link Integer#MAX_VALUE}: all)
     */
    public synchronized void refuseAsNotPrimary(DeviceId device, int times) {
        notPrimary.put(device, times);
    }

    /**
     * Returns every write asked for, refused or not, in order ({@code <device> <group id>}).
     *
     * @return writes
     */
    public synchronized List<String> writeAttempts() {
        return new ArrayList<>(attempts);
    }

    /**
     * Returns every operation that changed a device, in order ({@code add|set-buckets|remove <device> <id>}).
     *
     * @return operations
     */
    public synchronized List<String> operations() {
        return operations;
    }

    /**
     * Returns every entry written (and not refused), in order, with its device.
     *
     * @return device and entry
     */
    public synchronized List<Map.Entry<DeviceId, PiMulticastGroupEntry>> written() {
        return new ArrayList<>(written);
    }

    /**
     * Returns every removal asked for (and not refused): device and group id.
     *
     * @return removals
     */
    public synchronized List<String> removed() {
        return new ArrayList<>(removed);
    }

    /**
     * Returns the groups held on a device.
     *
     * @param device device
     * @return entries
     */
    public synchronized List<PiMulticastGroupEntry> installed(DeviceId device) {
        return new ArrayList<>(groups.getOrDefault(device, Map.of()).values());
    }

    /**
     * Returns every group held.
     *
     * @return entries
     */
    public synchronized List<PiMulticastGroupEntry> installed() {
        return groups.values().stream().flatMap(m -> m.values().stream()).collect(Collectors.toList());
    }

    /**
     * Returns the group a device holds with an id.
     *
     * @param device  device
     * @param groupId group id
     * @return the entry, or null
     */
    public synchronized PiMulticastGroupEntry group(DeviceId device, int groupId) {
        return groups.getOrDefault(device, Map.of()).get(groupId);
    }

    /**
     * Places a group as if it were there before (nothing recorded).
     *
     * @param device device
     * @param group  group
     */
    public synchronized void preinstall(DeviceId device, PlannedGroup group) {
        groups.computeIfAbsent(device, k -> new LinkedHashMap<>())
                .put(group.groupId(), SliceMulticastGroups.entry(group.groupId(), group.ports()));
    }

    @Override
    public void write(DeviceId device, PlannedGroup group) {
        Answer answer;
        int refusals;
        synchronized (this) {
            attempts.add(device + " " + group.groupId());
            answer = writeAnswers.getOrDefault(device, Answer.SUCCEED);
            refusals = notPrimary.getOrDefault(device, 0);
            if (refusals > 0 && refusals != Integer.MAX_VALUE) {
                notPrimary.put(device, refusals - 1);
            }
        }
        String what = "writing multicast group " + group.groupId() + " to " + device;
        if (refusals > 0) {
            throw new SliceDeviceException(what + " failed: OTHER_ERROR group " + group.groupId()
                    + ": io.grpc.StatusRuntimeException: PERMISSION_DENIED: Not primary");
        }
        refuseIfScripted(answer, what);
        PiMulticastGroupEntry entry = SliceMulticastGroups.entry(group.groupId(), group.ports());
        synchronized (this) {
            Map<Integer, PiMulticastGroupEntry> onDevice = groups.computeIfAbsent(device, k -> new LinkedHashMap<>());
            PiMulticastGroupEntry old = onDevice.put(group.groupId(), entry);
            written.add(Map.entry(device, entry));
            if (old == null) {
                operations.add("add " + device + " " + group.groupId());
                journal("group add " + device + " " + group.groupId());
            } else if (!old.equals(entry)) {
                operations.add("set-buckets " + device + " " + group.groupId());
                journal("group buckets " + device + " " + group.groupId());
            } else {
                return;
            }
            if (log != null) {
                log.record(device, (old == null ? "ADD" : "MODIFY") + " group 0x" + Integer.toHexString(
                        group.groupId()) + " ALL replicas " + entry.replicas().stream().map(PiPreReplica::egressPort)
                        .map(PortNumber::toString).sorted().collect(Collectors.joining(" ")));
            }
        }
    }

    @Override
    public void remove(DeviceId device, PlannedGroup group) {
        refuseIfScripted(removeAnswer, "removing multicast group " + group.groupId() + " from " + device);
        synchronized (this) {
            removed.add(device + " " + group.groupId());
            journal("group remove " + device + " " + group.groupId());
            Map<Integer, PiMulticastGroupEntry> onDevice = groups.get(device);
            PiMulticastGroupEntry old = onDevice == null ? null : onDevice.remove(group.groupId());
            operations.add("remove " + device + " " + (old == null ? "?" : group.groupId()));
            if (log != null && old != null) {
                log.record(device, "REMOVE group 0x" + Integer.toHexString(group.groupId()));
            }
        }
    }

    private static void refuseIfScripted(Answer answer, String what) {
        if (answer == Answer.THROW) {
            throw new SliceDeviceException(what + " failed: the device cannot be reached");
        }
        if (answer == Answer.NEVER) {
            throw new IllegalStateException(what + ": a device answers a group write at once; NEVER is not an answer");
        }
        if (answer == Answer.FAIL) {
            throw new SliceDeviceException(what + " failed: OTHER_ERROR refused by the device");
        }
    }

    private void journal(String line) {
        List<String> j = journal;
        if (j != null) {
            j.add(line);
        }
    }
}
