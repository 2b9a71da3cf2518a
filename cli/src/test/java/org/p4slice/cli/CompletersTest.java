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

import java.util.ArrayList;
import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * The completers: choices from ONOS services and the slicing app, and completion of a prefix.
 */
public class CompletersTest extends CliTestBase {

    private <C extends P4SliceCompleter> C completer(C c) {
        c.services = services;
        c.caller = caller;
        return c;
    }

    private static List<String> complete(P4SliceCompleter c, String... line) {
        List<String> candidates = new ArrayList<>();
        c.complete(null, new ArgumentParsingTest.Line(line), candidates);
        return candidates;
    }

    @Test
    public void sliceIds() throws Exception {
        assertThat(completer(new SliceIdCompleter()).choices(), is(List.of()));
        run(new SliceAddCommand(), "--id", "12", "-t", "ui", "-q", "1M", "b", "device:bmv2:s1/2");
        run(new SliceAddCommand(), "--id", "3", "-t", "itb", "-q", "1M", "a", "device:bmv2:s1/1");
        assertThat(completer(new SliceIdCompleter()).choices(), is(List.of("3", "12")));
        assertThat(complete(completer(new SliceIdCompleter()), "slice-remove", "1"), is(List.of("12 ")));
    }

    @Test
    public void tenantsFromTheConfigurationAndTheSlices() throws Exception {
        assertThat(completer(new TenantCompleter()).choices(), is(List.of("itb", "ufrgs", "ui")));
        assertThat(complete(completer(new TenantCompleter()), "slices", "-t", "u"), is(List.of("ufrgs ", "ui ")));
    }

    @Test
    public void devicesAndPorts() {
        assertThat(completer(new DeviceCompleter()).choices(), is(List.of("device:bmv2:s1", "device:bmv2:s2")));
        List<String> ports = completer(new PortCompleter()).choices();
        assertThat(ports.size(), is(8));
        assertThat(ports.get(0), is("device:bmv2:s1/1"));
        assertThat(ports.get(7), is("device:bmv2:s2/4"));
        assertThat(complete(completer(new PortCompleter()), "slice-add", "device:bmv2:s2/"),
                   is(List.of("device:bmv2:s2/1 ", "device:bmv2:s2/2 ", "device:bmv2:s2/3 ", "device:bmv2:s2/4 ")));
    }

    @Test
    public void noChoicesWithoutTheServices() {
        services = new MapServiceDirectory();
        assertThat(completer(new SliceIdCompleter()).choices(), is(List.of()));
        assertThat(completer(new TenantCompleter()).choices(), is(List.of()));
        assertThat(completer(new PortCompleter()).choices(), is(List.of()));
    }
}
