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
package org.p4slice.web.gui;

import org.p4slice.testbed.SliceStatsServiceAdapter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.fairness.testing.FixedFairnessService;
import org.onlab.osgi.TestServiceDirectory;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.testbed.scenario.Scenario;
import org.p4slice.testbed.scenario.ScenarioReader;
import org.p4slice.testbed.scenario.ScenarioTestbeds;
import org.p4slice.testbed.RestServices;
import org.p4slice.testbed.SlicingTestbed;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.Assert.assertThat;

/**
 * The GUI's message handlers on the example scenario's four slices, as a GUI connection sees them:
 * what each request is answered with, the status and message of changes and refusals, and the
 * overlay's highlights.
 */
public class GuiHandlersTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path SCENARIO = Paths.get("../mininet-tests/scenarios/two-switch-four-slices.json");

    private SlicingTestbed testbed;
    private TestServiceDirectory directory;
    // a socket of ONOS's GUI of user onos (an operator, in no tenant)
    private CollectingConnection session;

    @Before
    public void setUp() throws Exception {
        Scenario scenario = new ScenarioReader().read(SCENARIO);
        testbed = ScenarioTestbeds.testbed(scenario);
        // two tenants: alice acts for itb (lab-a, lab-b), bob for ui (lab-c, lab-d); onos is an operator
        testbed.setTenantsConfig((ObjectNode) MAPPER.readTree(
                "{\"itb\": {\"name\": \"ITB\"}, \"ui\": {\"name\": \"UI\"}}"));
        testbed.setOperatorsConfig((ObjectNode) MAPPER.readTree("{\"users\": [\"onos\"]}"));
        testbed.startAll();
        testbed.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        testbed.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
        scenario.slices().forEach(r -> testbed.slices().createSlice(r));
        directory = RestServices.directory(testbed, new SliceStatsServiceAdapter());
        session = new GuiSession("onos", directory);
    }

    @After
    public void tearDown() {
        testbed.stop();
    }

    // the messages sent in answer to one event
    private List<ObjectNode> send(String event, String payload) throws Exception {
        ObjectNode message = MAPPER.createObjectNode().put("event", event);
        message.set("payload", MAPPER.readTree(payload));
        List<ObjectNode> out = new ArrayList<>();
        session.process(message).forEach(n -> out.add((ObjectNode) n));
        return out;
    }

    private JsonNode only(String event, String payload, String answer) throws Exception {
        List<ObjectNode> out = send(event, payload);
        assertThat(out.toString(), out.size(), is(1));
        assertThat(out.get(0).get("event").asText(), is(answer));
        return out.get(0).get("payload");
    }

    @Test
    public void answersTheViewsRequests() throws Exception {
        JsonNode slices = only(SlicesTableHandler.REQUEST, "{}", SlicesTableHandler.RESPONSE).get("slices");
        assertThat(slices.size(), is(4));
        assertThat(slices.get(0).get("name").asText(), is("lab-a"));
        assertThat(slices.get(0).get("stats").get("rxBps").asLong(), is(0L));
        // what each switch holds of it, as GET /slices/{id}/devices lists it
        JsonNode devices = slices.get(0).get("devices");
        assertThat(devices.toString(), devices.size(), is(2));
        assertThat(devices.get(0).get("device").asText(), is("device:bmv2:s1"));
        assertThat(devices.get(1).get("device").asText(), is("device:bmv2:s2"));
        assertThat(devices.get(0).get("state").asText(), is("ACTIVE"));
        assertThat(devices.get(0).get("reason").isNull(), is(true));
        JsonNode capacity = only(CapacityHandler.REQUEST, "{}", CapacityHandler.RESPONSE);
        assertThat(capacity.get("links").get(0).get("allocatedBps").asLong(), is(36_000_000L));
        JsonNode fairness = only(FairnessHandler.REQUEST, "{}", FairnessHandler.RESPONSE);
        assertThat(fairness.get("ok").asBoolean(), is(false));
        assertThat(fairness.get("message").asText(), is(FairnessHandler.NOT_RUNNING));
        JsonNode reservations = only(ReservationsHandler.REQUEST, "{}", ReservationsHandler.RESPONSE);
        assertThat(reservations.get("reservations").size(), is(0));
    }

    private static List<String> names(JsonNode answer) {
        List<String> names = new ArrayList<>();
        answer.get("slices").forEach(n -> names.add(n.get("name").asText()));
        return names;
    }

    /** The slices table's pages and filters are GET /slices' (tenant, state, limit, offset). */
    @Test
    public void slicesTableIsPagedAndFilteredByTenantAndState() throws Exception {
        JsonNode first = only(SlicesTableHandler.REQUEST, "{\"limit\": 3}", SlicesTableHandler.RESPONSE);
        assertThat(names(first), is(List.of("lab-a", "lab-b", "lab-c")));
        assertThat(first.get("total").asInt(), is(4));
        assertThat(first.get("nextOffset").asInt(), is(3));
        assertThat(first.get("slices").get(2).has("stats"), is(true));
        JsonNode next = only(SlicesTableHandler.REQUEST, "{\"limit\": \"3\", \"offset\": 3}",
                             SlicesTableHandler.RESPONSE);
        assertThat(names(next), is(List.of("lab-d")));
        assertThat(next.get("nextOffset").isNull(), is(true));
        assertThat(names(only(SlicesTableHandler.REQUEST, "{\"tenant\": \"ui\", \"state\": \"ACTIVE\"}",
                              SlicesTableHandler.RESPONSE)), is(List.of("lab-c", "lab-d")));
        assertThat(names(only(SlicesTableHandler.REQUEST, "{\"tenant\": \"\", \"state\": \"\"}",
                              SlicesTableHandler.RESPONSE)).size(), is(4));
        assertThat(names(only(SlicesTableHandler.REQUEST, "{\"state\": \"FAILED\"}",
                              SlicesTableHandler.RESPONSE)), is(List.of()));
    }

    /** A refused filter is said, with no slice listed, and changes nothing. */
    @Test
    public void slicesTableRefusesBadFiltersWithTheReason() throws Exception {
        JsonNode bad = only(SlicesTableHandler.REQUEST, "{\"state\": \"UP\"}", SlicesTableHandler.RESPONSE);
        assertThat(bad.get("slices").size(), is(0));
        assertThat(bad.get("error").asText(), is("state must be one or more of PROVISIONING,ACTIVE,RELEASING,FAILED, "
                + "separated by commas, got \"UP\""));
        assertThat(only(SlicesTableHandler.REQUEST, "{\"limit\": 0}", SlicesTableHandler.RESPONSE)
                           .get("error").asText(), is("limit must be an integer from 1 to 1000, got \"0\""));
        assertThat(only(SlicesTableHandler.REQUEST, "{\"offset\": {}}", SlicesTableHandler.RESPONSE)
                           .get("error").asText(), is("offset must be a string or a number, got {}"));
        assertThat(only(SlicesTableHandler.REQUEST, "{\"tenant\": \"a b\"}", SlicesTableHandler.RESPONSE)
                           .get("error").asText(), is("tenant may only contain A-Z a-z 0-9 . _ -, got \"a b\""));
        // a tenant's user naming another tenant: refused, without the other tenant's slices
        session = new PortalConnection(Caller.tenantUser("alice"), directory);
        JsonNode foreign = only(SlicesTableHandler.REQUEST, "{\"tenant\": \"ui\"}", SlicesTableHandler.RESPONSE);
        assertThat(foreign.get("slices").size(), is(0));
        assertThat(foreign.has("error"), is(true));
        assertThat(testbed.slices().getSlices().size(), is(4));
    }

    /** A tenant's user sees and changes its tenant's slices only, in the GUI as over REST. */
    @Test
    public void aTenantsUserSeesAndChangesOnlyItsTenantsSlices() throws Exception {
        // a tenant's user reaches the view's handlers through the portal, never ONOS's GUI
        session = new PortalConnection(Caller.tenantUser("alice"), directory);
        JsonNode slices = only(SlicesTableHandler.REQUEST, "{}", SlicesTableHandler.RESPONSE).get("slices");
        List<String> names = new ArrayList<>();
        slices.forEach(n -> names.add(n.get("name").asText()));
        assertThat(names, is(List.of("lab-a", "lab-b")));
        JsonNode foreign = only(SliceActionsHandler.RELEASE, "{\"id\": 30}", ActionResult.RESULT);
        assertThat(foreign.toString(), foreign.get("code").asInt(), is(404));
        assertThat(foreign.get("message").asText(), is("no slice with id 30"));
        assertThat(testbed.slices().getSlice(SliceId.of(30)).isPresent(), is(true));
        String request = "{\"ref\": 3, \"request\": {\"name\": \"x\", \"tenant\": \"ui\", \"quotaBps\": 1000000, "
                + "\"endpoints\": [{\"device\": \"device:bmv2:s1\", \"port\": 4, \"mode\": \"access\"}]}}";
        JsonNode otherTenant = only(SliceActionsHandler.CREATE, request, ActionResult.RESULT);
        assertThat(otherTenant.toString(), otherTenant.get("code").asInt(), is(403));
        assertThat(testbed.slices().getSlices().size(), is(4));
    }

    /**
     * The testbed's capacity and the fairness rows, read with the scope the tenant gate gives the
     * session's caller: an operator sees every row, a tenant's user its tenant's, a named GUI user who
     * is neither (an admin, once operators are listed) no capacity and no row.
     */
    @Test
    public void capacityAndFairnessAreScopedByTheGate() throws Exception {
        directory.add(FairnessService.class, new FixedFairnessService());
        assertThat(fairnessSlices(), is(List.of("10", "20")));
        assertThat(only(CapacityHandler.REQUEST, "{}", CapacityHandler.RESPONSE).get("links").size(), is(1));
        // a tenant's user reaches the view's handlers through the portal, never ONOS's GUI
        session = new PortalConnection(Caller.tenantUser("alice"), directory);
        assertThat(fairnessSlices(), is(List.of("10")));
        assertThat(only(CapacityHandler.REQUEST, "{}", CapacityHandler.RESPONSE).get("links").size(), is(1));
        session = new GuiSession("carol", directory);
        assertThat(fairnessSlices(), is(List.of()));
        JsonNode none = only(CapacityHandler.REQUEST, "{}", CapacityHandler.RESPONSE);
        assertThat(none.get("ports").size() + none.get("links").size(), is(0));
    }

    private List<String> fairnessSlices() throws Exception {
        JsonNode report = only(FairnessHandler.REQUEST, "{}", FairnessHandler.RESPONSE);
        assertThat(report.toString(), report.get("ok").asBoolean(), is(true));
        List<String> ids = new ArrayList<>();
        report.get("report").get("slices").forEach(n -> ids.add(n.get("id").asText()));
        return ids;
    }

    @Test
    public void changesAnswerWithTheRestStatusAndRefusalsWithTheServersMessage() throws Exception {
        // lab-d holds s1/4 and s2/4: released first, its ports are free and the trunk carries 26 Mb/s
        assertThat(only(SliceActionsHandler.RELEASE, "{\"id\": 40}", ActionResult.RESULT).get("code").asInt(), is(204));
        String request = "{\"name\": \"gui\", \"tenant\": \"ui\", \"quotaBps\": %d, \"endpoints\": ["
                + "{\"device\": \"device:bmv2:s1\", \"port\": 4, \"mode\": \"access\"},"
                + "{\"device\": \"device:bmv2:s2\", \"port\": 4, \"mode\": \"access\"}]}";
        JsonNode refused = only(SliceActionsHandler.CREATE, "{\"ref\": 1, \"request\": "
                + String.format(request, 15_000_000) + "}", ActionResult.RESULT);
        assertThat(refused.get("ok").asBoolean(), is(false));
        assertThat(refused.get("code").asInt(), is(409));
        assertThat(refused.get("ref").asInt(), is(1));
        assertThat(refused.get("message").asText(), startsWith("admission refused on link"));

        JsonNode malformed = only(SliceActionsHandler.CREATE, "{\"request\": {\"name\": 5}}", ActionResult.RESULT);
        assertThat(malformed.get("code").asInt(), is(400));

        JsonNode created = only(SliceActionsHandler.CREATE, "{\"ref\": 2, \"request\": "
                + String.format(request, 1_000_000) + "}", ActionResult.RESULT);
        assertThat(created.toString(), created.get("code").asInt(), is(201));
        int id = created.get("slice").get("id").asInt();

        JsonNode updated = only(SliceActionsHandler.UPDATE, "{\"id\": " + id + ", \"request\": "
                + String.format(request, 2_000_000) + "}", ActionResult.RESULT);
        assertThat(updated.toString(), updated.get("code").asInt(), is(200));
        assertThat(updated.get("slice").get("quotaBps").asLong(), is(2_000_000L));

        JsonNode released = only(SliceActionsHandler.RELEASE, "{\"id\": " + id + "}", ActionResult.RESULT);
        assertThat(released.toString(), released.get("code").asInt(), is(204));
        JsonNode gone = only(SliceActionsHandler.RELEASE, "{\"id\": " + id + "}", ActionResult.RESULT);
        assertThat(gone.get("code").asInt(), is(404));
        assertThat(gone.get("message").asText(), is("no slice with id " + id));

        JsonNode noId = only(ReservationActionsHandler.CANCEL, "{\"id\": 0}", ActionResult.RESULT);
        assertThat(noId.get("code").asInt(), is(400));
    }

    @Test
    public void overlayCyclesThroughTheSlicesAndHighlightsTheirTrunks() throws Exception {
        List<ObjectNode> out = send(SliceOverlayHandler.SELECT, "{\"step\": 1}");
        assertThat(out.size(), is(2));
        JsonNode highlights = out.get(0).get("payload");
        assertThat(out.get(0).get("event").asText(), is("showHighlights"));
        assertThat(highlights.get("links").get(0).get("id").asText(), is("device:bmv2:s1/5-device:bmv2:s2/5"));
        assertThat(highlights.get("links").get(0).get("label").asText(), is("lab-a: 0/8 Mb/s"));
        assertThat(highlights.get("subdue").asText(), is("min"));
        assertThat(highlights.get("devices").size(), is(2));
        JsonNode selected = out.get(1).get("payload");
        assertThat(selected.get("slice").get("name").asText(), is("lab-a"));
        assertThat(selected.get("index").asInt() + "/" + selected.get("count").asInt(), is("1/4"));

        assertThat(send(SliceOverlayHandler.SELECT, "{\"step\": -1}").get(1).get("payload").get("slice")
                           .get("name").asText(), is("lab-d"));
        assertThat(send(SliceOverlayHandler.SELECT, "{\"step\": 1}").get(1).get("payload").get("slice")
                           .get("name").asText(), is("lab-a"));
        assertThat(send(SliceOverlayHandler.SELECT, "{\"id\": 30}").get(1).get("payload").get("slice")
                           .get("name").asText(), is("lab-c"));
        JsonNode missing = send(SliceOverlayHandler.SELECT, "{\"id\": 99}").get(1).get("payload");
        assertThat(missing.get("message").asText(), is("no slice with id 99"));
        assertThat(SliceOverlayHandler.mbps(40_000) + " " + SliceOverlayHandler.mbps(4_100_000) + " "
                           + SliceOverlayHandler.mbps(8_000_000) + " " + SliceOverlayHandler.mbps(0),
                   is("0.04 4.1 8 0"));
        List<ObjectNode> cleared = send(SliceOverlayHandler.CLEAR, "{}");
        assertThat(cleared.get(0).get("payload").get("links").size(), is(0));
        assertThat(cleared.get(1).get("payload").size(), is(0));
    }
}
