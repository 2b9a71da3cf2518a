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
package org.p4slice.slicing.impl.stats;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.DriverService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.slicing.impl.programming.DeviceBehaviours;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.stats.SliceStatsEvent;
import org.p4slice.slicing.api.stats.SliceStatsListener;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.api.stats.SliceStatsSnapshot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Dictionary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

import static org.onlab.util.Tools.groupedThreads;
import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.COUNTER_BITS;
import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.COUNTER_BITS_DEFAULT;
import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.POLL_PERIOD_MS;
import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.POLL_PERIOD_MS_DEFAULT;
import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.WINDOW_SAMPLES;
import static org.p4slice.slicing.impl.stats.OsgiPropertyConstants.WINDOW_SAMPLES_DEFAULT;

/**
 * The slice statistics ({@link SliceStatsService}): on its own thread, at the configured period,
 * reads the per-slice counters of every device of the ACTIVE slices (one batched read per device,
 * through the pipeconf's {@code SliceCounters}; every instance reads, master or not), keeps the
 * sliding windows ({@link StatsWindows}) and publishes each poll's {@link SliceStatsSnapshot} as an
 * event. The one reader of the counters: the fairness app judges from these snapshots.
 * <p>
 * A slice removed or no longer ACTIVE is forgotten before the next poll (a new slice with its id
 * starts afresh); a change of the window or of the counter width restarts the windows.
 */
@Component(immediate = true, service = SliceStatsService.class,
        property = {
                POLL_PERIOD_MS + ":Integer=" + POLL_PERIOD_MS_DEFAULT,
                WINDOW_SAMPLES + ":Integer=" + WINDOW_SAMPLES_DEFAULT,
                COUNTER_BITS + ":Integer=" + COUNTER_BITS_DEFAULT,
        })
public class SliceStatsManager extends AbstractListenerManager<SliceStatsEvent, SliceStatsListener>
        implements SliceStatsService {

    private static final long STOP_TIMEOUT_MS = 5000;

    private final Logger log = LoggerFactory.getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceService sliceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DriverService driverService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService cfgService;

    // The configuration in effect, one field per property, named after it: ONOS's cfgdef generator
    // takes each property's description from the javadoc of its field. StatsConfig holds the
    // validated values; these mirror it for the operator (cfg get) and the log.

    /** Polling period of the per-slice counters, milliseconds (100..60000). */
    private int pollPeriodMs = POLL_PERIOD_MS_DEFAULT;

    /** Sliding window of the rates, in polling intervals (1..600). */
    private int windowSamples = WINDOW_SAMPLES_DEFAULT;

    /** Width of the per-slice counters in bits, where they wrap (1..64). */
    private int counterBits = COUNTER_BITS_DEFAULT;

    private final SliceListener sliceListener = new InternalSliceListener();
    /** Slices removed or no longer ACTIVE since the last poll. */
    private final Set<Integer> goneSlices = ConcurrentHashMap.newKeySet();
    private final CounterReader counterReader = new CounterReader();
    private DeviceBehaviours behaviours;

    private volatile StatsConfig config = StatsConfig.DEFAULT;
    private volatile SliceStatsSnapshot snapshot;
    private StatsWindows windows;
    private volatile ScheduledExecutorService executor;
    private ScheduledFuture<?> pollTask;
    private final AtomicBoolean pollRequested = new AtomicBoolean();

    /** Monotonic clock of the polls (replaced in tests). */
    LongSupplier nanoClock = System::nanoTime;
    /** Wall clock of the snapshots (replaced in tests). */
    LongSupplier wallClock = System::currentTimeMillis;
    /** Whether activation starts the periodic poll (tests poll by hand). */
    boolean autoPoll = true;

    @Activate
    protected void activate(ComponentContext context) {
        cfgService.registerProperties(getClass());
        behaviours = new DeviceBehaviours(deviceService, driverService);
        eventDispatcher.addSink(SliceStatsEvent.class, listenerRegistry);
        synchronized (this) {
            List<String> errors = new ArrayList<>();
            adopt(StatsConfig.DEFAULT.update(context == null ? null : context.getProperties(), errors));
            errors.forEach(e -> log.warn("Invalid statistics configuration: {}", e));
            windows = new StatsWindows(config.windowSamples(), config.counterBits());
            snapshot = SliceStatsSnapshot.empty(wallClock.getAsLong(), config.windowSamples());
        }
        sliceService.addListener(sliceListener);
        if (autoPoll) {
            executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("p4slice/stats", "poller-%d", log));
            schedule(config.pollPeriodMs());
        }
        log.info("Started");
    }

    @Modified
    protected void modified(ComponentContext context) {
        reconfigure(context == null ? null : context.getProperties());
    }

    @Deactivate
    protected void deactivate() {
        sliceService.removeListener(sliceListener);
        cfgService.unregisterProperties(getClass(), false);
        if (executor != null) {
            pollTask.cancel(false);
            executor.shutdown();
            try {
                if (!executor.awaitTermination(STOP_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                    executor.shutdownNow();
                }
            } catch (InterruptedException e) {
                executor.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
        eventDispatcher.removeSink(SliceStatsEvent.class);
        log.info("Stopped");
    }

    @Override
    public SliceStatsSnapshot getSnapshot() {
        return snapshot;
    }

    @Override
    public void requestPoll() {
        ScheduledExecutorService poller = executor;
        // requests coalesce: at most one requested poll waits (a poll reads every slice), however many
        // slice events ask for one meanwhile
        if (poller != null && !poller.isShutdown() && pollRequested.compareAndSet(false, true)) {
            try {
                poller.execute(this::requestedPoll);
            } catch (RejectedExecutionException e) {
                pollRequested.set(false);
            }
        }
    }

    private void requestedPoll() {
        pollRequested.set(false);
        safePoll();
    }

    /**
     * Applies new component properties: invalid ones are reported and keep their value.
     *
     * @param props properties, null for no change
     */
    synchronized void reconfigure(Dictionary<?, ?> props) {
        List<String> errors = new ArrayList<>();
        StatsConfig old = config;
        StatsConfig next = old.update(props, errors);
        errors.forEach(e -> log.warn("Invalid statistics configuration: {}", e));
        if (next.equals(old)) {
            return;
        }
        if (old.needsNewWindows(next)) {
            windows = new StatsWindows(next.windowSamples(), next.counterBits());
        }
        adopt(next);
        if (executor != null && old.pollPeriodMs() != next.pollPeriodMs()) {
            schedule(next.pollPeriodMs());
        }
    }

    /**
     * Reads the counters of every device of the ACTIVE slices once and publishes the statistics
     * (the periodic task; tests call it).
     */
    synchronized void pollOnce() {
        for (Integer id : new ArrayList<>(goneSlices)) {
            goneSlices.remove(id);
            windows.forgetSlice(id);
        }
        Map<SliceId, Set<DeviceId>> polled = new LinkedHashMap<>();
        for (Slice s : sliceService.getSlices()) {
            if (s.state() == SliceState.ACTIVE) {
                polled.put(s.id(), s.devices());
            }
        }
        Map<DeviceId, Map<Integer, SliceCounterValues>> readings =
                counterReader.read(deviceService, behaviours, StatsWindows.cellsToRead(polled));
        SliceStatsSnapshot s = windows.record(nanoClock.getAsLong(), wallClock.getAsLong(), readings, polled);
        BitSet resets = windows.resets();
        if (!resets.isEmpty()) {
            log.info("Counters of slices {} went down (reset): new baseline", resets);
        }
        snapshot = s;
        post(new SliceStatsEvent(SliceStatsEvent.Type.STATS_UPDATED, s));
    }

    private void adopt(StatsConfig cfg) {
        config = cfg;
        pollPeriodMs = cfg.pollPeriodMs();
        windowSamples = cfg.windowSamples();
        counterBits = cfg.counterBits();
        log.info("Statistics configuration: {}={} {}={} {}={}", POLL_PERIOD_MS, pollPeriodMs,
                 WINDOW_SAMPLES, windowSamples, COUNTER_BITS, counterBits);
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
            log.warn("Statistics poll failed: {}", e.toString(), e);
        }
    }

    private class InternalSliceListener implements SliceListener {
        @Override
        public void event(SliceEvent event) {
            if (event.type() == SliceEvent.Type.SLICE_REMOVED || event.subject().state() != SliceState.ACTIVE) {
                goneSlices.add(event.subject().id().id());
            }
        }
    }
}
