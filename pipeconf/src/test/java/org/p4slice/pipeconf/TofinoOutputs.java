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
package org.p4slice.pipeconf;

import org.junit.Assume;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;

/**
 * Whether the bf-p4c outputs of the Tofino profiles are packaged ({@code make -C p4src tofino}
 * needs the Tofino compiler). A test that needs them is skipped with this reason where they are
 * not, never passed: Surefire counts it as skipped.
 */
public final class TofinoOutputs {

    /** The reason a test needing the Tofino outputs is skipped. */
    public static final String NOT_PACKAGED = "no compiled Tofino outputs under p4c-out/tofino/<profile>/ "
            + "(make -C p4src tofino needs bf-p4c); Tofino pipeconfs not built: ";

    private TofinoOutputs() {
    }

    /**
     * Skips the calling test unless every Tofino profile's outputs are packaged.
     */
    public static void assumePackaged() {
        Assume.assumeTrue(NOT_PACKAGED + P4SlicePipeconfs.tofinoNotPackaged(),
                          P4SlicePipeconfs.tofinoNotPackaged().isEmpty());
    }

    /**
     * Tells whether a class-path resource of a Tofino profile is packaged.
     *
     * @param resource class-path resource
     * @return true if it is
     */
    public static boolean packaged(String resource) {
        return TofinoOutputs.class.getResource(resource) != null;
    }
}
