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

/**
 * Slice statistics: the slicing app's reader of the pipeline's per-slice counters
 * ({@link org.p4slice.slicing.impl.stats.SliceStatsManager}, the OSGi component of the {@code SliceStatsService}),
 * the sliding windows of the rates ({@link org.p4slice.slicing.impl.stats.StatsWindows}) and the counter
 * arithmetic.
 */
package org.p4slice.slicing.impl.stats;
