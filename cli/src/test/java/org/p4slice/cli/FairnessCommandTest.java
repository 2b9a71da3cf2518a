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

import org.junit.Before;
import org.junit.Test;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.fairness.codec.FairnessReportCodec;
import org.p4slice.slicing.codec.SlicingCodecs;
import org.p4slice.fairness.testing.FixedFairnessService;

import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

/**
 * The fairness command: the report as a table, its REST JSON, the history, and the error without
 * the fairness service.
 */
public class FairnessCommandTest extends CliTestBase {

    private final FixedFairnessService fairness = new FixedFairnessService();

    @Before
    public void withFairnessService() {
        services.add(FairnessService.class, fairness);
    }

    @Test
    public void reportAsATable() throws Exception {
        run(new FairnessCommand());
        assertThat(out(), is(List.of(
                "mode monitor  window 5.0 s  CV 0.00 %  Jain 1.0000  max deviation 2.00 %  threshold 5.00 %"
                        + "  backlogged 1 of 2",
                "SLICE  TENANT  QUOTA    ALLOCATION  OFFERED  RATE       SHARE   DEVIATION  BACKLOGGED",
                "10     itb     25 Mb/s  25 Mb/s     40 Mb/s  24.5 Mb/s  0.9800  2.00 %     yes",
                "20     -       10 Mb/s  10 Mb/s     5 Mb/s   5 Mb/s     0.5000  0.00 %     no")));
    }

    @Test
    public void jsonIsTheRestReport() throws Exception {
        run(new FairnessCommand(), "-j");
        assertThat(out(), is(List.of(FairnessReportCodec.encode(fairness.getReport(),
                                                                 SlicingCodecs.context().mapper()).toString())));
    }

    @Test
    public void historyOldestFirst() throws Exception {
        run(new FairnessCommand(), "--history");
        assertThat(out(), is(List.of(
                "TIME                  MODE     CV       JAIN    MAX DEVIATION  BACKLOGGED",
                "2025-12-31T23:59:59Z  monitor  10.00 %  0.9900  12.00 %        2 of 2",
                "2026-01-01T00:00:00Z  monitor  0.00 %   1.0000  2.00 %         1 of 2")));
    }

    @Test
    public void withoutTheFairnessAppOneLineError() throws Exception {
        services.remove(FairnessService.class);
        run(new FairnessCommand());
        assertThat(out(), is(List.of()));
        List<String> err = err();
        assertThat(err, is(List.of("Error: Service " + FairnessService.class.getName()
                                           + " not found (is the org.p4slice application active?)")));
    }
}
