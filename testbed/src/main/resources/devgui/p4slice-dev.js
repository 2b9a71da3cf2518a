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
 * The dev server's transport for the p4slice GUI view: each GUI event is posted to ui/events, where
 * the view's real message handlers answer; their messages are dispatched to the bound handlers as
 * ONOS's WebSocketService would. Then the view is mounted (refresh period from ?refresh=<ms>).
 */
(function (window) {
    'use strict';

    var bound = {};

    function dispatch(messages) {
        messages.forEach(function (m) {
            var h = bound[m.event];
            if (h) {
                h(m.payload);
            }
        });
    }

    var transport = {
        send: function (event, payload) {
            return window.fetch('events', {
                method: 'POST', credentials: 'same-origin', cache: 'no-store',
                headers: {'Content-Type': 'application/json', Accept: 'application/json'},
                body: JSON.stringify({event: event, payload: payload || {}})
            }).then(function (r) {
                if (!r.ok) {
                    throw new Error('HTTP ' + r.status);
                }
                return r.json();
            }).then(dispatch, function (e) {
                window.console.error('p4slice dev transport: ' + event + ': ' + e.message);
            });
        },
        bind: function (handlers) {
            Object.keys(handlers).forEach(function (k) {
                bound[k] = handlers[k];
            });
        },
        unbind: function (handlers) {
            Object.keys(handlers).forEach(function (k) {
                delete bound[k];
            });
        }
    };

    function start() {
        window.P4slice.view = window.P4slice.mount(window.document.getElementById('ov-p4slice'), transport,
            {refreshMs: window.P4slice.refreshMs(window.location.search)});
    }

    window.P4sliceDev = {transport: transport};
    if (window.document.readyState === 'loading') {
        window.document.addEventListener('DOMContentLoaded', start);
    } else {
        start();
    }
}(window));
