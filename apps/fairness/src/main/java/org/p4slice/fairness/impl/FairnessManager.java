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

import com.google.common.collect.ImmutableList;
import org.onosproject.cluster.NodeId;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
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
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SliceStats;
import org.p4slice.slicing.api.SliceStatsService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.COUNTER_BITS;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.COUNTER_BITS_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.HISTORY_SIZE;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.HISTORY_SIZE_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.LEND_HEADROOM;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.LEND_HEADROOM_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.MODE;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.MODE_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.POLL_PERIOD_MS;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.POLL_PERIOD_MS_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.THRESHOLD;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.THRESHOLD_DEFAULT;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.WINDOW_SAMPLES;
import static org.p4slice.fairness.impl.OsgiPropertyConstants.WINDOW_SAMPLES_DEFAULT;

/**
 * The fairness app: polls the per-slice counters of every device that has a slice, on its own
 * thread, at the configured period; runs a {@link FairnessCycle}; publishes the report, keeps the
 * history, raises threshold events; in enforce mode applies the meter rates the cycle decides
 * through the {@link MeterRateController}. Also serves {@link SliceStatsService}.
 * <p>
 * Every log line starts with {@value #LOG_PREFIX}.
 */
@Component(immediate = true,
        service = {FairnessService.class, SliceStatsService.class},
        property = {
                POLL_PERIOD_MS + ":Integer=" + POLL_PERIOD_MS_DEFAULT,
                WINDOW_SAMPLES + ":Integer=" + WINDOW_SAMPLES_DEFAULT,
                THRESHOLD + ":Double=" + THRESHOLD_DEFAULT,
                MODE + "=" + MODE_DEFAULT,
                HISTORY_SIZE + ":Integer=" + HISTORY_SIZE_DEFAULT,
                COUNTER_BITS + ":Integer=" + COUNTER_BITS_DEFAULT,
                LEND_HEADROOM + ":Double=" + LEND_HEADROOM_DEFAULT,
        })
public class FairnessManager extends AbstractListenerManager<FairnessEvent, FairnessListener>
        implements FairnessService, SliceStatsService {

    /** Prefix of every log line of the fairness app. */
    public static final String LOG_PREFIX = "p4slice-fairness: ";

    private static final long RESTORE_TIMEOUT_MS = 5000;

    private final Logger log = LoggerFactory.getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceService sliceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LeadershipService leadershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile MeterRateController meterRateController;

    private final SliceListener sliceListener = new InternalSliceListener();
    /** Slices changed since the last poll: id to true if removed, false if reprogrammed. */
    private final Map<Integer, Boolean> changedSlices = new ConcurrentHashMap<>();
    private final Deque<FairnessSummary> history = new ArrayDeque<>();
    private final FairnessAlarms alarms = new FairnessAlarms();
    private final CounterReader counterReader = new CounterReader();
    private final RateApplier rateApplier = new RateApplier();

    // The configuration in effect, one field per property, named after it: ONOS's cfgdef generator
    // takes each property's description from the javadoc of its field. FairnessConfig holds the
    // validated values; these mirror it for the operator (cfg get) and the log.

    /** Polling period of the per-slice counters, milliseconds (100..60000). */
    private int pollPeriodMs = POLL_PERIOD_MS_DEFAULT;

    /** Sliding window of the rates, in polling intervals (1..600). */
    private int windowSamples = WINDOW_SAMPLES_DEFAULT;

    /** Alert threshold on the maximum deviation and on the CV, a fraction (0..1]. */
    private double threshold = THRESHOLD_DEFAULT;

    /** monitor: measure and alert; enforce: also lend unused capacity to backlogged slices. */
    private String mode = MODE_DEFAULT;

    /** Number of report summaries kept in the history (1..100000). */
    private int historySize = HISTORY_SIZE_DEFAULT;

    /** Width of the per-slice counters in bits, where they wrap (1..64). */
    private int counterBits = COUNTER_BITS_DEFAULT;

    /** Fraction of its quota a lender keeps above its demand in enforce mode (0..1). */
    private double lendHeadroom = LEND_HEADROOM_DEFAULT;

    private volatile FairnessConfig config = FairnessConfig.DEFAULT;
    private volatile FairnessReport report;
    private FairnessCycle cycle;
    private volatile ScheduledExecutorService executor;
    private ScheduledFuture<?> pollTask;

    /** Monotonic clock of the polls (replaced in tests). */
    LongSupplier nanoClock = System::nanoTime;
    /** Wall clock of the reports (replaced in tests). */
    LongSupplier wallClock = System::currentTimeMillis;
    /** Leadership topic of enforcement: its leader alone changes meter rates. */
    static final String ENFORCEMENT_TOPIC = "p4slice-fairness-enforcement";
    private boolean enforcingHere;

    /** Whether activation starts the periodic poll (tests poll by hand). */
    boolean autoPoll = true;

    @Activate
    protected void activate(ComponentContext context) {
        cfgService.registerProperties(getClass());
        // every instance measures; one of them, the leader, enforces (meter writes never conflict)
        leadershipService.runForLeadership(ENFORCEMENT_TOPIC);
        eventDispatcher.addSink(FairnessEvent.class, listenerRegistry);
        synchronized (this) {
            List<String> errors = new ArrayList<>();
            FairnessConfig cfg = FairnessConfig.DEFAULT.update(context == null ? null : context.getProperties(),
                                                               errors);
            errors.forEach(e -> log.warn(LOG_PREFIX + "invalid configuration: {}", e));
            adopt(cfg);
            cycle = newCycle(config);
            report = FairnessReport.empty(wallClock.getAsLong(), config.mode(), config.threshold());
        }
        sliceService.addListener(sliceListener);
        if (autoPoll) {
            executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("p4slice/fairness", "poller-%d",
                                                                                 log));
            schedule(config.pollPeriodMs());
        }
        log.info(LOG_PREFIX + "started");
    }

    @Modified
    protected void modified(ComponentContext context) {
        reconfigure(context == null ? null : context.getProperties());
    }

    @Deactivate
    protected void deactivate() {
        sliceService.removeListener(sliceListener);
        leadershipService.withdraw(ENFORCEMENT_TOPIC);
        cfgService.unregisterProperties(getClass(), false);
        if (executor != null) {
            pollTask.cancel(false);
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
        synchronized (this) {
            if (cycle != null) {
                rateApplier.restoreQuotas(meterRateController, cycle, sliceService);
            }
        }
        eventDispatcher.removeSink(FairnessEvent.class);
        log.info(LOG_PREFIX + "stopped");
    }

    @Override
    public FairnessReport getReport() {
        return report;
    }

    @Override
    public List<FairnessSummary> getHistory() {
        synchronized (history) {
            return ImmutableList.copyOf(history);
        }
    }

    @Override
    public FairnessMode getMode() {
        return config.mode();
    }

    @Override
    public double getThreshold() {
        return config.threshold();
    }

    @Override
    public Optional<SliceStats> getStats(SliceId id) {
        return report.slice(id).map(SliceFairness::stats);
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
            FairnessCycle c = newCycle(next);
            c.takeRatesFrom(cycle);
            cycle = c;
        }
        adopt(next);
        trimHistory(next.historySize());
        if (executor != null && old.pollPeriodMs() != next.pollPeriodMs()) {
            schedule(next.pollPeriodMs());
        }
    }

    /**
     * Polls every device once and runs one fairness cycle (the periodic task; tests call it).
     */
    synchronized void pollOnce() {
        FairnessConfig cfg = config;
        applySliceChanges();
        Map<Integer, Slice> active = sliceService.getSlices().stream()
                .filter(s -> s.state() == SliceState.ACTIVE)
                .collect(Collectors.toMap(s -> s.id().id(), s -> s));
        CycleInputs inputs = CycleInputs.of(active.values(), sliceService.getPortCapacities(),
                                            sliceService.getLinkCapacities());
        Map<DeviceId, Map<Integer, SliceCounterValues>> readings = counterReader.read(deviceService,
                                                                                        inputs.slicesPerDevice());
        FairnessMode mode = modeHere(cfg);
        CycleResult result = cycle.run(nanoClock.getAsLong(), wallClock.getAsLong(), readings, inputs,
                                       mode, cfg.threshold());
        BitSet resets = result.resets();
        if (!resets.isEmpty()) {
            log.info(LOG_PREFIX + "counters of slices {} went down (reset): new baseline", resets);
        }
        rateApplier.apply(meterRateController, result.changes(), active, mode, cycle);
        publish(result.report(), cfg);
    }

    // enforce mode lends quota only on the instance that leads the enforcement topic; the others
    // measure (their reports say monitor), so two instances never write different meter rates
    private FairnessMode modeHere(FairnessConfig cfg) {
        if (cfg.mode() != FairnessMode.ENFORCE) {
            return cfg.mode();
        }
        NodeId leader = leadershipService.getLeader(ENFORCEMENT_TOPIC);
        boolean leading = leader != null && leader.equals(clusterService.getLocalNode().id());
        if (leading != enforcingHere) {
            enforcingHere = leading;
            log.info(LOG_PREFIX + "enforce mode: this instance {}", leading ? "enforces (leader)"
                    : "only measures; " + (leader == null ? "no leader yet" : "instance " + leader + " enforces"));
        }
        return leading ? FairnessMode.ENFORCE : FairnessMode.MONITOR;
    }

    private void adopt(FairnessConfig cfg) {
        config = cfg;
        pollPeriodMs = cfg.pollPeriodMs();
        windowSamples = cfg.windowSamples();
        threshold = cfg.threshold();
        mode = cfg.mode().configName();
        historySize = cfg.historySize();
        counterBits = cfg.counterBits();
        lendHeadroom = cfg.lendHeadroom();
        log.info(LOG_PREFIX + "configuration: {}={} {}={} {}={} {}={} {}={} {}={} {}={}",
                 POLL_PERIOD_MS, pollPeriodMs, WINDOW_SAMPLES, windowSamples, THRESHOLD, threshold, MODE, mode,
                 HISTORY_SIZE, historySize, COUNTER_BITS, counterBits, LEND_HEADROOM, lendHeadroom);
    }

    private FairnessCycle newCycle(FairnessConfig cfg) {
        return new FairnessCycle(cfg.windowSamples(), cfg.counterBits(), cfg.lendHeadroom());
    }

    private void schedule(int periodMs) {
        if (pollTask != null) {
            pollTask.cancel(false);
        }
        pollTask = executor.scheduleAtFixedRate(this::safePoll, periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    private void safePoll() {
        try {
            pollOnce();
        } catch (RuntimeException e) {
            log.warn(LOG_PREFIX + "poll failed: {}", e.toString(), e);
        }
    }

    private void applySliceChanges() {
        for (Integer id : new ArrayList<>(changedSlices.keySet())) {
            Boolean removed = changedSlices.remove(id);
            if (Boolean.TRUE.equals(removed)) {
                cycle.forgetSlice(id);
            } else {
                cycle.setInEffect(id, 0);
            }
        }
    }

    private void publish(FairnessReport r, FairnessConfig cfg) {
        report = r;
        FairnessSummary s = r.summary();
        synchronized (history) {
            history.addLast(s);
        }
        trimHistory(cfg.historySize());
        log.debug(LOG_PREFIX + "window={}s cv={} jain={} maxDeviation={} backlogged={}/{}", s.windowSeconds(),
                  s.cv(), s.jain(), s.maxDeviation(), s.backlogged(), s.slices());
        for (FairnessEvent e : alarms.check(s, cfg.threshold())) {
            if (e.type() == FairnessEvent.Type.DEVIATION_EXCEEDED || e.type() == FairnessEvent.Type.CV_EXCEEDED) {
                log.warn(LOG_PREFIX + "{}: {} > threshold {} ({} of {} slices backlogged)", e.type(), e.value(),
                         e.threshold(), s.backlogged(), s.slices());
            } else {
                log.info(LOG_PREFIX + "{}: {} <= threshold {}", e.type(), e.value(), e.threshold());
            }
            post(e);
        }
    }

    private void trimHistory(int size) {
        synchronized (history) {
            while (history.size() > size) {
                history.removeFirst();
            }
        }
    }

    private class InternalSliceListener implements SliceListener {
        @Override
        public void event(SliceEvent event) {
            int id = event.subject().id().id();
            boolean gone = event.type() == SliceEvent.Type.SLICE_REMOVED
                    || event.subject().state() != SliceState.ACTIVE;
            changedSlices.merge(id, gone, (a, b) -> a || b);
            ScheduledExecutorService poller = executor;
            if (config.mode() == FairnessMode.ENFORCE && poller != null && !poller.isShutdown()) {
                // a slice admitted where free capacity is lent must get its quota now, not at the next poll
                poller.execute(FairnessManager.this::safePoll);
            }
        }
    }
}
