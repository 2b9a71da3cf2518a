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
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * The slice commands against the real slice manager: table output, JSON output (the REST JSON,
 * through the shared codecs) and one-line errors that change nothing.
 */
public class SliceCommandsTest extends CliTestBase {

    private static final String HEADER =
            "ID  NAME  TENANT  VLAN  QUOTA    BURST  STATE   PORTS                              TRUNK-LINKS";
    private static final String LAB1 =
            "1   lab1  itb     100   25 Mb/s  65536  ACTIVE  device:bmv2:s1/1,device:bmv2:s2/1  "
                    + "device:bmv2:s1/4-device:bmv2:s2/4";

    private static final String LIST_HEADER =
            "ID  NAME  TENANT  VLAN  QUOTA    BURST  STATE   DEVICES     PORTS                              "
            + "TRUNK-LINKS";
    private static final String LIST_LAB1 =
            "1   lab1  itb     100   25 Mb/s  65536  ACTIVE  2/2 ACTIVE  device:bmv2:s1/1,device:bmv2:s2/1  "
                    + "device:bmv2:s1/4-device:bmv2:s2/4";

    private void addLab1() throws Exception {
        run(new SliceAddCommand(), "-t", "itb", "-q", "25M", "lab1", "device:bmv2:s1/1", "device:bmv2:s2/1");
        out();
    }

    private Slice slice(int id) {
        return testbed.slices().getSlice(SliceId.of(id)).orElseThrow();
    }

    @Test
    public void sliceAddPrintsTheNewSlice() throws Exception {
        run(new SliceAddCommand(), "-t", "itb", "-q", "25M", "lab1", "device:bmv2:s1/1", "device:bmv2:s2/1");
        assertThat(out(), is(List.of(HEADER, LAB1)));
        assertThat(err(), is(List.of()));
        assertThat(slice(1).quotaBps(), is(25_000_000L));
    }

    @Test
    public void sliceAddWithEveryOptionAndJson() throws Exception {
        run(new SliceAddCommand(), "-j", "--id", "7", "--vlan", "300", "-b", "4096", "--tenant", "ui",
            "--quota", "1.5M", "--trunk", "device:bmv2:s1/3", "lab2", "device:bmv2:s1/2");
        Slice s = slice(7);
        assertThat(s.vlan().toShort(), is((short) 300));
        assertThat(s.burstBytes(), is(4096L));
        assertThat(s.quotaBps(), is(1_500_000L));
        assertThat(out(), is(List.of(SlicingCodecs.SLICE.encode(s, SlicingCodecs.context()).toString())));
        assertThat(out(), is(List.of()));
    }

    @Test
    public void slicesListsAsTableAndJson() throws Exception {
        run(new SlicesCommand());
        assertThat(out(), is(List.of("ID  NAME  TENANT  VLAN  QUOTA  BURST  STATE  DEVICES  PORTS  TRUNK-LINKS")));
        addLab1();
        run(new SlicesCommand());
        assertThat(out(), is(List.of(LIST_HEADER, LIST_LAB1)));
        run(new SlicesCommand(), "-j");
        assertThat(out(), is(List.of("{\"slices\":[" + SlicingCodecs.SLICE.encode(slice(1), SlicingCodecs.context())
                + "],\"total\":1,\"offset\":0,\"limit\":100,\"nextOffset\":null}")));
        run(new SlicesCommand(), "--json", "-t", "ui");
        assertThat(out(), is(List.of("{\"slices\":[],\"total\":0,\"offset\":0,\"limit\":100,\"nextOffset\":null}")));
    }

    private List<String> ids(String... args) throws Exception {
        run(new SlicesCommand(), args);
        List<String> lines = out();
        List<String> ids = new java.util.ArrayList<>();
        lines.subList(1, lines.size()).forEach(l -> ids.add(l.split(" ")[0]));
        return ids;
    }

    @Test
    public void slicesAreFilteredAndPagedAsOverRest() throws Exception {
        addLab1();
        run(new SliceAddCommand(), "-t", "ui", "-q", "1M", "b", "device:bmv2:s1/2");
        run(new SliceAddCommand(), "-t", "itb", "-q", "1M", "c", "device:bmv2:s2/2");
        out();
        assertThat(ids("-l", "2"), is(List.of("1", "2", "(2")));
        run(new SlicesCommand(), "--limit", "2");
        assertThat(out().get(3), is("(2 of 3 shown; next page: --offset 2)"));
        assertThat(ids("-l", "2", "-o", "2"), is(List.of("3")));
        assertThat(ids("--device", "device:bmv2:s2"), is(List.of("1", "3")));
        assertThat(ids("-d", "device:bmv2:s2", "-t", "itb", "-s", "active"), is(List.of("1", "3")));
        assertThat(ids("--state", "FAILED,RELEASING"), is(List.of()));
        run(new SlicesCommand(), "-j", "-t", "itb", "-l", "1");
        assertThat(out().get(0).endsWith("\"total\":2,\"offset\":0,\"limit\":1,\"nextOffset\":1}"), is(true));
    }

    @Test
    public void badSliceFiltersAreOneLineAndChangeNothing() throws Exception {
        addLab1();
        int ops = testbed.programming.size();
        run(new SlicesCommand(), "-l", "0");
        assertThat(err(), is(List.of("Error: limit must be an integer from 1 to 1000, got \"0\"")));
        run(new SlicesCommand(), "-o", "x");
        assertThat(err(), is(List.of("Error: offset must be an integer from 0 to 2147483647, got \"x\"")));
        run(new SlicesCommand(), "-s", "UP");
        assertThat(err(), is(List.of("Error: state must be one or more of PROVISIONING,ACTIVE,RELEASING,FAILED, "
                                             + "separated by commas, got \"UP\"")));
        run(new SlicesCommand(), "-d", "s1 s2");
        assertThat(err(), is(List.of("Error: device must be a device id such as device:bmv2:s1 (letters, digits "
                                             + "and :._/-, at most 200), got \"s1 s2\"")));
        assertThat(out(), is(List.of()));
        assertThat(testbed.programming.size(), is(ops));
        assertThat(testbed.slices().getSlices().size(), is(1));
    }

    @Test
    public void sliceAddErrorsAreOneLineAndChangeNothing() throws Exception {
        addLab1();
        int ops = testbed.programming.size();
        run(new SliceAddCommand(), "-t", "itb", "-q", "25 Mbit", "x", "device:bmv2:s1/2");
        assertThat(err(), is(List.of("Error: --quota must be bits per second such as 25000000, 25M or 1.5G, "
                                             + "got \"25 Mbit\"")));
        run(new SliceAddCommand(), "-t", "itb", "-q", "1M", "--vlan", "100", "x", "device:bmv2:s1/2");
        assertThat(err(), is(List.of("Error: VLAN 100 is taken by slice 1 (itb/lab1)")));
        run(new SliceAddCommand(), "-t", "itb", "-q", "1M", "x", "s1/2");
        assertThat(err(), is(List.of("Error: a port must be written device/port such as device:bmv2:s1/1, "
                                             + "got \"s1/2\"")));
        run(new SliceAddCommand(), "-t", "itb", "-q", "1M", "x");
        assertThat(err(), is(List.of("Error: a slice needs at least one endpoint")));
        run(new SliceAddCommand(), "-t", "guest", "-q", "1M", "x", "device:bmv2:s1/2");
        assertThat(err(), is(List.of("Error: unknown tenant \"guest\"; the configured tenants are [itb, ufrgs, ui]")));
        run(new SliceAddCommand(), "-t", "itb", "-q", "1M", "--vlan", "x", "x", "device:bmv2:s1/2");
        assertThat(err(), is(List.of("Error: --vlan must be an integer, got \"x\"")));
        run(new SliceAddCommand(), "-t", "itb", "-q", "1M", "--id", "5000", "x", "device:bmv2:s1/2");
        assertThat(err(), is(List.of("Error: slice id must be in 1..4094, got 5000")));
        run(new SliceAddCommand(), "-t", "itb", "-q", "1M", "--burst", "x", "x", "device:bmv2:s1/2");
        assertThat(err(), is(List.of("Error: --burst must be an integer, got \"x\"")));
        run(new SliceAddCommand(), "-t", "itb", "-q", "1M", "--burst", "0", "x", "device:bmv2:s1/2");
        assertThat(err(), is(List.of("Error: burstBytes must be > 0, got 0")));
        run(new SliceAddCommand(), "-t", "itb", "-q", "200M", "x", "device:bmv2:s1/2");
        assertThat(err(), is(List.of("Error: quotaBps 200000000 exceeds the capacity 100000000 bps of port "
                                             + "device:bmv2:s1/2")));
        assertThat(out(), is(List.of()));
        assertThat(testbed.slices().getSlices().size(), is(1));
        assertThat(testbed.programming.operations().subList(ops, testbed.programming.size()).toString(),
                   testbed.programming.size(), is(ops));
    }

    @Test
    public void sliceUpdateChangesOnlyWhatIsGiven() throws Exception {
        addLab1();
        run(new SliceUpdateCommand(), "-q", "30M", "1");
        assertThat(slice(1).quotaBps(), is(30_000_000L));
        assertThat(slice(1).endpoints().size(), is(2));
        List<String> lines = out();
        assertThat(lines.toString(), lines.get(1).startsWith("1   lab1  itb     100   30 Mb/s"), is(true));
        run(new SliceUpdateCommand(), "-j", "--trunk", "device:bmv2:s1/3", "1", "device:bmv2:s1/1");
        Slice s = slice(1);
        assertThat(s.endpoints().size(), is(2));
        assertThat(s.quotaBps(), is(30_000_000L));
        assertThat(s.toString(), s.trunkLinks().isEmpty(), is(true));
        assertThat(out(), is(List.of(SlicingCodecs.SLICE.encode(s, SlicingCodecs.context()).toString())));
        run(new SliceUpdateCommand(), "-n", "renamed", "-b", "9000", "1");
        assertThat(slice(1).name(), is("renamed"));
        assertThat(slice(1).burstBytes(), is(9000L));
    }

    @Test
    public void sliceUpdateErrors() throws Exception {
        addLab1();
        run(new SliceUpdateCommand(), "-q", "30M", "99");
        assertThat(err(), is(List.of("Error: no slice with id 99")));
        run(new SliceUpdateCommand(), "-q", "99M", "1");
        assertThat(err(), is(List.of("Error: admission refused on link device:bmv2:s1/4-device:bmv2:s2/4: capacity "
                + "100000000 bps, usable 95000000 bps after the guard band, allocated 0 bps, requested 99000000 bps, "
                + "short by 4000000 bps")));
        // as in every Karaf command, options come before the arguments
        run(new SliceUpdateCommand(), "1", "device:bmv2:s1/1", "--trunk", "device:bmv2:s1/3");
        assertThat(err(), is(List.of("Error: a port must be written device/port such as device:bmv2:s1/1, "
                                             + "got \"--trunk\"")));
        run(new SliceUpdateCommand(), "-q", "1M", "one");
        assertThat(err(), is(List.of("Error: slice id must be an integer in 1..4094, got \"one\"")));
        run(new SliceUpdateCommand(), "--burst", "x", "1");
        assertThat(err(), is(List.of("Error: --burst must be an integer, got \"x\"")));
        run(new SliceUpdateCommand(), "--burst", "0", "1");
        assertThat(err(), is(List.of("Error: burstBytes must be > 0, got 0")));
        assertThat(slice(1).quotaBps(), is(25_000_000L));
        assertThat(slice(1).burstBytes(), is(SliceRequest.DEFAULT_BURST_BYTES));
        assertThat(out(), is(List.of()));
    }

    @Test
    public void sliceRemove() throws Exception {
        addLab1();
        run(new SliceRemoveCommand(), "1");
        assertThat(out(), is(List.of("Removed slice 1")));
        assertThat(testbed.slices().getSlices().isEmpty(), is(true));
        run(new SliceRemoveCommand(), "1");
        assertThat(err(), is(List.of("Error: no slice with id 1")));
        addLab1();
        run(new SliceRemoveCommand(), "-j", "1");
        assertThat(out(), is(List.of()));
        assertThat(err(), is(List.of()));
        assertThat(testbed.slices().getSlices().isEmpty(), is(true));
    }

    @Test
    public void sliceStats() throws Exception {
        addLab1();
        run(new SliceStatsCommand(), "1");
        assertThat(out(), is(List.of("Slice 1 lab1 (tenant itb), ACTIVE",
                                     "      BYTES  PACKETS  RATE",
                                     "rx    0      0        0 b/s",
                                     "tx    0      0        0 b/s",
                                     "drop  0      0        -")));
        knownStats.put(SliceId.of(1), SliceStats.builder()
                .counts(100, 123456, 2, 3456, 98, 120000)
                .rates(24_500_000, 0, 23_999_999).build());
        run(new SliceStatsCommand(), "1");
        assertThat(out(), is(List.of("Slice 1 lab1 (tenant itb), ACTIVE",
                                     "      BYTES   PACKETS  RATE",
                                     "rx    123456  100      24.5 Mb/s",
                                     "tx    120000  98       23.999 Mb/s",
                                     "drop  3456    2        -")));
        run(new SliceStatsCommand(), "-j", "1");
        assertThat(out(), is(List.of("{\"rxBytes\":123456,\"rxPackets\":100,\"txBytes\":120000,\"txPackets\":98,"
                + "\"dropBytes\":3456,\"dropPackets\":2,\"rxBps\":24500000,\"txBps\":23999999}")));
        run(new SliceStatsCommand(), "2");
        assertThat(err(), is(List.of("Error: no slice with id 2")));
    }

    // a table row's cells joined by |, the time of the record as <time>
    private static String cells(String line) {
        return line.replaceAll("  +", "|").replaceAll("\\|[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z\\|", "|<time>|");
    }

    @Test
    public void sliceDevicesPrintsOneRowPerSwitch() throws Exception {
        addLab1();
        run(new SliceDevicesCommand(), "1");
        List<String> lines = out();
        assertThat(lines.get(0), is("Slice 1 lab1 (tenant itb), ACTIVE, 2/2 ACTIVE"));
        assertThat(lines.get(1).replaceAll(" +", " "), is("DEVICE STATE VERSION UPDATED VLAN QUOTA ACCESS TRUNK"));
        assertThat(lines.size(), is(4));
        assertThat(cells(lines.get(2)), is("device:bmv2:s1|ACTIVE|current|<time>|100|25 Mb/s|1|4"));
        assertThat(cells(lines.get(3)), is("device:bmv2:s2|ACTIVE|current|<time>|100|25 Mb/s|1|4"));
        run(new SliceDevicesCommand(), "-j", "1");
        assertThat(out(), is(List.of(SlicingCodecs.DEVICE_OUTCOME.sliceDevices(
                SliceId.of(1), testbed.slices().getDeviceOutcomes(SliceId.of(1)), SlicingCodecs.context())
                                             .toString())));
        run(new SliceDevicesCommand(), "2");
        assertThat(err(), is(List.of("Error: no slice with id 2")));
        assertThat(out(), is(List.of()));
    }

    @Test
    public void missingServiceIsOneLine() throws Exception {
        services = new MapServiceDirectory();
        run(new SlicesCommand());
        assertThat(err(), is(List.of("Error: Service org.p4slice.slicing.api.tenant.TenantGateService not found "
                                             + "(is the org.p4slice application active?)")));
        assertThat(out(), is(List.of()));
    }
}
