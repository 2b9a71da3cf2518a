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
package org.p4slice.slicing.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableMap;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.stats.SliceStats;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The slicing codecs and the JSON documents built from them: the slice list
 * ({@code {"slices": [...]}}) and the capacity report ({@code {"ports": [...], "links": [...]}}),
 * so that REST and the CLI's {@code -j} print the same JSON.
 */
public final class SlicingCodecs {

    /** Field of the slice list. */
    public static final String SLICES = "slices";
    /** Field of the ports of the capacity report. */
    public static final String PORTS = "ports";
    /** Field of the links of the capacity report. */
    public static final String LINKS = "links";

    /** Slice codec. */
    public static final SliceCodec SLICE = new SliceCodec();
    /** Slice request codec. */
    public static final SliceRequestCodec SLICE_REQUEST = new SliceRequestCodec();
    /** Endpoint codec. */
    public static final EndpointCodec ENDPOINT = new EndpointCodec();
    /** Slice statistics codec. */
    public static final SliceStatsCodec SLICE_STATS = new SliceStatsCodec();
    /** Port capacity codec. */
    public static final PortCapacityCodec PORT_CAPACITY = new PortCapacityCodec();
    /** Link capacity codec. */
    public static final LinkCapacityCodec LINK_CAPACITY = new LinkCapacityCodec();
    /** Reservation codec. */
    public static final ReservationCodec RESERVATION = new ReservationCodec();
    /** Error codec. */
    public static final ApiErrorCodec API_ERROR = new ApiErrorCodec();
    /** Audit entry codec. */
    public static final AuditEntryCodec AUDIT_ENTRY = new AuditEntryCodec();

    /** Device outcome codec. */
    public static final DeviceOutcomeCodec DEVICE_OUTCOME = new DeviceOutcomeCodec();

    private static final Map<Class<?>, JsonCodec<?>> CODECS = ImmutableMap.<Class<?>, JsonCodec<?>>builder()
            .put(Slice.class, SLICE)
            .put(SliceRequest.class, SLICE_REQUEST)
            .put(Endpoint.class, ENDPOINT)
            .put(SliceStats.class, SLICE_STATS)
            .put(PortCapacity.class, PORT_CAPACITY)
            .put(LinkCapacity.class, LINK_CAPACITY)
            .put(Reservation.class, RESERVATION)
            .put(ApiError.class, API_ERROR)
            .put(AuditEntry.class, AUDIT_ENTRY)
            .put(DeviceOutcome.class, DEVICE_OUTCOME)
            .build();

    private static final CodecContext CONTEXT = new CodecContext() {
        private final ObjectMapper mapper = new ObjectMapper();

        @Override
        public ObjectMapper mapper() {
            return mapper;
        }

        @Override
        public <T> JsonCodec<T> codec(Class<T> entityClass) {
            return SlicingCodecs.codec(entityClass);
        }

        @Override
        public <T> T getService(Class<T> serviceClass) {
            throw new UnsupportedOperationException("the slicing codec context has no services");
        }
    };

    private SlicingCodecs() {
    }

    /**
     * Returns a codec context for callers that have none (exception mappers, tools): a plain
     * object mapper and the slicing codecs; it offers no services.
     *
     * @return codec context
     */
    public static CodecContext context() {
        return CONTEXT;
    }

    /**
     * Returns the entity classes that have a slicing codec.
     *
     * @return entity classes
     */
    public static Set<Class<?>> entityClasses() {
        return CODECS.keySet();
    }

    /**
     * Returns the codec of an entity class, if it is a slicing entity.
     *
     * @param entityClass class
     * @param <T>         entity type
     * @return codec, or null
     */
    @SuppressWarnings("unchecked")
    public static <T> JsonCodec<T> codec(Class<T> entityClass) {
        return (JsonCodec<T>) CODECS.get(entityClass);
    }

    /**
     * Registers every slicing codec with ONOS's codec service.
     *
     * @param service codec service
     */
    public static void registerAll(CodecService service) {
        CODECS.keySet().forEach(c -> register(service, c));
    }

    private static <T> void register(CodecService service, Class<T> entityClass) {
        service.registerCodec(entityClass, codec(entityClass));
    }

    /**
     * Unregisters every slicing codec from ONOS's codec service.
     *
     * @param service codec service
     */
    public static void unregisterAll(CodecService service) {
        CODECS.keySet().forEach(service::unregisterCodec);
    }

    /**
     * Encodes a slice list, ordered by slice id: {@code {"slices": [slice...]}}.
     *
     * @param slices  slices
     * @param context codec context
     * @return JSON object
     */
    public static ObjectNode slices(Collection<Slice> slices, CodecContext context) {
        List<Slice> sorted = new ArrayList<>(slices);
        sorted.sort(Comparator.comparing(Slice::id));
        ObjectNode root = context.mapper().createObjectNode();
        ArrayNode array = root.putArray(SLICES);
        sorted.forEach(s -> array.add(SLICE.encode(s, context)));
        return root;
    }

    /**
     * Encodes a page of a listing, the one shape of every paged listing:
     * {@code {"<field>": [entry...], "total", "offset", "limit", "nextOffset"}} ({@code nextOffset} null on
     * the last page).
     *
     * @param field   name of the entries' array, e.g. {@code slices}
     * @param page    page
     * @param codec   the entries' codec
     * @param context codec context
     * @param <T>     entry type
     * @return JSON object
     */
    public static <T> ObjectNode page(String field, Page<T> page, JsonCodec<T> codec, CodecContext context) {
        ObjectNode root = context.mapper().createObjectNode();
        ArrayNode array = root.putArray(field);
        page.items().forEach(item -> array.add(codec.encode(item, context)));
        root.put("total", page.total());
        root.put("offset", page.offset());
        root.put("limit", page.limit());
        if (page.nextOffset().isPresent()) {
            root.put("nextOffset", page.nextOffset().getAsInt());
        } else {
            root.putNull("nextOffset");
        }
        return root;
    }

    /**
     * Encodes a page of slices: {@link #page} with the field {@code slices}.
     *
     * @param page    page
     * @param context codec context
     * @return JSON object
     */
    public static ObjectNode slices(Page<Slice> page, CodecContext context) {
        return page(SLICES, page, SLICE, context);
    }

    /**
     * Encodes the capacity report: {@code {"ports": [...], "links": [...]}}, in the given order.
     *
     * @param ports   port capacities
     * @param links   link capacities
     * @param context codec context
     * @return JSON object
     */
    public static ObjectNode capacity(List<PortCapacity> ports, List<LinkCapacity> links, CodecContext context) {
        ObjectNode root = context.mapper().createObjectNode();
        ArrayNode p = root.putArray(PORTS);
        ports.forEach(c -> p.add(PORT_CAPACITY.encode(c, context)));
        ArrayNode l = root.putArray(LINKS);
        links.forEach(c -> l.add(LINK_CAPACITY.encode(c, context)));
        return root;
    }
}
