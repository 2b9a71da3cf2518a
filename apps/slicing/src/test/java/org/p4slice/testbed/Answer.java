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

/**
 * How a recording service answers a request it is scripted for (see
 * {@link RecordingFlowRuleService#addAnswers()}, {@link RecordingMulticastGroups#writeAnswers()} and
 * {@link RecordingMeterCells#submitAnswers()}).
 */
public enum Answer {
    /** Confirm (callback onSuccess / state ADDED / event). */
    SUCCEED,
    /** Report a failure (callback onError / *_FAILED event). */
    FAIL,
    /** Accept and never answer. */
    NEVER,
    /** Refuse synchronously with an exception. */
    THROW
}
