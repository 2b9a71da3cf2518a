"""(h) The GUI inside a real ONOS 2.7: headless Chromium logs into ONOS's classic GUI as ``onos``
(the GUI's own login, no REST credentials) and drives p4slice's native view and topology overlay
over the GUI's websocket. The view shows the suite's slices A and B with capacity, fairness and
reservations; a slice created through its form becomes ACTIVE and is released through it; a
refusal shows the server's message (the same as REST's); on the topology, the overlay's key
(right arrow) cycles through the slices and highlights the picked slice's trunk link, labelled
with its load. Screenshots: reports/gui/ ($P4S_REPORT_DIR/gui)."""

import json

import pytest

from p4slice_harness.devtools import Chromium, chromium_binary
from p4slice_harness.onos.rest import slice_request
from p4slice_harness.onos.topology import S1, S2, TRUNK_PORT
from p4slice_harness.paths import report_dir

pytestmark = [pytest.mark.onos, pytest.mark.timeout(600)]

GUI = "http://127.0.0.1:8181/onos/ui/"
USER, PASSWORD = "onos", "rocks"
SHOTS = report_dir() / "gui"
VIEW = "#ov-p4slice"
ROWS = VIEW + " #slices tbody tr"
# a slice on two of the lab's netcfg-only ports: nothing else uses them
GUI_SLICE = ("gui-c", "itb", ((S1, 10), (S2, 10)))
ENDPOINTS = ", ".join(f"{d}/{p} access" for d, p in GUI_SLICE[2])


@pytest.fixture(scope="module")
def browser():
    pytest.importorskip("websocket", reason="websocket-client is missing (mininet-tests/requirements.txt)")
    if not chromium_binary():
        pytest.skip("chromium is missing (apt-get install chromium, or set P4S_CHROMIUM)")
    with Chromium(1400, 1000) as b:
        yield b


def login(b: Chromium) -> None:
    """ONOS's classic GUI login form (j_security_check), then the GUI with its websocket."""
    b.navigate(GUI + "index.html")
    b.wait_for("!!document.querySelector('[name=j_username]') || !!document.getElementById('mast')", 60,
               "the GUI's login form")
    if b.evaluate("!!document.querySelector('[name=j_username]')"):
        b.type("[name=j_username]", USER)
        b.type("[name=j_password]", PASSWORD)
        b.click("#submit")
    b.wait_for("typeof angular === 'object' && !!document.getElementById('mast')", 60, "the GUI after login")


def open_view(b: Chromium, route: str) -> None:
    if not b.evaluate("typeof angular === 'object' && !!document.getElementById('mast')"):
        login(b)
    b.navigate(GUI + "index.html#/" + route)


def names(b: Chromium):
    return b.evaluate(f"Array.from(document.querySelectorAll('{ROWS} td.name')).map(function (c) {{"
                      f" return c.textContent; }})")


def message(b: Chromium):
    return b.evaluate("[document.getElementById('message-status').textContent,"
                      " document.getElementById('message-text').textContent]")


def fill_form(b: Chromium, name: str, quota: str) -> None:
    b.type("#f-name", name)
    b.type("#f-tenant", GUI_SLICE[1])
    b.type("#f-quota", quota)
    b.type("#f-burst", "")
    b.type("#f-vlan", "")
    b.type("#f-endpoints", ENDPOINTS)


def test_view_shows_the_suites_slices(lab, ab, browser):
    open_view(browser, "p4slice?refresh=1000")
    browser.wait_for(f"document.querySelectorAll('{ROWS}').length === 2", 60, "the two slices in the view")
    assert sorted(names(browser)) == ["lab-a", "lab-b"]
    browser.wait_for(f"Array.from(document.querySelectorAll('{ROWS} td.state')).every(function (c) {{"
                     f" return c.textContent === 'ACTIVE'; }})", 30, "both slices ACTIVE in the view")
    a = ab["A"]
    row = f"{ROWS}[data-slice-id=\"{a['id']}\"]"
    assert browser.evaluate(f"document.querySelector('{row} td.vlan').textContent") == str(a["vlan"])
    assert browser.evaluate(f"document.querySelector('{row} td.tenant').textContent") == "itb"
    assert browser.evaluate(f"document.querySelector('{row} td.quota').textContent") == "8 Mb/s"
    # capacity: the trunk carries both quotas
    trunk = f"{S1}/{TRUNK_PORT} \u2192 {S2}/{TRUNK_PORT}"
    allocated = browser.wait_for(
        f"(function () {{ var r = Array.from(document.querySelectorAll('{VIEW} #capacity-links tbody tr'))"
        f".filter(function (t) {{ return t.getAttribute('data-name') === {json.dumps(trunk)}; }})[0];"
        f" return r && r.querySelector('td.allocated').textContent; }})()", 30, "the trunk's capacity row")
    assert allocated == "16 Mb/s"
    # fairness: the fairness app runs in ONOS: CV and Jain, live
    summary = browser.wait_for(f"(function () {{ var s = document.querySelector('{VIEW} #fairness-summary')"
                               f".textContent; return /^window /.test(s) && s; }})()", 60, "the fairness figures")
    assert " CV " in summary and " Jain " in summary
    browser.wait_for("!document.getElementById('no-reservations').hidden"
                     " || document.querySelectorAll('#reservations tbody tr').length > 0", 30, "the reservations")
    shot = browser.screenshot(SHOTS / "p4slice-view.png")
    print(f"screenshot {shot}")
    browser.evaluate("document.getElementById('fairness-section').scrollIntoView()")
    shot = browser.screenshot(SHOTS / "p4slice-view-fairness.png")
    print(f"screenshot {shot}")
    assert browser.console_errors == [], browser.console_errors


def test_create_and_refuse_through_the_form(lab, ab, browser):
    open_view(browser, "p4slice?refresh=1000")
    browser.wait_for(f"document.querySelectorAll('{ROWS}').length === 2", 60, "the two slices in the view")
    created = None
    try:
        # refused by admission: 80 Mbit/s fit the ports (95 usable) but not the trunk beside A and B
        # (16 + 80 > 95); the server's status and message, as REST answers them
        fill_form(browser, "gui-big", "80M")
        browser.click("#create")
        browser.wait_for("!document.getElementById('message').hidden", 30, "the refusal")
        rest = lab.post_slice(slice_request("gui-big", GUI_SLICE[1], 80_000_000, GUI_SLICE[2]))
        assert rest.status == 409, rest.text
        assert rest.message().startswith("admission refused on link"), rest.message()
        assert message(browser) == ["409", rest.message()]
        assert browser.evaluate("document.getElementById('message').className") == "message error"
        assert lab.slice_by_name("gui-big") is None
        shot = browser.screenshot(SHOTS / "p4slice-refusal.png")
        print(f"screenshot {shot}: {rest.message()}")

        # created: 2 Mbit/s; PROVISIONING, then ACTIVE in the table (ONOS's group poll: up to 30 s)
        fill_form(browser, GUI_SLICE[0], "2M")
        browser.click("#create")
        browser.wait_for("document.getElementById('message-status').textContent === '201'", 30, "the creation")
        created = lab.slice_by_name(GUI_SLICE[0])
        assert created is not None and created["quotaBps"] == 2_000_000, created
        assert message(browser)[1].startswith(f"Slice {created['id']} (itb/gui-c) created: ")
        row = f"{ROWS}[data-slice-id=\"{created['id']}\"]"
        browser.wait_for(f"(document.querySelector('{row} td.state') || {{}}).textContent === 'ACTIVE'", 120,
                         "gui-c ACTIVE in the view")
        assert lab.slice_by_name(GUI_SLICE[0])["state"] == "ACTIVE"
        assert browser.evaluate(f"document.querySelector('{row} td.endpoints').textContent") == ENDPOINTS
        shot = browser.screenshot(SHOTS / "p4slice-created.png")
        print(f"screenshot {shot}")

        # released through the view: two clicks
        button = f"button[data-release=\"{created['id']}\"]"
        browser.click(button)
        assert browser.evaluate(f"document.querySelector('{button}').textContent") == "Confirm release"
        browser.click(button)
        browser.wait_for(f"document.querySelector('{row}') === null", 90, "gui-c gone from the view")
        assert lab.slice_by_name(GUI_SLICE[0]) is None
        created = None
        assert browser.console_errors == [], browser.console_errors
    finally:
        if created is not None:
            lab.delete_slice(created["id"])


def test_topology_overlay_highlights_a_slice(lab, ab, browser):
    # the hosts of slice A known to ONOS (learned from ARP)
    lab.wait_ping("h1", "h3", 60)
    open_view(browser, "topo?overlayId=p4slice-overlay")
    browser.wait_for("document.querySelectorAll('#ov-topo svg .node.device').length === 2"
                     " && document.querySelectorAll('#ov-topo svg .link').length >= 1", 60,
                     "the two switches and the trunk on the topology")
    browser.wait_for("typeof P4sliceTopo === 'object'", 10, "the overlay's script")
    # ONOS hides hosts at first: H shows them (the slice's hosts are highlighted with it)
    browser.press("H")
    browser.wait_for("document.querySelectorAll('#ov-topo svg .node.host').length >= 2", 30, "the hosts shown")
    by_id = sorted((ab["A"], ab["B"]), key=lambda s: s["id"])
    seen = []
    for expected in by_id:
        browser.press("ArrowRight")
        shown = browser.wait_for(
            f"P4sliceTopo.selected && P4sliceTopo.selected.slice && P4sliceTopo.selected.slice.id === "
            f"{expected['id']} && P4sliceTopo.selected", 30, f"slice {expected['name']} picked by the key")
        seen.append(shown["slice"]["name"])
        trunk_ids = shown["links"]
        assert len(trunk_ids) == 1, shown
        # its trunk link highlighted, labelled with the slice's load against its quota
        browser.wait_for("document.querySelectorAll('#ov-topo svg .link.primary').length >= 1", 30,
                         f"{expected['name']}'s trunk highlighted")
        label = browser.wait_for(
            "Array.from(document.querySelectorAll('#ov-topo svg .linkLabel text')).map(function (t) {"
            " return t.textContent; }).join('|')", 30, "the link labels")
        assert f"{expected['name']}: " in label and "/8 Mb/s" in label, label
        shot = browser.screenshot(SHOTS / f"p4slice-topo-{expected['name']}.png")
        print(f"screenshot {shot}: {shown['label']}")
    assert seen == [s["name"] for s in by_id]
    browser.press("0")
    browser.wait_for("P4sliceTopo.selected && !P4sliceTopo.selected.slice", 30, "no slice shown")
    browser.wait_for("document.querySelectorAll('#ov-topo svg .link.primary').length === 0", 30,
                     "highlights cleared")
    assert browser.console_errors == [], browser.console_errors
