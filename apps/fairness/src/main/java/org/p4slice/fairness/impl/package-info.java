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
 * Fairness app implementation: the component ({@code FairnessManager}) that judges every poll of
 * the slicing app's statistics, the cycle (rates, shares, fairness figures, usage of ports and
 * links), the fairness math, alerts, history, leadership of enforcement and the meter rates it
 * applies; the redistribution itself is in {@code lending}.
 */
package org.p4slice.fairness.impl;
