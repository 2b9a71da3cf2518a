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
package org.p4slice.pipeconf.behaviour;

import com.google.common.collect.ImmutableList;
import io.grpc.ManagedChannel;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceAgentListener;
import org.onosproject.net.pi.model.PiActionProfileId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiEntity;
import org.onosproject.net.pi.runtime.PiEntityType;
import org.onosproject.net.pi.runtime.PiHandle;
import org.onosproject.net.pi.runtime.PiPacketOperation;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.onosproject.p4runtime.api.P4RuntimeEventListener;
import org.onosproject.p4runtime.api.P4RuntimeReadClient.ReadRequest;
import org.onosproject.p4runtime.api.P4RuntimeReadClient.ReadResponse;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.Atomicity;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateRequest;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateResponse;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateStatus;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.UpdateType;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.WriteRequest;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.WriteResponse;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A P4Runtime controller and client that record every read and write request and answer them
 * with configurable responses, for tests of behaviours that use the P4Runtime client API.
 */
final class FakeP4Runtime implements P4RuntimeController {

    final Map<DeviceId, Client> clients = new HashMap<>();

    Client addClient(DeviceId deviceId) {
        Client client = new Client();
        clients.put(deviceId, client);
        return client;
    }

    @Override
    public P4RuntimeClient get(DeviceId deviceId) {
        return clients.get(deviceId);
    }

    @Override
    public boolean create(DeviceId deviceId, ManagedChannel channel) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void remove(DeviceId deviceId) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void addDeviceAgentListener(DeviceId deviceId, ProviderId providerId, DeviceAgentListener listener) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void removeDeviceAgentListener(DeviceId deviceId, ProviderId providerId) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void addListener(P4RuntimeEventListener listener) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void removeListener(P4RuntimeEventListener listener) {
        throw new UnsupportedOperationException();
    }

    /** Client recording requests; answers come from {@link #readAnswer} and {@link #writeAnswer}. */
    static final class Client implements P4RuntimeClient {

        final List<Read> reads = new ArrayList<>();
        final List<Write> writes = new ArrayList<>();
        Function<Read, ReadResponse> readAnswer = read -> new Response(true, List.of(), null);
        Function<Write, WriteResponse> writeAnswer = write -> write.answer(EntityUpdateStatus.OK);

        @Override
        public ReadRequest read(long p4DeviceId, PiPipeconf pipeconf) {
            Read read = new Read(this, p4DeviceId, pipeconf);
            reads.add(read);
            return read;
        }

        @Override
        public WriteRequest write(long p4DeviceId, PiPipeconf pipeconf) {
            Write write = new Write(this, p4DeviceId, pipeconf);
            writes.add(write);
            return write;
        }

        @Override
        public void shutdown() {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isServerReachable() {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Boolean> probeService() {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Boolean> setPipelineConfig(long p4DeviceId, PiPipeconf pipeconf, ByteBuffer data) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Boolean> isPipelineConfigSet(long p4DeviceId, PiPipeconf pipeconf) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Boolean> isAnyPipelineConfigSet(long p4DeviceId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void setMastership(long p4DeviceId, boolean master, BigInteger electionId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isSessionOpen(long p4DeviceId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void closeSession(long p4DeviceId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isMaster(long p4DeviceId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void packetOut(long p4DeviceId, PiPacketOperation packet, PiPipeconf pipeconf) {
            throw new UnsupportedOperationException();
        }
    }

    /** A read request; only counter cells are supported, anything else fails the test. */
    static final class Read implements ReadRequest {

        final Client client;
        final long p4DeviceId;
        final PiPipeconf pipeconf;
        final List<PiCounterId> counterIds = new ArrayList<>();
        int submits;
        final List<PiHandle> handles = new ArrayList<>();

        Read(Client client, long p4DeviceId, PiPipeconf pipeconf) {
            this.client = client;
            this.p4DeviceId = p4DeviceId;
            this.pipeconf = pipeconf;
        }

        @Override
        public ReadRequest counterCells(PiCounterId counterId) {
            counterIds.add(counterId);
            return this;
        }

        @Override
        public ReadRequest counterCells(Iterable<PiCounterId> ids) {
            ids.forEach(counterIds::add);
            return this;
        }

        @Override
        public CompletableFuture<ReadResponse> submit() {
            return CompletableFuture.completedFuture(submitSync());
        }

        @Override
        public ReadResponse submitSync() {
            submits++;
            return client.readAnswer.apply(this);
        }

        @Override
        public ReadRequest handle(PiHandle handle) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest handles(Iterable<? extends PiHandle> handles) {
            handles.forEach(this.handles::add);
            return this;
        }

        @Override
        public ReadRequest tableEntries(PiTableId tableId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest tableEntries(Iterable<PiTableId> tableIds) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest defaultTableEntry(PiTableId tableId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest defaultTableEntry(Iterable<PiTableId> tableIds) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest allTableEntries() {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest allDefaultTableEntries() {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest actionProfileGroups(PiActionProfileId actionProfileId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest actionProfileGroups(Iterable<PiActionProfileId> actionProfileIds) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest actionProfileMembers(PiActionProfileId actionProfileId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest actionProfileMembers(Iterable<PiActionProfileId> actionProfileIds) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest directCounterCells(PiTableId tableId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest directCounterCells(Iterable<PiTableId> tableIds) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest meterCells(PiMeterId meterId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest meterCells(Iterable<PiMeterId> meterIds) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest directMeterCells(PiTableId tableId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReadRequest directMeterCells(Iterable<PiTableId> tableIds) {
            throw new UnsupportedOperationException();
        }
    }

    /** Read response with fixed entities. */
    static final class Response implements ReadResponse {

        private final boolean success;
        private final List<PiEntity> entities;
        private final String explanation;

        Response(boolean success, List<? extends PiEntity> entities, String explanation) {
            this.success = success;
            this.entities = ImmutableList.copyOf(entities);
            this.explanation = explanation;
        }

        @Override
        public boolean isSuccess() {
            return success;
        }

        @Override
        public Collection<PiEntity> all() {
            return entities;
        }

        @Override
        public <E extends PiEntity> Collection<E> all(Class<E> clazz) {
            return entities.stream().filter(clazz::isInstance).map(clazz::cast).collect(Collectors.toList());
        }

        @Override
        public String explanation() {
            return explanation;
        }

        @Override
        public Throwable throwable() {
            return null;
        }
    }

    /** One recorded update of a write request. */
    static final class Update implements EntityUpdateResponse {

        final PiEntity entity;
        final UpdateType type;
        final EntityUpdateStatus status;

        Update(PiEntity entity, UpdateType type, EntityUpdateStatus status) {
            this.entity = entity;
            this.type = type;
            this.status = status;
        }

        @Override
        public PiHandle handle() {
            return entity.handle(DeviceId.deviceId("test:1"));
        }

        @Override
        public PiEntity entity() {
            return entity;
        }

        @Override
        public UpdateType updateType() {
            return type;
        }

        @Override
        public PiEntityType entityType() {
            return entity.piEntityType();
        }

        @Override
        public boolean isSuccess() {
            return status == EntityUpdateStatus.OK;
        }

        @Override
        public EntityUpdateStatus status() {
            return status;
        }

        @Override
        public String explanation() {
            return isSuccess() ? "" : "refused by the test";
        }

        @Override
        public Throwable throwable() {
            return null;
        }
    }

    /** A write request recording its updates. */
    static final class Write implements WriteRequest {

        final Client client;
        final long p4DeviceId;
        final PiPipeconf pipeconf;
        final List<Update> updates = new ArrayList<>();
        int submits;

        Write(Client client, long p4DeviceId, PiPipeconf pipeconf) {
            this.client = client;
            this.p4DeviceId = p4DeviceId;
            this.pipeconf = pipeconf;
        }

        /** Answers every update with the given status. */
        WriteResponse answer(EntityUpdateStatus status) {
            List<EntityUpdateResponse> answers = updates.stream()
                    .map(u -> new Update(u.entity, u.type, status))
                    .collect(Collectors.toList());
            return new WriteResponse() {
                @Override
                public boolean isSuccess() {
                    return answers.stream().allMatch(EntityUpdateResponse::isSuccess);
                }

                @Override
                public Collection<EntityUpdateResponse> all() {
                    return answers;
                }

                @Override
                public Collection<EntityUpdateResponse> success() {
                    return status(EntityUpdateStatus.OK);
                }

                @Override
                public Collection<EntityUpdateResponse> failed() {
                    return answers.stream().filter(a -> !a.isSuccess()).collect(Collectors.toList());
                }

                @Override
                public Collection<EntityUpdateResponse> status(EntityUpdateStatus wanted) {
                    return answers.stream().filter(a -> a.status() == wanted).collect(Collectors.toList());
                }
            };
        }

        @Override
        public WriteRequest withAtomicity(Atomicity atomicity) {
            throw new UnsupportedOperationException();
        }

        @Override
        public WriteRequest insert(PiEntity entity) {
            return entity(entity, UpdateType.INSERT);
        }

        @Override
        public WriteRequest insert(Iterable<? extends PiEntity> entities) {
            return entities(entities, UpdateType.INSERT);
        }

        @Override
        public WriteRequest modify(PiEntity entity) {
            return entity(entity, UpdateType.MODIFY);
        }

        @Override
        public WriteRequest modify(Iterable<? extends PiEntity> entities) {
            return entities(entities, UpdateType.MODIFY);
        }

        @Override
        public WriteRequest delete(PiHandle handle) {
            throw new UnsupportedOperationException();
        }

        @Override
        public WriteRequest delete(Iterable<? extends PiHandle> handles) {
            throw new UnsupportedOperationException();
        }

        @Override
        public WriteRequest entity(PiEntity entity, UpdateType updateType) {
            updates.add(new Update(entity, updateType, EntityUpdateStatus.PENDING));
            return this;
        }

        @Override
        public WriteRequest entities(Iterable<? extends PiEntity> entities, UpdateType updateType) {
            entities.forEach(e -> entity(e, updateType));
            return this;
        }

        @Override
        public CompletableFuture<WriteResponse> submit() {
            return CompletableFuture.completedFuture(submitSync());
        }

        @Override
        public WriteResponse submitSync() {
            submits++;
            return client.writeAnswer.apply(this);
        }

        @Override
        public Collection<EntityUpdateRequest> pendingUpdates() {
            return ImmutableList.copyOf(updates);
        }
    }
}
