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
package org.p4slice.slicing.impl.programming;

import org.onosproject.net.DeviceId;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * A write the switch answers at once (a meter cell, a multicast group): made only where the device
 * is available and this instance is its master, and retried after the one refusal that passes by
 * itself; and a flow-rule batch ONOS reports failed, submitted again after the same backoff
 * ({@link #resubmitLater}). This class is the one place that decides what is tried again.
 * <p>
 * A switch refuses a write with the gRPC status {@code PERMISSION_DENIED} when it does not take the
 * writer as its primary client (P4Runtime, Write RPC; bmv2 answers "Not primary", Stratum "... is
 * not primary"); ONOS reports such a refused write as
 * {@code io.grpc.StatusRuntimeException: PERMISSION_DENIED: Not primary} (an entity the switch
 * refused for what it is reads "PERMISSION_DENIED", a space and the switch's text). Right
 * after ONOS connects a device it raises its own election id on the switch several times within
 * seconds (its device provider asserts MASTER again), and a write that reaches the switch before
 * the switch has taken the new id is refused so although ONOS already names this instance master.
 * That refusal is retried: {@value #TRIES} tries in all, after {@link #BACKOFF} (0.5 s, then 1 s).
 * The switch takes the new id with one arbitration round trip on its stream (milliseconds), so
 * 1.5 s covers that window many times over, while a slice's outcome waits at most 1.5 s more:
 * far less than the 10 s reconciliation that would otherwise repair it, and the writer's timeout
 * is not at risk. Before each try the device's availability and mastership are checked again. Any
 * other refusal or error, a device that is not available and a device this instance does not
 * master fail at once. The retries wait on the calling thread: the writer runs on the slicing
 * work pool, never on an ONOS event thread or in a listener.
 */
final class MasterWrites {

    /** Tries of a write the switch refuses as not primary, the first included. */
    static final int TRIES = 3;
    /** Wait before the second try, then before the third. */
    static final List<Duration> BACKOFF = List.of(Duration.ofMillis(500), Duration.ofMillis(1000));

    // how ONOS reports a write the switch refused as a whole with PERMISSION_DENIED
    private static final String NOT_PRIMARY = "PERMISSION_DENIED:";

    private final Logger log = getLogger(getClass());
    private final MeterCellAccess devices;
    private final ScheduledExecutorService scheduler;

    /**
     * Creates the writes.
     *
     * @param devices   the devices' availability and mastership
     * @param scheduler where a failed flow-rule batch waits before it is submitted again
     */
    MasterWrites(MeterCellAccess devices, ScheduledExecutorService scheduler) {
        this.devices = devices;
        this.scheduler = scheduler;
    }

    /**
     * Tells whether a failed write is the switch's transient "not primary" refusal.
     *
     * @param reason the failure's message (may be null)
     * @return true if the write is worth trying again
     */
    static boolean notPrimary(String reason) {
        return reason != null && reason.contains(NOT_PRIMARY);
    }

    /**
     * Writes on a device where this instance is its master, retrying a "not primary" refusal.
     *
     * @param device device
     * @param what   the write, for the log
     * @param write  the write; throws when the device refuses or cannot be reached
     * @return empty once written, else why not (a refusal retried says so)
     */
    Optional<String> write(DeviceId device, String what, Runnable write) {
        for (int tries = 1; ; tries++) {
            Optional<String> unwritable = unwritable(device);
            if (unwritable.isPresent()) {
                return unwritable;
            }
            String reason;
            try {
                write.run();
                return Optional.empty();
            } catch (RuntimeException e) {
                reason = e.getMessage();
            }
            if (!notPrimary(reason)) {
                return Optional.of(String.valueOf(reason));
            }
            if (tries == TRIES) {
                return Optional.of(reason + " (refused as not primary " + TRIES + " times in "
                        + Confirmations.format(total(TRIES - 1))
                        + ", although ONOS names this instance the device's master)");
            }
            Duration backoff = BACKOFF.get(tries - 1);
            log.info("{}: refused as not primary (try {} of {}), trying again in {}", what, tries, TRIES,
                     Confirmations.format(backoff));
            try {
                Thread.sleep(backoff.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of(reason + " (refused as not primary; interrupted before trying again)");
            }
        }
    }

    /**
     * After a flow-rule batch ONOS reports failed on a device, decides whether to submit it again.
     * ONOS gives no reason for a failed batch; the failures seen on a device that is available and
     * mastered here come from the same moments as the refusals above (right after ONOS connected the
     * device, while its P4Runtime session changes hands: ONOS's own packet-request batches fail then
     * too), so the batch gets the same tries and backoff, scheduled (the failure is reported on an
     * ONOS thread, which must not wait).
     *
     * @param device device
     * @param tries  tries made so far, the failed one included
     * @param what   the batch, for the log
     * @param again  submits the batch again
     * @return empty if {@code again} was scheduled, else why the batch is not tried again
     */
    Optional<String> resubmitLater(DeviceId device, int tries, String what, Runnable again) {
        Optional<String> unwritable = unwritable(device);
        if (unwritable.isPresent()) {
            return unwritable;
        }
        if (tries >= TRIES) {
            return Optional.of(TRIES + " tries in " + Confirmations.format(total(TRIES - 1)));
        }
        Duration backoff = BACKOFF.get(tries - 1);
        log.info("{}: the batch failed (try {} of {}), submitting it again in {}", what, tries, TRIES,
                 Confirmations.format(backoff));
        scheduler.schedule(again, backoff.toMillis(), TimeUnit.MILLISECONDS);
        return Optional.empty();
    }

    // why this instance cannot write on the device now, if it cannot: only a master's writes reach it
    private Optional<String> unwritable(DeviceId device) {
        if (!devices.available(device)) {
            return Optional.of("device " + device + " is not available");
        }
        if (!devices.localMaster(device)) {
            return Optional.of("this instance is not the master of " + device);
        }
        return Optional.empty();
    }

    // the waits before the first n retries
    private static Duration total(int n) {
        return BACKOFF.subList(0, n).stream().reduce(Duration.ZERO, Duration::plus);
    }
}
