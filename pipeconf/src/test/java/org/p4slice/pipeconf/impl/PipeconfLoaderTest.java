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
package org.p4slice.pipeconf.impl;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.p4slice.pipeconf.P4SlicePipeconfs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.pipeconf.P4SlicePipeconfs.BMV2_PIPECONF_ID;

/**
 * Tests of {@link PipeconfLoader} against a recording pipeconf service.
 */
public class PipeconfLoaderTest {

    /** Pipeconf service that keeps registrations and records calls, refusing duplicates as ONOS does. */
    private static final class RecordingPipeconfService extends PiPipeconfServiceAdapter {
        final Map<PiPipeconfId, PiPipeconf> pipeconfs = new LinkedHashMap<>();
        final List<String> calls = new ArrayList<>();

        @Override
        public void register(PiPipeconf pipeconf) {
            calls.add("register " + pipeconf.id());
            if (pipeconfs.putIfAbsent(pipeconf.id(), pipeconf) != null) {
                throw new IllegalStateException("Pipeconf " + pipeconf.id() + " is already registered");
            }
        }

        @Override
        public void unregister(PiPipeconfId id) {
            calls.add("unregister " + id);
            if (pipeconfs.remove(id) == null) {
                throw new IllegalStateException("Pipeconf " + id + " is not registered");
            }
        }

        @Override
        public Optional<PiPipeconf> getPipeconf(PiPipeconfId id) {
            return Optional.ofNullable(pipeconfs.get(id));
        }

        @Override
        public Iterable<PiPipeconf> getPipeconfs() {
            return pipeconfs.values();
        }
    }

    private RecordingPipeconfService service;
    private PipeconfLoader loader;

    @Before
    public void setUp() {
        service = new RecordingPipeconfService();
        loader = new PipeconfLoader();
        loader.pipeconfService = service;
    }

    /** "verb id" for every pipeconf of the bundle (bmv2, then the Tofino ones), in order. */
    private static List<String> calls(String verb) {
        List<String> calls = new ArrayList<>();
        for (PiPipeconfId id : P4SlicePipeconfs.ids()) {
            calls.add(verb + " " + id);
        }
        return calls;
    }

    @Test
    public void activateRegistersEveryPipeconf() {
        assertThat("the Tofino outputs are in the bundle", P4SlicePipeconfs.tofinoNotPackaged(), is(empty()));
        loader.activate();

        assertEquals(calls("register"), service.calls);
        for (PiPipeconfId id : P4SlicePipeconfs.ids()) {
            PiPipeconf registered = service.pipeconfs.get(id);
            assertTrue(id + " has tables", registered.pipelineModel().tables().size() > 0);
            assertTrue(id + " has an interpreter",
                       registered.implementation(PiPipelineInterpreter.class).isPresent());
        }
    }

    @Test
    public void deactivateUnregistersIt() {
        loader.activate();
        loader.deactivate();

        List<String> expected = calls("register");
        expected.addAll(calls("unregister"));
        assertEquals(expected, service.calls);
        assertThat(service.pipeconfs.keySet(), is(empty()));
    }

    @Test
    public void staleRegistrationIsReplaced() {
        PiPipeconf stale = P4SlicePipeconfs.bmv2();
        service.pipeconfs.put(BMV2_PIPECONF_ID, stale);

        loader.activate();

        assertEquals("unregister " + BMV2_PIPECONF_ID, service.calls.get(0));
        assertEquals(calls("register"), service.calls.subList(1, service.calls.size()));
        assertTrue("the new pipeconf is registered", service.pipeconfs.get(BMV2_PIPECONF_ID) != stale);
    }

    @Test
    public void deactivateToleratesAPipeconfAlreadyGone() {
        loader.activate();
        service.pipeconfs.clear();

        loader.deactivate();

        assertEquals(calls("register"), service.calls);
    }

    @Test
    public void failedBuildRegistersNothing() {
        IllegalStateException failure = new IllegalStateException("resource /p4c-out/bmv2/p4info.txt is missing");
        loader.pipeconfs = () -> {
            throw failure;
        };
        try {
            loader.activate();
            fail("activation must fail when the pipeconf cannot be built");
        } catch (IllegalStateException e) {
            assertSame(failure, e);
        }
        assertThat(service.calls, is(empty()));
        loader.deactivate();
        assertThat(service.calls, is(empty()));
    }

    @Test
    public void registersEverySuppliedPipeconf() {
        PiPipeconf bmv2 = P4SlicePipeconfs.bmv2();
        loader.pipeconfs = () -> List.of(bmv2);
        loader.activate();
        assertEquals(Map.of(BMV2_PIPECONF_ID, bmv2), service.pipeconfs);
    }
}
