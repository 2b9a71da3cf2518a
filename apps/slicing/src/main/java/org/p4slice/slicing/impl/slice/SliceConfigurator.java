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
package org.p4slice.slicing.impl.slice;

import org.onosproject.core.ApplicationId;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.basics.SubjectFactories;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.host.HostEvent;
import org.onosproject.net.host.HostListener;
import org.onosproject.net.host.HostService;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.config.SlicingConfig;
import org.slf4j.Logger;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Keeps the slices in step with the world: registers the {@code p4slice} network
 * configuration and creates the slices it declares as if POSTed (admission reads its settings
 * itself), restores the
 * stored slices after activation, and has the slices of a device programmed again when it
 * (re)connects or this instance becomes its master, and the slices at a host's ports when the host
 * appears, moves or goes (their unicast entries follow it). Work that programs devices runs on the given
 * executor, never on an event thread.
 */
final class SliceConfigurator {

    private final Logger log = getLogger(getClass());

    private final SliceProvisioner provisioner;
    private final ApplicationId appId;
    private final NetworkConfigRegistry registry;
    private final DeviceService deviceService;
    private final MastershipService mastershipService;
    private final HostService hostService;
    private final Executor executor;

    private final ConfigFactory<ApplicationId, SlicingConfig> factory =
            new ConfigFactory<ApplicationId, SlicingConfig>(SubjectFactories.APP_SUBJECT_FACTORY,
                                                            SlicingConfig.class, SlicingConfig.KEY) {
                @Override
                public SlicingConfig createConfig() {
                    return new SlicingConfig();
                }
            };

    private final NetworkConfigListener configListener = new NetworkConfigListener() {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return event.configClass() == SlicingConfig.class;
        }

        @Override
        public void event(NetworkConfigEvent event) {
            switch (event.type()) {
                case CONFIG_ADDED:
                case CONFIG_UPDATED:
                case CONFIG_REMOVED:
                    executor.execute(() -> applyConfig(true));
                    break;
                default:
                    break;
            }
        }
    };

    private final DeviceListener deviceListener = new DeviceListener() {
        @Override
        public void event(DeviceEvent event) {
            DeviceId device = event.subject().id();
            switch (event.type()) {
                case DEVICE_ADDED:
                case DEVICE_AVAILABILITY_CHANGED:
                    if (deviceService.isAvailable(device)) {
                        provisioner.reconcile(slice -> slice.devices().contains(device),
                                              "reprogrammed after " + device + " connected", false);
                    }
                    break;
                default:
                    break;
            }
        }
    };

    // a new master for a device takes over the slices it now owns that were left unsettled (PROVISIONING,
    // RELEASING, FAILED). ACTIVE slices are left alone: ONOS's own stores keep their entries and groups,
    // and the meter audit of the master rewrites any cell that differs. Reprogramming them here would
    // race ONOS's P4Runtime role change (MASTER_CHANGED comes before the device has accepted the new
    // role: a write then fails with "Not primary"), flipping a healthy slice to FAILED for a while.
    private final MastershipListener mastershipListener = new MastershipListener() {
        @Override
        public void event(MastershipEvent event) {
            DeviceId device = event.subject();
            if (event.type() == MastershipEvent.Type.MASTER_CHANGED && mastershipService.isLocalMaster(device)) {
                provisioner.reconcile(
                        slice -> slice.devices().contains(device) && slice.state() != SliceState.ACTIVE,
                        "taken over as master of " + device, false);
            }
        }
    };

    // a host that appears, moves or goes changes the unicast entries of the slices at its ports
    private final HostListener hostListener = new HostListener() {
        @Override
        public void event(HostEvent event) {
            Set<ConnectPoint> ports = new HashSet<>();
            event.subject().locations().forEach(ports::add);
            if (event.prevSubject() != null) {
                event.prevSubject().locations().forEach(ports::add);
            }
            // one step per slice at most waits (SliceWork): a burst of host events costs one re-sync
            provisioner.reconcile(slice -> ports.stream().anyMatch(slice::hasPort),
                                  "hosts changed (" + event.type() + " " + event.subject().id() + ")", false);
        }
    };

    /**
     * Creates the configurator.
     *
     * @param provisioner   slice life cycle
     * @param appId         application the configuration is registered under
     * @param registry      network configuration
     * @param deviceService device events
     * @param mastershipService mastership events
     * @param hostService   host events
     * @param executor      worker for anything that programs devices
     */
    public SliceConfigurator(SliceProvisioner provisioner, ApplicationId appId,
                      NetworkConfigRegistry registry, DeviceService deviceService,
                      MastershipService mastershipService, HostService hostService, Executor executor) {
        this.provisioner = checkNotNull(provisioner);
        this.appId = checkNotNull(appId);
        this.registry = checkNotNull(registry);
        this.deviceService = checkNotNull(deviceService);
        this.mastershipService = checkNotNull(mastershipService);
        this.hostService = checkNotNull(hostService);
        this.executor = checkNotNull(executor);
    }

    /**
     * Registers the configuration and the listeners, applies the current settings, then (on the
     * executor) restores the stored slices and creates the declared ones.
     */
    public void start() {
        registry.registerConfigFactory(factory);
        registry.addListener(configListener);
        deviceService.addListener(deviceListener);
        mastershipService.addListener(mastershipListener);
        hostService.addListener(hostListener);
        applyConfig(false);
        executor.execute(() -> {
            provisioner.reconcile(slice -> true, "restored", false);
            config().ifPresent(this::createDeclared);
        });
    }

    /**
     * Removes the listeners and the configuration factory.
     */
    public void stop() {
        hostService.removeListener(hostListener);
        mastershipService.removeListener(mastershipListener);
        deviceService.removeListener(deviceListener);
        registry.removeListener(configListener);
        registry.unregisterConfigFactory(factory);
    }

    private Optional<SlicingConfig> config() {
        SlicingConfig config = registry.getConfig(appId, SlicingConfig.class);
        if (config == null) {
            return Optional.empty();
        }
        Optional<String> error = config.validationError();
        if (error.isPresent()) {
            log.error("Ignoring the p4slice netcfg: {}", error.get());
            return Optional.empty();
        }
        return Optional.of(config);
    }

    // admission reads the settings itself at every decision; the declared slices are created here
    private void applyConfig(boolean withSlices) {
        Optional<SlicingConfig> valid = config();
        log.info("p4slice netcfg in effect: {}",
                 valid.map(c -> c.node().toString()).orElse("defaults or the last valid"));
        if (withSlices) {
            valid.ifPresent(this::createDeclared);
        }
    }

    private void createDeclared(SlicingConfig config) {
        for (SliceRequest request : config.slices()) {
            provisioner.createDeclared(request);
        }
    }
}
