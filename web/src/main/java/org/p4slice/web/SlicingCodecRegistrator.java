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

import org.onosproject.codec.CodecService;
import org.p4slice.slicing.codec.SlicingCodecs;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Registers the slicing JSON codecs with ONOS's codec service while the web bundle is active.
 */
@Component(immediate = true)
public class SlicingCodecRegistrator {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CodecService codecService;

    /**
     * Registers the codecs.
     */
    @Activate
    protected void activate() {
        SlicingCodecs.registerAll(codecService);
        log.info("Registered codecs for {}", SlicingCodecs.entityClasses());
    }

    /**
     * Unregisters the codecs.
     */
    @Deactivate
    protected void deactivate() {
        SlicingCodecs.unregisterAll(codecService);
        log.info("Unregistered the slicing codecs");
    }
}
