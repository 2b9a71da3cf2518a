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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import org.junit.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * The swagger document the build generates (target/swagger.json, packaged as
 * WEB-INF/classes/apidoc/swagger.json for ONOS's API docs) lists every endpoint with its models.
 */
public class SwaggerDocTest {

    private static JsonNode swagger() throws IOException {
        Path file = Paths.get("target", "swagger.json");
        return new ObjectMapper().readTree(Files.readString(file));
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    public void listsEveryEndpointUnderTheContextPath() throws IOException {
        JsonNode doc = swagger();
        assertThat(doc.get("swagger").asText(), is("2.0"));
        assertThat(doc.get("basePath").asText(), is("/onos/p4slice"));
        assertThat(doc.get("info").get("title").asText(), is("p4slice REST API"));
        JsonNode paths = doc.get("paths");
        assertThat(names(paths), containsInAnyOrder("/slices", "/slices/{id}", "/slices/{id}/stats",
                "/slices/{id}/devices",
                "/capacity",
                "/reservations", "/reservations/{id}", "/fairness", "/fairness/history", "/metrics", "/audit",
                "/tenants/{tenant}/users", "/tenants/{tenant}/users/{name}"));
        assertThat(names(paths.get("/slices")), containsInAnyOrder("get", "post"));
        assertThat(names(paths.get("/slices/{id}")), containsInAnyOrder("get", "put", "delete"));
        assertThat(names(paths.get("/slices/{id}/stats")), is(ImmutableList.of("get")));
        assertThat(names(paths.get("/slices/{id}/devices")), is(ImmutableList.of("get")));
        assertThat(names(paths.get("/capacity")), is(ImmutableList.of("get")));
        assertThat(names(paths.get("/reservations")), containsInAnyOrder("get", "post"));
        assertThat(names(paths.get("/reservations/{id}")), containsInAnyOrder("get", "put", "delete"));
        assertThat(names(paths.get("/audit")), is(ImmutableList.of("get")));
        assertThat(names(paths.get("/tenants/{tenant}/users")), containsInAnyOrder("get", "post"));
        assertThat(names(paths.get("/tenants/{tenant}/users/{name}")), is(ImmutableList.of("delete")));
    }

    @Test
    public void documentsRequestAndResponseShapes() throws IOException {
        JsonNode doc = swagger();
        assertThat(names(doc.get("definitions")),
                   containsInAnyOrder("Slices", "Slice", "SliceRequest", "SliceStats", "Capacity",
                           "Reservations", "Reservation", "ReservationRequest", "ReservationEnd", "Fairness",
                           "FairnessHistory", "Audit", "TenantUsers", "TenantUserRequest", "SliceDevices"));
        JsonNode post = doc.get("paths").get("/slices").get("post");
        assertThat(post.get("parameters").get(0).get("in").asText(), is("body"));
        assertThat(post.get("parameters").get(0).get("schema").get("$ref").asText(), is("#/definitions/SliceRequest"));
        assertThat(doc.get("paths").get("/slices/{id}").get("get").get("responses").get("200").get("schema")
                           .get("$ref").asText(), is("#/definitions/Slice"));
        assertThat(doc.get("paths").get("/slices").get("get").get("parameters").get(0).get("in").asText(),
                   is("query"));
        assertThat(doc.get("paths").get("/slices/{id}/devices").get("get").get("responses").get("200")
                           .get("schema").get("$ref").asText(), is("#/definitions/SliceDevices"));
        assertThat(names(doc.get("definitions").get("SliceDevices").get("properties")),
                   containsInAnyOrder("slice", "devices"));
        JsonNode request = doc.get("definitions").get("SliceRequest");
        assertThat(names(request.get("properties")), containsInAnyOrder(
                "id", "name", "tenant", "vlan", "quotaBps", "burstBytes", "endpoints"));
        assertThat(request.get("additionalProperties").asBoolean(), is(false));
        assertThat(names(doc.get("definitions").get("Slice").get("properties")), containsInAnyOrder(
                "id", "name", "tenant", "vlan", "quotaBps", "burstBytes", "endpoints", "trunkLinks", "state",
                "reason"));
    }
}
