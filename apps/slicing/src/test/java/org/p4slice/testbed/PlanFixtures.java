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

import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.PlannedGroup;
import org.p4slice.slicing.impl.translator.PlannedMeter;
import org.onlab.packet.VlanId;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.provider.ProviderId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceBuilder;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;

import java.util.ArrayList;
import java.util.List;

import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_EGRESS_VLAN;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_POP_VLAN;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_PUSH_VLAN;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_INGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_VLAN_ID;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L2_FORWARD;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_SLICE;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_SLICE_TRANSIT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_CLASSIFIER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_METER;
import static org.p4slice.pipeconf.P4SliceConstants.PORT;
import static org.p4slice.pipeconf.P4SliceConstants.SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.VLAN_ID;

/**
 * Expected PI entities spelled out byte by byte (independent of the translator's encoding), and
 * slices and links for the tests.
 */
public final class PlanFixtures {

    /** Device s1. */
    public static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    /** Device s2. */
    public static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    /** Device s3. */
    public static final DeviceId S3 = DeviceId.deviceId("device:bmv2:s3");

    private static final ProviderId PID = new ProviderId("test", "org.p4slice.test");

    private PlanFixtures() {
    }

    /**
     * Code that may throw.
     */
    public interface Code {
        /**
         * Runs the code.
         *
         * @throws Exception anything
         */
        void run() throws Exception;
    }

    /**
     * Runs code that must throw the given exception type and returns the exception.
     *
     * @param type exception type
     * @param code code
     * @param <T>  exception type
     * @return the exception thrown
     */
    public static <T extends Throwable> T thrown(Class<T> type, Code code) {
        try {
            code.run();
        } catch (Throwable t) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            throw new AssertionError("expected " + type.getSimpleName() + " but got " + t, t);
        }
        throw new AssertionError("expected " + type.getSimpleName() + " but nothing was thrown");
    }

    /**
     * Returns a byte sequence from unsigned byte values.
     *
     * @param values byte values 0..255
     * @return sequence
     */
    public static ImmutableByteSequence bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return ImmutableByteSequence.copyFrom(b);
    }

    /**
     * Expected classifier entry.
     *
     * @param port  2-byte ingress port
     * @param vlan  2-byte VLAN id
     * @param slice 2-byte slice id
     * @return entry
     */
    public static PlannedEntry classifier(ImmutableByteSequence port, ImmutableByteSequence vlan,
                                          ImmutableByteSequence slice) {
        return classifier(port, vlan, slice, INGRESS_SET_SLICE);
    }

    /**
     * Expected classifier entry on the end of an inter-switch link ({@code set_slice_transit}: the
     * traffic was metered where it entered the testbed).
     *
     * @param port  2-byte ingress port
     * @param vlan  2-byte VLAN id
     * @param slice 2-byte slice id
     * @return entry
     */
    public static PlannedEntry transitClassifier(ImmutableByteSequence port, ImmutableByteSequence vlan,
                                                 ImmutableByteSequence slice) {
        return classifier(port, vlan, slice, INGRESS_SET_SLICE_TRANSIT);
    }

    private static PlannedEntry classifier(ImmutableByteSequence port, ImmutableByteSequence vlan,
                                           ImmutableByteSequence slice, PiActionId action) {
        return PlannedEntry.of(INGRESS_SLICE_CLASSIFIER,
                               PiCriterion.builder().add(new PiExactFieldMatch(HDR_INGRESS_PORT, port))
                                       .add(new PiExactFieldMatch(HDR_VLAN_ID, vlan)).build(),
                               PiAction.builder().withId(action)
                                       .withParameter(new PiActionParam(SLICE_ID, slice)).build(), 0);
    }

    /**
     * Expected L2 forwarding entry.
     *
     * @param slice 2-byte slice id
     * @param mac   6-byte MAC
     * @param port  2-byte egress port
     * @return entry
     */
    public static PlannedEntry l2(ImmutableByteSequence slice, ImmutableByteSequence mac, ImmutableByteSequence port) {
        return PlannedEntry.of(INGRESS_L2_FORWARD,
                               PiCriterion.builder().add(new PiExactFieldMatch(HDR_SLICE_ID, slice))
                                       .add(new PiExactFieldMatch(HDR_ETH_DST, mac)).build(),
                               PiAction.builder().withId(INGRESS_SET_EGRESS_PORT)
                                       .withParameter(new PiActionParam(PORT, port)).build(), 0);
    }

    /**
     * Expected egress entry pushing a VLAN tag.
     *
     * @param port  2-byte egress port
     * @param slice 2-byte slice id
     * @param vlan  2-byte VLAN id
     * @return entry
     */
    public static PlannedEntry push(ImmutableByteSequence port, ImmutableByteSequence slice,
                                    ImmutableByteSequence vlan) {
        return PlannedEntry.of(EGRESS_EGRESS_VLAN,
                               PiCriterion.builder().add(new PiExactFieldMatch(HDR_EGRESS_PORT, port))
                                       .add(new PiExactFieldMatch(HDR_SLICE_ID, slice)).build(),
                               PiAction.builder().withId(EGRESS_PUSH_VLAN)
                                       .withParameter(new PiActionParam(VLAN_ID, vlan)).build(), 0);
    }

    /**
     * Expected egress entry removing the VLAN tag.
     *
     * @param port  2-byte egress port
     * @param slice 2-byte slice id
     * @return entry
     */
    public static PlannedEntry pop(ImmutableByteSequence port, ImmutableByteSequence slice) {
        return PlannedEntry.of(EGRESS_EGRESS_VLAN,
                               PiCriterion.builder().add(new PiExactFieldMatch(HDR_EGRESS_PORT, port))
                                       .add(new PiExactFieldMatch(HDR_SLICE_ID, slice)).build(),
                               PiAction.builder().withId(EGRESS_POP_VLAN).build(), 0);
    }

    /**
     * Expected slice meter cell with CIR = PIR and CBS = PBS.
     *
     * @param index cell
     * @param rate  bytes/s
     * @param burst bytes
     * @return meter
     */
    public static PlannedMeter meter(long index, long rate, long burst) {
        return PlannedMeter.of(INGRESS_SLICE_METER, index, rate, burst, rate, burst);
    }

    /**
     * Expected multicast group.
     *
     * @param id    group id
     * @param ports port numbers
     * @return group
     */
    public static PlannedGroup group(int id, long... ports) {
        List<PortNumber> list = new ArrayList<>();
        for (long p : ports) {
            list.add(PortNumber.portNumber(p));
        }
        return PlannedGroup.of(id, list);
    }

    /**
     * Returns a connect point.
     *
     * @param device device
     * @param port   port
     * @return connect point
     */
    public static ConnectPoint cp(DeviceId device, long port) {
        return new ConnectPoint(device, PortNumber.portNumber(port));
    }

    /**
     * Returns a link.
     *
     * @param src source
     * @param dst destination
     * @return link
     */
    public static Link link(ConnectPoint src, ConnectPoint dst) {
        return DefaultLink.builder().providerId(PID).src(src).dst(dst).type(Link.Type.DIRECT)
                .state(Link.State.ACTIVE).build();
    }

    /**
     * Returns a slice builder with id, VLAN, quota and burst set (name "exp-N", tenant "lab").
     *
     * @param id     slice id
     * @param vlan   VLAN
     * @param quota  bits/s
     * @param burst  bytes
     * @return builder
     */
    public static SliceBuilder slice(int id, int vlan, long quota, long burst) {
        return Slice.builder().id(SliceId.of(id)).name("exp-" + id).tenant(TenantId.of("lab"))
                .vlan(VlanId.vlanId((short) vlan)).quotaBps(quota).burstBytes(burst);
    }

    /**
     * Returns an access endpoint.
     *
     * @param device device
     * @param port   port
     * @return endpoint
     */
    public static Endpoint access(DeviceId device, long port) {
        return Endpoint.access(cp(device, port));
    }

    /**
     * Returns a trunk endpoint.
     *
     * @param device device
     * @param port   port
     * @return endpoint
     */
    public static Endpoint trunk(DeviceId device, long port) {
        return Endpoint.trunk(cp(device, port));
    }
}
