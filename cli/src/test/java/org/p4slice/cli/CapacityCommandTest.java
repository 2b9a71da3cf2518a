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
package org.p4slice.cli;

import org.junit.Test;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * The capacity command: tables of ports and links, the REST JSON, and the device filter.
 */
public class CapacityCommandTest extends CliTestBase {

    @Test
    public void tablesOfPortsAndLinks() throws Exception {
        run(new SliceAddCommand(), "-t", "itb", "-q", "25M", "lab1", "device:bmv2:s1/1", "device:bmv2:s2/2");
        out();
        run(new CapacityCommand(), "device:bmv2:s1");
        assertThat(out(), is(List.of(
                "PORT              CAPACITY  GUARD  ALLOCATED  AVAILABLE",
                "device:bmv2:s1/1  100 Mb/s  5%     25 Mb/s    70 Mb/s",
                "device:bmv2:s1/2  100 Mb/s  5%     0 b/s      95 Mb/s",
                "device:bmv2:s1/3  100 Mb/s  5%     0 b/s      95 Mb/s",
                "device:bmv2:s1/4  100 Mb/s  5%     25 Mb/s    70 Mb/s",
                "",
                "LINK                               CAPACITY  GUARD  ALLOCATED  AVAILABLE",
                "device:bmv2:s1/4-device:bmv2:s2/4  100 Mb/s  5%     25 Mb/s    70 Mb/s")));
    }

    @Test
    public void jsonIsTheRestReport() throws Exception {
        run(new CapacityCommand(), "-j");
        assertThat(out(), is(List.of(SlicingCodecs.capacity(testbed.slices().getPortCapacities(),
                                                            testbed.slices().getLinkCapacities(),
                                                            SlicingCodecs.context()).toString())));
        run(new CapacityCommand(), "-j", "device:bmv2:s9");
        assertThat(out(), is(List.of("{\"ports\":[],\"links\":[]}")));
    }
}
