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
package org.p4slice.pipeconf.impl;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.DefaultDriver;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverAdminServiceAdapter;
import org.onosproject.net.driver.DriverProvider;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.provider.ProviderId;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.p4slice.pipeconf.P4SlicePipeconfIds;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.pipeconf.P4SlicePipeconfIds.BMV2_PIPECONF_ID;

/**
 * Tests of {@link PipeconfLoader} against a recording pipeconf service.
 */
public class PipeconfLoaderTest {

    /** Pipeconf service that keeps registrations and records calls, refusing duplicates as ONOS does. */
    private static final class RecordingPipeconfService extends PiPipeconfServiceAdapter {
        final Map<PiPipeconfId, PiPipeconf> pipeconfs = new LinkedHashMap<>();
        final List<String> calls = new ArrayList<>();

        @Override
        public void register(PiPipeconf pipeconf) {
            calls.add("register " + pipeconf.id());
            if (pipeconfs.putIfAbsent(pipeconf.id(), pipeconf) != null) {
                throw new IllegalStateException("Pipeconf " + pipeconf.id() + " is already registered");
            }
        }

        @Override
        public void unregister(PiPipeconfId id) {
            calls.add("unregister " + id);
            if (pipeconfs.remove(id) == null) {
                throw new IllegalStateException("Pipeconf " + id + " is not registered");
            }
        }

        @Override
        public Optional<PiPipeconf> getPipeconf(PiPipeconfId id) {
            return Optional.ofNullable(pipeconfs.get(id));
        }

        @Override
        public Iterable<PiPipeconf> getPipeconfs() {
            return pipeconfs.values();
        }
    }

    /** Driver registry holding providers, as ONOS's: a merged driver is one provider of its own. */
    private static final class RecordingDriverAdmin extends DriverAdminServiceAdapter {
        final Set<DriverProvider> providers = new LinkedHashSet<>();

        @Override
        public Set<DriverProvider> getProviders() {
            return Collections.unmodifiableSet(providers);
        }

        @Override
        public void unregisterProvider(DriverProvider provider) {
            providers.remove(provider);
        }

        DriverProvider add(String driverName) {
            Driver driver = new DefaultDriver(driverName, List.of(), "p4.org", "bmv2", "1", Map.of(), Map.of());
            DriverProvider provider = () -> Set.of(driver);
            providers.add(provider);
            return provider;
        }

        Set<String> names() {
            return providers.stream().flatMap(p -> p.getDrivers().stream()).map(Driver::name)
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    private RecordingPipeconfService service;
    private RecordingDriverAdmin drivers;
    private WaitingDevices network;
    private PipeconfLoader loader;

    @Before
    public void setUp() {
        service = new RecordingPipeconfService();
        drivers = new RecordingDriverAdmin();
        network = new WaitingDevices();
        loader = new PipeconfLoader();
        loader.pipeconfService = service;
        loader.driverAdminService = drivers;
        loader.configService = network.configService;
        loader.deviceService = network.deviceService;
        loader.release = () -> "2.0.0 built 2026-11-27T17:00:00Z";
    }

    @Test
    public void activateStampsTheReleaseOnItsDevicesSoThatOnosRebindsTheirDrivers() {
        DeviceId s1 = network.configure("device:bmv2:s1", BMV2_PIPECONF_ID.id());
        network.configure("device:bmv2:other", "org.onosproject.pipelines.basic");
        loader.activate();
        loader.deactivate();

        loader.release = () -> "2.0.1 built 2026-11-28T09:00:00Z";
        loader.activate();
        loader.deactivate();
        loader.activate();

        assertEquals("written once per release, on p4slice's devices only",
                     List.of(s1 + " p4sliceRelease=2.0.0 built 2026-11-27T17:00:00Z",
                             s1 + " p4sliceRelease=2.0.1 built 2026-11-28T09:00:00Z"), network.applied);
    }

    @Test
    public void activateAsksOnosToConnectNowTheDevicesThatWaitedForThePipeconf() {
        DeviceId s1 = network.configure("device:bmv2:s1", BMV2_PIPECONF_ID.id());
        network.available.add(network.configure("device:bmv2:s2", BMV2_PIPECONF_ID.id()));
        WaitingDevices.RecordingProvider general = new WaitingDevices.RecordingProvider(
                new ProviderId("device", "org.onosproject.general.provider.device"),
                () -> service.pipeconfs.containsKey(BMV2_PIPECONF_ID) ? "registered" : "not registered");
        loader.bindDeviceProvider(general);

        loader.activate();

        assertEquals("only the configured device that is not connected", List.of(s1), general.probed);
        assertEquals("probed once its pipeconf is registered", List.of("registered"), general.seen);
    }

    @Test
    public void aProviderGoneBeforeActivationIsNotAsked() {
        network.configure("device:bmv2:s1", BMV2_PIPECONF_ID.id());
        WaitingDevices.RecordingProvider general = new WaitingDevices.RecordingProvider(
                new ProviderId("device", "org.onosproject.general.provider.device"), () -> "");
        loader.bindDeviceProvider(general);
        loader.unbindDeviceProvider(general);

        loader.activate();

        assertEquals(List.of(), general.probed);
        assertEquals(calls("register"), service.calls);
    }

    /** "verb id" for every pipeconf of the bundle (bmv2, then the Tofino ones), in order. */
    private static List<String> calls(String verb) {
        List<String> calls = new ArrayList<>();
        for (PiPipeconfId id : P4SlicePipeconfIds.ids()) {
            calls.add(verb + " " + id);
        }
        return calls;
    }

    @Test
    public void activateRegistersEveryPipeconf() {
        assertThat("the Tofino outputs are in the bundle", P4SlicePipeconfs.tofinoNotPackaged(), is(empty()));
        loader.activate();

        assertEquals(calls("register"), service.calls);
        for (PiPipeconfId id : P4SlicePipeconfIds.ids()) {
            PiPipeconf registered = service.pipeconfs.get(id);
            assertTrue(id + " has tables", registered.pipelineModel().tables().size() > 0);
            assertTrue(id + " has an interpreter",
                       registered.implementation(PiPipelineInterpreter.class).isPresent());
        }
    }

    @Test
    public void deactivateUnregistersIt() {
        loader.activate();
        loader.deactivate();

        List<String> expected = calls("register");
        expected.addAll(calls("unregister"));
        assertEquals(expected, service.calls);
        assertThat(service.pipeconfs.keySet(), is(empty()));
    }

    @Test
    public void staleRegistrationIsReplaced() {
        PiPipeconf stale = P4SlicePipeconfs.bmv2();
        service.pipeconfs.put(BMV2_PIPECONF_ID, stale);

        loader.activate();

        assertEquals("unregister " + BMV2_PIPECONF_ID, service.calls.get(0));
        assertEquals(calls("register"), service.calls.subList(1, service.calls.size()));
        assertTrue("the new pipeconf is registered", service.pipeconfs.get(BMV2_PIPECONF_ID) != stale);
    }

    @Test
    public void deactivateToleratesAPipeconfAlreadyGone() {
        loader.activate();
        service.pipeconfs.clear();

        loader.deactivate();

        assertEquals(calls("register"), service.calls);
    }

    @Test
    public void failedBuildRegistersNothing() {
        IllegalStateException failure = new IllegalStateException("resource /p4c-out/bmv2/p4info.txt is missing");
        loader.pipeconfs = () -> {
            throw failure;
        };
        try {
            loader.activate();
            fail("activation must fail when the pipeconf cannot be built");
        } catch (IllegalStateException e) {
            assertSame(failure, e);
        }
        assertThat(service.calls, is(empty()));
        loader.deactivate();
        assertThat(service.calls, is(empty()));
    }

    @Test
    public void registersEverySuppliedPipeconf() {
        PiPipeconf bmv2 = P4SlicePipeconfs.bmv2();
        loader.pipeconfs = () -> List.of(bmv2);
        loader.activate();
        assertEquals(Map.of(BMV2_PIPECONF_ID, bmv2), service.pipeconfs);
    }

    /** After an in-place upgrade the devices must not keep the previous bundle's behaviours. */
    @Test
    public void driversMergedFromAnEarlierBundleAreDroppedAndNoOthers() {
        drivers.add("bmv2");
        drivers.add("bmv2:" + BMV2_PIPECONF_ID.id());
        drivers.add("stratum-tofino:" + P4SlicePipeconfIds.ids().get(1).id());
        drivers.add("bmv2:org.onosproject.pipelines.basic");
        drivers.add("bmv2:" + BMV2_PIPECONF_ID.id() + ".other");

        loader.activate();

        assertEquals(Set.of("bmv2", "bmv2:org.onosproject.pipelines.basic", "bmv2:" + BMV2_PIPECONF_ID.id() + ".other"),
                     drivers.names());
    }

    @Test
    public void deactivateDropsTheDriversMergedFromItsPipeconfs() {
        loader.activate();
        drivers.add("bmv2:" + BMV2_PIPECONF_ID.id());
        drivers.add("bmv2:org.onosproject.pipelines.basic");

        loader.deactivate();

        assertEquals(Set.of("bmv2:org.onosproject.pipelines.basic"), drivers.names());
    }
}
