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
package org.p4slice.slicing.impl.programming;

import com.google.common.hash.Hashing;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.DefaultGroupBucket;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.DefaultGroupKey;
import org.onosproject.net.group.GroupBucket;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.PlannedGroup;
import org.p4slice.slicing.impl.translator.PlannedMeter;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Expresses the parts of a slice plan as the ONOS objects that ONOS's PI translators turn back into
 * exactly those PI entities:
 * <ul>
 *   <li>a planned entry is a permanent {@link FlowRule} for table {@code entry.table()} (a
 *       {@code PiTableId}) with the entry's {@code PiCriterion} as the only criterion, its
 *       {@code PiAction} as the only instruction and its priority;</li>
 *   <li>a planned meter is a {@link PiMeterCellConfig} of its cell (committed band = CIR, CBS;
 *       peak band = PIR, PBS), which the app writes itself ({@link MeterCellAccess});</li>
 *   <li>a planned group is a {@link GroupDescription.Type#ALL} group with the given group id, app
 *       cookie = the group id as 4 big-endian bytes, one bucket with a single OUTPUT instruction per
 *       port, which {@code PiReplicationGroupTranslatorImpl} turns into a multicast group entry with
 *       one replica (instance 0) per port.</li>
 * </ul>
 * Flow rule cookie: ONOS derives a rule's application id from the top 16 bits of its cookie (and
 * refuses a builder given both an application id and a cookie), so the cookie is
 * {@code appId << 48 | sliceId << 32 | hash}: the application's id, the slice id (so every rule
 * of a slice can be found by its cookie) and a 32-bit hash of device, table, match and priority
 * (as ONOS computes for application rules) that keeps flow ids distinct.
 */
public final class PlanConverter {

    private static final int SLICE_SHIFT = 32;
    private static final int APP_SHIFT = 48;
    private static final long SLICE_MASK = 0xffffL;
    private static final long HASH_MASK = 0xffffffffL;

    private PlanConverter() {
        // static helpers only
    }

    /**
     * Returns the cookie of a slice's flow rule.
     *
     * @param appId   application owning the rule
     * @param sliceId slice
     * @param device  device of the rule
     * @param entry   planned entry
     * @return cookie
     */
    public static long cookie(ApplicationId appId, SliceId sliceId, DeviceId device, PlannedEntry entry) {
        int hash = Hashing.murmur3_32().hashString(
                device + "|" + entry.table() + "|" + entry.match() + "|" + entry.priority(),
                StandardCharsets.UTF_8).asInt();
        return ((long) appId.id() & SLICE_MASK) << APP_SHIFT
                | ((long) sliceId.id() & SLICE_MASK) << SLICE_SHIFT
                | (hash & HASH_MASK);
    }

    /**
     * Tells whether a flow rule cookie belongs to a slice of an application.
     *
     * @param cookie  flow rule cookie (flow id)
     * @param appId   application
     * @param sliceId slice
     * @return true if the cookie carries both ids
     */
    public static boolean isCookieOf(long cookie, ApplicationId appId, SliceId sliceId) {
        return (cookie >>> APP_SHIFT) == ((long) appId.id() & SLICE_MASK)
                && ((cookie >>> SLICE_SHIFT) & SLICE_MASK) == sliceId.id();
    }

    /**
     * Returns the flow rule of one planned entry.
     *
     * @param appId   application
     * @param sliceId slice
     * @param device  device
     * @param entry   planned entry
     * @return permanent flow rule
     */
    public static FlowRule flowRule(ApplicationId appId, SliceId sliceId, DeviceId device, PlannedEntry entry) {
        return DefaultFlowRule.builder()
                .forDevice(device)
                .forTable(entry.table())
                .withSelector(DefaultTrafficSelector.builder().matchPi(entry.match()).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(entry.action()).build())
                .withPriority(entry.priority())
                .withCookie(cookie(appId, sliceId, device, entry))
                .makePermanent()
                .build();
    }

    /**
     * Returns the flow rules of a device plan, in plan order.
     *
     * @param appId   application
     * @param sliceId slice
     * @param plan    device plan
     * @return flow rules
     */
    public static List<FlowRule> flowRules(ApplicationId appId, SliceId sliceId, DevicePlan plan) {
        List<FlowRule> rules = new ArrayList<>();
        for (PlannedEntry entry : plan.entries()) {
            rules.add(flowRule(appId, sliceId, plan.deviceId(), entry));
        }
        return rules;
    }

    /**
     * Returns the meter cell of a planned meter.
     *
     * @param meter planned meter
     * @return indirect PI meter cell
     */
    public static PiMeterCellId meterCellId(PlannedMeter meter) {
        return PiMeterCellId.ofIndirect(meter.meter(), meter.index());
    }

    /**
     * Returns the configuration of a planned meter's cell: committed band (CIR, CBS) and peak band
     * (PIR, PBS), in the meter's units (bytes/s and bytes for the slice meter).
     *
     * @param meter planned meter
     * @return cell configuration
     */
    public static PiMeterCellConfig meterCellConfig(PlannedMeter meter) {
        return PiMeterCellConfig.builder()
                .withMeterCellId(meterCellId(meter))
                .withCommittedBand(meter.cir(), meter.cburst())
                .withPeakBand(meter.pir(), meter.pburst())
                .build();
    }

    /**
     * Returns the configuration that resets a planned meter's cell to the device's default (no
     * bands: every packet is GREEN).
     *
     * @param meter planned meter
     * @return reset configuration
     */
    public static PiMeterCellConfig meterCellReset(PlannedMeter meter) {
        return PiMeterCellConfig.reset(meterCellId(meter));
    }

    /**
     * Returns the group key (app cookie) of a planned group: the group id as 4 big-endian bytes.
     *
     * @param groupId group id
     * @return group key
     */
    public static GroupKey groupKey(int groupId) {
        return new DefaultGroupKey(ByteBuffer.allocate(Integer.BYTES).putInt(groupId).array());
    }

    /**
     * Returns the buckets of a planned group: one ALL bucket with a single OUTPUT per port.
     *
     * @param group planned group
     * @return buckets
     */
    public static GroupBuckets groupBuckets(PlannedGroup group) {
        List<GroupBucket> buckets = new ArrayList<>();
        for (PortNumber port : group.ports()) {
            buckets.add(DefaultGroupBucket.createAllGroupBucket(
                    DefaultTrafficTreatment.builder().setOutput(port).build()));
        }
        return new GroupBuckets(buckets);
    }

    /**
     * Returns the group description of a planned group.
     *
     * @param appId  application
     * @param device device
     * @param group  planned group
     * @return ALL group with the planned id
     */
    public static GroupDescription groupDescription(ApplicationId appId, DeviceId device, PlannedGroup group) {
        return new DefaultGroupDescription(device, GroupDescription.Type.ALL, groupBuckets(group),
                                           groupKey(group.groupId()), group.groupId(), appId);
    }
}
