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

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * The tenants' users' passwords: PBKDF2 with HMAC-SHA256 from the JDK, a random salt per user,
 * and the algorithm and iteration count stored with the hash, so that a later release may raise
 * the count without invalidating stored hashes. Encoded as
 * {@code PBKDF2WithHmacSHA256$<iterations>$<salt, base64>$<hash, base64>}. Hashes are compared in
 * constant time; a password is never kept.
 */
public final class PasswordHashing {

    /** The key derivation function (the JDK's name). */
    static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    /** Iterations of new hashes. */
    static final int ITERATIONS = 210_000;
    /** Fewest iterations a stored hash may have (anything less is refused). */
    static final int MIN_ITERATIONS = 100_000;
    /** Most iterations a stored hash may have (a corrupt count must not hold a thread). */
    static final int MAX_ITERATIONS = 10_000_000;
    /** Salt length, bytes. */
    static final int SALT_BYTES = 16;
    /** Hash length, bits. */
    static final int HASH_BITS = 256;

    private static final String SEPARATOR = "$";

    private final SecureRandom random = new SecureRandom();
    // a hash of a random password: what an unknown user's password is checked against
    private final String dummy;

    /**
     * Creates the hashing, with the dummy hash unknown users are checked against.
     */
    public PasswordHashing() {
        char[] nothing = new char[16];
        for (int i = 0; i < nothing.length; i++) {
            nothing[i] = (char) ('a' + random.nextInt(26));
        }
        dummy = hash(nothing);
    }

    /**
     * Returns the encoded hash of a new password, with a new random salt.
     *
     * @param password password
     * @return encoded hash
     */
    public String hash(char[] password) {
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        return ALGORITHM + SEPARATOR + ITERATIONS + SEPARATOR + Base64.getEncoder().encodeToString(salt)
                + SEPARATOR + Base64.getEncoder().encodeToString(derive(password, salt, ITERATIONS));
    }

    /**
     * Returns whether a password matches an encoded hash; a hash that cannot be read matches
     * nothing (after as much work as a real one).
     *
     * @param password password
     * @param encoded  encoded hash, or null for an unknown user (checked against a dummy hash)
     * @return true if it matches
     */
    public boolean verify(char[] password, String encoded) {
        boolean known = encoded != null;
        Optional<Parsed> parsed = parse(known ? encoded : dummy);
        Parsed p = parsed.isPresent() ? parsed.get() : parse(dummy).orElseThrow();
        byte[] derived = derive(password, p.salt, p.iterations);
        return MessageDigest.isEqual(derived, p.hash) && known && parsed.isPresent();
    }

    private static Optional<Parsed> parse(String encoded) {
        String[] parts = encoded.split("\\$", -1);
        if (parts.length != 4 || !ALGORITHM.equals(parts[0])) {
            return Optional.empty();
        }
        try {
            int iterations = Integer.parseInt(parts[1]);
            if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
                return Optional.empty();
            }
            byte[] salt = Base64.getDecoder().decode(parts[2]);
            byte[] hash = Base64.getDecoder().decode(parts[3]);
            if (salt.length == 0 || hash.length != HASH_BITS / 8) {
                return Optional.empty();
            }
            return Optional.of(new Parsed(iterations, salt, hash));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static byte[] derive(char[] password, byte[] salt, int iterations) {
        // the JDK's PBKDF2 refuses an empty password; no stored password is a lone NUL (control
        // characters are refused), so an empty one still matches nothing, after the same work
        PBEKeySpec spec = new PBEKeySpec(password.length == 0 ? new char[] {0} : password, salt, iterations,
                                         HASH_BITS);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks " + ALGORITHM, e);
        } finally {
            spec.clearPassword();
        }
    }

    private static final class Parsed {
        private final int iterations;
        private final byte[] salt;
        private final byte[] hash;

        private Parsed(int iterations, byte[] salt, byte[] hash) {
            this.iterations = iterations;
            this.salt = salt;
            this.hash = hash;
        }
    }
}
