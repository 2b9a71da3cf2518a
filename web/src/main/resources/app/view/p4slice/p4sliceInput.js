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

/*
 * p4slice view, input: what people type into the forms, parsed and checked (rates, whole numbers,
 * endpoints, times) and built into slice and reservation requests; a mistake throws an Error whose
 * message the form shows. Pure; exported on window.P4slice for tests.
 */
(function (P4slice) {
    'use strict';

    var MULTIPLIER = {'': 1, k: 1e3, K: 1e3, m: 1e6, M: 1e6, g: 1e9, G: 1e9};
    var SPAN_MS = {s: 1e3, m: 6e4, h: 36e5, d: 864e5};

    /**
     * Parses a rate typed by a person: "10M", "2.5 Mb/s", "500k", "25000000" -> bits per second.
     * Throws an Error naming the field and the accepted forms.
     */
    function parseBps(text, field) {
        var name = field || 'quota';
        var m = /^\s*(\d+(?:\.\d+)?)\s*([kKmMgG]?)(?:b(?:ps|\/s)?)?\s*$/.exec(text === undefined ? '' : String(text));
        if (!m) {
            throw new Error(name + ': "' + text + '" is not a rate; use bits per second with an optional '
                + 'k, M or G suffix, e.g. 10M');
        }
        var bps = Math.round(parseFloat(m[1]) * MULTIPLIER[m[2]]);
        if (bps <= 0) {
            throw new Error(name + ': must be more than 0 bits per second');
        }
        return bps;
    }

    /** Parses an optional whole number ("" -> undefined). */
    function parseOptionalInt(text, field) {
        var t = text === undefined || text === null ? '' : String(text).trim();
        if (t === '') {
            return undefined;
        }
        if (!/^\d+$/.test(t)) {
            throw new Error(field + ': "' + t + '" is not a whole number');
        }
        return parseInt(t, 10);
    }

    /**
     * Parses endpoints: "device:bmv2:s1/1 access, device:bmv2:s2/1" (commas, semicolons or new
     * lines between them; the mode defaults to access) -> [{device, port, mode}].
     */
    function parseEndpoints(text) {
        var parts = String(text === undefined ? '' : text).split(/[\n,;]+/);
        var endpoints = [];
        for (var i = 0; i < parts.length; i++) {
            var p = parts[i].trim();
            if (p === '') {
                continue;
            }
            var m = /^(\S+)\/(\d+)(?:\s+(access|trunk))?$/.exec(p);
            if (!m) {
                throw new Error('endpoint "' + p + '": expected <device>/<port> [access|trunk], '
                    + 'e.g. device:bmv2:s1/1 access');
            }
            endpoints.push({device: m[1], port: parseInt(m[2], 10), mode: m[3] || 'access'});
        }
        if (endpoints.length === 0) {
            throw new Error('endpoints: give at least one, e.g. device:bmv2:s1/1 access');
        }
        return endpoints;
    }

    /**
     * Builds a slice request from the form's fields {name, tenant, quota, burst, vlan, endpoints}
     * (all strings). Names are sent as typed (trimmed): the server judges them.
     */
    function buildRequest(f) {
        var request = {
            name: String(f.name || '').trim(),
            tenant: String(f.tenant || '').trim(),
            quotaBps: parseBps(f.quota, 'quota'),
            endpoints: parseEndpoints(f.endpoints)
        };
        var burst = parseOptionalInt(f.burst, 'burst');
        if (burst !== undefined) {
            request.burstBytes = burst;
        }
        var vlan = parseOptionalInt(f.vlan, 'VLAN');
        if (vlan !== undefined) {
            request.vlan = vlan;
        }
        return request;
    }

    /**
     * A time typed by a person: "+10m", "+2h", "+30s", "+1d" from now (nowMs), or an ISO-8601
     * time, sent as typed (the server judges it).
     */
    function parseWhen(text, field, nowMs) {
        var t = String(text === undefined || text === null ? '' : text).trim();
        var m = /^\+(\d+)\s*([smhd])$/.exec(t);
        if (m) {
            return new Date(nowMs + parseInt(m[1], 10) * SPAN_MS[m[2]]).toISOString();
        }
        if (t === '') {
            throw new Error(field + ': give a time, e.g. +10m or 2026-11-21T10:00:00Z');
        }
        return t;
    }

    /** Builds a reservation {tenant, slice, start, end} from its form's fields. */
    function buildReservation(f, nowMs) {
        var tenant = String(f.tenant || '').trim();
        return {
            tenant: tenant,
            slice: {name: String(f.name || '').trim(), quotaBps: parseBps(f.quota, 'quota'),
                endpoints: parseEndpoints(f.endpoints)},
            start: parseWhen(f.start, 'start', nowMs),
            end: parseWhen(f.end, 'end', nowMs)
        };
    }

    P4slice.parseBps = parseBps;
    P4slice.parseOptionalInt = parseOptionalInt;
    P4slice.parseEndpoints = parseEndpoints;
    P4slice.buildRequest = buildRequest;
    P4slice.parseWhen = parseWhen;
    P4slice.buildReservation = buildReservation;
}(window.P4slice));
