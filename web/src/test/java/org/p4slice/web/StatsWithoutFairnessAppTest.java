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
package org.p4slice.web;

import org.junit.After;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.Behaviour;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.testbed.StatsHarness;
import org.p4slice.testbed.CounterCells;

import javax.ws.rs.core.Response;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Statistics without the fairness app: the slicing app's own statistics (the real
 * {@code SliceStatsManager}, reading the switches' counters) serve {@code /slices/{id}/stats};
 * zeros for an existing slice until its counters were read, then the counts and rates.
 */
public class StatsWithoutFairnessAppTest extends RestTestBase {

    private static final long SECOND = 1_000_000_000L;

    private final Map<DeviceId, CounterCells> cells = new ConcurrentHashMap<>();
    private StatsHarness stats;
    private long now;

    @Override
    protected Map<Class<?>, Behaviour> behaviours(DeviceId device) {
        CounterCells c = new CounterCells();
        cells.put(device, c);
        return Map.of(SliceCounters.class, c);
    }

    @Override
    protected SliceStatsService statsService() {
        stats = new StatsHarness(testbed.slices(), testbed.devices, () -> now,
                                 () -> 1_767_225_600_000L + now / 1_000_000);
        return stats.service();
    }

    @After
    public void stopStats() {
        stats.stop();
    }

    @Test
    public void statsAreServedWithoutTheFairnessApp() {
        assertThat("the fairness app is not running", get("fairness").getStatus(), is(503));
        create("{'name': 'a', 'tenant': 'itb', 'quotaBps': 1000000, 'endpoints': [" + access(S1, 1) + "]}");
        Response r = get("slices/1/stats");
        assertThat(r.getStatus(), is(200));
        assertThat(r.readEntity(String.class), is(q("{'rxBytes':0,'rxPackets':0,'txBytes':0,'txPackets':0,"
                + "'dropBytes':0,'dropPackets':0,'rxBps':0,'txBps':0}")));
        stats.poll();
        cells.get(S1).add(1, 125_000, 25_000, 100_000);
        now += SECOND;
        stats.poll();
        assertThat(get("slices/1/stats").readEntity(String.class), is(q(
                "{'rxBytes':125000,'rxPackets':125,'txBytes':100000,'txPackets':100,'dropBytes':25000,"
                        + "'dropPackets':25,'rxBps':1000000,'txBps':800000}")));
        assertError(get("slices/2/stats"), 404, "no slice with id 2");
    }
}
