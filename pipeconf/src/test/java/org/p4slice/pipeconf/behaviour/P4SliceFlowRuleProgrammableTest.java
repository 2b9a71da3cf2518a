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
package org.p4slice.pipeconf.behaviour;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DefaultDriver;
import org.onosproject.net.driver.DefaultDriverData;
import org.onosproject.net.driver.DefaultDriverHandler;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleProgrammable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/**
 * Tests of {@link P4SliceFlowRuleProgrammable}: it hands every call to the driver's own
 * FlowRuleProgrammable (a parent of the merged driver) and lets one call per device run at a time,
 * so that a flow entry poll cannot interleave with a write of the same device.
 */
public class P4SliceFlowRuleProgrammableTest {

    private static final DeviceId SW1 = DeviceId.deviceId("device:tofino:sw1");
    private static final DeviceId SW2 = DeviceId.deviceId("device:tofino:sw2");

    /** What the driver's own FlowRuleProgrammable was asked to do, in order: "read sw1", "apply sw1"... */
    private static final List<String> CALLS = Collections.synchronizedList(new ArrayList<>());
    /** Set by a test: a read of this device waits in the driver until the latch is released. */
    private static final AtomicReference<DeviceId> HOLD_READ_OF = new AtomicReference<>();
    private static volatile CountDownLatch readEntered = new CountDownLatch(1);
    private static volatile CountDownLatch releaseRead = new CountDownLatch(0);
    private static final List<FlowEntry> DEVICE_ENTRIES = List.of();
    private static final AtomicReference<Collection<FlowRule>> LAST_RULES = new AtomicReference<>();

    /** Stands for ONOS's P4RuntimeFlowRuleProgrammable: records its calls. */
    public static class DriverFlowRuleProgrammable extends AbstractHandlerBehaviour implements FlowRuleProgrammable {
        @Override
        public Collection<FlowEntry> getFlowEntries() {
            DeviceId device = handler().data().deviceId();
            CALLS.add("read " + device);
            if (device.equals(HOLD_READ_OF.get())) {
                readEntered.countDown();
                try {
                    releaseRead.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            CALLS.add("read done " + device);
            return DEVICE_ENTRIES;
        }

        @Override
        public Collection<FlowRule> applyFlowRules(Collection<FlowRule> rules) {
            CALLS.add("apply " + handler().data().deviceId());
            LAST_RULES.set(rules);
            return rules;
        }

        @Override
        public Collection<FlowRule> removeFlowRules(Collection<FlowRule> rules) {
            CALLS.add("remove " + handler().data().deviceId());
            LAST_RULES.set(rules);
            return rules;
        }
    }

    private static Driver driver(String name, List<Driver> parents,
                                 Map<Class<? extends Behaviour>, Class<? extends Behaviour>> behaviours) {
        return new DefaultDriver(name, parents, "test", "1", "1", behaviours, Map.of());
    }

    /** A pipeconf-merged driver as ONOS builds it: the pipeconf's behaviours, the base driver's parents. */
    private static FlowRuleProgrammable programmable(DeviceId device, boolean parentHasOne) {
        Driver p4runtime = driver("p4runtime", List.of(), parentHasOne
                ? Map.of(FlowRuleProgrammable.class, DriverFlowRuleProgrammable.class) : Map.of());
        Driver stratum = driver("stratum", List.of(p4runtime), Map.of());
        Driver merged = driver("stratum-tofino:org.p4slice.tofino", List.of(stratum),
                               Map.of(FlowRuleProgrammable.class, P4SliceFlowRuleProgrammable.class));
        return merged.createBehaviour(new DefaultDriverHandler(new DefaultDriverData(merged, device)),
                                      FlowRuleProgrammable.class);
    }

    @Before
    public void setUp() {
        CALLS.clear();
        HOLD_READ_OF.set(null);
        LAST_RULES.set(null);
        readEntered = new CountDownLatch(1);
        releaseRead = new CountDownLatch(0);
    }

    @After
    public void tearDown() {
        releaseRead.countDown();
    }

    @Test
    public void theMergedDriverGivesThisBehaviourWhichCallsTheDriversOwn() {
        FlowRuleProgrammable frp = programmable(SW1, true);
        assertTrue(frp instanceof P4SliceFlowRuleProgrammable);

        assertSame(DEVICE_ENTRIES, frp.getFlowEntries());
        List<FlowRule> rules = new ArrayList<>();
        assertSame(rules, frp.applyFlowRules(rules));
        assertSame(rules, LAST_RULES.get());
        List<FlowRule> removed = new ArrayList<>();
        assertSame(removed, frp.removeFlowRules(removed));
        assertSame(removed, LAST_RULES.get());
        assertEquals(List.of("read " + SW1, "read done " + SW1, "apply " + SW1, "remove " + SW1), CALLS);
    }

    @Test(timeout = 60_000)   // a safety net against a hang, not a measure
    public void aWriteOfTheDeviceWaitsForAReadInProgressAndAnotherDevicesDoesNot() throws Exception {
        HOLD_READ_OF.set(SW1);
        releaseRead = new CountDownLatch(1);
        Thread poll = new Thread(() -> programmable(SW1, true).getFlowEntries(), "poll sw1");
        poll.start();
        readEntered.await();

        Thread write = new Thread(() -> programmable(SW1, true).applyFlowRules(List.of()), "write sw1");
        write.start();
        while (!P4SliceFlowRuleProgrammable.hasWaitingCalls(SW1)) {   // the write is parked on sw1's lock
            Thread.yield();
        }
        programmable(SW2, true).applyFlowRules(List.of());   // returns although sw1's read is held
        assertEquals(List.of("read " + SW1, "apply " + SW2), CALLS);

        releaseRead.countDown();
        poll.join();
        write.join();
        assertEquals("sw1's write ran after its read, not inside it",
                     List.of("read " + SW1, "apply " + SW2, "read done " + SW1, "apply " + SW1), CALLS);
    }

    @Test
    public void withoutADriverFlowRuleProgrammableNothingIsDoneAndNothingThrows() {
        FlowRuleProgrammable frp = programmable(SW2, false);
        assertEquals(List.of(), List.copyOf(frp.getFlowEntries()));
        assertEquals(List.of(), List.copyOf(frp.applyFlowRules(List.of())));
        assertEquals(List.of(), List.copyOf(frp.removeFlowRules(List.of())));
        assertEquals(List.of(), CALLS);
    }
}
