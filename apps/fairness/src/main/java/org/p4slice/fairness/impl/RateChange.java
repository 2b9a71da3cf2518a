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
package org.p4slice.fairness.impl;

/**
 * A meter rate the cycle wants changed.
 */
final class RateChange {
    private final int sliceId;
    private final long fromBps;
    private final long toBps;
    private final long quotaBps;

    RateChange(int sliceId, long fromBps, long toBps, long quotaBps) {
        this.sliceId = sliceId;
        this.fromBps = fromBps;
        this.toBps = toBps;
        this.quotaBps = quotaBps;
    }

    int sliceId() {
        return sliceId;
    }

    long fromBps() {
        return fromBps;
    }

    long toBps() {
        return toBps;
    }

    long quotaBps() {
        return quotaBps;
    }

    @Override
    public String toString() {
        return "slice " + sliceId + " " + fromBps + " -> " + toBps + " bps (quota " + quotaBps + ")";
    }
}
