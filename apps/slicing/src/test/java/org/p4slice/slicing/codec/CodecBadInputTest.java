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
package org.p4slice.slicing.codec;

import org.p4slice.slicing.json.SliceRequestJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.p4slice.testbed.InvalidInputs;

import java.io.IOException;
import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;

/**
 * Every malformed body the slice request and reservation codecs refuse, with the exact message:
 * the {@code codecs} cases of {@code invalid-inputs.json} (a body absent there is Java's null).
 */
@RunWith(Parameterized.class)
public class CodecBadInputTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Parameterized.Parameters(name = "{0}")
    public static List<Object[]> cases() {
        return InvalidInputs.cases(CodecBadInputTest.class, "/org/p4slice/slicing/invalid-inputs.json", "codecs");
    }

    private final JsonNode input;

    /**
     * Runs one case.
     *
     * @param name  case name
     * @param input codec, body and message
     */
    public CodecBadInputTest(String name, JsonNode input) {
        this.input = input;
    }

    private static void decode(String codec, JsonNode body) {
        switch (codec) {
            case "sliceRequest":
                SliceRequestJson.request(body);
                break;
            case "reservation":
                ReservationCodec.requestFromJson(body);
                break;
            case "reservationEnd":
                ReservationCodec.endFromJson(body);
                break;
            default:
                throw new IllegalArgumentException("unknown codec " + codec);
        }
    }

    @Test
    public void isRefusedWithItsMessage() throws IOException {
        JsonNode body = input.has("body") ? MAPPER.readTree(input.get("body").asText()) : null;
        try {
            decode(input.get("codec").asText(), body);
            fail("accepted " + body);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage(), is(input.get("message").asText()));
        }
    }
}
