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
package org.p4slice.slicing.programmer;

import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.DefaultMeter;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterServiceAdapter;
import org.onosproject.net.pi.runtime.PiMeterCellId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Meter service that records requests and answers per device through the request's context.
 */
public class FakeMeterService extends MeterServiceAdapter {

    private final List<String> journal;

    /**
     * Creates the fake.
     *
     * @param journal where accepted operations are logged, shared by the fakes of a test
     */
    FakeMeterService(List<String> journal) {
        this.journal = journal;
    }

    /** Answer to submissions, per device (default SUCCEED). */
    final Map<DeviceId, Answer> submitAnswers = new HashMap<>();
    /** Answer to withdrawals (default SUCCEED). */
    Answer withdrawAnswer = Answer.SUCCEED;

    /** Every request submitted (and accepted). */
    final List<MeterRequest> submitted = new ArrayList<>();
    /** Every withdrawal: device and cell. */
    final List<String> withdrawn = new ArrayList<>();

    @Override
    public synchronized Meter submit(MeterRequest request) {
        Answer answer = submitAnswers.getOrDefault(request.deviceId(), Answer.SUCCEED);
        if (answer == Answer.THROW) {
            throw new IllegalArgumentException("Index cannot be provided when userDefinedIndex mode is disabled");
        }
        submitted.add(request);
        journal.add("meter add " + request.deviceId() + " " + request.scope().id() + "[" + request.index().orElseThrow()
                            + "]");
        if (answer == Answer.SUCCEED) {
            request.context().ifPresent(c -> c.onSuccess(request));
        } else if (answer == Answer.FAIL) {
            request.context().ifPresent(c -> c.onError(request, MeterFailReason.INVALID_METER));
        }
        return DefaultMeter.builder().forDevice(request.deviceId()).fromApp(request.appId())
                .withUnit(request.unit()).withBands(request.bands())
                .withCellId(PiMeterCellId.ofIndirect(org.onosproject.net.pi.model.PiMeterId.of(request.scope().id()),
                                                     request.index().orElseThrow()))
                .build();
    }

    @Override
    public synchronized void withdraw(MeterRequest request, MeterCellId cellId) {
        PiMeterCellId cell = (PiMeterCellId) cellId;
        withdrawn.add(request.deviceId() + " " + cell.meterId() + "[" + cell.index() + "]");
        journal.add("meter withdraw " + request.deviceId() + " " + cell.meterId() + "[" + cell.index() + "]");
        if (withdrawAnswer == Answer.SUCCEED) {
            request.context().ifPresent(c -> c.onSuccess(request));
        } else if (withdrawAnswer == Answer.FAIL) {
            request.context().ifPresent(c -> c.onError(request, MeterFailReason.UNKNOWN));
        }
    }
}
