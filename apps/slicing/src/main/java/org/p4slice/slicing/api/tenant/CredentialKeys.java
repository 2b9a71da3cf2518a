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

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

/**
 * Keys under which a cache of verified sign-ins keeps a user and password without keeping the
 * password: an HMAC-SHA256 of the user name (length-prefixed) and the password under a random key
 * made when the keys are created, so a key is worth nothing outside this process.
 */
public final class CredentialKeys {

    private static final String MAC = "HmacSHA256";

    private final SecretKeySpec key;

    /**
     * Creates keys under a new random secret.
     */
    public CredentialKeys() {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        key = new SecretKeySpec(secret, MAC);
    }

    /**
     * Returns the key of a user and password; the password's bytes are wiped after use.
     *
     * @param user     user name
     * @param password password
     * @return key (Base64)
     */
    public String of(String user, char[] password) {
        ByteBuffer pw = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
        byte[] bytes = new byte[pw.remaining()];
        pw.get(bytes);
        try {
            Mac mac = Mac.getInstance(MAC);
            mac.init(key);
            byte[] name = user.getBytes(StandardCharsets.UTF_8);
            mac.update(ByteBuffer.allocate(4).putInt(name.length).array());
            mac.update(name);
            mac.update(bytes);
            return Base64.getEncoder().encodeToString(mac.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks " + MAC, e);
        } finally {
            Arrays.fill(bytes, (byte) 0);
            if (pw.hasArray()) {
                Arrays.fill(pw.array(), (byte) 0);
            }
        }
    }
}
