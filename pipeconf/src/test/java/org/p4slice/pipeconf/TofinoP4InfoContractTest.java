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
package org.p4slice.pipeconf;

import com.google.protobuf.TextFormat;
import org.junit.Before;
import org.junit.Test;
import p4.config.v1.P4InfoOuterClass.Action;
import p4.config.v1.P4InfoOuterClass.ActionRef;
import p4.config.v1.P4InfoOuterClass.ControllerPacketMetadata;
import p4.config.v1.P4InfoOuterClass.Counter;
import p4.config.v1.P4InfoOuterClass.DirectCounter;
import p4.config.v1.P4InfoOuterClass.MatchField;
import p4.config.v1.P4InfoOuterClass.Meter;
import p4.config.v1.P4InfoOuterClass.P4Info;
import p4.config.v1.P4InfoOuterClass.Table;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;

/**
 * The P4Info contract holds on Tofino: each Tofino profile's P4Info exposes exactly what the
 * v1model P4Info does -- the same P4Runtime ids and names of tables, match fields, actions and
 * their parameters, counters, meter and controller packet metadata, with the same widths, match
 * kinds, units and sizes -- since both programs are the same slicing controls
 * ({@code p4src/include/}). Only the architecture ({@code pkg_info.arch}) and table sizes chosen
 * for the chip ({@code docs/tofino-resources.md}) may differ; the latter are listed apart.
 */
public class TofinoP4InfoContractTest {

    private static final String V1MODEL = "/p4c-out/bmv2/p4info.txt";
    private static final List<String> TOFINO = List.of("/p4c-out/tofino/two-pipe/p4info.txt",
                                                       "/p4c-out/tofino/four-pipe/p4info.txt");

    private static P4Info parse(String resource) throws IOException {
        InputStream in = TofinoP4InfoContractTest.class.getResourceAsStream(resource);
        assertNotNull(resource + " is missing from the class path: compile the P4 program", in);
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            P4Info.Builder builder = P4Info.newBuilder();
            TextFormat.getParser().merge(reader, builder);
            return builder.build();
        }
    }

    /** Everything the contract fixes, one line per fact, sorted (the files' order is not the contract). */
    private static Set<String> contract(P4Info info) {
        Set<String> facts = new TreeSet<>();
        for (Table t : info.getTablesList()) {
            String table = "table " + t.getPreamble().getId() + " " + t.getPreamble().getName();
            facts.add(table);
            for (MatchField f : t.getMatchFieldsList()) {
                facts.add(table + " key " + f.getId() + " " + f.getName() + " " + f.getMatchType() + " "
                                  + f.getBitwidth());
            }
            for (ActionRef a : t.getActionRefsList()) {
                facts.add(table + " action " + a.getId() + " " + a.getScope());
            }
            facts.add(table + " default " + t.getConstDefaultActionId() + " const " + t.getIsConstTable());
            facts.add(table + " direct resources " + t.getDirectResourceIdsList());
        }
        for (Action a : info.getActionsList()) {
            String action = "action " + a.getPreamble().getId() + " " + a.getPreamble().getName();
            facts.add(action);
            for (Action.Param p : a.getParamsList()) {
                facts.add(action + " param " + p.getId() + " " + p.getName() + " " + p.getBitwidth());
            }
        }
        for (Counter c : info.getCountersList()) {
            facts.add("counter " + c.getPreamble().getId() + " " + c.getPreamble().getName() + " "
                              + c.getSpec().getUnit() + " " + c.getSize());
        }
        for (DirectCounter c : info.getDirectCountersList()) {
            facts.add("direct counter " + c.getPreamble().getId() + " " + c.getPreamble().getName() + " "
                              + c.getSpec().getUnit() + " table " + c.getDirectTableId());
        }
        for (Meter m : info.getMetersList()) {
            facts.add("meter " + m.getPreamble().getId() + " " + m.getPreamble().getName() + " "
                              + m.getSpec().getUnit() + " " + m.getSize());
        }
        for (ControllerPacketMetadata h : info.getControllerPacketMetadataList()) {
            String header = "controller header " + h.getPreamble().getId() + " " + h.getPreamble().getName();
            facts.add(header);
            for (ControllerPacketMetadata.Metadata m : h.getMetadataList()) {
                facts.add(header + " metadata " + m.getId() + " " + m.getName() + " " + m.getBitwidth());
            }
        }
        return facts;
    }

    private static List<String> sizes(P4Info info) {
        List<String> sizes = new ArrayList<>();
        info.getTablesList().forEach(t -> sizes.add(t.getPreamble().getName() + " " + t.getSize()));
        return sizes;
    }

    @Before
    public void needsTheTofinoOutputs() {
        TofinoOutputs.assumePackaged();
    }

    @Test
    public void tofinoP4InfoIsTheV1modelContract() throws IOException {
        P4Info v1model = parse(V1MODEL);
        for (String resource : TOFINO) {
            P4Info tofino = parse(resource);
            Set<String> missing = new TreeSet<>(contract(v1model));
            missing.removeAll(contract(tofino));
            Set<String> extra = new TreeSet<>(contract(tofino));
            extra.removeAll(contract(v1model));
            assertEquals(resource + ": facts of the v1model P4Info it lacks", Set.of(), missing);
            assertEquals(resource + ": facts the v1model P4Info lacks", Set.of(), extra);
            assertEquals("tna", tofino.getPkgInfo().getArch());
            assertEquals("v1model", v1model.getPkgInfo().getArch());
        }
    }

    @Test
    public void tofinoProfilesHaveTheSameTableSizes() throws IOException {
        assertEquals(sizes(parse(TOFINO.get(0))), sizes(parse(TOFINO.get(1))));
    }
}
