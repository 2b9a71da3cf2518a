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

import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverAdminService;
import org.onosproject.net.driver.DriverProvider;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.p4slice.pipeconf.P4SlicePipeconfs;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

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

    /** Pipeconfs to register; replaced by tests. */
    Supplier<List<PiPipeconf>> pipeconfs = P4SlicePipeconfs::all;

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
