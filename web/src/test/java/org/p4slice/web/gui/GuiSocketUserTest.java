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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.osgi.ServiceDirectory;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.SliceStatsServiceAdapter;
import org.p4slice.testbed.RestServices;

import java.util.Map;
import org.p4slice.pipeconf.P4SlicePipeconfIds;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Who a socket of ONOS's classic GUI acts for: a socket opened without a login session (ONOS names
 * its user "unknown", and any valid GUI token authenticates it) or with no user sees and changes
 * nothing; a named user is an ONOS user whose roles ONOS's GUI does not tell (ONOS 2.7 serves the GUI
 * and its socket token to any user who signs in), scoped by the same rule as REST: an operator only if
 * the operators block names it, never by default; it is never a tenant's user (those have no ONOS
 * account), whatever its name.
 */
public class GuiSocketUserTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final String CREATE = "{\"ref\": 1, \"request\": {\"name\": \"x\", \"tenant\": \"itb\","
            + " \"quotaBps\": 1000000, \"endpoints\": [{\"device\": \"device:bmv2:s1\", \"port\": 3,"
            + " \"mode\": \"access\"}]}}";

    private SlicingTestbed testbed;
    private ServiceDirectory directory;

    @Before
    public void setUp() {
        testbed = new SlicingTestbed();
        testbed.addSwitch(S1.toString(), P4SlicePipeconfIds.BMV2_PIPECONF_ID, Map.of());
        for (int p = 1; p <= 4; p++) {
            testbed.addPort(S1, p, 100_000_000L);
        }
        testbed.startAll();
        testbed.gate().createSlice(Caller.of("onos", true), SliceRequest.builder().name("lab1")
                .tenant(TenantId.of("itb")).quotaBps(10_000_000)
                .addEndpoint(Endpoint.of(SlicingTestbed.cp(S1, 1), EndpointMode.ACCESS)).build());
        directory = RestServices.directory(testbed, new SliceStatsServiceAdapter());
    }

    @After
    public void tearDown() {
        testbed.stop();
    }

    private void tenantsAndOperators() throws Exception {
        testbed.setTenantsConfig((ObjectNode) MAPPER.readTree("{\"itb\": {}}"));
        testbed.setOperatorsConfig((ObjectNode) MAPPER.readTree("{\"users\": [\"onos\"]}"));
    }

    private JsonNode only(GuiSession session, String event, String payload) throws Exception {
        ObjectNode message = MAPPER.createObjectNode().put("event", event);
        message.set("payload", MAPPER.readTree(payload));
        JsonNode out = session.process(message);
        assertThat(out.toString(), out.size(), is(1));
        return out.get(0).get("payload");
    }

    private void assertSeesAndChangesNothing(String user) throws Exception {
        GuiSession socket = new GuiSession(user, directory);
        String before = testbed.slices().getSlices().toString();
        assertThat(only(socket, SlicesTableHandler.REQUEST, "{}").get("slices").size(), is(0));
        assertThat(only(socket, ReservationsHandler.REQUEST, "{}").get("reservations").size(), is(0));
        JsonNode capacity = only(socket, CapacityHandler.REQUEST, "{}");
        assertThat(capacity.get("ports").size() + capacity.get("links").size(), is(0));
        JsonNode release = only(socket, SliceActionsHandler.RELEASE, "{\"id\": 1}");
        assertThat(release.get("code").asInt(), is(404));
        assertThat(release.get("message").asText(), is("no slice with id 1"));
        JsonNode create = only(socket, SliceActionsHandler.CREATE, CREATE);
        assertThat(create.get("code").asInt(), is(403));
        assertThat(testbed.slices().getSlices().toString(), is(before));
    }

    @Test
    public void aSocketWithoutALoginSeesAndChangesNothing() throws Exception {
        assertSeesAndChangesNothing(GuiHandler.UNKNOWN_GUI_USER);
        assertSeesAndChangesNothing("");
        assertSeesAndChangesNothing(null);
        tenantsAndOperators();
        assertSeesAndChangesNothing(GuiHandler.UNKNOWN_GUI_USER);
        JsonNode create = only(new GuiSession(GuiHandler.UNKNOWN_GUI_USER, directory), SliceActionsHandler.CREATE,
                               CREATE);
        assertThat(create.get("message").asText(),
                   is("an anonymous request acts for no tenant and may not create a slice of tenant itb"));
    }

    @Test
    public void aNamedUserIsAnOperatorOnlyIfListed() throws Exception {
        // a fresh install: the GUI's user may be any ONOS user (a viewer too), so it is no operator
        assertSeesAndChangesNothing("dave");
        assertSeesAndChangesNothing("onos");
        testbed.setOperatorsConfig((ObjectNode) MAPPER.readTree("{\"users\": [\"onos\"]}"));
        assertThat(only(new GuiSession("onos", directory), SlicesTableHandler.REQUEST, "{}").get("slices").size(),
                   is(1));
        tenantsAndOperators();
        assertSeesAndChangesNothing("dave");
        GuiSession onos = new GuiSession("onos", directory);
        assertThat(only(onos, SlicesTableHandler.REQUEST, "{}").get("slices").size(), is(1));
        assertThat(only(onos, SliceActionsHandler.CREATE, CREATE).get("code").asInt(), is(201));
    }

    @Test
    public void aGuiUserNamedLikeATenantsUserIsNotThatUser() throws Exception {
        tenantsAndOperators();
        testbed.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        assertSeesAndChangesNothing("alice");
    }
}
