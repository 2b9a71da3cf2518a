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
package org.p4slice.slicing.impl.store;

import org.onosproject.net.DeviceId;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceDeviceKey;
import org.p4slice.slicing.api.SliceDeviceStore;
import org.p4slice.slicing.api.SliceId;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The devices' outcomes in the cluster's storage: a consistent map {@value #MAP} from
 * {@link SliceDeviceKey} to {@link DeviceOutcome}, in its own namespace
 * ({@link StoreSerializers#SLICE_DEVICES}). The map of the releases before it,
 * {@value #PREVIOUS_MAP} (string keys, whole slices as values), is never read: it is emptied at
 * activation, and the outcomes are recorded anew by the restore every start of the app runs.
 */
@Component(immediate = true, service = SliceDeviceStore.class)
public class DistributedSliceDeviceStore implements SliceDeviceStore {

    /** The map's name. */
    public static final String MAP = "p4slice-slice-devices";

    /** The map of the releases before this store, emptied at activation. */
    public static final String PREVIOUS_MAP = "p4slice-device-outcomes";

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<SliceDeviceKey, DeviceOutcome> outcomes;
    private final CopyOnWriteArrayList<Consumer<SliceId>> listeners = new CopyOnWriteArrayList<>();
    private final MapEventListener<SliceDeviceKey, DeviceOutcome> mapListener =
            event -> listeners.forEach(l -> l.accept(event.key().slice()));

    @Activate
    protected void activate() {
        outcomes = storageService.<SliceDeviceKey, DeviceOutcome>consistentMapBuilder()
                .withName(MAP).withSerializer(StoreSerializers.SLICE_DEVICES).build();
        outcomes.addListener(mapListener);
        forgetPreviousMap();
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        outcomes.removeListener(mapListener);
        listeners.clear();
        log.info("Stopped");
    }

    // the previous releases' outcomes (whole slices under "id@device"): cleared without reading a value
    private void forgetPreviousMap() {
        ConsistentMap<String, Slice> previous = storageService.<String, Slice>consistentMapBuilder()
                .withName(PREVIOUS_MAP).withSerializer(StoreSerializers.SLICES).build();
        int size = previous.size();
        if (size > 0) {
            previous.clear();
            log.info("Dropped {} device outcomes of an earlier release (map {}): the restore records them anew",
                     size, PREVIOUS_MAP);
        }
    }

    @Override
    public Optional<DeviceOutcome> get(SliceDeviceKey key) {
        return Optional.ofNullable(Versioned.valueOrNull(outcomes.get(checkNotNull(key, "key must not be null"))));
    }

    @Override
    public void put(SliceDeviceKey key, DeviceOutcome outcome) {
        checkNotNull(key, "key must not be null");
        checkNotNull(outcome, "outcome must not be null");
        if (!outcome.sameAs(Versioned.valueOrNull(outcomes.get(key)))) {
            outcomes.put(key, outcome);
        }
    }

    @Override
    public void remove(SliceDeviceKey key) {
        outcomes.remove(checkNotNull(key, "key must not be null"));
    }

    @Override
    public Map<DeviceId, DeviceOutcome> getOutcomes(SliceId slice, Collection<DeviceId> candidates) {
        checkNotNull(slice, "slice id must not be null");
        Map<DeviceId, DeviceOutcome> found = new TreeMap<>(Comparator.comparing(DeviceId::toString));
        for (DeviceId device : candidates) {
            DeviceOutcome outcome = Versioned.valueOrNull(outcomes.get(SliceDeviceKey.of(slice, device)));
            if (outcome != null) {
                found.put(device, outcome);
            }
        }
        return found;
    }

    @Override
    public void addListener(Consumer<SliceId> listener) {
        listeners.add(checkNotNull(listener, "listener must not be null"));
    }

    @Override
    public void removeListener(Consumer<SliceId> listener) {
        listeners.remove(listener);
    }
}
