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
package org.p4slice.fairness.metrics;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessSummary;
import org.p4slice.fairness.api.ResourceUsage;
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.api.stats.DurationHistogram;
import org.p4slice.slicing.api.stats.RefusalCount;
import org.p4slice.slicing.api.stats.SlicingMetricsService;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.tenant.Tenant;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.testbed.FakeDeviceService;
import org.p4slice.testbed.FakeLinkService;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.p4slice.fairness.testing.FixedFairnessService.USABLE_100M;
import static org.p4slice.fairness.testing.FixedFairnessService.USABLE_1G;
import static org.p4slice.fairness.testing.FixedFairnessService.stats;

/**
 * One scrape of every family: valid exposition, the values and labels of each subsystem, the
 * families exactly those of docs/prometheus/metrics.txt (which the dashboard and the alert rules are
 * checked against), and a tenant's user sees its tenant's series only. Writes the operator's scrape
 * to target/metrics-sample.prom (which mininet-tests checks with promtool where it is installed).
 */
public class P4sliceMetricsTest {

    static final Path METRIC_LIST = Paths.get("../../docs/prometheus/metrics.txt");
    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    private static final TenantId ITB = TenantId.of("itb");
    private static final TenantId LAB = TenantId.of("lab-2.b");

    static FairnessReport report() {
        SliceFairness a = SliceFairness.builder(SliceId.of(10)).tenant(ITB)
                .quota(25_000_000, 25_000_000).rates(40_000_000, 24_500_000).fairness(0.98, 0.02, true)
                .devices(ImmutableMap.of(
                        S1, stats(1000, 1_500_000, 10, 15_000, 990, 1_485_000, 40_000_000, 15_500_000, 24_500_000),
                        S2, stats(990, 1_485_000, 0, 0, 990, 1_485_000, 24_500_000, 0, 24_500_000)))
                .build();
        SliceFairness b = SliceFairness.builder(SliceId.of(20)).tenant(LAB)
                .quota(10_000_000, 10_000_000).rates(5_000_000, 5_000_000).fairness(0.5, 0, false)
                .devices(ImmutableMap.of(S1, stats(10, 625_000, 0, 0, 10, 625_000, 5_000_000, 0, 5_000_000)))
                .build();
        FairnessSummary summary = new FairnessSummary(1_767_225_600_500L, FairnessMode.ENFORCE, 5.0, 0.0125, 0.99984,
                                                      0.02, 2, 1);
        return new FairnessReport(summary, 0.05, ImmutableList.of(a, b), ImmutableList.of(
                ResourceUsage.of(PortCapacity.of(ConnectPoint.deviceConnectPoint(S1 + "/1"),
                                                 100_000_000, 0.05, 35_000_000, USABLE_100M - 35_000_000),
                                 35_000_000, 29_500_000, 2),
                ResourceUsage.of(LinkCapacity.of(FakeLinkService.link(ConnectPoint.deviceConnectPoint(S1 + "/3"),
                                                                      ConnectPoint.deviceConnectPoint(S2 + "/3")),
                                                 1_000_000_000, 0.05, 25_000_000, USABLE_1G - 25_000_000),
                                 25_000_000, 24_500_000, 1)));
    }

    static Slice slice(int id, TenantId tenant, SliceState state) {
        return Slice.builder().id(SliceId.of(id)).name("lab\"" + id).tenant(tenant)
                .vlan(VlanId.vlanId((short) (100 + id))).quotaBps(id * 1_000_000L).burstBytes(65536)
                .endpoints(List.of(Endpoint.access(ConnectPoint.deviceConnectPoint(S1 + "/" + id))))
                .state(state).build();
    }

    static Reservation booking(long id, TenantId tenant, ReservationState state) {
        SliceRequest request = SliceRequest.builder().name("b" + id).tenant(tenant).quotaBps(1_000_000)
                .endpoints(List.of(Endpoint.access(ConnectPoint.deviceConnectPoint(S1 + "/5")))).build();
        Reservation r = Reservation.scheduled(ReservationId.of(id), ReservationRequest.of(
                tenant, request, Instant.parse("2030-01-01T10:00:00Z"), Instant.parse("2030-01-01T11:00:00Z")));
        return state == ReservationState.SCHEDULED ? r : r.withState(state, "why", null);
    }

    static final class Work implements SlicingMetricsService {
        @Override
        public List<RefusalCount> admissionRefusals() {
            return List.of(new RefusalCount(null, RefusalCount.Request.SLICE, SlicingException.Kind.INVALID, 4),
                           new RefusalCount(ITB, RefusalCount.Request.SLICE,
                                            SlicingException.Kind.ADMISSION_REFUSED, 2),
                           new RefusalCount(LAB, RefusalCount.Request.BOOKING, SlicingException.Kind.CONFLICT, 1));
        }

        @Override
        public DurationHistogram stepDurations() {
            return new DurationHistogram(new double[]{0.1, 1}, new long[]{5, 7}, 2.5, 8);
        }

        @Override
        public int queuedSteps() {
            return 3;
        }

        @Override
        public int runningSteps() {
            return 2;
        }
    }

    static final class Audit implements AuditService {
        @Override
        public Optional<AuditEntry> record(String user, boolean operator, String action, String target,
                                           TenantId tenant, String r) {
            return Optional.empty();
        }

        @Override
        public List<AuditEntry> getEntries(int limit) {
            return List.of();
        }

        @Override
        public int size() {
            return 950;
        }

        @Override
        public OptionalInt maxEntries() {
            return OptionalInt.of(1000);
        }
    }

    static String scrape(TenantScope scope, List<Slice> slices, List<Reservation> bookings) {
        FakeDeviceService devices = new FakeDeviceService();
        devices.addDevice("device:bmv2:s1", 4, 100, Map.of());
        devices.addDevice("device:bmv2:s2", 4, 100, Map.of());
        devices.setAvailable(S2, false);
        return P4sliceMetrics.render(MetricsSources.builder(scope, report())
                .slices(slices, id -> id.id() == 10 ? OptionalLong.of(30_000_000) : OptionalLong.empty())
                .reservations(bookings).devices(devices).work(new Work(), new Audit()).build());
    }

    static List<Slice> slices() {
        return List.of(slice(10, ITB, SliceState.ACTIVE), slice(20, LAB, SliceState.ACTIVE),
                       slice(30, ITB, SliceState.FAILED));
    }

    static List<Reservation> bookings() {
        return List.of(booking(1, ITB, ReservationState.SCHEDULED), booking(2, ITB, ReservationState.FAILED),
                       booking(3, LAB, ReservationState.ACTIVE));
    }

    @Test
    public void anOperatorSeesEverySeries() throws IOException {
        String text = scrape(TenantScope.operator("karaf"), slices(), bookings());
        Path sample = Paths.get("target/metrics-sample.prom");
        Files.createDirectories(sample.getParent());
        Files.write(sample, text.getBytes(StandardCharsets.UTF_8));
        Map<String, String> s = ExpositionParser.parse(text).samples;
        String a1 = "{tenant=\"itb\",slice=\"10\",device=\"device:bmv2:s1\"}";
        assertEquals("1500000", s.get("p4slice_slice_rx_bytes_total" + a1));
        assertEquals("15000", s.get("p4slice_slice_drop_bytes_total" + a1));
        assertEquals("5000000", s.get("p4slice_slice_rx_bytes_per_second" + a1));
        String a = "{tenant=\"itb\",slice=\"10\"}";
        assertEquals("1", s.get("p4slice_slice_info{tenant=\"itb\",slice=\"10\",name=\"lab\\\"10\"}"));
        assertEquals("1", s.get("p4slice_slice_state{tenant=\"itb\",slice=\"30\",state=\"FAILED\"}"));
        assertEquals("0", s.get("p4slice_slice_state{tenant=\"itb\",slice=\"30\",state=\"ACTIVE\"}"));
        assertEquals("1", s.get("p4slice_slices{tenant=\"itb\",state=\"ACTIVE\"}"));
        assertEquals("1", s.get("p4slice_slices{tenant=\"itb\",state=\"FAILED\"}"));
        assertEquals("0", s.get("p4slice_slices{tenant=\"lab-2.b\",state=\"PROVISIONING\"}"));
        assertEquals("1250000", s.get("p4slice_slice_quota_bytes_per_second" + a));
        assertEquals("3750000", s.get("p4slice_slice_enforced_bytes_per_second" + a));
        assertEquals("2500000", s.get("p4slice_slice_enforced_bytes_per_second{tenant=\"lab-2.b\",slice=\"20\"}"));
        assertEquals("3062500", s.get("p4slice_slice_delivered_bytes_per_second" + a));
        assertEquals("0.98", s.get("p4slice_slice_share" + a));
        assertEquals("1", s.get("p4slice_slice_backlogged" + a));
        assertEquals("0.0125", s.get("p4slice_fairness_cv"));
        assertEquals("0.99984", s.get("p4slice_fairness_jain"));
        assertEquals("0.05", s.get("p4slice_fairness_threshold"));
        assertEquals("1.7672256005E9", s.get("p4slice_fairness_last_poll_timestamp_seconds"));
        String port = "{device=\"device:bmv2:s1\",port=\"1\"}";
        assertEquals("12500000", s.get("p4slice_port_capacity_bytes_per_second" + port));
        assertEquals("0.295", s.get("p4slice_port_utilisation_ratio" + port));
        assertEquals("2", s.get("p4slice_port_slices" + port));
        String trunk = "{device=\"device:bmv2:s1\",port=\"3\",peer_device=\"device:bmv2:s2\",peer_port=\"3\"}";
        assertEquals("125000000", s.get("p4slice_trunk_capacity_bytes_per_second" + trunk));
        assertEquals("0.0245", s.get("p4slice_trunk_utilisation_ratio" + trunk));
        assertEquals("1", s.get("p4slice_device_available{device=\"device:bmv2:s1\"}"));
        assertEquals("0", s.get("p4slice_device_available{device=\"device:bmv2:s2\"}"));
        assertEquals("1", s.get("p4slice_bookings{tenant=\"itb\",state=\"FAILED\"}"));
        assertEquals("0", s.get("p4slice_bookings{tenant=\"itb\",state=\"ACTIVE\"}"));
        assertEquals("1", s.get("p4slice_bookings{tenant=\"lab-2.b\",state=\"ACTIVE\"}"));
        assertEquals("4", s.get("p4slice_admission_refusals_total{tenant=\"\",request=\"SLICE\",kind=\"INVALID\"}"));
        assertEquals("2", s.get("p4slice_admission_refusals_total{tenant=\"itb\",request=\"SLICE\","
                                        + "kind=\"ADMISSION_REFUSED\"}"));
        assertEquals("5", s.get("p4slice_lifecycle_step_duration_seconds_bucket{le=\"0.1\"}"));
        assertEquals("8", s.get("p4slice_lifecycle_step_duration_seconds_bucket{le=\"+Inf\"}"));
        assertEquals("2.5", s.get("p4slice_lifecycle_step_duration_seconds_sum"));
        assertEquals("3", s.get("p4slice_lifecycle_queued_steps"));
        assertEquals("2", s.get("p4slice_lifecycle_running_steps"));
        assertEquals("950", s.get("p4slice_audit_entries"));
        assertEquals("1000", s.get("p4slice_audit_max_entries"));
    }

    @Test
    public void theFamiliesAreThoseOfTheCommittedList() throws IOException {
        Map<String, String> types = ExpositionParser.parse(scrape(TenantScope.operator("karaf"), slices(),
                                                                  bookings())).types;
        List<String> written = types.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.toList());
        List<String> listed = Files.readAllLines(METRIC_LIST, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).collect(Collectors.toList());
        assertEquals("docs/prometheus/metrics.txt (name type, in the order written) must list every family the "
                             + "renderer writes", listed, written);
    }

    @Test
    public void anEmptyTestbedStillWritesEveryFamily() {
        String text = P4sliceMetrics.render(MetricsSources.builder(
                TenantScope.operator("karaf"), FairnessReport.empty(0, FairnessMode.MONITOR, 0.05)).build());
        ExpositionParser p = ExpositionParser.parse(text);
        assertEquals(scrapeTypes(), p.types);
        assertEquals("1", p.samples.get("p4slice_fairness_jain"));
        assertEquals("0", p.samples.get("p4slice_fairness_enforce"));
    }

    private static Map<String, String> scrapeTypes() {
        return ExpositionParser.parse(scrape(TenantScope.operator("karaf"), slices(), bookings())).types;
    }

    @Test
    public void aTenantsUserSeesItsTenantsSeriesOnly() {
        Tenant itb = Tenant.builder(ITB).build();
        List<Slice> mine = slices().stream().filter(x -> x.tenant().equals(ITB)).collect(Collectors.toList());
        List<Reservation> myBookings = bookings().stream().filter(r -> r.tenant().equals(ITB))
                .collect(Collectors.toList());
        ExpositionParser p = ExpositionParser.parse(scrape(TenantScope.of("alice", itb), mine, myBookings));
        assertEquals("the same families", scrapeTypes(), p.types);
        for (String series : p.samples.keySet()) {
            assertFalse(series, series.contains("lab-2.b") || series.contains("tenant=\"\""));
            assertFalse(series, series.startsWith("p4slice_port_") || series.startsWith("p4slice_trunk_")
                    || series.startsWith("p4slice_device_") || series.startsWith("p4slice_lifecycle_")
                    || series.startsWith("p4slice_audit_"));
        }
        assertEquals("2", p.samples.get("p4slice_admission_refusals_total{tenant=\"itb\",request=\"SLICE\","
                                                + "kind=\"ADMISSION_REFUSED\"}"));
        assertEquals("1500000", p.samples.get("p4slice_slice_rx_bytes_total{tenant=\"itb\",slice=\"10\","
                                                      + "device=\"device:bmv2:s1\"}"));
        assertNull(p.samples.get("p4slice_slice_share{tenant=\"lab-2.b\",slice=\"20\"}"));
        assertEquals("the testbed's figures, as /fairness shows them", "0.0125", p.samples.get("p4slice_fairness_cv"));
        assertTrue(p.samples.containsKey("p4slice_bookings{tenant=\"itb\",state=\"FAILED\"}"));
    }

    @Test
    public void aUserOfNoTenantSeesNoSeriesOfATenant() {
        ExpositionParser p = ExpositionParser.parse(scrape(TenantScope.none("bob"), List.of(), List.of()));
        for (String series : p.samples.keySet()) {
            assertFalse(series, series.contains("tenant="));
        }
    }
}
