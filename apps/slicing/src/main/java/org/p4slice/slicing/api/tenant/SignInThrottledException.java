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
package org.p4slice.slicing.api.tenant;

/**
 * A sign-in that was not checked because as many passwords as p4slice checks at once (each a key
 * derivation of a few hundred milliseconds of CPU) were being checked for longer than the sign-in may
 * wait. Nothing was decided about the user: the client may try again after {@link #retryAfterSeconds()}
 * (HTTP 429 Too Many Requests with {@code Retry-After}).
 */
public class SignInThrottledException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int retryAfterSeconds;

    /**
     * Creates the refusal.
     *
     * @param retryAfterSeconds seconds after which a new try makes sense (&gt;= 1)
     */
    public SignInThrottledException(int retryAfterSeconds) {
        super("too many sign-ins are being checked at once; try again in " + Math.max(1, retryAfterSeconds)
                      + " s");
        this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
    }

    /**
     * Returns the seconds after which a new try makes sense.
     *
     * @return seconds, at least 1
     */
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
