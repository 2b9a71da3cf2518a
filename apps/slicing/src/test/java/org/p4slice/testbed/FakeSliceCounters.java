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

import com.google.common.collect.ImmutableMap;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.p4slice.pipeconf.SliceCounterException;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.pipeconf.SliceCounters;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Records the slice ids whose counters were reset.
 */
public class FakeSliceCounters extends AbstractHandlerBehaviour implements SliceCounters {

    public final List<Integer> resets = new ArrayList<>();
    public boolean failing;

    @Override
    public Map<Integer, SliceCounterValues> readAll() {
        return ImmutableMap.of();
    }

    @Override
    public void reset(int sliceId) {
        if (failing) {
            throw new SliceCounterException("device unreachable");
        }
        resets.add(sliceId);
    }
}
