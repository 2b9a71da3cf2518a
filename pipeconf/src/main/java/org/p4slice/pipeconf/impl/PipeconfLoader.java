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

import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceProvider;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverAdminService;
import org.onosproject.net.driver.DriverProvider;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Registers the p4slice pipeconfs (bmv2 and the Tofino ones) with ONOS when the bundle starts
 * and removes them when it stops. Building the pipeconfs is {@link P4SlicePipeconfs}'s job;
 * this component only talks to {@link PiPipeconfService} and, for the drivers ONOS merged from
 * them, to {@link DriverAdminService}.
 * <p>
 * ONOS 2.7 merges each device's base driver with its pipeconf's behaviours into a driver named
 * {@code <base>:<pipeconf id>} the first time it needs one, and keeps it when the pipeconf is
 * unregistered. After the {@code .oar} is upgraded in place, the devices would then keep the
 * previous bundle's behaviour classes (the new bundle's meter cells and multicast groups are not
 * among them). So merged drivers of these pipeconfs are dropped when the bundle starts (left by
 * an earlier bundle, which may not have dropped them) and when it stops; ONOS merges them afresh,
 * from the new pipeconf, the next time a device's driver is asked for.
 */
@Component(immediate = true)
public final class PipeconfLoader {

    /** What ONOS's PiPipeconfManager puts between a merged driver's base driver and its pipeconf id. */
    static final String MERGED_DRIVER_SEPARATOR = ":";

    private final Logger log = LoggerFactory.getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    DriverAdminService driverAdminService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    DeviceService deviceService;

    /** ONOS's device providers (its general device provider is one), to probe waiting devices. */
    final List<DeviceProvider> deviceProviders = new CopyOnWriteArrayList<>();

    /** Pipeconfs to register; replaced by tests. */
    Supplier<List<PiPipeconf>> pipeconfs = P4SlicePipeconfs::all;

    /** This release's stamp on its devices; replaced by tests. */
    Supplier<String> release = DeviceReleaseStamps::thisRelease;

    private List<PiPipeconf> registered = List.of();

    @Activate
    void activate() {
        List<PiPipeconf> toRegister = pipeconfs.get();
        for (PiPipeconf pipeconf : toRegister) {
            removeStale(pipeconf.id());
            dropMergedDrivers(pipeconf.id());
            pipeconfService.register(pipeconf);
            log.info("Registered pipeconf {} (fingerprint {})", pipeconf.id(), pipeconf.fingerprint());
        }
        registered = toRegister;
        Set<PiPipeconfId> ids = toRegister.stream().map(PiPipeconf::id).collect(Collectors.toSet());
        stampDevices(ids);
        probeWaitingDevices(ids);
        for (PiPipeconfId missing : P4SlicePipeconfs.tofinoNotPackaged()) {
            log.warn("Pipeconf {} not registered: its Tofino outputs are not in the bundle (make -C p4src tofino, "
                             + "then rebuild the pipeconf)", missing);
        }
        log.info("Started");
    }

    @Deactivate
    void deactivate() {
        for (PiPipeconf pipeconf : registered) {
            if (pipeconfService.getPipeconf(pipeconf.id()).isPresent()) {
                pipeconfService.unregister(pipeconf.id());
                log.info("Unregistered pipeconf {}", pipeconf.id());
            }
            dropMergedDrivers(pipeconf.id());
        }
        registered = List.of();
        log.info("Stopped");
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            service = DeviceProvider.class, unbind = "unbindDeviceProvider")
    void bindDeviceProvider(DeviceProvider provider) {
        deviceProviders.add(provider);
    }

    void unbindDeviceProvider(DeviceProvider provider) {
        deviceProviders.remove(provider);
    }

    /** Makes ONOS bind the drivers merged from these pipeconfs to devices it already knows (after an upgrade). */
    private void stampDevices(Set<PiPipeconfId> ids) {
        String stamp = release.get();
        List<DeviceId> stamped = new DeviceReleaseStamps(configService).stamp(ids, stamp);
        if (!stamped.isEmpty()) {
            log.info("Annotated {} with {}={}", stamped, DeviceReleaseStamps.KEY, stamp);
        }
    }

    /** Connects now, instead of at ONOS's next device checkup, the devices that waited for these pipeconfs. */
    private void probeWaitingDevices(Set<PiPipeconfId> ids) {
        List<DeviceId> probed = new WaitingDeviceProbes(configService, deviceService).probe(ids, deviceProviders);
        if (!probed.isEmpty()) {
            log.info("Asked ONOS to connect {} now: configured with a p4slice pipeconf, not connected", probed);
        }
    }

    /**
     * Removes a registration left by an earlier instance of this bundle (e.g. after a crash or a
     * reinstall), so that the new pipeconf replaces it instead of failing to register.
     */
    private void removeStale(PiPipeconfId id) {
        if (pipeconfService.getPipeconf(id).isPresent()) {
            log.warn("Pipeconf {} is already registered, replacing it", id);
            pipeconfService.unregister(id);
        }
    }

    /** Unregisters the drivers ONOS merged from a pipeconf of this id (named {@code <base>:<id>}). */
    private void dropMergedDrivers(PiPipeconfId id) {
        String suffix = MERGED_DRIVER_SEPARATOR + id.id();
        for (DriverProvider provider : Set.copyOf(driverAdminService.getProviders())) {
            Set<Driver> drivers = provider.getDrivers();
            if (!drivers.isEmpty() && drivers.stream().allMatch(d -> d.name().endsWith(suffix))) {
                driverAdminService.unregisterProvider(provider);
                drivers.forEach(d -> log.info("Dropped driver {} merged from an earlier pipeconf {}", d.name(), id));
            }
        }
    }
}
