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

import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantUserRecord;
import org.p4slice.slicing.api.tenant.TenantUserStore;
import org.slf4j.Logger;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The tenants' users in the cluster's storage: a consistent map {@value #MAP} from user name to
 * {@code <tenant>\n<password hash>} (plain strings: the hash carries its own algorithm and
 * iterations, so the stored format needs no serializer of p4slice's types). Every change of the
 * map, on any instance, is passed to the change listener (the manager drops its cached
 * verifications of that user). Nothing here logs a hash.
 */
@Component(immediate = true, service = TenantUserStore.class)
public class DistributedTenantUserStore implements TenantUserStore {

    /** The map's name. */
    static final String MAP = "p4slice-tenant-users";

    private static final String SEPARATOR = "\n";

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<String, String> users;
    private volatile Consumer<String> changeListener;
    private final MapEventListener<String, String> mapListener = this::changed;

    @Activate
    protected void activate() {
        users = storageService.<String, String>consistentMapBuilder()
                .withName(MAP).withSerializer(Serializer.using(KryoNamespaces.API)).build();
        users.addListener(mapListener);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        users.removeListener(mapListener);
        log.info("Stopped");
    }

    private void changed(MapEvent<String, String> event) {
        Consumer<String> listener = changeListener;
        if (listener != null) {
            listener.accept(event.key());
        }
    }

    @Override
    public Optional<TenantUserRecord> get(String user) {
        Versioned<String> v = users.get(user);
        return v == null ? Optional.empty() : decode(user, v.value());
    }

    @Override
    public boolean putIfAbsent(TenantUserRecord record) {
        return users.putIfAbsent(record.user(), encode(record)) == null;
    }

    @Override
    public boolean remove(TenantUserRecord record) {
        return users.remove(record.user(), encode(record));
    }

    @Override
    public Map<String, TenantUserRecord> getAll() {
        Map<String, TenantUserRecord> all = new TreeMap<>();
        for (Map.Entry<String, Versioned<String>> e : users.entrySet()) {
            decode(e.getKey(), e.getValue().value()).ifPresent(r -> all.put(e.getKey(), r));
        }
        return all;
    }

    @Override
    public void setChangeListener(Consumer<String> listener) {
        changeListener = listener;
    }

    static String encode(TenantUserRecord record) {
        return record.tenant() + SEPARATOR + record.passwordHash();
    }

    // a value that cannot be read is no user (and no exception): it authenticates nobody
    private Optional<TenantUserRecord> decode(String user, String value) {
        int at = value == null ? -1 : value.indexOf(SEPARATOR);
        if (at <= 0) {
            log.warn("Tenant user {}: unreadable stored record; it authenticates nobody", user);
            return Optional.empty();
        }
        try {
            return Optional.of(new TenantUserRecord(user, TenantId.of(value.substring(0, at)),
                                                    value.substring(at + 1)));
        } catch (IllegalArgumentException e) {
            log.warn("Tenant user {}: unreadable stored tenant; it authenticates nobody", user);
            return Optional.empty();
        }
    }
}
