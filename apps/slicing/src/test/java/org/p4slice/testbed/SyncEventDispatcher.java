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

import org.onosproject.event.DefaultEventSinkRegistry;
import org.onosproject.event.Event;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.event.EventSink;

/**
 * Delivers events at once on the posting thread.
 */
public class SyncEventDispatcher extends DefaultEventSinkRegistry implements EventDeliveryService {

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void post(Event event) {
        EventSink sink = getSink(event.getClass());
        if (sink != null) {
            sink.process(event);
        }
    }

    @Override
    public void setDispatchTimeLimit(long millis) {
    }

    @Override
    public long getDispatchTimeLimit() {
        return 0;
    }
}
