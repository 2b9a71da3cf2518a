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

import org.junit.Test;

import javax.ws.rs.core.Response;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Statistics when the collector (the fairness app) is not running: zeros for an existing slice.
 */
public class StatsWithoutCollectorTest extends RestTestBase {

    @Override
    protected boolean withStatsService() {
        return false;
    }

    @Test
    public void statsAreZeroWithoutACollector() {
        create("{'name': 'a', 'tenant': 'itb', 'quotaBps': 1000000, 'endpoints': [" + access(S1, 1) + "]}");
        Response r = get("slices/1/stats");
        assertThat(r.getStatus(), is(200));
        assertThat(r.readEntity(String.class), is(q("{'rxBytes':0,'rxPackets':0,'txBytes':0,'txPackets':0,"
                + "'dropBytes':0,'dropPackets':0,'rxBps':0,'txBps':0}")));
        assertError(get("slices/2/stats"), 404, "no slice with id 2");
    }
}
