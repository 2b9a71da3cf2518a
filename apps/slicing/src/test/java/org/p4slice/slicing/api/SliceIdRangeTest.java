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
package org.p4slice.slicing.api;

import org.junit.Test;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiCounterModel;
import org.onosproject.net.pi.model.PiMeterModel;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.p4runtime.model.P4InfoParser;
import org.onosproject.p4runtime.model.P4InfoParserException;
import org.p4slice.pipeconf.P4SliceConstants;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The slice-id range is the slicing API's ({@link SliceId}); the P4 program's per-slice arrays, as the
 * P4Info packaged in the pipeconf declares them, have a cell for each id of it, and the pipeconf's own
 * constants say the same.
 */
public class SliceIdRangeTest {

    @Test
    public void thePipeconfsConstantsAgree() {
        assertEquals(P4SliceConstants.MIN_SLICE_ID, SliceId.MIN);
        assertEquals(P4SliceConstants.MAX_SLICE_ID, SliceId.MAX);
        assertEquals(P4SliceConstants.SLICE_ARRAY_SIZE, SliceId.ARRAY_SIZE);
        assertEquals(1 << P4SliceConstants.SLICE_ID_BITWIDTH, SliceId.ARRAY_SIZE);
        assertTrue(SliceId.MAX < SliceId.ARRAY_SIZE);
    }

    // the P4Info as p4c wrote it (the pipeconf's model leaves the slice meter out, for ONOS's meter service)
    @Test
    public void everyPerSliceArrayOfTheP4ProgramHasACellForEveryId() throws P4InfoParserException {
        PiPipelineModel model = P4InfoParser.parse(P4SlicePipeconfs.class.getResource(
                P4SlicePipeconfs.BMV2_RESOURCE_DIR + P4SlicePipeconfs.P4INFO_FILE));
        for (PiCounterId id : List.of(P4SliceConstants.INGRESS_SLICE_RX_COUNTER,
                                      P4SliceConstants.INGRESS_SLICE_DROP_COUNTER,
                                      P4SliceConstants.EGRESS_SLICE_TX_COUNTER)) {
            assertEquals(id.toString(), SliceId.ARRAY_SIZE,
                         model.counter(id).map(PiCounterModel::size).orElse(-1L).longValue());
        }
        assertEquals("slice meter", SliceId.ARRAY_SIZE,
                     model.meter(P4SliceConstants.INGRESS_SLICE_METER).map(PiMeterModel::size).orElse(-1L)
                             .longValue());
    }
}
