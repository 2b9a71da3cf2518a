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
package org.p4slice.testbed;

import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.impl.CodecManager;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.codec.SlicingCodecs;

/**
 * The services the REST resources look up, as ONOS would offer them: the slice manager of a
 * testbed, ONOS's codec manager with the slicing codecs registered as the web bundle's registrator
 * registers them ({@link SlicingCodecs#registerAll}), and the statistics service.
 */
public final class RestServices {

    private RestServices() {
    }

    /**
     * Returns the service directory of a running testbed.
     *
     * @param testbed testbed (started)
     * @param stats   the slicing app's statistics service
     * @return directory
     */
    public static TestServiceDirectory directory(SlicingTestbed testbed, SliceStatsService stats) {
        CodecManager codecs = new CodecManager();
        codecs.activate();
        SlicingCodecs.registerAll(codecs);
        TestServiceDirectory directory = new TestServiceDirectory()
                .add(SliceStatsService.class, stats)
                .add(CodecService.class, codecs);
        testbed.northboundServices().forEach((type, service) -> add(directory, type, service));
        return directory;
    }

    @SuppressWarnings("unchecked")
    private static <T> void add(TestServiceDirectory directory, Class<T> type, Object service) {
        directory.add(type, (T) service);
    }
}
