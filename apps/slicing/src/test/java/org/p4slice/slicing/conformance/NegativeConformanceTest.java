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
package org.p4slice.slicing.conformance;

import com.google.common.collect.ImmutableList;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.VlanId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterScope;
import org.onosproject.net.pi.impl.OnosPiTranslation;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.service.PiTranslationException;
import org.p4slice.slicing.impl.programming.PlanConverter;
import org.p4slice.slicing.impl.translator.PlannedMeter;

import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_EGRESS_VLAN;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L2_FORWARD;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_METER;
import static org.p4slice.testbed.PlanFixtures.S1;
import static org.p4slice.testbed.PlanFixtures.bytes;
import static org.p4slice.testbed.PlanFixtures.thrown;

/**
 * L1 conformance, the refusals: what the p4slice pipeline cannot express fails in ONOS's own
 * translators with a {@link PiTranslationException} and ONOS's message, so the P4Runtime driver
 * would report the flow rule, meter or group as failed instead of writing something else.
 */
public class NegativeConformanceTest {

    private OnosPiTranslation onos;

    @Before
    public void setUp() {
        onos = ConformanceRig.onos();
    }

    /** A complete l2_forward key (slice 10, MAC 00:..:01) as a PI criterion. */
    private static PiCriterion l2Key() {
        return PiCriterion.builder()
                .add(new PiExactFieldMatch(HDR_SLICE_ID, bytes(0x00, 0x0a)))
                .add(new PiExactFieldMatch(HDR_ETH_DST, bytes(0, 0, 0, 0, 0, 1)))
                .build();
    }

    private static FlowRule rule(PiTableId table, TrafficSelector selector, TrafficTreatment treatment) {
        return DefaultFlowRule.builder()
                .forDevice(S1)
                .forTable(table)
                .withSelector(selector)
                .withTreatment(treatment)
                .withPriority(0)
                .withCookie(0x77_0000_0001L)
                .makePermanent()
                .build();
    }

    /** A criterion the interpreter maps to no field (IPv4 source): refused, naming the criterion. */
    @Test
    public void unmappableCriterion() {
        TrafficSelector selector = DefaultTrafficSelector.builder()
                .matchPi(l2Key())
                .matchIPSrc(IpPrefix.valueOf("10.0.0.1/32"))
                .build();
        FlowRule bad = rule(INGRESS_L2_FORWARD, selector,
                            DefaultTrafficTreatment.builder().setOutput(PortNumber.FLOOD).build());
        PiTranslationException e = thrown(PiTranslationException.class, () -> onos.translate(bad));
        assertEquals("The following criteria cannot be translated for table 'P4SliceIngress.l2_forward': IPV4_SRC",
                     e.getMessage());
    }

    /** An instruction the interpreter cannot express in l2_forward (a VLAN rewrite): refused. */
    @Test
    public void inexpressibleTreatment() {
        FlowRule bad = rule(INGRESS_L2_FORWARD, DefaultTrafficSelector.builder().matchPi(l2Key()).build(),
                            DefaultTrafficTreatment.builder().setVlanId(VlanId.vlanId((short) 5)).build());
        PiTranslationException e = thrown(PiTranslationException.class, () -> onos.translate(bad));
        assertThat(e.getMessage(), containsString("Interpreter was unable to translate treatment."));
        assertThat(e.getMessage(), containsString("is not supported in table P4SliceIngress.l2_forward: "
                                                          + "only OUTPUT to a port, OUTPUT:FLOOD or drop"));
    }

    /** The egress table's actions exist only as PI actions: a standard treatment there is refused. */
    @Test
    public void standardTreatmentInEgressTable() {
        PiCriterion key = PiCriterion.builder()
                .add(new PiExactFieldMatch(HDR_EGRESS_PORT, bytes(0, 1)))
                .add(new PiExactFieldMatch(HDR_SLICE_ID, bytes(0x00, 0x0a)))
                .build();
        FlowRule bad = rule(EGRESS_EGRESS_VLAN, DefaultTrafficSelector.builder().matchPi(key).build(),
                            DefaultTrafficTreatment.builder().popVlan().build());
        PiTranslationException e = thrown(PiTranslationException.class, () -> onos.translate(bad));
        assertThat(e.getMessage(), containsString("Interpreter was unable to translate treatment."));
        assertThat(e.getMessage(), containsString(
                "table P4SliceEgress.egress_vlan has no mapping from ONOS treatments"));
    }

    private Meter meter(List<Band> bands) {
        return OnosPiTranslation.meterOf(DefaultMeterRequest.builder()
                .forDevice(S1)
                .fromApp(ConformanceRig.APP)
                .withUnit(Meter.Unit.BYTES_PER_SEC)
                .burst()
                .withBands(bands)
                .withScope(MeterScope.of(INGRESS_SLICE_METER.id()))
                .withIndex(10L)
                .add());
    }

    private static Band band(Band.Type type, long rate, long burst) {
        return DefaultBand.builder().ofType(type).withRate(rate).burstSize(burst).build();
    }

    /** One DROP band (a plain OpenFlow-style meter) cannot be a two-rate three-colour cell. */
    @Test
    public void meterWithOneBand() {
        Meter bad = meter(ImmutableList.of(band(Band.Type.DROP, 1_000_000, 65_536)));
        PiTranslationException e = thrown(PiTranslationException.class, () -> onos.translate(bad));
        assertEquals("PI meter must have 2 bands in order to implement TCM metering!", e.getMessage());
    }

    /** Two bands, but not MARK_YELLOW + MARK_RED. */
    @Test
    public void meterWithWrongBandTypes() {
        Meter bad = meter(ImmutableList.of(band(Band.Type.MARK_YELLOW, 1_000_000, 65_536),
                                           band(Band.Type.DROP, 1_000_000, 65_536)));
        PiTranslationException e = thrown(PiTranslationException.class, () -> onos.translate(bad));
        assertEquals("PI TCM meter must have a MARK_YELLOW band and a MARK_RED band!", e.getMessage());
    }

    /** Peak rate below the committed rate. */
    @Test
    public void meterWithPeakBelowCommitted() {
        Meter bad = meter(ImmutableList.of(band(Band.Type.MARK_YELLOW, 2_000_000, 65_536),
                                           band(Band.Type.MARK_RED, 1_000_000, 65_536)));
        PiTranslationException e = thrown(PiTranslationException.class, () -> onos.translate(bad));
        assertEquals("PI trTCM meter must have a pir >= cir!", e.getMessage());
    }

    /** A zero rate: the reason the app rounds quota / 8 up (PlannedMeter refuses it before ONOS could). */
    @Test
    public void meterWithZeroRate() throws PiTranslationException {
        Meter bad = meter(ImmutableList.of(band(Band.Type.MARK_YELLOW, 0, 65_536),
                                           band(Band.Type.MARK_RED, 0, 65_536)));
        PiTranslationException e = thrown(PiTranslationException.class, () -> onos.translate(bad));
        assertEquals("PI trTCM meter can not have band with rate <= 0!", e.getMessage());
        // the app's own cell for the smallest quota has a positive rate
        PlannedMeter smallest = PlannedMeter.of(INGRESS_SLICE_METER, 10, 1, 1, 1, 1);
        assertEquals(1, PlanConverter.meterCellConfig(smallest).committedBand().rate());
    }
}
