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
package org.p4slice.slicing.impl.tenant;

import org.junit.Test;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThat;

/**
 * The tenants' users' password hashes: PBKDF2WithHmacSHA256, at least 100000 iterations, a random
 * salt per hash, algorithm and iterations stored with it; anything unreadable matches nothing.
 */
public class PasswordHashingTest {

    private static final PasswordHashing HASHING = new PasswordHashing();
    private static final String SECRET = "correct-horse-battery";

    @Test
    public void aHashNamesItsAlgorithmAndIterationsAndHidesThePassword() {
        String hash = HASHING.hash(SECRET.toCharArray());
        String[] parts = hash.split("\\$");
        assertThat(parts.length, is(4));
        assertThat(parts[0], is("PBKDF2WithHmacSHA256"));
        assertThat(Integer.parseInt(parts[1]), greaterThanOrEqualTo(100_000));
        assertThat(hash, not(containsString(SECRET)));
    }

    @Test
    public void theSamePasswordGetsADifferentSaltEachTime() {
        String a = HASHING.hash(SECRET.toCharArray());
        String b = HASHING.hash(SECRET.toCharArray());
        assertThat(a.split("\\$")[2], not(is(b.split("\\$")[2])));
        assertThat(a, not(is(b)));
    }

    @Test
    public void onlyTheRightPasswordMatches() {
        String hash = HASHING.hash(SECRET.toCharArray());
        assertThat(HASHING.verify(SECRET.toCharArray(), hash), is(true));
        assertThat(HASHING.verify("correct-horse-batterY".toCharArray(), hash), is(false));
        assertThat(HASHING.verify(new char[0], hash), is(false));
    }

    @Test
    public void anUnknownUserOrAnUnreadableHashMatchesNothing() {
        assertThat(HASHING.verify(SECRET.toCharArray(), null), is(false));
        assertThat(HASHING.verify(new char[0], null), is(false));
        String hash = HASHING.hash(SECRET.toCharArray());
        String[] p = hash.split("\\$");
        assertThat(HASHING.verify(SECRET.toCharArray(), "MD5$" + p[1] + "$" + p[2] + "$" + p[3]), is(false));
        assertThat("too few iterations", HASHING.verify(SECRET.toCharArray(),
                                                        p[0] + "$1000$" + p[2] + "$" + p[3]), is(false));
        assertThat(HASHING.verify(SECRET.toCharArray(), p[0] + "$x$" + p[2] + "$" + p[3]), is(false));
        assertThat(HASHING.verify(SECRET.toCharArray(), "garbage"), is(false));
    }
}
