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
package org.p4slice.slicing.impl.slice;

import org.junit.Test;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.testbed.QueuedWork;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

/**
 * The bounds on the device work: a flood of events queues at most one step per slice behind the
 * one running, and the periodic reconciliation never starts while its previous run is queued or
 * running.
 */
public class BoundedWorkTest {

    private static int drain(QueuedWork queued) {
        int ran = 0;
        for (Runnable task = queued.poll(); task != null; task = queued.poll()) {
            task.run();
            ran++;
        }
        return ran;
    }

    @Test
    public void aFloodOfEventsQueuesOneStepPerSliceAtTheHighestLevelAsked() {
        QueuedWork queued = new QueuedWork();
        SliceWork work = new SliceWork(queued);
        List<String> steps = new ArrayList<>();
        for (int event = 0; event < 1000; event++) {
            for (int slice = 1; slice <= 10; slice++) {
                int id = slice;
                int level = event == 500 ? SliceLifecycle.PROGRAM : SliceLifecycle.DECIDE;
                work.submit(SliceId.of(id), level, at -> steps.add(id + ":" + at));
            }
        }
        assertEquals("one queued task per slice", 10, drain(queued));
        assertEquals(10, steps.size());
        assertEquals("the waiting step runs at the highest level asked", "1:" + SliceLifecycle.PROGRAM,
                     steps.get(0));
    }

    @Test
    public void eventsDuringAStepQueueOneMoreStep() {
        QueuedWork queued = new QueuedWork();
        SliceWork work = new SliceWork(queued);
        SliceId id = SliceId.of(7);
        List<Integer> steps = new ArrayList<>();
        work.submit(id, SliceLifecycle.RECONCILE, at -> {
            steps.add(at);
            // events arrive while the step runs: one step waits behind it, whatever their number
            for (int i = 0; i < 100; i++) {
                work.submit(id, SliceLifecycle.DECIDE, steps::add);
            }
        });
        assertEquals(2, drain(queued));
        assertEquals(List.of(SliceLifecycle.RECONCILE, SliceLifecycle.DECIDE), steps);
    }

    @Test
    public void aPeriodicTaskIsSkippedWhileItsPreviousRunIsQueuedOrRunning() {
        QueuedWork pool = new QueuedWork();
        int[] runs = {0};
        SliceWorkers.NonOverlapping tick = new SliceWorkers.NonOverlapping(() -> runs[0]++, pool);
        tick.run();
        tick.run();
        tick.run();
        assertEquals("two ticks skipped while the first run waits for a thread", 2, tick.skipped());
        assertEquals(1, drain(pool));
        assertEquals(1, runs[0]);
        tick.run();
        assertEquals("ticks again once the previous run ended", 1, drain(pool));
        assertEquals(2, runs[0]);
        assertNull(pool.poll());
    }

    @Test
    public void aFailingPeriodicRunDoesNotStopTheNextTicks() {
        QueuedWork pool = new QueuedWork();
        int[] runs = {0};
        SliceWorkers.NonOverlapping tick = new SliceWorkers.NonOverlapping(() -> {
            runs[0]++;
            throw new IllegalStateException("audit failed");
        }, pool);
        tick.run();
        try {
            drain(pool);
        } catch (IllegalStateException expected) {
            assertEquals("audit failed", expected.getMessage());
        }
        tick.run();
        assertEquals(0, tick.skipped());
        try {
            drain(pool);
        } catch (IllegalStateException expected) {
            assertEquals("audit failed", expected.getMessage());
        }
        assertEquals(2, runs[0]);
    }
}
