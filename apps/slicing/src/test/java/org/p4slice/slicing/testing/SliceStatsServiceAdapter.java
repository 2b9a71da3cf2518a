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
package org.p4slice.slicing.testing;

import org.p4slice.slicing.api.SliceStatsListener;
import org.p4slice.slicing.api.SliceStatsService;
import org.p4slice.slicing.api.SliceStatsSnapshot;

/**
 * A statistics service that polls nothing: an empty snapshot, no events (tests override what they
 * need, e.g. {@link #getStats}).
 */
public class SliceStatsServiceAdapter implements SliceStatsService {

    @Override
    public SliceStatsSnapshot getSnapshot() {
        return SliceStatsSnapshot.empty(0, 1);
    }

    @Override
    public void requestPoll() {
    }

    @Override
    public void addListener(SliceStatsListener listener) {
    }

    @Override
    public void removeListener(SliceStatsListener listener) {
    }
}
