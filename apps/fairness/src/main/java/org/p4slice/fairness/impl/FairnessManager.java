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
package org.p4slice.fairness.impl;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.event.AbstractListenerManager;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.p4slice.fairness.api.FairnessEvent;
import org.p4slice.fairness.api.FairnessListener;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.fairness.api.FairnessSummary;
import org.p4slice.fairness.api.MeterRateController;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.stats.SliceStatsEvent;
import org.p4slice.slicing.api.stats.SliceStatsListener;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.api.stats.SliceStatsSnapshot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.HISTORY_SIZE;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.HISTORY_SIZE_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.LEND_HEADROOM;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.LEND_HEADROOM_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.MODE;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.MODE_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.THRESHOLD;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.THRESHOLD_DEFAULT;

/**
 * The fairness app: at every poll of the slicing app's statistics ({@link SliceStatsService}, the
 * one reader of the per-slice counters), on its own thread, runs a {@link FairnessCycle}; publishes
 * the report, keeps the history, raises threshold events ({@link ReportHistory}); in enforce mode,
 * on the instance that leads enforcement ({@link EnforcementLeadership}), applies the meter rates
 * the cycle decides through the {@link MeterRateController} ({@link RateApplier}), and puts them
 * back to the quotas when it stops.
 * <p>
 * The meter rate in effect for a slice is always read from the slicing app
 * ({@link SliceService#getMeterRate}: the rate it programs and its meter audit checks), never kept
 * here, so the report's allocation is the rate the slice's meter runs at, on every instance, after
 * an update of the slice, a change of leader or a restart of this app. A restarted app (or one on a
 * restarted ONOS, where the slicing app clears every enforced rate) starts from the rates it finds
 * and lends again once a full window of its own measurements shows unused quota.
 * <p>
 * Every log line starts with {@value #LOG_PREFIX}.
 */
@Component(immediate = true, service = FairnessService.class,
        property = {
                THRESHOLD + ":Double=" + THRESHOLD_DEFAULT,
                MODE + "=" + MODE_DEFAULT,
                HISTORY_SIZE + ":Integer=" + HISTORY_SIZE_DEFAULT,
                LEND_HEADROOM + ":Double=" + LEND_HEADROOM_DEFAULT,
        })
public class FairnessManager extends AbstractListenerManager<FairnessEvent, FairnessListener>
        implements FairnessService {

    /** Prefix of every log line of the fairness app. */
    public static final String LOG_PREFIX = "p4slice-fairness: ";

    private static final long RESTORE_TIMEOUT_MS = 5000;

    private final Logger log = LoggerFactory.getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceService sliceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceStatsService statsService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LeadershipService leadershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile MeterRateController meterRateController;

    // The configuration in effect, one field per property, named after it: ONOS's cfgdef generator
    // takes each property's description from the javadoc of its field. FairnessConfig holds the
    // validated values; these mirror it for the operator (cfg get) and the log.

    /** Alert threshold on the maximum deviation and on the CV, a fraction (0..1]. */
    private double threshold = THRESHOLD_DEFAULT;

    /** monitor: measure and alert; enforce: also lend unused capacity to backlogged slices. */
    private String mode = MODE_DEFAULT;

    /** Number of report summaries kept in the history (1..100000). */
    private int historySize = HISTORY_SIZE_DEFAULT;

    /** Fraction of its quota a lender keeps above its demand in enforce mode (0..1). */
    private double lendHeadroom = LEND_HEADROOM_DEFAULT;

    private final SliceStatsListener statsListener = this::statsPolled;
    private final SliceChanges sliceChanges = new SliceChanges(this::sliceChanged);
    private final RateApplier rateApplier = new RateApplier();
    private volatile FairnessConfig config = FairnessConfig.DEFAULT;
    private volatile ReportHistory reports;
    private EnforcementLeadership leadership;
    private FairnessCycle cycle;
    private volatile ExecutorService executor;

    /** Whether the cycles run on the app's own thread (tests run them in the statistics' event). */
    boolean ownThread = true;

    @Activate
    protected void activate(ComponentContext context) {
        cfgService.registerProperties(getClass());
        leadership = new EnforcementLeadership(leadershipService, clusterService);
        leadership.join();
        eventDispatcher.addSink(FairnessEvent.class, listenerRegistry);
        synchronized (this) {
            List<String> errors = new ArrayList<>();
            FairnessConfig cfg = FairnessConfig.DEFAULT.update(context == null ? null : context.getProperties(),
                                                               errors);
            errors.forEach(e -> log.warn(LOG_PREFIX + "invalid configuration: {}", e));
            adopt(cfg);
            cycle = new FairnessCycle(config.lendHeadroom());
            reports = new ReportHistory(FairnessReport.empty(statsService.getSnapshot().timestamp(), config.mode(),
                                                             config.threshold()));
        }
        if (ownThread) {
            executor = Executors.newSingleThreadExecutor(groupedThreads("p4slice/fairness", "cycle-%d", log));
        }
        sliceService.addListener(sliceChanges);
        statsService.addListener(statsListener);
        log.info(LOG_PREFIX + "started");
    }

    @Modified
    protected void modified(ComponentContext context) {
        reconfigure(context == null ? null : context.getProperties());
    }

    @Deactivate
    protected void deactivate() {
        statsService.removeListener(statsListener);
        sliceService.removeListener(sliceChanges);
        boolean enforcing = leadership.modeHere(config.mode()) == FairnessMode.ENFORCE;
        leadership.leave();
        cfgService.unregisterProperties(getClass(), false);
        if (executor != null) {
            executor.shutdown();
            try {
                if (!executor.awaitTermination(RESTORE_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                    executor.shutdownNow();
                }
            } catch (InterruptedException e) {
                executor.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
        if (enforcing) {
            rateApplier.restoreQuotas(meterRateController, sliceService);
        }
        eventDispatcher.removeSink(FairnessEvent.class);
        log.info(LOG_PREFIX + "stopped");
    }

    @Override
    public FairnessReport getReport() {
        return reports.report();
    }

    @Override
    public List<FairnessSummary> getHistory() {
        return reports.summaries();
    }

    @Override
    public FairnessMode getMode() {
        return config.mode();
    }

    @Override
    public double getThreshold() {
        return config.threshold();
    }

    /**
     * Applies new component properties: invalid ones are reported and keep their value.
     *
     * @param props properties, null for no change
     */
    synchronized void reconfigure(Dictionary<?, ?> props) {
        List<String> errors = new ArrayList<>();
        FairnessConfig old = config;
        FairnessConfig next = old.update(props, errors);
        errors.forEach(e -> log.warn(LOG_PREFIX + "invalid configuration: {}", e));
        if (next.equals(old)) {
            return;
        }
        if (old.needsNewCycle(next)) {
            // the rates in effect stay the slicing app's; the next cycle reads them
            cycle = new FairnessCycle(next.lendHeadroom());
        }
        adopt(next);
        reports.trim(next.historySize());
    }

    /**
     * Runs one fairness cycle on the statistics of a poll (the statistics' event handler; tests call
     * it through the statistics).
     *
     * @param stats statistics of the poll
     */
    synchronized void runCycle(SliceStatsSnapshot stats) {
        FairnessConfig cfg = config;
        sliceChanges.applyTo(cycle);
        Map<Integer, Slice> active = sliceService.getSlices().stream()
                .filter(s -> s.state() == SliceState.ACTIVE)
                .collect(Collectors.toMap(s -> s.id().id(), s -> s));
        CycleInputs inputs = CycleInputs.of(active.values(), sliceService.getPortCapacities(),
                                            sliceService.getLinkCapacities());
        // the rates in effect are the slicing app's (what it programs and audits), not this app's memory
        active.keySet().forEach(id -> cycle.setInEffect(id, sliceService.getMeterRate(SliceId.of(id)).orElse(0)));
        FairnessMode modeHere = leadership.modeHere(cfg.mode());
        CycleResult result = cycle.run(stats, inputs, modeHere, cfg.threshold());
        if (cfg.mode() != FairnessMode.ENFORCE || modeHere == FairnessMode.ENFORCE) {
            // an instance that only measures while another enforces leaves the meters to it
            rateApplier.apply(meterRateController, result.changes(), active, modeHere);
        }
        reports.publish(result.report(), cfg.historySize(), cfg.threshold(), this::post);
    }

    private void statsPolled(SliceStatsEvent event) {
        ExecutorService cycles = executor;
        if (cycles == null) {
            safeCycle(event.subject());
        } else if (!cycles.isShutdown()) {
            cycles.execute(() -> safeCycle(event.subject()));
        }
    }

    private void safeCycle(SliceStatsSnapshot stats) {
        try {
            runCycle(stats);
        } catch (RuntimeException e) {
            log.warn(LOG_PREFIX + "cycle failed: {}", e.toString(), e);
        }
    }

    // a slice admitted where free capacity is lent must get its quota now, not at the next poll
    private void sliceChanged() {
        if (config.mode() == FairnessMode.ENFORCE) {
            statsService.requestPoll();
        }
    }

    private void adopt(FairnessConfig cfg) {
        config = cfg;
        threshold = cfg.threshold();
        mode = cfg.mode().configName();
        historySize = cfg.historySize();
        lendHeadroom = cfg.lendHeadroom();
        log.info(LOG_PREFIX + "configuration: {}={} {}={} {}={} {}={}", THRESHOLD, threshold, MODE, mode,
                 HISTORY_SIZE, historySize, LEND_HEADROOM, lendHeadroom);
    }
}
