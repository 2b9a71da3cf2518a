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

import org.junit.Before;
import org.junit.Test;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DefaultDriver;
import org.onosproject.net.driver.DefaultDriverData;
import org.onosproject.net.driver.DefaultDriverHandler;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.driver.DriverServiceAdapter;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.p4slice.pipeconf.SliceDeviceException;
import org.p4slice.pipeconf.SliceMeterCells;
import org.p4slice.testbed.FakeDeviceService;

import java.util.Collection;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * {@link DeviceBehaviours}: a behaviour the device's bound driver lacks (the previous bundle's, after
 * an in-place upgrade) is found in the driver ONOS resolves for the device now.
 */
public class DeviceBehavioursTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");

    /** This bundle's meter cells, as the new pipeconf's merged driver gives them. */
    public static final class NewMeterCells extends AbstractHandlerBehaviour implements SliceMeterCells {
        @Override
        public void write(Collection<PiMeterCellConfig> cells) {
        }

        @Override
        public Map<PiMeterCellId, PiMeterCellConfig> read(Collection<PiMeterCellId> cells) {
            return Map.of();
        }

        @Override
        public boolean holds(PiMeterCellConfig written, PiMeterCellConfig onDevice) {
            return true;
        }
    }

    private FakeDeviceService devices;
    private DriverHandler current;
    private DeviceBehaviours behaviours;

    @Before
    public void setUp() {
        devices = new FakeDeviceService();
        behaviours = new DeviceBehaviours(devices, new DriverServiceAdapter() {
            @Override
            public DriverHandler createHandler(DeviceId deviceId, String... credentials) {
                if (current == null) {
                    throw new ItemNotFoundException("Device is pipeconf-capable but a pipeconf-merged driver was "
                                                            + "not found");
                }
                return current;
            }
        });
    }

    private void mergedDriver(Map<Class<? extends Behaviour>, Class<? extends Behaviour>> classes) {
        DefaultDriver driver = new DefaultDriver("bmv2:org.p4slice.bmv2", List.of(), "p4.org", "bmv2", "1",
                                                 classes, Map.of());
        current = new DefaultDriverHandler(new DefaultDriverData(driver, S1));
    }

    @Test
    public void theBoundDriversBehaviourIsUsedWhenItHasIt() {
        SliceMeterCells bound = new NewMeterCells();
        devices.addDevice(S1, Map.of(SliceMeterCells.class, bound));
        assertSame(bound, behaviours.require(S1, SliceMeterCells.class, "meter cells"));
    }

    @Test
    public void aBehaviourTheBoundDriverLacksComesFromTheDriverResolvedNow() {
        devices.addDevice(S1, Map.of());          // bound to the previous bundle's driver: no such class
        mergedDriver(Map.of(SliceMeterCells.class, NewMeterCells.class));

        SliceMeterCells cells = behaviours.require(S1, SliceMeterCells.class, "meter cells");

        assertTrue(cells instanceof NewMeterCells);
        assertEquals(S1, ((NewMeterCells) cells).handler().data().deviceId());
    }

    @Test
    public void noDriverOrNoBehaviourIsEmptyAndRequireSaysWhich() {
        devices.addDevice(S1, Map.of());
        assertFalse(behaviours.of(S1, SliceMeterCells.class).isPresent());
        mergedDriver(Map.of());
        assertFalse(behaviours.of(S1, SliceMeterCells.class).isPresent());
        try {
            behaviours.require(S1, SliceMeterCells.class, "meter cells");
            fail("a device without the behaviour must be refused");
        } catch (SliceDeviceException e) {
            assertEquals("device device:bmv2:s1 has no p4slice meter cells (is its pipeconf a p4slice one?)",
                         e.getMessage());
        }
    }

    @Test
    public void anUnknownDeviceIsSaidSo() {
        assertFalse(behaviours.of(S1, SliceMeterCells.class).isPresent());
        try {
            behaviours.require(S1, SliceMeterCells.class, "meter cells");
            fail("an unknown device must be refused");
        } catch (SliceDeviceException e) {
            assertEquals("device device:bmv2:s1 is unknown to ONOS", e.getMessage());
        }
    }
}
