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

import org.junit.Test;
import org.onosproject.codec.impl.CodecManager;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.codec.ApiError;
import org.p4slice.slicing.codec.SlicingCodecs;

import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.Assert.assertThat;

/**
 * The registrator puts the slicing codecs into ONOS's codec service on activation and takes
 * them out on deactivation, leaving ONOS's own codecs alone.
 */
public class SlicingCodecRegistratorTest {

    @Test
    public void registersOnActivateAndUnregistersOnDeactivate() {
        CodecManager codecs = new CodecManager();
        codecs.activate();
        int onosCodecs = codecs.getCodecs().size();
        SlicingCodecRegistrator registrator = new SlicingCodecRegistrator();
        registrator.codecService = codecs;
        registrator.activate();
        assertThat(codecs.getCodecs().size(), is(onosCodecs + SlicingCodecs.entityClasses().size()));
        assertThat(codecs.getCodec(Slice.class), sameInstance(SlicingCodecs.SLICE));
        assertThat(codecs.getCodec(SliceRequest.class), sameInstance(SlicingCodecs.SLICE_REQUEST));
        assertThat(codecs.getCodec(ApiError.class), sameInstance(SlicingCodecs.API_ERROR));
        registrator.deactivate();
        assertThat(codecs.getCodec(Slice.class), nullValue());
        assertThat(codecs.getCodecs().size(), is(onosCodecs));
    }
}
