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

import org.p4slice.slicing.json.SliceRequestJson;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.p4slice.slicing.api.SliceRequest;

import java.io.IOException;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;

/**
 * The CLI builds slice requests through the API's builder; the REST codec delegates its value
 * checks to the same builder, so both accept the same requests and refuse the same values with
 * the same words.
 */
public class RequestBuildingTest {

    private static SliceRequest cli(String... args) throws Exception {
        return CliTestBase.parse(new SliceAddCommand(), args).sliceRequest();
    }

    private static SliceRequest rest(String body) throws IOException {
        return SliceRequestJson.request(new ObjectMapper().readTree(body.replace('\'', '"')));
    }

    private static String cliRefusal(String... args) throws Exception {
        try {
            cli(args);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        fail("accepted");
        return null;
    }

    private static String restRefusal(String body) throws IOException {
        try {
            rest(body);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        fail("accepted " + body);
        return null;
    }

    @Test
    public void theCliBuildsTheRequestRestReads() throws Exception {
        assertThat(cli("-t", "itb", "-q", "25M", "--burst", "4096", "--vlan", "300", "--id", "7",
                       "--trunk", "device:bmv2:s1/4", "lab1", "device:bmv2:s1/1"),
                   is(rest("{'id': 7, 'name': 'lab1', 'tenant': 'itb', 'vlan': 300, 'quotaBps': 25000000, "
                                   + "'burstBytes': 4096, 'endpoints': ["
                                   + "{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'},"
                                   + "{'device': 'device:bmv2:s1', 'port': 4, 'mode': 'trunk'}]}")));
        assertThat(cli("-t", "itb", "-q", "1M", "lab1"),
                   is(rest("{'name': 'lab1', 'tenant': 'itb', 'quotaBps': 1000000, 'endpoints': []}")));
    }

    @Test
    public void theCliAndRestRefuseAValueWithTheSameWords() throws Exception {
        String ep = ", 'endpoints': []}";
        assertThat(cliRefusal("-t", "itb", "-q", "1M", "--id", "5000", "x"),
                   is(restRefusal("{'id': 5000, 'name': 'x', 'tenant': 'itb', 'quotaBps': 1" + ep)));
        assertThat(cliRefusal("-t", "itb", "-q", "1M", "--vlan", "4096", "x"),
                   is(restRefusal("{'vlan': 4096, 'name': 'x', 'tenant': 'itb', 'quotaBps': 1" + ep)));
        assertThat(cliRefusal("-t", "itb", "-q", "1M", "--vlan", "4096", "x"),
                   is("vlan must be a 12-bit VLAN id in 0..4095, got 4096"));
        assertThat(cliRefusal("-t", "a b", "-q", "1M", "x"),
                   is(restRefusal("{'name': 'x', 'tenant': 'a b', 'quotaBps': 1" + ep)));
    }
}
