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
package org.onosproject.net.pi.impl;

import org.onlab.packet.ChassisId;
import org.onosproject.core.GroupId;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DefaultDriverData;
import org.onosproject.net.driver.DriverAdapter;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.DefaultGroup;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.meter.DefaultMeter;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.onosproject.net.pi.runtime.PiPreEntry;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.service.PiTranslationException;
import org.onosproject.net.provider.ProviderId;

import java.lang.reflect.InvocationTargetException;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Test bridge to ONOS's own PI translators ({@code org.onosproject:onos-core-net:2.5.6}, unpacked
 * into the test class path by the build), whose {@code translate(...)} methods are package-private.
 * <p>
 * This is what ONOS's {@code PiFlowRuleTranslatorImpl}, {@code PiMeterTranslatorImpl} and
 * {@code PiReplicationGroupTranslatorImpl} produce for the P4Runtime driver from a
 * {@link FlowRule}, a {@link Meter} and a {@link Group} of a device running a pipeconf. Two things
 * differ from a running ONOS, and only in how the inputs reach the translators:
 * <ul>
 *   <li>the {@link Device} answers {@code is()}/{@code as()} from the pipeconf's behaviours (a new
 *       instance of the implementation class, as ONOS's driver does for a pipeconf-merged driver)
 *       instead of ONOS's driver service, which does not run here;</li>
 *   <li>ONOS translates a {@link Meter} and a {@link Group}, which its meter and group managers build
 *       from the app's {@link MeterRequest} and {@link GroupDescription}; {@link #meterOf} and
 *       {@link #groupOf} build them the same way (see there).</li>
 * </ul>
 */
public final class OnosPiTranslation {

    private static final ProviderId PROVIDER = new ProviderId("p4runtime", "org.p4slice.conformance");

    private final PiPipeconf pipeconf;

    /**
     * Creates the bridge for devices running a pipeconf.
     *
     * @param pipeconf pipeconf of the devices
     */
    public OnosPiTranslation(PiPipeconf pipeconf) {
        this.pipeconf = checkNotNull(pipeconf, "pipeconf must not be null");
    }

    /**
     * Returns the pipeconf.
     *
     * @return pipeconf
     */
    public PiPipeconf pipeconf() {
        return pipeconf;
    }

    /**
     * Returns a device running the pipeconf whose behaviours come from the pipeconf.
     *
     * @param deviceId device id
     * @return device
     */
    public Device device(DeviceId deviceId) {
        return new PipeconfDevice(deviceId, pipeconf);
    }

    /**
     * Translates a flow rule as ONOS's flow rule translator does for its device.
     *
     * @param rule flow rule
     * @return table entry ONOS writes
     * @throws PiTranslationException as ONOS raises it
     */
    public PiTableEntry translate(FlowRule rule) throws PiTranslationException {
        return PiFlowRuleTranslatorImpl.translate(rule, pipeconf, device(rule.deviceId()));
    }

    /**
     * Translates a meter as ONOS's meter translator does for its device.
     *
     * @param meter meter
     * @return meter cell configuration ONOS writes
     * @throws PiTranslationException as ONOS raises it
     */
    public PiMeterCellConfig translate(Meter meter) throws PiTranslationException {
        return PiMeterTranslatorImpl.translate(meter, pipeconf, device(meter.deviceId()));
    }

    /**
     * Translates a group as ONOS's replication group translator does for its device.
     *
     * @param group group of type ALL (multicast) or CLONE
     * @return packet replication engine entry ONOS writes
     * @throws PiTranslationException as ONOS raises it
     */
    public PiPreEntry translate(Group group) throws PiTranslationException {
        return PiReplicationGroupTranslatorImpl.translate(group, pipeconf, device(group.deviceId()));
    }

    /**
     * Returns the meter ONOS's {@code MeterManager} stores for a request with a user-defined index
     * and a pipeline-specific scope: device, application, unit, burst flag and bands of the
     * request, cell id = indirect PI meter cell (meter named by the scope, index of the request).
     * This is the object the P4Runtime meter programmable hands to {@code PiMeterTranslatorImpl}.
     *
     * @param request meter request as the app submits it
     * @return meter
     * @throws IllegalArgumentException if the request has no index or the global scope (not what
     *                                  the app submits)
     */
    public static Meter meterOf(MeterRequest request) {
        checkArgument(request.index().isPresent(), "meter request without index: %s", request);
        checkArgument(!request.scope().isGlobal(), "meter request in the global scope: %s", request);
        Meter.Builder builder = DefaultMeter.builder()
                .forDevice(request.deviceId())
                .fromApp(request.appId())
                .withUnit(request.unit())
                .withBands(request.bands())
                .withCellId(PiMeterCellId.ofIndirect(PiMeterId.of(request.scope().id()), request.index().get()));
        if (request.isBurst()) {
            builder.burst();
        }
        return builder.build();
    }

    /**
     * Returns the group ONOS's group store creates for a description with a given group id:
     * group id = the description's {@code givenGroupId}, everything else from the description.
     *
     * @param description group description as the app adds it
     * @return group
     * @throws IllegalArgumentException if the description has no given group id
     */
    public static Group groupOf(GroupDescription description) {
        checkArgument(description.givenGroupId() != null, "group description without group id: %s",
                      description);
        return new DefaultGroup(GroupId.valueOf(description.givenGroupId()), description);
    }

    /**
     * A device whose behaviours are the pipeconf's (ONOS merges them into the device's driver).
     */
    private static final class PipeconfDevice extends DefaultDevice {

        private final transient PiPipeconf pipeconf;

        private PipeconfDevice(DeviceId deviceId, PiPipeconf pipeconf) {
            super(PROVIDER, deviceId, Type.SWITCH, "p4slice", "bmv2", "conformance", "0", new ChassisId());
            this.pipeconf = pipeconf;
        }

        @Override
        public <B extends Behaviour> boolean is(Class<B> behaviourClass) {
            return pipeconf.hasBehaviour(behaviourClass);
        }

        @Override
        public <B extends Behaviour> B as(Class<B> behaviourClass) {
            Class<? extends Behaviour> impl = pipeconf.implementation(behaviourClass).orElseThrow(
                    () -> new IllegalStateException("pipeconf " + pipeconf.id() + " has no " + behaviourClass));
            try {
                B behaviour = behaviourClass.cast(impl.getDeclaredConstructor().newInstance());
                behaviour.setData(new DefaultDriverData(new DriverAdapter(), id()));
                return behaviour;
            } catch (InstantiationException | IllegalAccessException | NoSuchMethodException
                    | InvocationTargetException e) {
                throw new IllegalStateException("cannot instantiate " + impl.getName(), e);
            }
        }
    }
}
