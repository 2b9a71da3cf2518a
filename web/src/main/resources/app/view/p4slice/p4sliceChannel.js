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
 * p4slice view, request plumbing: the view talks to the web bundle's GUI message handlers over a
 * transport {send(event, payload), bind(handlers), unbind(handlers)}: inside ONOS, the GUI's
 * WebSocketService (wssTransport); in the tenant portal, portal/p4slice-portal.js over HTTP. A channel
 * asks for the four panels' data (p4slice{Slices,Capacity,Fairness,Reservations}Request), sends
 * changes with a ref that the p4sliceActionResult answering them carries back, and polls.
 */
(function (window, P4slice) {
    'use strict';

    var DEFAULT_REFRESH_MS = 5000;
    var MIN_REFRESH_MS = 500;
    var REQUESTS = ['p4sliceSlicesRequest', 'p4sliceCapacityRequest', 'p4sliceFairnessRequest',
        'p4sliceReservationsRequest'];

    /** The refresh period of a location's search or hash ("?refresh=1000"), at least 500 ms. */
    function refreshMs(search) {
        var m = /[?&]refresh=(\d+)/.exec(search || '');
        return m ? Math.max(MIN_REFRESH_MS, parseInt(m[1], 10)) : DEFAULT_REFRESH_MS;
    }

    /** ONOS's WebSocketService as the view's transport. */
    function wssTransport(wss) {
        return {
            send: function (event, payload) {
                wss.sendEvent(event, payload);
            },
            bind: function (handlers) {
                wss.bindHandlers(handlers);
            },
            unbind: function (handlers) {
                wss.unbindHandlers(handlers);
            }
        };
    }

    /**
     * The view's requests over a transport, refreshed every periodMs while auto refresh is on.
     * Returns {refresh, act, formOf, setAutoRefresh, setQuery, bind, close}.
     */
    function channel(transport, periodMs) {
        var period = periodMs || DEFAULT_REFRESH_MS;
        var timer = null;
        var nextRef = 1;
        var pending = {};
        var bound = null;

        var queries = {};

        /** Asks for the data of every panel (with the filters and page a panel set for its request). */
        function refresh() {
            REQUESTS.forEach(function (event) {
                transport.send(event, queries[event] || {});
            });
        }

        /**
         * Sends a change from a form (its prefix: '' for the slice form, 'r-' for the reservation
         * form); the result comes back as p4sliceActionResult with this ref (default: a new one).
         */
        function act(event, payload, prefix, ref) {
            payload.ref = ref === undefined ? nextRef++ : ref;
            pending[String(payload.ref)] = prefix;
            transport.send(event, payload);
        }

        /** The prefix of the form whose change this result answers (forgetting the change). */
        function formOf(r) {
            var key = String(r.ref);
            var prefix = pending.hasOwnProperty(key) ? pending[key] : (/^(reserve|cancel)$/.test(r.action) ? 'r-' : '');
            delete pending[key];
            return prefix;
        }

        function setAutoRefresh(on) {
            if (timer) {
                window.clearInterval(timer);
                timer = null;
            }
            if (on) {
                timer = window.setInterval(refresh, period);
            }
        }

        return {
            refresh: refresh,
            act: act,
            formOf: formOf,
            setAutoRefresh: setAutoRefresh,
            /** Sets the filters and page a panel's request carries from now on. */
            setQuery: function (event, payload) {
                queries[event] = payload;
            },
            /** Hands the answers to handlers {event: function (payload)}. */
            bind: function (handlers) {
                bound = handlers;
                transport.bind(handlers);
            },
            /** Stops polling and lets go of the handlers. */
            close: function () {
                setAutoRefresh(false);
                if (bound) {
                    transport.unbind(bound);
                    bound = null;
                }
            }
        };
    }

    P4slice.refreshMs = refreshMs;
    P4slice.wssTransport = wssTransport;
    P4slice.channel = channel;
}(window, window.P4slice));
