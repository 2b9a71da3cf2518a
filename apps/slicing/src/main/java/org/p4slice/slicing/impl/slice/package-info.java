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
 * A slice's life: {@link org.p4slice.slicing.impl.slice.SliceManager} (the OSGi component of the slice
 * services) hands requests to the {@link org.p4slice.slicing.impl.slice.SliceProvisioner}, which admits and
 * stores them under the cluster-wide admission lock; on every instance,
 * {@link org.p4slice.slicing.impl.slice.SliceLifecycle} sees the change in the store and writes the slice
 * on the devices that instance masters, one step per slice at a time
 * ({@link org.p4slice.slicing.impl.slice.SliceWork}; each shape translated once by the
 * {@link org.p4slice.slicing.impl.slice.SlicePlanner}, written by the programming package's device writer),
 * and the slice's owner ({@link org.p4slice.slicing.impl.slice.SliceOwner}) records ACTIVE or FAILED from
 * every device's outcome; {@link org.p4slice.slicing.impl.slice.SliceConfigurator} keeps slices true as the network
 * configuration, devices, masters and hosts ({@link org.p4slice.slicing.impl.slice.HostFacts}) change, and
 * {@link org.p4slice.slicing.impl.slice.MeterCellAudit} repairs meter cells that drifted.
 */
package org.p4slice.slicing.impl.slice;
