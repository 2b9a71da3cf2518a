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
package org.p4slice.slicing.codec;

import com.google.common.base.MoreObjects;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * An error as the northbound reports it (immutable): an HTTP status code and a message saying
 * what was wrong and why. Encoded by {@link ApiErrorCodec} as {@code {"code": 409, "message": "..."}}.
 * The status of a refused slicing operation comes from the refusal's kind ({@link RefusalStatus}).
 */
public final class ApiError {

    private final int code;
    private final String message;

    private ApiError(int code, String message) {
        this.code = code;
        this.message = checkNotNull(message, "message must not be null");
    }

    /**
     * Returns an error.
     *
     * @param code    HTTP status code
     * @param message what and why
     * @return error
     */
    public static ApiError of(int code, String message) {
        return new ApiError(code, message);
    }

    /**
     * Returns the HTTP status code.
     *
     * @return code
     */
    public int code() {
        return code;
    }

    /**
     * Returns the message.
     *
     * @return what and why
     */
    public String message() {
        return message;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ApiError)) {
            return false;
        }
        ApiError that = (ApiError) o;
        return code == that.code && message.equals(that.message);
    }

    @Override
    public int hashCode() {
        return Objects.hash(code, message);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("code", code).add("message", message).toString();
    }
}
