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
 * The tenant portal's transport for the p4slice GUI view (/onos/p4slice/ui/, PortalServlet): each GUI
 * event is posted to ui/events as JSON, where the view's real message handlers answer for the signed-in
 * user; their messages are dispatched to the bound handlers as ONOS's WebSocketService would. A refused
 * event (the server's JSON {code, message}) is shown in #p4s-portal-error. Then the view is mounted
 * (refresh period from ?refresh=<ms>) and its tenant fields default to the user's tenant.
 */
(function (window) {
    'use strict';

    var bound = {};
    var doc = window.document;

    function dispatch(messages) {
        messages.forEach(function (m) {
            var h = bound[m.event];
            if (h) {
                h(m.payload);
            }
        });
    }

    function showError(text) {
        var el = doc.getElementById('p4s-portal-error');
        if (el) {
            el.textContent = text || '';
            el.hidden = !text;
        }
    }

    // a refusal's message from its JSON body, else the HTTP status
    function refusal(r) {
        return r.json().then(function (body) {
            return body && body.message ? r.status + ': ' + body.message : 'HTTP ' + r.status;
        }, function () {
            return 'HTTP ' + r.status;
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
                    return refusal(r).then(function (text) {
                        throw new Error(text);
                    });
                }
                return r.json();
            }).then(function (messages) {
                showError('');
                dispatch(messages);
            }, function (e) {
                showError(e.message);
                window.console.error('p4slice portal: ' + event + ': ' + e.message);
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

    // the forms' tenant fields start with the signed-in user's tenant (data-tenant of #p4s-portal-user)
    function defaultTenant() {
        var user = doc.getElementById('p4s-portal-user');
        var tenant = user ? user.getAttribute('data-tenant') : '';
        ['f-tenant', 'r-tenant'].forEach(function (id) {
            var input = doc.getElementById(id);
            if (tenant && input && !input.value) {
                input.value = tenant;
            }
        });
    }

    function start() {
        defaultTenant();
        window.P4slice.view = window.P4slice.mount(doc.getElementById('ov-p4slice'), transport,
            {refreshMs: window.P4slice.refreshMs(window.location.search)});
    }

    window.P4slicePortal = {transport: transport};
    if (doc.readyState === 'loading') {
        doc.addEventListener('DOMContentLoaded', start);
    } else {
        start();
    }
}(window));
