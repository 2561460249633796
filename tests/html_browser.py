#!/usr/bin/env python3
"""tests/html_browser.py: the tree explorer page in a real browser.

Run by tests/cli_html.sh:

    python3 tests/html_browser.py PAGE.html TREE.paths [--type WORD]
        [--link WORD ...] [--bad BAD.html] [--screenshot OUT.png]

Starts Debian's Chromium headless and drives it over the DevTools
protocol on a pipe (--remote-debugging-pipe: JSON messages ending in NUL
on file descriptors 3 and 4), with nothing but Python's standard library:
no WebDriver, no npm package, no port.  The page must show, for every
answer it is asked about, the path its line in TREE.paths (one answer's
whole path per line: guess pattern guess pattern ... answer ggggg) gives.

What it checks, one line each ("ok: NAME" or "FAIL: NAME: why", then
"note:" lines with timings; the status is 1 when any check failed, 2 when
the browser cannot be driven at all):
  - the page loads with no script error, no console error and no blocked
    load, and shows the first guess as the path, the tree's total and
    its average (to 4 places, a tie rounded away from zero, as optle's
    writers round it), the average in the title too;
  - "/" moves to the find box, typing --type WORD letter by letter with
    real key events and Enter shows WORD's path (data-path on #path) and
    puts #answer=WORD in the address; a part of WORD found in no other
    answer does the same; the left arrow then goes up one guess;
  - each --link WORD opened as PAGE#answer=WORD (a fresh load) shows its
    path, and so does a hash change within the page; an unknown answer
    leaves the first guess;
  - the page made no request but for its own file: every request the
    browser's network layer saw (Network.requestWillBeSent) is the page's
    file:// URL, and the page's resource timing list is empty.  --bad
    names a page that does load something; the same check must catch it,
    so the check is known to work.  Host names resolve nowhere
    (--host-resolver-rules), so even a page that tried would reach
    nothing;
  - --screenshot: a PNG of the page after the steps above.
"""
import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT = 20.0  # seconds for any one step


class Browser:
    """Chromium with one page, driven over --remote-debugging-pipe."""

    def __init__(self, exe, profile):
        to_r, self.to_w = os.pipe()  # our commands: the browser's fd 3
        self.from_r, from_w = os.pipe()  # its answers and events: fd 4
        args = [
            exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--remote-debugging-pipe", "--user-data-dir=" + profile, "--no-first-run",
            "--no-default-browser-check", "--disable-background-networking",
            "--disable-component-update", "--disable-extensions", "--disable-sync",
            "--host-resolver-rules=MAP * ~NOTFOUND", "--window-size=1280,860",
            "--force-device-scale-factor=1", "--hide-scrollbars", "--mute-audio", "about:blank",
        ]
        self.log = open(os.path.join(profile, "chromium.log"), "w")
        self.proc = subprocess.Popen(
            ["sh", "-c", 'exec "$@" 3<&%d 4>&%d' % (to_r, from_w), "sh"] + args,
            pass_fds=(to_r, from_w), stdin=subprocess.DEVNULL, stdout=self.log,
            stderr=self.log)
        os.close(to_r)
        os.close(from_w)
        self.buf = b""
        self.next_id = 0
        self.events = []  # (method, params) of the page's session
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.call(domain + ".enable")

    def _read(self, deadline):
        while b"\0" not in self.buf:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.from_r], [], [], left)[0]:
                raise TimeoutError("no answer from the browser")
            data = os.read(self.from_r, 1 << 16)
            if not data:
                raise EOFError("the browser closed its pipe")
            self.buf += data
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, browser=False):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not browser:
            msg["sessionId"] = self.session
        os.write(self.to_w, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + TIMEOUT
        while True:
            m = self._read(deadline)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError("%s: %s" % (method, m["error"].get("message")))
                return m.get("result", {})
            if "method" in m and m.get("sessionId") == self.session:
                self.events.append((m["method"], m.get("params", {})))

    def wait_event(self, method):
        deadline = time.time() + TIMEOUT
        seen = len(self.events)
        while True:
            for ev in self.events[seen:]:
                if ev[0] == method:
                    return ev[1]
            seen = len(self.events)
            m = self._read(deadline)
            if "method" in m and m.get("sessionId") == self.session:
                self.events.append((m["method"], m.get("params", {})))

    def eval(self, expr):
        r = self.call("Runtime.evaluate", {"expression": expr, "returnByValue": True})
        if "exceptionDetails" in r:
            raise RuntimeError("%s: %s" % (expr, r["exceptionDetails"].get("text")))
        return r["result"].get("value")

    def until(self, expr, want):
        """Poll expr until it gives want (or the step's timeout); its last value."""
        deadline = time.time() + TIMEOUT / 4
        while True:
            got = self.eval(expr)
            if got == want or time.time() > deadline:
                return got
            time.sleep(0.02)

    def load(self, url):
        self.call("Page.navigate", {"url": "about:blank"})
        self.wait_event("Page.loadEventFired")
        t0 = time.time()
        self.call("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")
        ready = self.until("document.body.dataset.ready === '1'", True)
        return ready, time.time() - t0

    KEYS = {"Enter": (13, "\r"), "ArrowLeft": (37, ""), "/": (191, "/"), "Escape": (27, "")}

    def key(self, key):
        code, text = self.KEYS[key] if key in self.KEYS else (ord(key.upper()), key)
        ev = {"key": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}
        if text:
            ev["text"] = text
        self.call("Input.dispatchKeyEvent", dict(ev, type="keyDown" if text else "rawKeyDown"))
        self.call("Input.dispatchKeyEvent", dict(ev, type="keyUp"))

    def close(self):
        try:
            self.call("Browser.close", browser=True)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


def read_paths(path):
    """answer -> its guesses, from path lines."""
    out = {}
    with open(path) as f:
        for line in f:
            tok = line.split()
            if tok:
                out[tok[-2]] = tok[0::2]
    return out


def average_text(total, n):
    """total / n to 4 places as optle prints it (ratio.h): the exact
    quotient to nearest, a tie away from zero (73 / 32: 2.2813)."""
    q, r = divmod(total * 10000, n)
    if 2 * r >= n:
        q += 1
    return "%d.%04d" % divmod(q, 10000)


def main(argv):
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("paths")
    ap.add_argument("--type", dest="typed")
    ap.add_argument("--link", action="append", default=[])
    ap.add_argument("--bad")
    ap.add_argument("--screenshot")
    a = ap.parse_args(argv)

    # Debian's binary itself, not its /usr/bin/chromium wrapper (which adds
    # flags of its own: extensions, remote extensions); CHROMIUM overrides.
    tries = [os.environ["CHROMIUM"]] if os.environ.get("CHROMIUM") else [
        "/usr/lib/chromium/chromium", shutil.which("chromium") or ""]
    exe = next((p for p in tries if p and os.access(p, os.X_OK)), None)
    if not exe:
        print("FAIL: browser: no Chromium: install the Debian package chromium (make test-deps "
              "does, when its stamp .deps-test-ok is not there: rm it if chromium was removed)")
        return 2
    paths = read_paths(a.paths)
    first = next(iter(paths.values()))[0]
    total = sum(len(g) for g in paths.values())
    page = os.path.abspath(a.page)
    url = "file://" + page
    failures = []

    def check(name, ok, why=""):
        print(("ok: " + name) if ok else ("FAIL: %s: %s" % (name, why)))
        if not ok:
            failures.append(name)

    def expect(name, got, want):
        check(name, got == want, "got %r, expected %r" % (got, want))

    profile = tempfile.mkdtemp(prefix="optle-chromium.")
    b = None
    try:
        t0 = time.time()
        b = Browser(exe, profile)
        note_start = time.time() - t0
        path_now = "document.getElementById('path').dataset.path"

        # The page as it opens.
        ready, t_load = b.load(url)
        t_dom = b.eval("performance.getEntriesByType('navigation')[0].domComplete")
        check("the page is ready", ready is True, "document.body.dataset.ready never set")
        expect("the first path is the first guess", b.eval(path_now), first)
        shown = b.eval("[...document.querySelectorAll('#summary div')].map(d => d.textContent)")
        check("the summary shows the total", ("total" + str(total)) in shown,
              "summary %r lacks total %d" % (shown, total))
        check("the summary shows the rules", any(s.startswith("rules") for s in shown), repr(shown))
        avg = average_text(total, len(paths))
        check("the summary shows the average, %s" % avg, ("average" + avg) in shown,
              "summary %r lacks average %s" % (shown, avg))
        expect("the title has the average", avg in b.eval("document.title"), True)

        # Typing an answer, letter by letter, then Enter.
        if a.typed:
            want = paths[a.typed]
            b.key("/")
            expect("'/' moves to the find box", b.eval("document.activeElement.id"), "find")
            t1 = time.time()
            for ch in a.typed:
                b.key(ch)
            b.key("Enter")
            got = b.until(path_now, " ".join(want))
            t_find = time.time() - t1
            expect("typing %s shows its path" % a.typed, got, " ".join(want))
            expect("the address follows: #answer=" + a.typed, b.eval("location.hash"),
                   "#answer=" + a.typed)
            expect("Enter moves to the tree", b.eval("document.activeElement.getAttribute('role')"),
                   "treeitem")
            b.key("ArrowLeft")
            expect("the left arrow goes up one guess", b.until(path_now, " ".join(want[:-1])),
                   " ".join(want[:-1]))
            check("the address follows: #path=", b.eval("location.hash").startswith("#path="),
                  b.eval("location.hash"))
            # A part of the answer that no other answer has.
            part = next((a.typed[i:i + n] for n in (3, 4) for i in range(6 - n)
                         if sum(a.typed[i:i + n] in w for w in paths) == 1), a.typed)
            b.key("/")
            for ch in part:
                b.key(ch)
            expect("typing '%s' (part of %s) shows its path" % (part, a.typed),
                   b.until(path_now, " ".join(want)), " ".join(want))
            b.key("Escape")
            b.key("ArrowLeft")
            b.until(path_now, " ".join(want[:-1]))
            if a.screenshot:
                shot = b.call("Page.captureScreenshot", {"format": "png"})
                with open(a.screenshot, "wb") as f:
                    f.write(base64.b64decode(shot["data"]))
            print("note: %s typed and found in %.0f ms (with the key events' round trips)"
                  % (a.typed, 1000 * t_find))

        # Links: a fresh load of PAGE#answer=WORD, then a hash change.
        for w in a.link:
            ready, _ = b.load(url + "#answer=" + w)
            expect("#answer=%s opens its path" % w, ready and b.eval(path_now), " ".join(paths[w]))
        if a.link:
            w = a.link[0]
            b.eval("location.hash = '#answer=%s'" % w)
            expect("a hash change to #answer=%s" % w, b.until(path_now, " ".join(paths[w])),
                   " ".join(paths[w]))
        ready, _ = b.load(url + "#answer=zzzzz")
        expect("an unknown #answer= stays at the first guess", ready and b.eval(path_now), first)
        check("an unknown #answer= says so",
              "not an answer" in b.eval("document.getElementById('find-status').textContent"),
              b.eval("document.getElementById('find-status').textContent"))
        # A malformed escape in the address: the first guess, said so (it
        # once threw in decodeURIComponent, and the page never started).
        ready, _ = b.load(url + "#answer=%E0")
        check("a malformed #answer=%E0: the page is ready", ready is True, "never ready")
        expect("a malformed #answer=%E0 stays at the first guess", ready and b.eval(path_now), first)
        check("a malformed #answer=%E0 says so",
              "not valid text" in b.eval("document.getElementById('find-status').textContent"),
              b.eval("document.getElementById('find-status').textContent"))
        # A letter typed in the tree starts a new search (it was added to
        # the box's old text).
        b.eval("document.getElementById('find').value = 'chill';"
               "document.querySelector('[role=treeitem][tabindex=\"0\"]').focus()")
        b.key("q")
        expect("a letter typed in the tree replaces the old search",
               b.eval("document.getElementById('find').value"), "q")
        # A link of the detail panel, clicked: the focus follows the
        # selection into the tree (the panel is redrawn under it).
        ready, _ = b.load(url)
        href = b.eval("(() => { const l = document.querySelector('#detail a[href^=\"#\"]');"
                      " if (!l) return null; l.focus(); l.click(); return l.getAttribute('href'); })()")
        if href:
            b.until("location.hash", href)
            b.until("document.activeElement.getAttribute('role')", "treeitem")
            expect("a detail link clicked: the focus is on the tree item",
                   b.eval("document.activeElement.getAttribute('role')"), "treeitem")
        expect("nothing in the resource timing list",
               b.eval("performance.getEntriesByType('resource').length"), 0)

        # No request but for the page's own file; no error of any kind.
        requests = [p["request"]["url"] for m, p in b.events if m == "Network.requestWillBeSent"]
        others = [u for u in requests if u.split("#")[0] != url]
        check("no network request (%d requests, all for the page's file)" % len(requests),
              requests and not others, "requests: %r" % others[:5])
        errors = [p["exceptionDetails"].get("text", "") for m, p in b.events
                  if m == "Runtime.exceptionThrown"]
        errors += [p["entry"]["text"] for m, p in b.events
                   if m == "Log.entryAdded" and p["entry"]["level"] == "error"]
        errors += [" ".join(str(x.get("value", "")) for x in p["args"]) for m, p in b.events
                   if m == "Runtime.consoleAPICalled" and p["type"] in ("error", "assert")]
        check("no script or console error", not errors, "errors: %r" % errors[:5])

        # The check above can fail: a page that loads something is caught.
        if a.bad:
            b.events.clear()
            bad = "file://" + os.path.abspath(a.bad)
            b.load(bad)
            time.sleep(0.2)
            caught = [p["request"]["url"] for m, p in b.events
                      if m == "Network.requestWillBeSent" and p["request"]["url"].split("#")[0] != bad]
            check("a page that loads something is caught (%s)" % (caught[:1] or ["nothing"])[0],
                  bool(caught), "no request seen")
        print("note: browser start %.2f s; the page loaded in %.0f ms, its tree shown %.0f ms "
              "after the navigation started" % (note_start, 1000 * t_load, t_dom))
    except Exception as e:  # the browser could not be driven: say why
        print("FAIL: browser: %s: %s" % (type(e).__name__, e))
        if os.path.exists(os.path.join(profile, "chromium.log")):
            with open(os.path.join(profile, "chromium.log")) as f:
                tail = f.read()[-800:]
            print("      chromium said: " + tail.replace("\n", "\n      "))
        return 2
    finally:
        if b:
            b.close()
        shutil.rmtree(profile, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
