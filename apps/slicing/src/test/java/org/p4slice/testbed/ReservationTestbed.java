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
package org.p4slice.testbed;

import org.p4slice.slicing.impl.reservation.ReservationManager;
import org.p4slice.slicing.impl.store.DistributedReservationStore;
import org.p4slice.slicing.impl.admission.AdmissionLock;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.intent.WorkPartitionServiceAdapter;
import org.osgi.service.component.ComponentContext;
import org.p4slice.slicing.api.reservation.ReservationEvent;
import org.p4slice.slicing.api.reservation.ReservationListener;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static org.p4slice.testbed.Components.activate;
import static org.p4slice.testbed.Components.deactivate;
import static org.p4slice.testbed.Components.set;
import static org.onosproject.net.NetTestTools.injectEventDispatcher;

/**
 * The reservation manager and its store over a {@link SlicingTestbed}: a test clock, an executor
 * the test runs, work partitions that the test can give away, and the same shared storage, so
 * that a restart finds what was stored. {@link SlicingTestbed#startAll()} runs one too, on the
 * system clock ({@link #onSystemTime}) or on a test clock with one-off work run at once.
 */
public final class ReservationTestbed {

    /** The instant the tests' clock starts at. */
    public static final Instant NOW = Instant.parse("2026-11-21T08:00:00Z");

    public final SlicingTestbed slicing;
    /** The manager's clock; null on the system clock. */
    public final ReservationTestClock clock;
    public final List<ReservationEvent> events = new ArrayList<>();
    public volatile boolean mine = true;
    /** How long the reservation manager waits for the cluster-wide admission lock. */
    public Duration admissionWait = AdmissionLock.DEFAULT_WAIT;

    private final ReservationListener recorder = events::add;
    private final boolean inline;

    public DistributedReservationStore store;
    public ReservationManager manager;
    public ReservationTestExecutor executor;

    /**
     * Creates the reservation side of a slicing testbed.
     *
     * @param slicing slicing testbed (devices added; started by {@link #start()})
     */
    public ReservationTestbed(SlicingTestbed slicing) {
        this(slicing, new ReservationTestClock(NOW), false);
    }

    /**
     * Creates the reservation side of a slicing testbed on a test clock.
     *
     * @param slicing slicing testbed
     * @param clock   the manager's clock; null for the system clock and the manager's own executor
     * @param inline  whether the one-off work of the manager (a tick when a booking starts at once)
     *                runs at once rather than at {@link #tick()}
     */
    ReservationTestbed(SlicingTestbed slicing, ReservationTestClock clock, boolean inline) {
        this.slicing = slicing;
        this.clock = clock;
        this.inline = inline;
    }

    /**
     * Creates the reservation side of a slicing testbed on the system clock, the manager ticking
     * by itself on its own executor.
     *
     * @param slicing slicing testbed
     * @return reservation testbed
     */
    static ReservationTestbed onSystemTime(SlicingTestbed slicing) {
        return new ReservationTestbed(slicing, null, false);
    }

    /**
     * Starts the slicing testbed, then the reservation store and manager.
     */
    public void start() {
        slicing.start();
        startReservations(null);
    }

    /**
     * Starts the reservation store and manager (the slicing testbed runs).
     *
     * @param context component properties, or null
     */
    public void startReservations(ComponentContext context) {
        store = new DistributedReservationStore();
        set(store, "storageService", slicing.storage);
        activate(store);
        manager = new ReservationManager();
        set(manager, "store", store);
        set(slicing.admission, "lockWait", admissionWait);
        set(manager, "sliceService", slicing.manager);
        set(manager, "bookingStarts", slicing.manager);
        set(manager, "cfgService", new ComponentConfigAdapter());
        set(manager, "workPartitionService", new WorkPartitionServiceAdapter() {
            @Override
            public <K> boolean isMine(K id, Function<K, Long> hasher) {
                return mine;
            }
        });
        if (clock != null) {
            set(manager, "clock", clock);
            set(slicing.admission, "clock", clock);
            executor = new ReservationTestExecutor(inline);
            set(manager, "executor", executor);
        }
        injectEventDispatcher(manager, new SyncEventDispatcher());
        manager.addListener(recorder);
        set(manager, "admission", slicing.admission);
        activate(manager, context);
    }

    /**
     * Stops the reservation manager and store.
     */
    public void stopReservations() {
        manager.removeListener(recorder);
        deactivate(manager);
        deactivate(store);
    }

    /**
     * Stops everything and starts it again on the same storage, as after a controller restart.
     */
    public void restart() {
        stopReservations();
        slicing.restart();
        startReservations(null);
    }

    /**
     * Runs what the scheduler has due at the clock's time.
     */
    public void tick() {
        executor.runDue();
    }
}
