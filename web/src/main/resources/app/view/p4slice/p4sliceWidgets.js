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
 * p4slice view, page pieces shared by the panels: elements built from data (text only, never
 * markup), table rows replaced, the answer shown next to a form, and two-click buttons (the first
 * click arms, the second within 5 s confirms) for releasing and cancelling.
 */
(function (window, P4slice) {
    'use strict';

    var ARM_MS = 5000;

    /** The pieces for a view mounted in root; dispose() forgets the armed buttons. */
    function widgets(root) {
        var doc = root.ownerDocument;
        var armed = {};

        function $(id) {
            return doc.getElementById(id);
        }

        /** An element with attributes and children (strings become text: no markup from data). */
        function el(tag, attrs, children) {
            var e = doc.createElement(tag);
            Object.keys(attrs || {}).forEach(function (k) {
                if (k === 'text') {
                    e.textContent = attrs[k];
                } else {
                    e.setAttribute(k, attrs[k]);
                }
            });
            (children || []).forEach(function (c) {
                e.appendChild(typeof c === 'string' ? doc.createTextNode(c) : c);
            });
            return e;
        }

        function td(text, cls, title) {
            var a = {text: text};
            if (cls) {
                a['class'] = cls;
            }
            if (title !== undefined) {
                a.title = title;
            }
            return el('td', a);
        }

        function replaceRows(tbody, rows) {
            while (tbody.firstChild) {
                tbody.removeChild(tbody.firstChild);
            }
            rows.forEach(function (r) {
                tbody.appendChild(r);
            });
        }

        /** Shows an answer next to its form (prefix '' or 'r-'): kind 'error' or 'ok'. */
        function showMessage(prefix, kind, status, text) {
            var m = $(prefix + 'message');
            m.className = 'message ' + kind;
            $(prefix + 'message-status').textContent = status ? String(status) : '';
            $(prefix + 'message-text').textContent = text;
            m.hidden = false;
        }

        /**
         * A button (class cls, attribute data-<cls>=key) that calls onConfirm on its second click;
         * it stays armed across re-renders of its row.
         */
        function twoClickButton(cls, key, label, onConfirm) {
            var b = el('button', {type: 'button', 'class': cls, text: label});
            b.setAttribute('data-' + cls, key);
            var armKey = cls + key;
            if (armed[armKey]) {
                b.textContent = 'Confirm ' + label.toLowerCase();
                b.className = cls + ' armed';
            }
            b.addEventListener('click', function () {
                if (!armed[armKey]) {
                    armed[armKey] = window.setTimeout(function () {
                        delete armed[armKey];
                        var shown = root.querySelector('button[data-' + cls + '="' + key + '"]');
                        if (shown) {
                            shown.textContent = label;
                            shown.className = cls;
                        }
                    }, ARM_MS);
                    b.textContent = 'Confirm ' + label.toLowerCase();
                    b.className = cls + ' armed';
                    return;
                }
                window.clearTimeout(armed[armKey]);
                delete armed[armKey];
                onConfirm();
            });
            return b;
        }

        return {
            $: $,
            el: el,
            td: td,
            replaceRows: replaceRows,
            showMessage: showMessage,
            twoClickButton: twoClickButton,
            dispose: function () {
                Object.keys(armed).forEach(function (k) {
                    window.clearTimeout(armed[k]);
                });
            }
        };
    }

    P4slice.widgets = widgets;
}(window, window.P4slice));
