#!/usr/bin/env python3
"""The web app in a real browser: headless Chromium driven by Selenium against a real `marquee serve` on loopback,
with a fresh SQLite folder, the embedded catalog and the development mail outbox.

Usage: web_app_test.py --marquee PATH/TO/marquee [--artifacts DIR]
Screenshots of the main pages (desktop and 390 px wide) are written to the artifacts folder.
"""
import argparse
import contextlib
import glob
import http.client
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

PASSWORD = "Sunflower42x"

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from fake_open_meteo import FakeOpenMeteo  # noqa: E402
from fake_rijksmuseum import FakeRijksmuseum  # noqa: E402


class Server:
    """One `marquee serve` process with its own data folder."""

    def __init__(self, binary):
        self.binary = binary
        self.folder = tempfile.mkdtemp(prefix="marquee-e2e-")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.start()

    def start(self):
        """Starts (or starts again, on the same port and folder) the server and waits until it answers."""
        self.log = open(os.path.join(self.folder, "server.log"), "a")
        # No test reaches the internet: weather comes from a local stand-in for Open-Meteo, art from one for the
        # Rijksmuseum; events are the demo programme (no Ticketmaster key). Every account here comes from one address,
        # a few dozen a minute, past what the sign-in throttle lets one address try by default.
        self.process = subprocess.Popen(
            [self.binary, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data-dir", self.folder],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env=dict(os.environ, MARQUEE_WEATHER_PROVIDER="open-meteo", MARQUEE_OPEN_METEO_BASE_URL=FakeOpenMeteo.start(),
                     MARQUEE_OPEN_METEO_GEOCODING_URL=FakeOpenMeteo.start(), MARQUEE_ART_PROVIDER="rijksmuseum",
                     MARQUEE_RIJKSMUSEUM_SEARCH_URL=FakeRijksmuseum.search_url(),
                     MARQUEE_RIJKSMUSEUM_ID_URL=FakeRijksmuseum.id_url(), MARQUEE_AUTH_THROTTLE_LIMIT="40"))
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=2):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("marquee serve did not start; see " + self.log.name)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()

    def remove(self):
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def api(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = "Bearer " + token
        request = urllib.request.Request(
            self.base + path, method=method, data=json.dumps(body).encode() if body is not None else None,
            headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def mailed_link(self, address, path):
        """The newest link to `path` in mail to `address` in the outbox (mail is sent in the background)."""
        deadline = time.time() + 10
        while time.time() < deadline:
            for name in sorted(glob.glob(os.path.join(self.folder, "outbox", "*.eml")), reverse=True):
                text = open(name, encoding="utf-8").read()
                if f"To: {address}" in text:
                    match = re.search(re.escape(self.base + path) + r"\?token=[A-Za-z0-9_-]+", text)
                    if match:
                        return match.group(0)
            time.sleep(0.05)
        raise AssertionError(f"no {path} link mailed to {address}")

    def member(self, address):
        """An account with a confirmed address (made through the API; the sign-up test goes through the pages)."""
        status, _ = self.api("POST", "/api/v1/auth/signup", {"email": address, "password": PASSWORD})
        assert status == 202, status
        token = self.mailed_link(address, "/verify").split("token=")[1]
        status, _ = self.api("POST", "/api/v1/auth/verify", {"token": token})
        assert status == 200, status


class Gateway:
    """A reverse proxy in front of a server, as in most deployments, that can be set to answer 502 Bad Gateway (as
    one does while Marquee restarts behind it) while the browser itself stays online. Going down also cuts the
    responses it is relaying, live streams included."""

    def __init__(self, server):
        gateway = self
        self.down = False
        self.upstreams = set()
        self.lock = threading.Lock()
        self.streams_relayed = self.streams_refused = 0

        class Relay(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def relay(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                stream = self.path.startswith("/api/v1/me/changes/stream")
                if gateway.down:
                    gateway.streams_refused += stream
                    self.send_response(502)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                if "Origin" in headers:
                    headers["Origin"] = server.base  # as a proxy configured with the public URL presents it
                upstream = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
                with gateway.lock:
                    gateway.upstreams.add(upstream)
                try:
                    upstream.request(self.command, self.path, body=body, headers=headers)
                    response = upstream.getresponse()
                    gateway.streams_relayed += stream and response.status == 200
                    self.send_response(response.status)
                    skipped = ("transfer-encoding", "connection", "content-length")
                    for name, value in response.getheaders():
                        if name.lower() not in skipped:
                            self.send_header(name, value)
                    if self.command == "HEAD" or response.status in (204, 304):
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        return
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    while chunk := response.read1(65536):
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                        self.wfile.flush()
                    self.wfile.write(b"0\r\n\r\n")
                except (OSError, ValueError, http.client.HTTPException):
                    # Cut by go_down() mid-response: the client sees its connection end, as it would.
                    self.close_connection = True
                finally:
                    with gateway.lock:
                        gateway.upstreams.discard(upstream)
                    upstream.close()

            do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = relay

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Relay)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def go_down(self):
        self.down = True
        with self.lock:
            for upstream in list(self.upstreams):
                with contextlib.suppress(OSError):
                    upstream.sock.shutdown(socket.SHUT_RDWR)

    def come_back(self):
        self.down = False

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@contextlib.contextmanager
def own_server_and_browser(binary):
    """A server of the scenario's own (to stop and start at will) and a browser, both cleaned up after."""
    server = Server(binary)
    d = browser()
    try:
        yield server, d
    finally:
        d.quit()
        server.remove()


def browser(width=1280, height=900):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("MARQUEE_CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(
        service=Service(os.environ.get("MARQUEE_CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    driver.implicitly_wait(0)
    if width < 500:
        # Headless windows are at least 500 px wide; a phone's width is emulated instead.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    return driver


def wait(driver, condition, timeout=10, message=""):
    # A page being replaced (a form submitted, a live update) can detach an element between finding and reading
    # it: that is a reason to look again, not a failure.
    return WebDriverWait(driver, timeout, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)
                         ).until(lambda d: condition(d), message)


def find(driver, css):
    return driver.find_element(By.CSS_SELECTOR, css)


def finds(driver, css):
    return driver.find_elements(By.CSS_SELECTOR, css)


def sign_in(driver, server, address, next_path="/"):
    driver.get(f"{server.base}/signin?next={next_path}")
    find(driver, "#email").send_keys(address)
    find(driver, "#password").send_keys(PASSWORD)
    find(driver, "#auth-form button[type=submit]").click()
    wait(driver, lambda d: d.current_url == server.base + next_path and loaded(d), message="signed in and sent on")


def loaded(driver):
    return driver.execute_script("return document.readyState === 'complete' && !!document.querySelector('main')")


def text_of(driver, css):
    """The text of the first match, read in one step (live updates replace elements under the test's feet)."""
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.textContent : ''", css)


def toast_text(driver):
    return " ".join(t.text for t in finds(driver, ".toast"))


def search_settled(driver):
    """Until the search page has no pause in typing to wait out and no search on its way (its `data-state`)."""
    wait(driver, lambda d: find(d, ".search-form").get_attribute("data-state") == "idle", message="the search settles")


def wait_for_service_worker(driver):
    """Until the service worker controls the page (the first visit registers it), so offline steps can follow."""
    wait(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=15,
         message="the service worker controls the page")


def no_script_errors(driver):
    """No script failed. Refused requests are logged too, as network errors: a scenario that provokes them checks
    what the page made of them instead."""
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and e["source"] != "network"]
    assert not errors, errors


# ---- Scenarios ---------------------------------------------------------------------------------------------------


def test_sign_up_verify_sign_in_and_live_favourites(server, artifacts):
    address = "ada@example.com"
    a = browser()
    b = browser()
    try:
        a.get(server.base + "/signup")
        find(a, "#email").send_keys(address)
        find(a, "#password").send_keys("short")
        assert "met" not in find(a, "[data-rule=no_digit]").get_attribute("class")
        find(a, "#auth-form button[type=submit]").click()
        assert "does not meet" in find(a, "#form-msg").text
        find(a, "#password").clear()
        find(a, "#password").send_keys(PASSWORD)
        assert all("met" in li.get_attribute("class") for li in finds(a, "[data-rule]:not([data-rule=too_common])"))
        find(a, "#auth-form button[type=submit]").click()
        wait(a, lambda d: finds(d, "#signup-done"), message="sign-up confirmation")
        first_link = server.mailed_link(address, "/verify")

        # Signing in before confirming: the refusal offers the link again, and the new one is the one that works.
        a.get(server.base + "/signin")
        find(a, "#email").send_keys(address)
        find(a, "#password").send_keys(PASSWORD)
        find(a, "#auth-form button[type=submit]").click()
        wait(a, lambda d: "Send the link again" in text_of(d, "#form-msg"), message="a new link is offered")
        find(a, "#form-msg button").click()
        wait(a, lambda d: "on its way" in text_of(d, "#form-msg"), message="a new link is sent")
        wait(a, lambda d: server.mailed_link(address, "/verify") != first_link, message="the new link is mailed")

        a.get(server.mailed_link(address, "/verify"))
        find(a, "main form button").click()
        wait(a, lambda d: "confirmed" in text_of(d, "body"), message="address confirmed")

        sign_in(a, server, address, "/movie/603")
        sign_in(b, server, address, "/favorites")
        assert finds(b, "#saved-empty")[0].is_displayed()
        b.execute_script("window.marqueeNoReload = true")

        heart = find(a, ".actions .toggle[data-list=favorites]")
        wait(a, lambda d: d.execute_script("return !!window.EventSource"))
        heart.click()
        clicked = time.time()
        wait(b, lambda d: finds(d, '.saved-item[data-kind="movie"][data-id="603"]'), timeout=5,
             message="the favourite appears on the other device")
        # How fast is for the benchmarks; this only reports it.
        delay = time.time() - clicked
        assert b.execute_script("return window.marqueeNoReload") is True, "the page was reloaded"
        assert heart.get_attribute("aria-pressed") == "true"
        print(f"    favourite reached the second browser {delay * 1000:.0f} ms after the click")

        # A note written on B shows on A's favourites page, live too.
        a.get(server.base + "/favorites")
        find(b, ".saved-item [data-edit-note]").click()
        find(b, ".saved-item textarea").send_keys("Watch with Sam")
        find(b, ".saved-item [data-save-note]").click()
        wait(a, lambda d: "Watch with Sam" in text_of(d, ".saved-item .note"), timeout=5, message="note arrives")

        # A heart tapped off by mistake: Undo brings the title back with its note.
        a.get(server.base + "/movie/603")
        find(a, ".actions .toggle[data-list=favorites]").click()
        wait(a, lambda d: "Removed from favourites" in toast_text(d), message="removed")
        find(a, ".toast button").click()
        wait(a, lambda d: "Put back in favourites" in toast_text(d), message="put back")
        assert find(a, ".actions .toggle[data-list=favorites]").get_attribute("aria-pressed") == "true"
        a.get(server.base + "/favorites")
        assert "Watch with Sam" in text_of(a, ".saved-item .note"), "the note came back too"
        no_script_errors(a)
        no_script_errors(b)
    finally:
        a.quit()
        b.quit()


def test_search_debounces_and_pages(server, artifacts):
    server.member("grace@example.com")
    d = browser()
    try:
        sign_in(d, server, "grace@example.com", "/search")
        box = find(d, "#q")
        box.send_keys("the")
        wait(d, lambda d: len(finds(d, "#results .card")) >= 20, message="first page of results")
        search_settled(d)
        calls = d.execute_script(
            "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/v1/search') && !e.name.includes('page=')).length")
        assert calls == 1, f"{calls} search requests for one burst of typing"
        assert "/search?q=the" in d.current_url
        d.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait(d, lambda d: int(find(d, "#results").get_attribute("data-page")) >= 2, message="page 2 loads on scroll")
        assert len(finds(d, "#results .card")) > 20
        box.send_keys(Keys.ENTER)
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys("zzqqxx")
        wait(d, lambda d: find(d, "#search-empty").is_displayed(), message="empty state")
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(Keys.BACKSPACE)
        wait(d, lambda d: find(d, "#recent-searches").is_displayed(), message="recent searches")
        recent = find(d, "#recent-list").text
        assert "the" in recent and "zzqqxx" not in recent, f"only searches people commit to are kept: {recent!r}"

        # A year typed digit by digit is asked for once whole: no error for 1, 19 or 199 on the way.
        box.send_keys("matrix")
        wait(d, lambda d: finds(d, "#results .card"), message="results for matrix")
        for digit in "1999":
            find(d, "#year").send_keys(digit)
            search_settled(d)  # a search the digit asked for has been answered
        wait(d, lambda d: "year=1999" in d.current_url, message="the whole year is searched")
        search_settled(d)
        assert not finds(d, ".toast.bad"), toast_text(d)
        no_script_errors(d)
    finally:
        d.quit()


def test_guest_sees_the_lock_and_can_favourite(server, artifacts):
    d = browser()
    try:
        d.get(server.base + "/signin")
        find(d, "[data-guest]").click()
        wait(d, lambda d: d.current_url == server.base + "/" and loaded(d), message="guest lands home")
        assert find(d, ".chip").text == "Guest"
        assert find(d, ".gate").is_displayed()
        d.get(server.base + "/search")
        assert find(d, ".gate").is_displayed()
        assert d.execute_script("return document.querySelector('.locked').inert") is True
        assert "Create account" in find(d, ".gate").text
        d.get(server.base + "/movie/603")
        find(d, ".actions .toggle[data-list=favorites]").click()
        wait(d, lambda d: "Added to favourites" in toast_text(d), message="saved as guest")
        d.get(server.base + "/favorites")
        assert finds(d, '.saved-item[data-id="603"]')

        # Signing out would strand what the guest saved: it is asked first, and saying no keeps it signed in.
        d.get(server.base + "/account")
        find(d, "[data-signout]").click()
        wait(d, lambda d: "as a guest" in d.switch_to.alert.text, message="the guest is warned")
        d.switch_to.alert.dismiss()
        # The click's handler has run to its end or to its request (which marks the button busy) by the time the
        # next command runs.
        assert find(d, "[data-signout]").get_attribute("aria-busy") is None, "no sign-out was sent"
        assert find(d, ".chip").text == "Guest", "still signed in"
        find(d, "[data-signout]").click()
        d.switch_to.alert.accept()
        wait(d, lambda d: d.current_url == server.base + "/" and "signed out" in toast_text(d), message="signed out")
        no_script_errors(d)
    finally:
        d.quit()


def test_a_guest_keeps_what_it_saved_and_edits_are_not_lost(server, artifacts):
    """A visitor's heart survives the detour to sign in; a guest signing in brings its favourites; a note being
    typed survives a change from another device; two-word searches; sorting by keyboard; signing out everywhere reaches
    other tabs."""
    address = "lin@example.com"
    server.member(address)
    a = browser()
    b = browser()
    try:
        a.get(server.base + "/movie/603")
        find(a, ".actions .toggle[data-list=favorites]").click()
        wait(a, lambda d: "/signin" in d.current_url and loaded(d), message="a visitor is asked to sign in")
        find(a, "[data-guest]").click()
        wait(a, lambda d: "Added to favourites" in toast_text(d), message="the heart asked for is saved once back")
        assert a.current_url == server.base + "/movie/603"

        a.get(server.base + "/signin")
        assert not finds(a, "[data-guest]"), "a guest is not offered a second, empty guest"
        assert "Keep browsing as a guest" in text_of(a, "main .actions")
        sign_in(a, server, address, "/favorites")
        assert finds(a, '.saved-item[data-id="603"]'), "the guest's favourite moved into the account"

        sign_in(b, server, address, "/favorites")
        find(a, ".saved-item [data-edit-note]").click()
        find(a, ".saved-item textarea").send_keys("draft on A")
        find(b, ".saved-item [data-edit-note]").click()
        find(b, ".saved-item textarea").send_keys("saved on B")
        find(b, ".saved-item [data-save-note]").click()
        wait(a, lambda d: "another device" in text_of(d, ".saved-item .held"), message="A is told, not overwritten")
        assert find(a, ".saved-item textarea").get_attribute("value") == "draft on A"
        find(a, ".saved-item textarea").send_keys(Keys.ESCAPE)
        wait(a, lambda d: text_of(d, ".saved-item .note") == "saved on B", message="the change shows once closed")
        assert a.execute_script("return document.activeElement.hasAttribute('data-edit-note')"), "focus stays"

        box = find(a, "#saved-q")
        box.send_keys("the matrix")
        box.send_keys(Keys.ENTER)
        wait(a, lambda d: "q=the+matrix" in d.current_url and loaded(d), message="the search is sent")
        assert finds(a, '.saved-item[data-id="603"]') and find(a, "#saved-q").get_attribute("value") == "the matrix"

        # The sort menu with the keyboard: arrows move through the choices without reloading; Apply sorts.
        a.execute_script("window.stayed = true")
        sort = find(a, "#saved-sort")
        first = sort.get_attribute("value")
        sort.send_keys(Keys.ARROW_DOWN)
        wait(a, lambda d: find(d, "#saved-sort").get_attribute("value") != first, message="the arrow picks the next sort")
        # ChromeDriver waits out a navigation a key started before it runs the next command: a reload would have
        # replaced `window` by now.
        assert a.execute_script("return window.stayed === true"), "an arrow key does not reload the page"
        chosen = find(a, "#saved-sort").get_attribute("value")
        find(a, ".toolbar button[type=submit]").send_keys(Keys.ENTER)
        wait(a, lambda d: "order_by=" + chosen in d.current_url and loaded(d), message="Apply sorts")
        assert find(a, "#saved-sort").get_attribute("value") == chosen and "q=the+matrix" in a.current_url

        # Removed on another device while its note is open: A is told, and the entry goes once the editor closes.
        find(a, ".saved-item [data-edit-note]").click()
        find(b, '.saved-item[data-id="603"] [data-remove]').click()
        wait(a, lambda d: "removed on another device" in text_of(d, ".saved-item .held"), message="A is told")
        find(a, ".saved-item textarea").send_keys(Keys.ESCAPE)
        wait(a, lambda d: not finds(d, ".saved-item") and find(d, "#saved-empty").is_displayed(), message="then it goes")

        lists_kept = "return caches.has('marquee-lists-v1')"
        wait(a, lambda d: d.execute_script(lists_kept), message="A keeps its favourites for offline")
        b.get(server.base + "/account")
        find(b, "[data-signout-everywhere]").click()
        wait(a, lambda d: "Sign in again" in toast_text(d), message="the other tab learns it was signed out")
        wait(a, lambda d: not d.execute_script(lists_kept), message="and forgets the offline copy of the lists")
        no_script_errors(a)
    finally:
        a.quit()
        b.quit()


def test_watchlist_shows_what_is_left_to_watch(server, artifacts):
    server.member("show@example.com")
    d = browser()
    try:
        sign_in(d, server, "show@example.com", "/movie/603")
        find(d, ".actions .toggle[data-list=watchlist]").click()
        wait(d, lambda d: "Added to your watchlist" in toast_text(d), message="on the watchlist")
        d.get(server.base + "/watchlist")
        Select(find(d, "#saved-show")).select_by_value("to_watch")
        wait(d, lambda d: "show=to_watch" in d.current_url and loaded(d), message="a picked choice applies at once")
        wait(d, lambda d: d.execute_script("return !!window.EventSource"))
        find(d, '.saved-item[data-id="603"] [data-watched]').click()
        wait(d, lambda d: not finds(d, '.saved-item[data-id="603"]'), message="a watched title leaves To watch")
        assert "is now under Watched" in toast_text(d)
        assert find(d, "#saved-empty").is_displayed()
        find(d, "a[href='/watchlist?kind=movie&show=to_watch']").click()
        wait(d, lambda d: "kind=movie" in d.current_url and loaded(d), message="a kind tab")
        assert Select(find(d, "#saved-show")).first_selected_option.text == "To watch", "tabs keep the Show choice"
        Select(find(d, "#saved-show")).select_by_value("watched")
        wait(d, lambda d: finds(d, '.saved-item[data-id="603"]'), message="listed under Watched")
        assert "Watched" in text_of(d, '.saved-item[data-id="603"] .good')
        group = find(d, '.saved-item[data-id="603"] .item-actions')
        assert group.get_attribute("role") == "group" and group.get_attribute("aria-label") == "The Matrix"

        # Removed with the keyboard: focus goes to what is left (here, the heading), not to the page.
        remove = find(d, '.saved-item[data-id="603"] [data-remove]')
        remove.send_keys(Keys.ENTER)
        wait(d, lambda d: not finds(d, '.saved-item[data-id="603"]'), message="removed")
        assert d.execute_script("return document.activeElement.tagName") == "H1", "focus is kept on the page"

        # Undo puts it back as it was, watched date and all (a second tap on + Watchlist would not).
        wait(d, lambda d: "Removed from your watchlist" in toast_text(d), message="the removal is told")
        find(d, ".toast button").click()
        wait(d, lambda d: finds(d, '.saved-item[data-id="603"]'), message="undone: back on the list, under Watched")
        assert "Watched" in text_of(d, '.saved-item[data-id="603"] .good')
    finally:
        d.quit()


def test_delete_account_from_the_danger_zone(server, artifacts):
    server.member("linus@example.com")
    d = browser()
    try:
        sign_in(d, server, "linus@example.com", "/account")
        assert "Email (linus@example.com)" in find(d, "#signed-in-as").text
        find(d, "#delete-password").send_keys(PASSWORD)
        find(d, "#delete-form button[type=submit]").click()
        assert "Tick the box" in find(d, "#delete-progress").text
        d.execute_script("localStorage.setItem('marquee.recentSearches', JSON.stringify(['kept before']))")
        find(d, "#delete-confirm").click()
        find(d, "#delete-form button[type=submit]").click()
        wait(d, lambda d: d.current_url == server.base + "/" and loaded(d), message="back home")
        wait(d, lambda d: "deleted" in toast_text(d), message="toast")
        assert find(d, ".who .btn").text == "Sign in"
        assert d.execute_script("return localStorage.getItem('marquee.recentSearches')") is None, "the browser forgets"
        status, body = server.api("POST", "/api/v1/auth/signin", {"email": "linus@example.com", "password": PASSWORD})
        assert status == 401, (status, body)
        # Back does not bring the deleted account's page back: it is drawn again, for nobody.
        d.back()
        wait(d, lambda d: loaded(d) and "/signin" in d.current_url, message="Back leads to signing in")
        assert "linus@example.com" not in text_of(d, "body")
    finally:
        d.quit()


def test_offline_download_opens_without_the_server(binary, artifacts):
    with own_server_and_browser(binary) as (server, d):
        d.get(server.base + "/movie/603")
        wait_for_service_worker(d)
        button = find(d, "[data-offline]")
        button.click()
        wait(d, lambda d: button.get_attribute("aria-pressed") == "true", message="saved for offline")
        server.stop()
        d.get(server.base + "/downloads")
        wait(d, lambda d: finds(d, "#downloads .card"), message="the download is listed offline")
        assert "The Matrix" in find(d, "#downloads").text
        find(d, "#downloads .card a").click()
        wait(d, lambda d: "The Matrix" in find(d, "h1").text, message="the title opens offline")
        d.get(server.base + "/downloads")
        find(d, "#downloads [data-delete-download]").click()
        wait(d, lambda d: find(d, "#downloads-empty").is_displayed(), message="deleted")


def test_hearts_tapped_offline_are_kept_and_sent_later(binary, artifacts):
    with own_server_and_browser(binary) as (server, d):
        server.member("offline@example.com")
        sign_in(d, server, "offline@example.com", "/movie/603")
        wait_for_service_worker(d)
        find(d, "[data-offline]").click()
        wait(d, lambda d: find(d, "[data-offline]").get_attribute("aria-pressed") == "true", message="downloaded")
        server.stop()

        # The downloaded page, opened with Marquee out of reach: the heart is kept on this device.
        d.refresh()
        wait(d, loaded, message="the downloaded page opens")
        heart = find(d, ".actions .toggle[data-list=favorites]")
        heart.click()
        wait(d, lambda d: "Kept on this device" in toast_text(d), message="kept for later")
        find(d, ".actions .toggle[data-list=watchlist]").click()
        d.refresh()
        wait(d, loaded, message="the downloaded page opens again")
        wait(d, lambda d: find(d, ".actions .toggle[data-list=favorites]").get_attribute("aria-pressed") == "true"
             and find(d, ".actions .toggle[data-list=watchlist]").get_attribute("aria-pressed") == "true",
             message="waiting toggles show as made")

        # Marquee is back: the live stream reconnects, and what waited is sent.
        server.start()
        wait(d, lambda d: "Saved 2 changes made offline" in toast_text(d), timeout=15, message="sent when back")
        assert d.execute_script("return localStorage.getItem('marquee.outbox')") is None
        d.get(server.base + "/watchlist")
        wait(d, lambda d: finds(d, '.saved-item[data-kind="movie"][data-id="603"]'), message="on the watchlist")
        d.get(server.base + "/favorites")
        wait(d, lambda d: finds(d, '.saved-item[data-kind="movie"][data-id="603"]'), message="in favourites")


def test_lists_open_offline_as_last_seen(binary, artifacts):
    with own_server_and_browser(binary) as (server, d):
        server.member("ann@example.com")
        server.member("ben@example.com")
        sign_in(d, server, "ann@example.com", "/movie/603")
        wait_for_service_worker(d)
        find(d, ".actions .toggle[data-list=favorites]").click()
        wait(d, lambda d: "Added to favourites" in toast_text(d), message="saved")
        d.get(server.base + "/favorites")
        wait(d, lambda d: finds(d, '.saved-item[data-id="603"]'), message="listed")
        server.stop()
        d.get(server.base + "/favorites?kind=movie")
        wait(d, lambda d: finds(d, '.saved-item[data-id="603"]'), message="the list opens offline, as last seen")
        assert "as it was on" in toast_text(d)

        # Ann's sign-in lapses (its cookies expire) while Marquee is out of reach: her copy is no longer shown.
        d.delete_all_cookies()
        d.get(server.base + "/favorites")  # returns once what the service worker answered has loaded
        assert not finds(d, '.saved-item[data-id="603"]'), "a lapsed sign-in's copy is not shown"

        # Someone else signs in on this browser: Ann's copy goes as soon as any page is drawn for them.
        server.start()
        d.delete_all_cookies()
        sign_in(d, server, "ben@example.com", "/")
        wait(d, lambda d: d.execute_script(
            "return caches.open('marquee-lists-v1').then((c) => c.keys()).then((k) => k.length === 0)"),
            message="the other person's copy is dropped")


def test_kept_toggles_give_way_to_newer_changes(server, artifacts):
    """A removal kept while offline is not sent over a change made on another device since; a week-old toggle is
    dropped unsent."""
    address = "kit@example.com"
    server.member(address)
    status, answer = server.api("POST", "/api/v1/auth/signin", {"email": address, "password": PASSWORD})
    assert status == 200, (status, answer)
    phone = answer["access_token"]
    d = browser()
    try:
        sign_in(d, server, address, "/movie/603")
        heart = find(d, ".actions .toggle[data-list=favorites]")
        heart.click()
        wait(d, lambda d: "Added to favourites" in toast_text(d), message="saved")
        d.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
        heart.click()
        wait(d, lambda d: "Kept on this device" in toast_text(d), message="the removal is kept")
        d.execute_script("""
            const all = JSON.parse(localStorage.getItem("marquee.outbox"));
            all[document.body.dataset.account].unshift({ list: "favorites", kind: "movie", id: "550", adding: true,
                snapshot: { title: "Fight Club" }, at: Date.now() - 8 * 86400000 });
            localStorage.setItem("marquee.outbox", JSON.stringify(all));""")
        # Meanwhile, on the phone: a note on the title the laptop took off its favourites.
        status, _ = server.api("PATCH", "/api/v1/me/items/favorites/movie/603", {"note": "after all"}, token=phone)
        assert status == 200, status

        d.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        wait(d, lambda d: d.execute_script("return localStorage.getItem('marquee.outbox')") is None, timeout=40,
             message="the kept toggles are dealt with once back online")
        status, item = server.api("GET", "/api/v1/me/items/favorites/movie/603", token=phone)
        assert status == 200 and item["note"] == "after all", (status, item)
        status, _ = server.api("GET", "/api/v1/me/items/favorites/movie/550", token=phone)
        assert status == 404, "a week-old toggle is not sent"
        assert "made offline" not in toast_text(d), "nothing was saved, so nothing is said to be"
    finally:
        d.quit()


def test_behind_a_gateway_that_answers_502(server, artifacts):
    """Behind a reverse proxy, Marquee restarting shows as 502s: a heart tapped then is kept, not undone, and the
    live stream, which a browser abandons on such an answer, is opened again and goes on from where it was."""
    address = "gil@example.com"
    server.member(address)
    status, answer = server.api("POST", "/api/v1/auth/signin", {"email": address, "password": PASSWORD})
    assert status == 200, (status, answer)
    phone = answer["access_token"]
    gateway = Gateway(server)
    d = browser()
    try:
        sign_in(d, gateway, address, "/movie/603")
        wait(d, lambda d: gateway.streams_relayed, message="the live stream is open")
        gateway.go_down()
        wait(d, lambda d: gateway.streams_refused, message="the browser's own retry of the stream meets a 502")
        find(d, ".actions .toggle[data-list=favorites]").click()
        wait(d, lambda d: "Kept on this device" in toast_text(d), message="a 502 keeps the heart for later")
        assert find(d, ".actions .toggle[data-list=favorites]").get_attribute("aria-pressed") == "true"

        gateway.come_back()
        # The phone's change reaches the page without a reload: its stream was opened again and resumed.
        status, _ = server.api("PUT", "/api/v1/me/items/watchlist/movie/603", {"snapshot": {"title": "The Matrix"}},
                               token=phone)
        assert status == 201, status
        wait(d, lambda d: find(d, ".actions .toggle[data-list=watchlist]").get_attribute("aria-pressed") == "true",
             timeout=15, message="the live stream is opened again and the phone's change arrives")
        wait(d, lambda d: server.api("GET", "/api/v1/me/items/favorites/movie/603", token=phone)[0] == 200,
             message="the kept heart is sent once the stream is back")
        no_script_errors(d)
    finally:
        d.quit()
        gateway.close()


def test_weather_search_favourite_live_and_units(server, artifacts):
    address = "wren@example.com"
    server.member(address)
    a = browser()
    b = browser()
    try:
        sign_in(a, server, address, "/weather")
        sign_in(b, server, address, "/weather")
        assert finds(b, "#weather-empty")[0].is_displayed()
        b.execute_script("window.marqueeNoReload = true")

        # Search as you type: accents and case do not matter; the suggestion leads to the city's weather.
        find(a, "#city-q").send_keys("zuri")
        wait(a, lambda d: "Zürich" in text_of(d, "#city-suggestions"), message="Zürich is suggested")
        wait(a, lambda d: d.execute_script("return !!window.EventSource"))
        next(link for link in finds(a, "#city-suggestions a") if link.text.startswith("Zürich")).click()
        wait(a, lambda d: d.current_url.endswith("/weather/2657896") and loaded(d), message="Zürich's page")
        assert "Zürich" in text_of(a, "h1")
        assert text_of(a, ".now-panel .temp").endswith("°") and text_of(a, ".now-panel .unit") == "°C"
        assert len(finds(a, ".hours li")) == 24 and finds(a, ".days li")
        assert "Weather data by Open-Meteo.com" in text_of(a, ".attribution")
        assert "The favourite will show" in text_of(a, "#city-favourite .preview")

        # Added with a note: the other browser's list shows it within moments, with its weather, without a reload.
        find(a, "#city-note-input").send_keys("Bring an umbrella")
        find(a, "#city-favourite button[type=submit]").click()
        wait(a, lambda d: text_of(d, "#fav") == "In your favourites", message="saved")
        assert "Bring an umbrella" in text_of(a, "#city-note")
        wait(b, lambda d: finds(d, '.weather-item[data-id="2657896"]'), timeout=5, message="the city reaches B")
        assert "Bring an umbrella" in text_of(b, '.weather-item[data-id="2657896"] .note')
        wait(b, lambda d: text_of(d, '.weather-item[data-id="2657896"] .temp').endswith("°"), message="with weather")
        assert b.execute_script("return window.marqueeNoReload") is True, "the page was reloaded"

        # °F is the person's preference: chosen on A, B's next page is in °F too.
        switch = find(a, 'a[data-units$="units=imperial"]')
        a.execute_script("arguments[0].scrollIntoView({block: 'center'})", switch)
        switch.click()
        wait(a, lambda d: loaded(d) and text_of(d, ".now-panel .unit") == "°F", message="°F on A")
        b.get(server.base + "/weather")
        assert text_of(b, '.weather-item[data-id="2657896"] .unit') == "°F"
        a.get(server.base + "/weather")
        assert text_of(a, '.weather-item[data-id="2657896"] .unit') == "°F"
        a.save_screenshot(os.path.join(artifacts, "weather-desktop.png"))

        # Removed on B, gone from A's list live.
        find(b, '.weather-item[data-id="2657896"] [data-remove]').click()
        wait(a, lambda d: not finds(d, '.weather-item[data-id="2657896"]'), timeout=5, message="removed on A too")
        assert finds(a, "#weather-empty")[0].is_displayed()
        no_script_errors(a)
        no_script_errors(b)
    finally:
        a.quit()
        b.quit()


def test_settings_switch_the_experience(server, artifacts):
    address = "sol@example.com"
    server.member(address)
    d = browser()
    try:
        sign_in(d, server, address, "/account")
        d.get(server.base + "/settings")
        wait(d, lambda d: d.current_url.endswith("/account#prefs") and loaded(d), message="settings open")
        assert find(d, "#prefs-form input[value=movies]").is_selected()
        find(d, "#prefs-form input[value=weather]").click()
        find(d, "#prefs-form button[type=submit]").click()
        wait(d, lambda d: d.current_url == server.base + "/" and loaded(d), message="the app opens into Weather")
        assert text_of(d, "h1") == "Weather"
        assert text_of(d, 'nav a[aria-current="page"]') == "Weather"
        no_script_errors(d)
    finally:
        d.quit()


def test_events_heart_reaches_a_second_browser_and_settings_clear_it(server, artifacts):
    address = "eve@example.com"
    a = browser()
    b = browser()
    try:
        a.get(server.base + "/signup")
        find(a, "input[name=experience][value=events]").click()
        find(a, "#email").send_keys(address)
        find(a, "#password").send_keys(PASSWORD)
        find(a, "#auth-form button[type=submit]").click()
        wait(a, lambda d: finds(d, "#signup-done"), message="sign-up confirmation")
        token = server.mailed_link(address, "/verify").split("token=")[1]
        assert server.api("POST", "/api/v1/auth/verify", {"token": token})[0] == 200

        sign_in(a, server, address, "/")
        assert text_of(a, "h1") == "Events: the demo programme"
        assert text_of(a, "nav a[aria-current=page]") == "Events"
        assert "Demo event" in text_of(a, ".grid .card .s")
        sign_in(b, server, address, "/favorites?kind=event")
        assert text_of(b, "h1") == "Your favourite events"
        b.execute_script("window.marqueeNoReload = true")

        first = find(a, ".grid .card[data-kind=event]")
        event_id = first.get_attribute("data-id")
        wait(a, lambda d: d.execute_script("return !!window.EventSource"))
        find(a, f'.card[data-id="{event_id}"] .heart').click()
        wait(a, lambda d: find(d, f'.card[data-id="{event_id}"] .heart').get_attribute("aria-pressed") == "true",
             message="the heart fills")
        wait(b, lambda d: finds(d, f'.saved-item[data-kind=event][data-id="{event_id}"]'), timeout=5,
             message="the favourite event appears on the other browser")

        a.get(server.base + "/settings")
        wait(a, lambda d: d.current_url.endswith("/account#prefs") and loaded(d), message="settings open")
        find(a, "[data-clear-favourites]").click()
        find(a, "[data-clear-confirm]").click()
        wait(a, lambda d: "Cleared 1 favourite" in toast_text(d), message="cleared")
        wait(b, lambda d: not finds(d, ".saved-item") and find(d, "#saved-empty").is_displayed(), timeout=5,
             message="the other browser's favourite events are gone")
        assert b.execute_script("return window.marqueeNoReload") is True, "the page was reloaded"
        no_script_errors(a)
        no_script_errors(b)
    finally:
        a.quit()
        b.quit()


def test_art_switch_search_open_and_heart(server, artifacts):
    address = "rem@example.com"
    server.member(address)
    d = browser()
    try:
        sign_in(d, server, address, "/account")
        find(d, "#prefs-form input[value=art]").click()
        find(d, "#prefs-form button[type=submit]").click()
        wait(d, lambda d: d.current_url == server.base + "/" and loaded(d), message="the app opens into Art")
        assert text_of(d, "h1") == "Art: highlights of the Rijksmuseum"
        find(d, "#f-q").send_keys("night watch")
        find(d, "#f-q").send_keys(Keys.ENTER)
        wait(d, lambda d: text_of(d, "h1") == "Art: night watch", message="search answered")
        assert d.title.startswith("Art: night watch")
        find(d, '.card[data-id="SK-C-5"] a').click()
        wait(d, lambda d: d.current_url.endswith("/art/SK-C-5") and loaded(d), message="the work opens")
        assert "Night Watch" in text_of(d, "h1")
        assert find(d, "figure img").get_attribute("src").startswith(FakeRijksmuseum.start())
        toggle = find(d, ".actions .toggle[data-list=favorites]")
        wait(d, lambda d: d.execute_script("return !!window.EventSource"))
        toggle.click()
        wait(d, lambda d: toggle.get_attribute("aria-pressed") == "true", message="hearted")
        d.get(server.base + "/favorites?kind=artwork")
        wait(d, lambda d: finds(d, '.saved-item[data-kind=artwork][data-id="SK-C-5"]'), message="in favourite art")
        assert find(d, '.saved-item[data-id="SK-C-5"] a').get_attribute("href").endswith("/art/SK-C-5")
        no_script_errors(d)
    finally:
        d.quit()


def take_screenshots(server, artifacts):
    server.member("shots@example.com")
    pages = [("home", "/"), ("movies", "/movies"), ("search", "/search?q=the"), ("movie", "/movie/603"),
             ("tv", "/tv/1399"), ("genres", "/genres"), ("favorites", "/favorites"), ("account", "/account"),
             ("signin", "/signin"), ("long-search", "/search?q=" + "W" * 200),
             ("weather", "/weather?q=par"), ("city", "/weather/2988507"), ("events", "/events"),
             ("events-near", "/events?place=Shanghai"), ("art", "/art"), ("artwork", "/art/SK-C-5")]
    for label, (width, height) in [("desktop", (1280, 900)), ("phone", (390, 844))]:
        d = browser(width, height)
        try:
            sign_in(d, server, "shots@example.com", "/movie/603")
            if label == "desktop":
                find(d, ".actions .toggle[data-list=favorites]").click()
                wait(d, lambda d: "Added" in toast_text(d))
                # A note with no place to break must wrap, not widen the page (checked on the phone below).
                d.get(server.base + "/favorites")
                find(d, ".saved-item [data-edit-note]").click()
                find(d, ".saved-item textarea").send_keys("N" * 400)
                find(d, ".saved-item [data-save-note]").click()
                wait(d, lambda d: "NNNN" in text_of(d, ".saved-item .note"), message="long note saved")
            for name, path in pages:
                if name == "signin":
                    d.delete_all_cookies()
                d.get(server.base + path)
                wait(d, lambda d: d.execute_script(
                    "return document.fonts.status === 'loaded' && [...document.images]"
                    + ".filter((i) => { const r = i.getBoundingClientRect(); return r.top < innerHeight && r.left < innerWidth; })"
                    + ".every((i) => i.complete)"),
                    message=f"{path} drawn")
                d.save_screenshot(os.path.join(artifacts, f"{name}-{label}.png"))
                if label == "phone":
                    overflow = d.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
                    assert overflow <= 0, f"{path} is {overflow} px wider than a 390 px screen"
        finally:
            d.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--marquee", required=True)
    parser.add_argument("--artifacts", default=".build/e2e-artifacts")
    args = parser.parse_args()
    os.makedirs(args.artifacts, exist_ok=True)
    server = Server(args.marquee)
    scenarios = [
        ("sign up, verify, sign in, heart; the favourite reaches a second browser live",
         lambda: test_sign_up_verify_sign_in_and_live_favourites(server, args.artifacts)),
        ("search debounces and loads page 2 on scroll", lambda: test_search_debounces_and_pages(server, args.artifacts)),
        ("a guest sees the lock on search and can favourite",
         lambda: test_guest_sees_the_lock_and_can_favourite(server, args.artifacts)),
        ("a guest keeps what it saved; a note being typed survives a live change; two-word search; sign-out reaches other tabs",
         lambda: test_a_guest_keeps_what_it_saved_and_edits_are_not_lost(server, args.artifacts)),
        ("the watchlist's Show menu: a title marked watched leaves To watch and is under Watched",
         lambda: test_watchlist_shows_what_is_left_to_watch(server, args.artifacts)),
        ("delete account from the danger zone", lambda: test_delete_account_from_the_danger_zone(server, args.artifacts)),
        ("offline: save a title, stop the server, open it from Downloads",
         lambda: test_offline_download_opens_without_the_server(args.marquee, args.artifacts)),
        ("offline: hearts tapped while Marquee is out of reach are kept, shown, and sent when it is back",
         lambda: test_hearts_tapped_offline_are_kept_and_sent_later(args.marquee, args.artifacts)),
        ("offline: a kept removal gives way to a newer change made elsewhere; a week-old toggle is dropped",
         lambda: test_kept_toggles_give_way_to_newer_changes(server, args.artifacts)),
        ("behind a gateway answering 502: a heart is kept, and the live stream is opened again",
         lambda: test_behind_a_gateway_that_answers_502(server, args.artifacts)),
        ("offline: the favourites open as last seen, and only for the person who saw them",
         lambda: test_lists_open_offline_as_last_seen(args.marquee, args.artifacts)),
        ("weather: search as you type, favourite with a note, a second browser sees it, °F, removed live",
         lambda: test_weather_search_favourite_live_and_units(server, args.artifacts)),
        ("settings: choosing Weather opens the app into it", lambda: test_settings_switch_the_experience(server, args.artifacts)),
        ("events: sign up choosing Events, heart one, a second browser sees it; Settings clear it everywhere",
         lambda: test_events_heart_reaches_a_second_browser_and_settings_clear_it(server, args.artifacts)),
        ("art: switch to Art, search, open a work, heart it",
         lambda: test_art_switch_search_open_and_heart(server, args.artifacts)),
        ("screenshots of the main pages, desktop and 390 px", lambda: take_screenshots(server, args.artifacts)),
    ]
    failures = 0
    started = time.time()
    try:
        for name, run in scenarios:
            began = time.time()
            try:
                run()
                print(f"✔ {name} ({time.time() - began:.1f} s)")
            except Exception:
                failures += 1
                print(f"✘ {name}")
                traceback.print_exc()
    finally:
        server.remove()
    print(f"Browser tests: {len(scenarios) - failures} of {len(scenarios)} passed in {time.time() - started:.1f} s;"
          f" screenshots in {args.artifacts}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
