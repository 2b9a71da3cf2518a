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
package org.p4slice.slicing.impl.slice;

import org.p4slice.testbed.SlicingTestbed;
import org.onosproject.net.DeviceId;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SlicingException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Provisioning a full testbed: 4,094 create requests, one per slice id, through the slice
 * manager (validation, admission, allocation, path, translation, store, and the device
 * programmer over recording flow rule / meter / group services), on two bmv2-like switches
 * (48 host-facing ports each, 10 Gbit/s) joined by a trunk on port 64. bmv2 port numbers are
 * 9 bits wide, so 4,094 slices cannot each own an access port: slice i has a trunk endpoint on
 * port {@code 1 + i % 48} of each switch, and every slice crosses the trunk (two devices, a path,
 * three ports and a link per switch to admit).
 * <p>
 * Only 4,093 VLANs are usable (2..4094), so with the pool {@code 2-4094} requests 1..4,093 are
 * admitted and the 4,094th is refused for want of a VLAN (it still runs through validation,
 * allocation and the refusal). One benchmark operation is the whole run on a fresh testbed
 * (single-shot time: the target is &lt; 2 s); the latency of every single request is measured too,
 * and the slices per second and the p50 / p99 / max per request of the measured iterations are
 * printed at the end of the trial.
 * <p>
 * Run: {@code mvn -B -pl apps/slicing -Pbenchmark test-compile exec:exec
 * -Djmh.args="SliceProvisioningBenchmark"}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {
        "--add-opens", "java.base/java.lang=ALL-UNNAMED",
        "--add-opens", "java.base/java.lang.invoke=ALL-UNNAMED",
        "--add-opens", "java.base/java.util=ALL-UNNAMED",
        "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
        "--add-opens", "java.base/java.util.concurrent.atomic=ALL-UNNAMED",
        "--add-opens", "java.base/java.net=ALL-UNNAMED",
        "--add-opens", "java.base/java.nio=ALL-UNNAMED",
        "--add-opens", "java.base/java.time=ALL-UNNAMED",
        "--add-opens", "java.base/java.math=ALL-UNNAMED",
        "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
        "--add-opens", "java.base/java.text=ALL-UNNAMED",
        "--add-opens", "java.base/java.util.regex=ALL-UNNAMED",
        "--add-opens", "java.base/java.util.concurrent.locks=ALL-UNNAMED"})
@State(Scope.Benchmark)
public class SliceProvisioningBenchmark {

    /** Create requests per run: one per slice id. */
    static final int REQUESTS = 4094;
    private static final int HOST_PORTS = 48;
    private static final int TRUNK_PORT = 64;
    private static final long SPEED_MBPS = 10_000;
    private static final long QUOTA_BPS = 1_000_000L;

    private SlicingTestbed bed;
    private List<SliceRequest> requests;
    private boolean measuring;

    private final List<long[]> latencies = new ArrayList<>();
    private final List<Long> runNanos = new ArrayList<>();
    private int lastAdmitted;
    private String lastRefusal;

    @Setup(Level.Iteration)
    public void iteration(IterationParams params) {
        measuring = params.getType() == IterationType.MEASUREMENT;
    }

    @Setup(Level.Invocation)
    public void freshTestbed() {
        bed = new SlicingTestbed(false);
        DeviceId s1 = bed.addSwitch("s1", TRUNK_PORT, SPEED_MBPS);
        DeviceId s2 = bed.addSwitch("s2", TRUNK_PORT, SPEED_MBPS);
        bed.connect(cp(s1, TRUNK_PORT), cp(s2, TRUNK_PORT));
        bed.configure("{'vlanPool': '2-4094'}");
        bed.start();
        requests = new ArrayList<>(REQUESTS);
        for (int i = 1; i <= REQUESTS; i++) {
            int port = 1 + i % HOST_PORTS;
            requests.add(request("slice" + i, Endpoint.trunk(cp(s1, port)), Endpoint.trunk(cp(s2, port)))
                                 .quotaBps(QUOTA_BPS).build());
        }
    }

    @Benchmark
    public int provisionAll() {
        long[] nanos = new long[REQUESTS];
        int admitted = 0;
        String refusal = null;
        long start = System.nanoTime();
        for (int i = 0; i < REQUESTS; i++) {
            long t0 = System.nanoTime();
            try {
                Slice s = bed.manager.createSlice(requests.get(i));
                if (s.state() == SliceState.ACTIVE) {
                    admitted++;
                }
            } catch (SlicingException e) {
                refusal = e.getMessage();
            }
            nanos[i] = System.nanoTime() - t0;
        }
        long total = System.nanoTime() - start;
        if (measuring) {
            latencies.add(nanos);
            runNanos.add(total);
        }
        lastAdmitted = admitted;
        lastRefusal = refusal;
        return admitted;
    }

    @TearDown(Level.Trial)
    public void report() {
        if (latencies.isEmpty()) {
            return;
        }
        long[] all = latencies.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        double meanRunSeconds = runNanos.stream().mapToLong(Long::longValue).average().orElse(0) / 1e9;
        System.out.println();
        System.out.println(String.format(Locale.ROOT,
                "p4slice provisioning: %d runs of %d requests; %d slices ACTIVE per run, last request refused: %s",
                runNanos.size(), REQUESTS, lastAdmitted, lastRefusal));
        System.out.println(String.format(Locale.ROOT,
                "  run time mean %.3f s (min %.3f s, max %.3f s) = %.0f requests/s",
                meanRunSeconds,
                runNanos.stream().mapToLong(Long::longValue).min().orElse(0) / 1e9,
                runNanos.stream().mapToLong(Long::longValue).max().orElse(0) / 1e9,
                REQUESTS / meanRunSeconds));
        System.out.println(String.format(Locale.ROOT,
                "  per request: p50 %.1f us, p90 %.1f us, p99 %.1f us, max %.1f us (%d samples)",
                percentile(all, 0.50) / 1e3, percentile(all, 0.90) / 1e3, percentile(all, 0.99) / 1e3,
                all[all.length - 1] / 1e3, all.length));
    }

    private static long percentile(long[] sorted, double p) {
        int index = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
