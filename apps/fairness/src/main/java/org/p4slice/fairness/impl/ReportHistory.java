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
import org.p4slice.fairness.api.FairnessEvent;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessSummary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

import static org.p4slice.fairness.impl.FairnessManager.LOG_PREFIX;

/**
 * The published side of the fairness app: the latest report, the bounded history of summaries
 * (oldest first) and the threshold events, one per crossing ({@link FairnessAlarms}), each logged.
 * Thread-safe: published from the cycle thread, read from any.
 */
final class ReportHistory {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final Deque<FairnessSummary> history = new ArrayDeque<>();
    private final FairnessAlarms alarms = new FairnessAlarms();
    private volatile FairnessReport report;

    /**
     * Creates the history with a first report.
     *
     * @param initial report before the first cycle
     */
    ReportHistory(FairnessReport initial) {
        this.report = initial;
    }

    /**
     * Returns the latest report.
     *
     * @return report
     */
    FairnessReport report() {
        return report;
    }

    /**
     * Returns the summaries kept, oldest first.
     *
     * @return summaries
     */
    synchronized List<FairnessSummary> summaries() {
        return ImmutableList.copyOf(history);
    }

    /**
     * Publishes a report: keeps it and its summary, and posts an event for every threshold crossing.
     *
     * @param r         report
     * @param size      most summaries to keep
     * @param threshold alert threshold
     * @param events    where the events go
     */
    void publish(FairnessReport r, int size, double threshold, Consumer<FairnessEvent> events) {
        report = r;
        FairnessSummary s = r.summary();
        synchronized (this) {
            history.addLast(s);
        }
        trim(size);
        log.debug(LOG_PREFIX + "window={}s cv={} jain={} maxDeviation={} backlogged={}/{}", s.windowSeconds(),
                  s.cv(), s.jain(), s.maxDeviation(), s.backlogged(), s.slices());
        for (FairnessEvent e : alarms.check(s, threshold)) {
            if (e.type() == FairnessEvent.Type.DEVIATION_EXCEEDED || e.type() == FairnessEvent.Type.CV_EXCEEDED) {
                log.warn(LOG_PREFIX + "{}: {} > threshold {} ({} of {} slices backlogged)", e.type(), e.value(),
                         e.threshold(), s.backlogged(), s.slices());
            } else {
                log.info(LOG_PREFIX + "{}: {} <= threshold {}", e.type(), e.value(), e.threshold());
            }
            events.accept(e);
        }
    }

    /**
     * Drops the oldest summaries beyond a size.
     *
     * @param size most summaries to keep
     */
    synchronized void trim(int size) {
        while (history.size() > size) {
            history.removeFirst();
        }
    }
}
