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

import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.MeterRateController;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.p4slice.fairness.impl.FairnessManager.LOG_PREFIX;

/**
 * Applies the meter rates a fairness cycle decides through the {@link MeterRateController}, and
 * logs each lend, borrow and return. Used under the manager's lock only.
 */
final class RateApplier {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private boolean warnedNoController;

    /**
     * Applies rate changes, decreases first (the order given). The slicing app keeps the applied
     * rates (the next cycle reads them from it); a change that fails is logged and left for the
     * next poll.
     *
     * @param controller meter-rate controller, or null if none is available
     * @param changes    changes, decreases first
     * @param slices     the slices by id
     * @param mode       mode in effect (for the log)
     */
    void apply(MeterRateController controller, List<RateChange> changes, Map<Integer, Slice> slices,
               FairnessMode mode) {
        if (changes.isEmpty()) {
            return;
        }
        if (controller == null) {
            if (!warnedNoController) {
                warnedNoController = true;
                log.warn(LOG_PREFIX + "{} mode wants {} meter changes but no MeterRateController is available; "
                                 + "meters stay as programmed", mode.configName(), changes.size());
            }
            return;
        }
        warnedNoController = false;
        for (RateChange c : changes) {
            Slice slice = slices.get(c.sliceId());
            try {
                controller.setRate(slice, c.toBps());
                boolean transition = c.fromBps() == c.quotaBps() || c.toBps() == c.quotaBps();
                String what = c.toBps() > c.quotaBps() ? "borrows"
                        : c.toBps() < c.quotaBps() ? "lends" : "back to quota";
                if (transition) {
                    log.info(LOG_PREFIX + "slice {} {}: meter {} -> {} bps (quota {})", c.sliceId(), what,
                             c.fromBps(), c.toBps(), c.quotaBps());
                } else {
                    log.debug(LOG_PREFIX + "slice {} {}: meter {} -> {} bps (quota {})", c.sliceId(), what,
                              c.fromBps(), c.toBps(), c.quotaBps());
                }
            } catch (RuntimeException e) {
                log.warn(LOG_PREFIX + "cannot set meter of slice {} to {} bps: {}", c.sliceId(), c.toBps(),
                         e.getMessage());
            }
        }
    }

    /**
     * Puts every meter that runs at an enforced rate back to its quota (on deactivation of the
     * enforcing instance).
     *
     * @param controller    meter-rate controller, or null if none is available
     * @param sliceService  slice service, which knows the enforced rates
     */
    void restoreQuotas(MeterRateController controller, SliceService sliceService) {
        if (controller == null) {
            return;
        }
        for (Slice slice : sliceService.getSlices()) {
            OptionalLong rate = sliceService.getMeterRate(slice.id());
            if (rate.isEmpty()) {
                continue;
            }
            try {
                controller.setRate(slice, slice.quotaBps());
                log.info(LOG_PREFIX + "slice {} back to quota: meter {} -> {} bps", slice.id().id(),
                         rate.getAsLong(), slice.quotaBps());
            } catch (RuntimeException ex) {
                log.warn(LOG_PREFIX + "cannot restore meter of slice {}: {}", slice.id().id(), ex.getMessage());
            }
        }
    }
}
