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

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.AtomicCounterMap;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.TenantId;
import org.slf4j.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import static org.p4slice.slicing.impl.store.OsgiPropertyConstants.AUDIT_MAX_ENTRIES;
import static org.p4slice.slicing.impl.store.OsgiPropertyConstants.AUDIT_MAX_ENTRIES_DEFAULT;
import static org.p4slice.slicing.impl.store.OsgiPropertyConstants.AUDIT_MAX_ENTRIES_PER_TENANT;
import static org.p4slice.slicing.impl.store.OsgiPropertyConstants.AUDIT_MAX_ENTRIES_PER_TENANT_DEFAULT;
import static org.p4slice.slicing.impl.store.OsgiPropertyConstants.AUDIT_RETENTION_HOURS;
import static org.p4slice.slicing.impl.store.OsgiPropertyConstants.AUDIT_RETENTION_HOURS_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;
import static org.p4slice.slicing.config.ComponentProperties.positive;

/**
 * The audit log in the cluster's store: entries by sequence number (a distributed counter) in a
 * consistent map, and the share each counts against in another ({@link AuditShares}). Append-only:
 * entries are never changed, only dropped when their share holds more than its bound (the oldest of
 * that share first: {@code auditMaxEntries} for the operators' actions, {@code auditMaxEntriesPerTenant}
 * for each tenant's actions and each tenant's security events) or when older than
 * {@code auditRetentionHours}. So no tenant can push another's entries, the operators' or the security
 * events out of the log.
 * A user's refusals beyond {@link RefusalThrottle#REFUSALS_PER_MINUTE} a minute are counted, not
 * recorded: one entry ({@code audit.not-logged}) gives their number with the user's next entry.
 */
@Component(immediate = true, service = AuditService.class,
        property = {
                AUDIT_MAX_ENTRIES + ":Integer=" + AUDIT_MAX_ENTRIES_DEFAULT,
                AUDIT_MAX_ENTRIES_PER_TENANT + ":Integer=" + AUDIT_MAX_ENTRIES_PER_TENANT_DEFAULT,
                AUDIT_RETENTION_HOURS + ":Integer=" + AUDIT_RETENTION_HOURS_DEFAULT,
        })
public class DistributedAuditStore implements AuditService {

    /** The serializer of this store's maps ({@link StoreSerializers#AUDIT}). */
    static final Serializer SERIALIZER = StoreSerializers.AUDIT;

    private static final long PRUNE_PERIOD_MILLIS = 60_000;
    private static final String SEQUENCE = "next";

    /** Action and result of the entry that counts a user's refusals beyond the rate. */
    static final String NOT_LOGGED = "audit.not-logged";

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    /** Now; tests may replace it. */
    Clock clock = Clock.systemUTC();

    // The configuration in effect, one field per property, named after it: ONOS's cfgdef generator
    // (onos-maven-plugin 'cfg') takes each property's description from the javadoc of its field.

    /** Most entries of the operators' actions the audit log keeps; the oldest are dropped first. */
    private int auditMaxEntries = AUDIT_MAX_ENTRIES_DEFAULT;

    /** Most entries the audit log keeps of each tenant's actions, and of each tenant's security events. */
    private int auditMaxEntriesPerTenant = AUDIT_MAX_ENTRIES_PER_TENANT_DEFAULT;

    /** How long an audit entry is kept, in hours. */
    private int auditRetentionHours = AUDIT_RETENTION_HOURS_DEFAULT;

    private ConsistentMap<Long, AuditEntry> entries;
    private ConsistentMap<Long, String> shares;
    private AtomicCounterMap<String> sequence;
    private volatile long lastPrune;
    // entries per share as this instance last counted them, plus its own entries since: a share is read
    // whole only once it may be beyond its bound (other instances' entries are counted when it is read)
    private final Map<String, Integer> counted = new ConcurrentHashMap<>();
    private final RefusalThrottle throttle = new RefusalThrottle();

    @Activate
    protected void activate(ComponentContext context) {
        entries = storageService.<Long, AuditEntry>consistentMapBuilder()
                .withName("p4slice-audit").withSerializer(SERIALIZER).build();
        shares = storageService.<Long, String>consistentMapBuilder()
                .withName("p4slice-audit-shares").withSerializer(Serializer.using(KryoNamespaces.API)).build();
        sequence = storageService.<String>atomicCounterMapBuilder()
                .withName("p4slice-audit-sequence").withSerializer(Serializer.using(KryoNamespaces.API)).build();
        counted.clear();
        shares.asJavaMap().values().forEach(share -> counted.merge(share, 1, Integer::sum));
        cfgService.registerProperties(getClass());
        modified(context);
        log.info("Started with {} audit entries", entries.size());
    }

    @Deactivate
    protected void deactivate() {
        cfgService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    /**
     * Reads the component configuration; an invalid value is logged and ignored.
     *
     * @param context component context, or null for the defaults
     */
    @Modified
    protected void modified(ComponentContext context) {
        Dictionary<?, ?> properties = context == null ? null : context.getProperties();
        auditMaxEntries = positive(log, properties, AUDIT_MAX_ENTRIES, auditMaxEntries, AUDIT_MAX_ENTRIES_DEFAULT);
        auditMaxEntriesPerTenant = positive(log, properties, AUDIT_MAX_ENTRIES_PER_TENANT, auditMaxEntriesPerTenant,
                                            AUDIT_MAX_ENTRIES_PER_TENANT_DEFAULT);
        auditRetentionHours = positive(log, properties, AUDIT_RETENTION_HOURS, auditRetentionHours,
                                       AUDIT_RETENTION_HOURS_DEFAULT);
        lastPrune = 0;
        log.info("Component {}={}, {}={}, {}={}", AUDIT_MAX_ENTRIES, auditMaxEntries, AUDIT_MAX_ENTRIES_PER_TENANT,
                 auditMaxEntriesPerTenant, AUDIT_RETENTION_HOURS, auditRetentionHours);
    }

    @Override
    public Optional<AuditEntry> record(String user, boolean operator, String action, String target, TenantId tenant,
                                       String result) {
        long now = clock.millis();
        throttle.closed(user, now).ifPresent(
                d -> append(user, operator, NOT_LOGGED, d[0] + " refused requests from " + Instant.ofEpochMilli(d[1])
                        + " to " + Instant.ofEpochMilli(d[1] + Duration.ofMinutes(1).toMillis()) + " (more than "
                        + RefusalThrottle.REFUSALS_PER_MINUTE + " a minute)", null, NOT_LOGGED,
                            now));
        if (!throttle.admit(user, !AuditEntry.OK.equals(result), now)) {
            return Optional.empty();
        }
        return Optional.of(append(user, operator, action, target, tenant, result, now));
    }

    private AuditEntry append(String user, boolean operator, String action, String target, TenantId tenant,
                              String result, long now) {
        AuditEntry e = new AuditEntry(sequence.incrementAndGet(SEQUENCE), now, user, action, target, tenant, result);
        String share = AuditShares.of(operator, user, tenant, result);
        shares.put(e.id(), share);
        entries.put(e.id(), e);
        log.info("audit: {}", e);
        prune(share);
        return e;
    }

    @Override
    public List<AuditEntry> getEntries(int limit) {
        prune(true);
        List<AuditEntry> all = entries.values().stream().map(Versioned::value)
                .sorted((a, b) -> Long.compare(a.id(), b.id())).collect(Collectors.toList());
        int n = Math.max(1, limit);
        return new ArrayList<>(all.subList(Math.max(0, all.size() - n), all.size()));
    }

    @Override
    public int size() {
        return entries.size();
    }

    // every share is bounded apart: the log's bound is the sum of the bounds of the shares it holds
    @Override
    public OptionalInt maxEntries() {
        return OptionalInt.of(counted.keySet().stream()
                .mapToInt(share -> AuditShares.bound(share, auditMaxEntries, auditMaxEntriesPerTenant)).sum());
    }

    // the oldest of a share beyond its bound, at every entry of that share; the expired, at most once a
    // minute (or when read)
    private void prune(String grown) {
        int bound = AuditShares.bound(grown, auditMaxEntries, auditMaxEntriesPerTenant);
        if (counted.merge(grown, 1, Integer::sum) > bound) {
            Map<Long, String> byId = new HashMap<>(shares.asJavaMap());
            entries.keySet().stream().filter(id -> !byId.containsKey(id))
                    .forEach(id -> byId.put(id, AuditShares.of(entries.get(id).value())));
            List<Long> beyond = AuditShares.beyond(byId, grown, bound);
            beyond.forEach(this::remove);
            counted.put(grown, (int) byId.values().stream().filter(grown::equals).count() - beyond.size());
        }
        prune(false);
    }

    private void prune(boolean expired) {
        long now = clock.millis();
        if (!expired && now - lastPrune < PRUNE_PERIOD_MILLIS) {
            return;
        }
        lastPrune = now;
        long oldest = now - Duration.ofHours(auditRetentionHours).toMillis();
        entries.entrySet().stream().filter(e -> e.getValue().value().time().toEpochMilli() < oldest)
                .map(Map.Entry::getKey).collect(Collectors.toList()).forEach(this::remove);
    }

    private void remove(Long id) {
        entries.remove(id);
        shares.remove(id);
    }
}
