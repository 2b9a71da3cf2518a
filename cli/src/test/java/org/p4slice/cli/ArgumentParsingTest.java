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

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.console.CommandLine;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;

import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;

/**
 * Command lines parsed by Karaf's own preparator into the commands, and the value parsers (what
 * they refuse is in {@link CommandLineBadInputTest} and {@link ValueBadInputTest}).
 */
public class ArgumentParsingTest {

    @Test
    public void sliceAddTakesOptionsAndPorts() throws Exception {
        SliceAddCommand c = CliTestBase.parse(new SliceAddCommand(), "--tenant", "itb", "-q", "25M", "--burst",
                "4096", "--vlan", "300", "--id", "7", "--trunk", "device:bmv2:s1/4", "--trunk", "device:bmv2:s2/4",
                "lab1", "device:bmv2:s1/1", "device:bmv2:s2/1");
        assertThat(c.tenant, is("itb"));
        assertThat(c.quota, is("25M"));
        assertThat(c.burst, is("4096"));
        assertThat(c.vlan, is("300"));
        assertThat(c.id, is("7"));
        assertThat(c.name, is("lab1"));
        assertThat(c.accessPorts, is(List.of("device:bmv2:s1/1", "device:bmv2:s2/1")));
        assertThat(c.trunkPorts, is(List.of("device:bmv2:s1/4", "device:bmv2:s2/4")));
    }


    @Test
    public void commandsAreInTheP4sliceScope() {
        for (Class<?> c : List.of(SlicesCommand.class, SliceAddCommand.class, SliceUpdateCommand.class,
                                  SliceRemoveCommand.class, SliceStatsCommand.class, SliceDevicesCommand.class,
                                  CapacityCommand.class)) {
            assertThat(c.getAnnotation(Command.class).scope(), is("p4slice"));
        }
        assertThat(SliceAddCommand.class.getAnnotation(Command.class).name(), is("slice-add"));
        assertThat(CapacityCommand.class.getAnnotation(Command.class).name(), is("capacity"));
        assertThat(SliceDevicesCommand.class.getAnnotation(Command.class).name(), is("slice-devices"));
    }

    @Test
    public void ratesTakeSiSuffixes() {
        assertThat(CliParsing.rate("--quota", "25000000"), is(25_000_000L));
        assertThat(CliParsing.rate("--quota", "25M"), is(25_000_000L));
        assertThat(CliParsing.rate("--quota", "1.5G"), is(1_500_000_000L));
        assertThat(CliParsing.rate("--quota", "100k"), is(100_000L));
        assertThat(CliParsing.rate("--quota", "2T"), is(2_000_000_000_000L));
    }

    @Test
    public void portsAndIds() {
        assertThat(CliParsing.port("device:bmv2:s1/3"), is(ConnectPoint.deviceConnectPoint("device:bmv2:s1/3")));
        assertThat(CliParsing.sliceId("4094"), is(SliceId.of(4094)));
    }

    @Test
    public void ratesAndTablesForPeople() {
        assertThat(Rates.format(0), is("0 b/s"));
        assertThat(Rates.format(999), is("999 b/s"));
        assertThat(Rates.format(25_000_000), is("25 Mb/s"));
        assertThat(Rates.format(949_999_999), is("949.999 Mb/s"));
        assertThat(Rates.format(1_500_000_000), is("1.5 Gb/s"));
        assertThat(Rates.format(-2_000_000), is("-2 Mb/s"));
        assertThat(Rates.percent(0.05), is("5%"));
        assertThat(Rates.percent(0.025), is("2.5%"));
        assertThat(new TextTable("A", "LONG").row("wide value", "x").row("b", "").lines(),
                   is(List.of("A           LONG", "wide value  x", "b")));
    }

    @Test
    public void aRowMayBeFollowedByANoteOutsideTheColumns() {
        Slice failed = Slice.builder().id(SliceId.of(3)).name("lab").tenant(TenantId.of("itb"))
                .vlan(VlanId.vlanId((short) 103)).quotaBps(5_000_000).state(SliceState.FAILED)
                .reason("device device:bmv2:s2 is unavailable").build();
        Slice active = failed.toBuilder().id(SliceId.of(12)).state(SliceState.ACTIVE).reason(null).build();
        assertThat(SliceOutput.lines(List.of(active, failed)), is(List.of(
                "ID  NAME  TENANT  VLAN  QUOTA   BURST  STATE   PORTS  TRUNK-LINKS",
                "3   lab   itb     103   5 Mb/s  65536  FAILED         -",
                "    reason: device device:bmv2:s2 is unavailable",
                "12  lab   itb     103   5 Mb/s  65536  ACTIVE         -")));
        try {
            new TextTable("ID").note("reason: none");
            fail("a note before any row was accepted");
        } catch (IllegalStateException e) {
            assertThat(e.getMessage(), is("a note follows a row; this table has none yet"));
        }
    }

    /**
     * A command line with the cursor at the end of its last argument.
     */
    static final class Line implements CommandLine {
        private final String[] args;

        Line(String... args) {
            this.args = args;
        }

        @Override
        public int getCursorArgumentIndex() {
            return args.length - 1;
        }

        @Override
        public String getCursorArgument() {
            return args[args.length - 1];
        }

        @Override
        public int getArgumentPosition() {
            return getCursorArgument().length();
        }

        @Override
        public String[] getArguments() {
            return args;
        }

        @Override
        public int getBufferPosition() {
            return getBuffer().length();
        }

        @Override
        public String getBuffer() {
            return String.join(" ", args);
        }
    }
}
