#!/usr/bin/env python3
"""tools/docs_test.py: run the documentation's examples and compare
their shown output with the real one (tests/cli_docs.sh, docs/testing.md).

An example is a fenced block whose first line starts with "$ ": each
"$ " line is a command (a line that ends in a backslash goes on in the
next, as in a shell; bash, so pipes, redirections and a trailing
"# comment" work as a reader expects), and the lines after it, up to the
next "$ " line or the fence's end, are what it prints, stdout and
stderr together as a terminal shows them: the command runs on a
pseudo-terminal of 80 columns, so a progress line rewritten in place
and cleared at the end shows nothing, as for a reader (NO_COLOR=1:
the docs show no colours).  Every example of one Markdown file runs,
in order, in one scratch directory of its own (so an example may read
a file an earlier one wrote), which holds links to the repository's
wordlists/ and tests/ and to ./optle; `optle` on PATH is the
repository's too.  OMP_NUM_THREADS is 2 (the docs' machine) and stdin
is empty.

The comparison, line by line, after trailing blanks are dropped:
  - a line that is "..." alone (blanks around it allowed) in the shown
    output stands for any number of lines, none included;
  - both sides are masked first (MASKS below): wall times and rates,
    peak memory, commit hashes, dates and the search's node count, which
    change from run to run or commit to commit.  Nothing else is masked: totals,
    averages, tree hashes, bounds and counts are what the program
    proves and must match.
An HTML comment on the last non-blank line before the fence marks an
example:
  <!-- docs-test: slow -->           run only with --slow (make test-slow)
  <!-- docs-test: skip (REASON) -->  never run (it needs a cluster, a
                                     file the user has, ...); counted
                                     and listed with its reason
Any other docs-test comment is an error, so a misspelt marker cannot
silently turn a check off.

Usage: docs_test.py [--slow] [--optle PATH] [--list] [--raw] FILE.md ...
  --slow   run the files that have a slow example, every example of
           them (a later one may read what an earlier one wrote)
  --list   print each example's place and kind, run nothing
  --raw    for a mismatch, print the real output as it is (to paste)
Exit status: 0 every example run matched, 1 a mismatch, 2 bad usage or
a malformed file.
"""

import fcntl
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

# The masks, applied to each line of both sides before they are
# compared (docs/testing.md, "The docs' examples"; tests/cli_docs.sh
# checks each on lines it must change and lines it must keep).  Each is
# narrow: a number counts as a time only with its unit after it, a size
# only as peak memory, a count only as the summary's nodes.
MASKS = [
    # wall and CPU times: "12.3 s", "0.21 s", "2 s", "250 ms", "3 min"
    # (also ETA's); a digit or letter right before the number keeps it
    # (so "v2 s..." or "2s" do not match)
    (re.compile(r"(?<![\w.])\d+(?:\.\d+)? ?(?:s|ms|min)\b"), "<time>"),
    # a rate, from the time: "215.7/s" (rank's progress line)
    (re.compile(r"(?<![\w.])\d+(?:\.\d+)?/s\b"), "<rate>/s"),
    # peak memory: "peak RSS      105.3 MB", "105 MB peak"
    (re.compile(r"(peak RSS\s+)\d+(?:\.\d+)? ?[KMG]i?B\b"), r"\1<mem>"),
    (re.compile(r"(?<![\w.])\d+(?:\.\d+)? ?[KMG]i?B peak\b"), "<mem> peak"),
    # the commit in a version string or a JSON tree: "(commit 4398fca)",
    # "commit 4398fca-dirty", "\"commit\": \"4398fca\""
    (re.compile(r"\bcommit [0-9a-f]{7,40}(?:-dirty)?\b|\bcommit unknown\b"), "commit <commit>"),
    (re.compile(r'"commit": "[^"]*"'), '"commit": "<commit>"'),
    # the search's node count, which with 2 threads depends on which
    # thread reaches a position first ("nodes         4406")
    (re.compile(r"^nodes(\s+)\d+$"), r"nodes\1<count>"),
    # dates and times of day: "2026-11-27", "2026-11-27 14:03:59",
    # "2026-11-27T14:03:59Z" (a list name such as nyt-2023-07 has no day)
    (re.compile(r"\b\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?Z?)?\b"), "<date>"),
]

MARKER = re.compile(r"^\s*<!--\s*docs-test:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})")
ELLIPSIS = "..."
TIMEOUT = 600  # seconds, one command


def mask(line):
    for rx, rep in MASKS:
        line = rx.sub(rep, line)
    return line


class Example:
    def __init__(self, path, line, body, kind, reason):
        self.path, self.line, self.kind, self.reason = path, line, kind, reason
        self.steps = []  # (command, [expected lines])
        for text in body:
            if self.steps and not self.steps[-1][1] and self.steps[-1][0].endswith("\\"):
                self.steps[-1] = (self.steps[-1][0] + "\n" + text, [])
            elif text.startswith("$ "):
                self.steps.append((text[2:], []))
            else:
                self.steps[-1][1].append(text)

    def where(self):
        return f"{self.path}:{self.line}"


def parse(path):
    """The examples of one Markdown file; raises ValueError on a marker
    it does not know or a fence left open."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            mk = MARKER.match(lines[i])
            if mk and not re.fullmatch(r"slow|skip \(.+\)", mk.group(1)):
                raise ValueError(f"{path}:{i + 1}: unknown marker '{mk.group(1)}' "
                                 "(docs-test: slow, or docs-test: skip (REASON))")
            i += 1
            continue
        indent, fence = m.group(1), m.group(2)
        start, body, i = i, [], i + 1
        while i < len(lines) and not (lines[i].strip().startswith(fence)
                                      and lines[i].strip().strip(fence[0]) == ""):
            text = lines[i]
            body.append(text[len(indent):] if text.startswith(indent) else text.lstrip())
            i += 1
        if i == len(lines):
            raise ValueError(f"{path}:{start + 1}: fence never closed")
        i += 1
        if not body or not body[0].startswith("$ "):
            continue
        prev = start - 1
        while prev >= 0 and not lines[prev].strip():
            prev -= 1
        kind, reason = "fast", ""
        mk = MARKER.match(lines[prev]) if prev >= 0 else None
        if mk:
            kind = "slow" if mk.group(1) == "slow" else "skip"
            reason = mk.group(1)[6:-1] if kind == "skip" else ""
        out.append(Example(path, start + 1, [b.rstrip() for b in body], kind, reason))
    return out


def matches(want, got):
    """Does got (lines) fit want (lines, "..." for any run of lines)?"""
    memo = {}

    def at(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(want):
            r = j == len(got)
        elif want[i].strip() == ELLIPSIS:
            r = any(at(i + 1, k) for k in range(j, len(got) + 1))
        else:
            r = j < len(got) and want[i] == got[j] and at(i + 1, j + 1)
        memo[(i, j)] = r
        return r

    return at(0, 0)


def diff(want, got):
    """The lines to show for a mismatch: a unified diff of the masked
    sides, "..." lines marked as the wildcards they are."""
    import difflib
    lines = list(difflib.unified_diff(want, got, "shown", "actual", lineterm="", n=2))
    return [l + ("   (any lines)" if l[1:].strip() == ELLIPSIS else "") for l in lines]


def terminal_text(data):
    """What a terminal shows of data: each \\r returns to the line's
    start and what follows overwrites it (so a progress line rewritten
    in place and then cleared leaves nothing behind)."""
    lines = []
    for raw in data.replace("\r\n", "\n").split("\n"):
        shown = ""
        for seg in raw.split("\r"):
            shown = seg + shown[len(seg):]
        lines.append(shown.rstrip())
    return "\n".join(lines)


def run_command(cmd, cwd, env):
    """Runs cmd with bash in cwd, its stdout and stderr a terminal of 80
    columns (a pseudo-terminal: what a reader sees, in the order they
    see it, progress lines included as a terminal shows them), stdin
    empty; returns the text shown."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    p = subprocess.Popen(["bash", "-c", cmd], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                         stdout=slave, stderr=slave, start_new_session=True)
    os.close(slave)
    chunks, deadline = [], time.time() + TIMEOUT
    try:
        while True:
            left = deadline - time.time()
            if left <= 0:
                os.killpg(p.pid, signal.SIGKILL)
                chunks.append(f"\n(timed out after {TIMEOUT} s)\n".encode())
                break
            ready, _, _ = select.select([master], [], [], min(left, 1.0))
            if not ready:
                continue
            try:
                b = os.read(master, 65536)
            except OSError:  # EIO: every writer has closed the terminal
                break
            if not b:
                break
            chunks.append(b)
    finally:
        os.close(master)
        p.wait()
    return terminal_text(b"".join(chunks).decode("utf-8", "replace"))


def scratch(root, optle):
    d = tempfile.mkdtemp(prefix="optle-docs.")
    for name in ("wordlists", "tests"):
        os.symlink(os.path.join(root, name), os.path.join(d, name))
    os.symlink(optle, os.path.join(d, "optle"))
    return d


def run_file(examples, root, optle, env, slow, log, raw=False):
    """Runs one file's examples; returns (ran, failed, seconds)."""
    d = scratch(root, optle)
    ran = failed = 0
    t0 = time.time()
    try:
        for ex in examples:
            if ex.kind == "skip" or (ex.kind == "slow" and not slow):
                continue
            ran += 1
            bad = None
            for cmd, want in ex.steps:
                got = run_command(cmd, d, env).split("\n")
                if got and got[-1] == "":
                    got.pop()
                w = [mask(l) for l in want]
                g = [mask(l.rstrip()) for l in got]
                if not matches(w, g):
                    bad = (cmd, w, g if not raw else got)
                    break
            if bad:
                failed += 1
                cmd, w, g = bad
                log(f"FAIL: {ex.where()}: $ {cmd}")
                for l in (g if raw else diff(w, g)):
                    log("      " + l)
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return ran, failed, time.time() - t0


def main(argv):
    slow = listing = raw = False
    optle = None
    files = []
    args = iter(argv)
    for a in args:
        if a == "--slow":
            slow = True
        elif a == "--raw":
            raw = True
        elif a == "--list":
            listing = True
        elif a == "--optle":
            optle = next(args, None)
        elif a.startswith("-"):
            print(f"docs_test.py: unknown option '{a}'", file=sys.stderr)
            return 2
        else:
            files.append(a)
    if not files:
        print(__doc__[__doc__.index("Usage:"):].rstrip(), file=sys.stderr)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    optle = os.path.abspath(optle or os.path.join(root, "optle"))
    try:
        per_file = [(f, parse(f)) for f in files]
    except (OSError, ValueError) as e:
        print(f"docs_test.py: {e}", file=sys.stderr)
        return 2
    if listing:
        for _, exs in per_file:
            for ex in exs:
                print(f"{ex.where()}\t{ex.kind}\t{ex.reason or ex.steps[0][0]}")
        return 0
    bindir = tempfile.mkdtemp(prefix="optle-docs-bin.")
    os.symlink(optle, os.path.join(bindir, "optle"))
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""),
               OMP_NUM_THREADS="2", LC_ALL="C.UTF-8", NO_COLOR="1", TERM="xterm")
    counts = {"fast": 0, "slow": 0, "skip": 0}
    ran = failed = 0
    try:
        for f, exs in per_file:
            for ex in exs:
                counts[ex.kind] += 1
                if ex.kind == "skip":
                    print(f"SKIP: {ex.where()}: {ex.reason}")
            if not any(e.kind == ("slow" if slow else "fast") for e in exs):
                continue
            r, fl, secs = run_file(exs, root, optle, env, slow, print, raw)
            ran, failed = ran + r, failed + fl
            print(f"{f}: {r} examples, {fl} failed, {secs:.0f} s")
    finally:
        shutil.rmtree(bindir, ignore_errors=True)
    not_run = counts["slow"] if not slow else 0
    print(f"docs: {ran} examples run, {failed} failed; {counts['slow']} slow"
          f"{' (not run: make test-slow runs them)' if not_run else ''}, "
          f"{counts['skip']} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
