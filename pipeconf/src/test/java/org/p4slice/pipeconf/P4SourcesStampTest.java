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

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertTrue;

/**
 * Checks that the committed p4c outputs were compiled from the committed P4 sources: the stamp
 * {@code p4c-out/bmv2/sources.sha256} (written by {@code p4src/Makefile}) must list every
 * {@code *.p4} under {@code p4src/include} and {@code p4src/v1model} with its current SHA-256, and
 * {@code p4c-out/tofino/sources.sha256} ({@code make -C p4src tofino}) every {@code *.p4} under
 * {@code p4src/include} and {@code p4src/tna} and every Tofino output it lists.
 */
public class P4SourcesStampTest {

    private static final String STALE = "P4 outputs are stale: recompile p4src (cd p4src && make)";
    private static final String STAMP = "src/main/resources/p4c-out/bmv2/sources.sha256";
    private static final List<String> STAMPED_DIRS = List.of("p4src/include", "p4src/v1model");
    private static final String TOFINO_STALE = "Tofino outputs are stale: recompile them (make -C p4src tofino)";
    private static final String TOFINO_STAMP = "src/main/resources/p4c-out/tofino/sources.sha256";
    private static final List<String> TOFINO_STAMPED_DIRS = List.of("p4src/include", "p4src/tna");
    private static final List<String> TOFINO_OUTPUTS = List.of("tofino.bin", "context.json", "bf-rt.json",
                                                                "p4info.txt", "cpu_port.txt");
    private static final Pattern LINE = Pattern.compile("^([0-9a-f]{64}) [ *](\\S.*)$");

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    /** The module directory: Surefire's basedir property, else the working directory. */
    private static Path moduleDir() {
        String basedir = System.getProperty("basedir");
        return (basedir != null ? Paths.get(basedir) : Paths.get("")).toAbsolutePath();
    }

    @Test
    public void committedP4OutputsMatchTheP4Sources() throws IOException {
        Path module = moduleDir();
        List<String> problems = staleSources(module.getParent(), module.resolve(STAMP));
        assertTrue(STALE + "\n  " + String.join("\n  ", problems), problems.isEmpty());
    }

    @Test
    public void committedTofinoOutputsMatchTheP4SourcesAndTheirStamp() throws IOException {
        Path module = moduleDir();
        Path stamp = module.resolve(TOFINO_STAMP);
        if (!Files.exists(stamp.getParent())) {
            TofinoOutputs.assumePackaged();
        }
        List<String> problems = staleSources(module.getParent(), stamp, TOFINO_STAMPED_DIRS);
        if (Files.isRegularFile(stamp)) {
            String stamped = Files.readString(stamp, StandardCharsets.UTF_8);
            if (!stamped.startsWith("# bf-p4c ")) {
                problems.add("the first line of " + stamp.getFileName() + " is not '# bf-p4c <version>'");
            }
            for (String profile : List.of("two-pipe", "four-pipe")) {
                for (String output : TOFINO_OUTPUTS) {
                    String path = "pipeconf/src/main/resources/p4c-out/tofino/" + profile + "/" + output;
                    if (!stamped.contains("  " + path + "\n")) {
                        problems.add(path + ": not in the stamp");
                    }
                }
            }
        }
        assertTrue(TOFINO_STALE + "\n  " + String.join("\n  ", problems), problems.isEmpty());
    }

    /**
     * Returns what is stale, one line per file; empty if the stamp matches the sources.
     *
     * @param repoRoot repository root (paths in the stamp are relative to it)
     * @param stamp    the sha256sum file
     * @return problems, empty if none
     * @throws IOException if a file cannot be read
     */
    static List<String> staleSources(Path repoRoot, Path stamp) throws IOException {
        return staleSources(repoRoot, stamp, STAMPED_DIRS);
    }

    /**
     * Returns what is stale, one line per file; empty if the stamp matches the sources.
     *
     * @param repoRoot     repository root (paths in the stamp are relative to it)
     * @param stamp        the sha256sum file
     * @param stampedDirs  folders whose every {@code *.p4} must be in the stamp
     * @return problems, empty if none
     * @throws IOException if a file cannot be read
     */
    static List<String> staleSources(Path repoRoot, Path stamp, List<String> stampedDirs) throws IOException {
        List<String> problems = new ArrayList<>();
        if (!Files.isRegularFile(stamp)) {
            problems.add(stamp + " is missing");
            return problems;
        }
        Map<String, String> stamped = new LinkedHashMap<>();
        int number = 0;
        for (String line : Files.readAllLines(stamp, StandardCharsets.UTF_8)) {
            number++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                problems.add(stamp.getFileName() + " line " + number + " is not '<sha256>  <path>': " + line);
                continue;
            }
            stamped.put(m.group(2), m.group(1));
        }
        for (Map.Entry<String, String> entry : stamped.entrySet()) {
            Path file = repoRoot.resolve(entry.getKey());
            if (!Files.isRegularFile(file)) {
                problems.add(entry.getKey() + ": stamped but missing");
            } else if (!sha256(file).equals(entry.getValue())) {
                problems.add(entry.getKey() + ": changed since the outputs were compiled");
            }
        }
        for (String source : p4Sources(repoRoot, stampedDirs)) {
            if (!stamped.containsKey(source)) {
                problems.add(source + ": not in the stamp (new file?)");
            }
        }
        return problems;
    }

    private static List<String> p4Sources(Path repoRoot, List<String> stampedDirs) throws IOException {
        List<String> sources = new ArrayList<>();
        for (String dir : stampedDirs) {
            Path path = repoRoot.resolve(dir);
            if (!Files.isDirectory(path)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(path)) {
                sources.addAll(files.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".p4"))
                                       .map(f -> repoRoot.relativize(f).toString().replace('\\', '/'))
                                       .sorted()
                                       .collect(Collectors.toList()));
            }
        }
        return sources;
    }

    private static String sha256(Path file) throws IOException {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
            StringBuilder hex = new StringBuilder();
            for (byte b : digest) {
                hex.append(String.format("%02x", b));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    // --- the checker itself, on a scratch repository ---------------------------------------------

    private Path scratchRepo() throws IOException {
        Path root = temp.getRoot().toPath();
        Files.createDirectories(root.resolve("p4src/include"));
        Files.createDirectories(root.resolve("p4src/v1model"));
        Files.writeString(root.resolve("p4src/include/defines.p4"), "#define X 1\n");
        Files.writeString(root.resolve("p4src/v1model/p4slice.p4"), "control C() { apply { } }\n");
        Files.writeString(root.resolve("stamp"), "# p4c-bm2-ss 1.2.4\n"
                + sha256(root.resolve("p4src/include/defines.p4")) + "  p4src/include/defines.p4\n"
                + sha256(root.resolve("p4src/v1model/p4slice.p4")) + "  p4src/v1model/p4slice.p4\n");
        return root;
    }

    @Test
    public void checkerAcceptsAMatchingStamp() throws IOException {
        Path root = scratchRepo();
        assertThat(staleSources(root, root.resolve("stamp")), is(empty()));
    }

    @Test
    public void checkerFindsChangedUnstampedAndMissingSources() throws IOException {
        Path root = scratchRepo();
        Files.writeString(root.resolve("p4src/include/defines.p4"), "#define X 2\n");
        Files.writeString(root.resolve("p4src/include/headers.p4"), "header h_t { bit<8> f; }\n");
        Files.delete(root.resolve("p4src/v1model/p4slice.p4"));
        Files.writeString(root.resolve("p4src/v1model/README"), "not a P4 file\n");

        assertThat(staleSources(root, root.resolve("stamp")), containsInAnyOrder(
                "p4src/include/defines.p4: changed since the outputs were compiled",
                "p4src/v1model/p4slice.p4: stamped but missing",
                "p4src/include/headers.p4: not in the stamp (new file?)"));
    }

    @Test
    public void checkerReportsAMissingOrMalformedStamp() throws IOException {
        Path root = scratchRepo();
        assertThat(staleSources(root, root.resolve("nope")), contains(root.resolve("nope") + " is missing"));
        Files.writeString(root.resolve("stamp"), "abc  p4src/include/defines.p4\n", StandardCharsets.UTF_8);
        List<String> problems = staleSources(root, root.resolve("stamp"));
        assertThat(problems.get(0), is("stamp line 1 is not '<sha256>  <path>': abc  p4src/include/defines.p4"));
    }
}
