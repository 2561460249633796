"""The Python package against the CLI (python/README.md, tests/cli_python.sh).

Every value is checked against what `optle` itself prints for the same
lists and options: solve's total, first guess, distribution and tree
hash on the small lists and fixed openers, in normal and hard mode;
next's advice, rank's ranking, verify's verdict and exports.  Bad input
raises the exceptions of optle with the CLI's own message.  Then the
package's own promises: a stop from the progress callback and from the
time limit, Ctrl-C inside a long solve (KeyboardInterrupt, quickly, the
GIL released meanwhile), and no memory growth under repeated solves.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import optle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OPTLE = os.environ.get("OPTLE", os.path.join(ROOT, "optle"))


def cli(*args, status=0):
    """Run optle; (stdout, stderr), the status checked."""
    p = subprocess.run([OPTLE, *args], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == status, (args, p.returncode, p.stderr)
    return p.stdout, p.stderr


def summary(out):
    """solve's summary lines as {key: value}."""
    d = {}
    for line in out.splitlines():
        m = re.match(r"([a-z ]+?)\s{2,}(.*)", line)
        if m:
            d[m.group(1)] = m.group(2)
    return d


def cli_message(err):
    """The CLI's one-line message, without "optle: " and the help pointer."""
    line = err.strip().splitlines()[0]
    line = re.sub(r"^optle: ", "", line)
    return re.sub(r" \(see 'optle \w+ --help'\)$", "", line)


CASES = [
    ("small", None, False), ("small", "scion", False), ("medium", None, False),
    ("medium", "alter", False), ("small", None, True), ("medium", "after", True),
]


@pytest.mark.parametrize("lst,first,hard", CASES)
def test_solve_matches_cli(lst, first, hard):
    args = ["solve", "--list", lst] + (["--first", first] if first else []) + (["--hard"] if hard else [])
    s = summary(cli(*args)[0])
    r = optle.solve(list=lst, first=first, hard=hard, threads=2)
    assert r.proven and not r.stopped
    assert r.total == int(s["total"])
    assert r.first == s["first guess"].split()[0]
    assert r.hash == s["tree hash"]
    assert " ".join(f"{k}:{v}" for k, v in sorted(r.distribution.items())) == s["distribution"]
    assert r.most == int(s["most guesses"])
    assert r.lower_bound == r.total
    assert r.rules == ("hard" if hard else "normal")


def test_tree_walk_and_exports(tmp_path):
    r = optle.solve(list="small")
    root = r.tree
    assert (root.guess, root.answers, root.total) == ("agent", 50, 120)
    assert root.follow("BBBBB").guess == "chill"
    assert root.follow("00000").guess == "chill"  # any form the CLI reads
    assert root.follow("GGGGG") is None
    assert sum(k.answers for _, k in root.branches) == 49 and root.wins
    # The export formats, byte for byte the CLI's (text has no version).
    out = tmp_path / "small.txt"
    cli("solve", "--list", "small", "-o", str(out))
    assert r.export("text") == out.read_text()
    cli("export", str(out), "--list", "small", "--format", "paths", "-o", str(tmp_path / "p"))
    assert r.export("paths") == (tmp_path / "p").read_text()
    # to_dict() is the JSON tree, with each node's answers.
    tree = json.loads(r.export("json"))["tree"]

    def strip(d):
        d = dict(d)
        d.pop("answers", None)
        if "next" in d:
            d["next"] = {p: strip(k) for p, k in d["next"].items()}
        return d
    assert strip(r.to_dict()) == tree
    paths = r.paths()
    assert len(paths) == 50 and paths["wrote"][-1] == ("wrote", "GGGGG")
    assert sum(len(p) for p in paths.values()) == r.total
    # write() and verify() round trip, and the CLI agrees.
    for ext in ("json", "txt", "map.json", "cpaths"):
        p = tmp_path / f"t.{ext}"
        r.write(p)
        v = optle.verify(p, list="small")
        assert v["valid"] and v["total"] == 120 and v["hash"] == r.hash, ext
        assert "valid" in cli("verify", str(p), "--list", "small")[0]
    assert optle.verify(tmp_path / "t.json")["lists"].startswith("small")  # the list it records
    assert r.export("html").startswith("<!DOCTYPE html>") and "digraph" in r.export("dot")


def test_next_matches_cli():
    d = optle.next(["agent:BBYBY"], list="small")
    c = json.loads(cli("next", "--list", "small", "agent:BBYBY", "--json")[0])
    assert d["guess"] == c["next"]["guess"] and d["total"] == c["next"]["total"]
    assert d["answers"] == c["answers"] and d["guesses_left"] == c["guesses_left"]
    assert [(x["guess"], x["total"]) for x in d["ranking"]] == [(x["guess"], x["total"]) for x in c["top"]]
    assert optle.next("agent BBYBY lefty GGGGG", list="small")["solved"]
    assert optle.next([("agent", "BBYBY")], list="small")["guess"] == "lefty"


def test_rank_matches_cli():
    rows = optle.rank(list="small", top=3)
    out = cli("rank", "--list", "small", "--top", "3", "--all")[0]
    want = [line.split("\t") for line in out.splitlines() if not line.startswith("#")]
    assert [(x["guess"], str(x["total"]), "exact" if x["exact"] else "bound") for x in rows] == \
        [(w[0], w[1], w[2]) for w in want]
    some = optle.rank(list="small", words=["agent", "scion", "crane"][:2])
    assert [(x["guess"], x["total"], x["exact"]) for x in some] == [("agent", 120, True), ("scion", 121, True)]


def test_probe_matches_cli():
    """probe= is solve's and rank's --probe: the values and the tree as
    without it, and the CLI's refusals."""
    plain = optle.solve(list="large")
    r = optle.solve(list="large", probe="poppy")
    assert (r.total, r.first, r.hash) == (plain.total, plain.first, plain.hash)
    assert optle.rank(list="large", top=1, probe="poppy") == optle.rank(list="large", top=1)
    for kw, args in [(dict(probe="xyzzy"), ["--probe", "xyzzy"]),
                     (dict(probe="poppy", first="slate"), ["--probe", "poppy", "--first", "slate"])]:
        want = cli_message(cli("solve", "--list", "large", *args, status=2)[1])
        with pytest.raises(optle.InputError) as e:
            optle.solve(list="large", **kw)
        assert str(e.value) == want
    want = cli_message(cli("rank", "--list", "large", "--probe", "poppy", status=2)[1])
    with pytest.raises(optle.InputError) as e:
        optle.rank(list="large", probe="poppy")
    assert str(e.value) == want


BAD = [
    (dict(list="nope"), optle.InputError, ["solve", "--list", "nope"]),
    (dict(list="small", first="xyzzy"), optle.InputError, ["solve", "--list", "small", "--first", "xyzzy"]),
    (dict(list="small", first="ab"), optle.InputError, ["solve", "--list", "small", "--first", "ab"]),
    (dict(list="small", max_guesses=2), optle.NoStrategyError, ["solve", "--list", "small", "--max-guesses", "2"]),
    (dict(list="small", objective="best"), optle.InputError, ["solve", "--list", "small", "--objective", "best"]),
]


@pytest.mark.parametrize("kw,exc,args", BAD)
def test_bad_input_has_cli_message(kw, exc, args):
    status = 1 if exc is optle.NoStrategyError else 2
    want = cli_message(cli(*args, status=status)[1])
    with pytest.raises(exc) as e:
        optle.solve(**kw)
    assert str(e.value) == want
    assert isinstance(e.value, optle.Error)


def test_bad_input_other_calls(tmp_path):
    want = cli_message(cli("next", "--list", "small", "agent:BBQBY", status=2)[1])
    with pytest.raises(optle.InputError, match=re.escape(want)):
        optle.next(["agent:BBQBY"], list="small")
    missing = str(tmp_path / "none.json")
    want = cli_message(cli("verify", missing, "--list", "small", status=2)[1])
    with pytest.raises(optle.InputError, match=re.escape(want)):
        optle.verify(missing, list="small")
    bad = tmp_path / "bad.txt"
    bad.write_text("agent BBBBB1 chill GGGGG2\n")
    want = cli_message(cli("verify", str(bad), "--list", "small", status=1)[1])
    assert optle.verify(bad, list="small") == {"valid": False, "error": want}
    words = tmp_path / "w.txt"
    words.write_text("crane\ncr4ne\n")
    want = cli_message(cli("solve", "--answers", str(words), status=2)[1])
    with pytest.raises(optle.InputError, match=re.escape(want)):
        optle.solve(answers=str(words))
    with pytest.raises(optle.InputError):
        optle.solve(list="small", answers=["crane"])
    with pytest.raises(ValueError):  # InputError is a ValueError too
        optle.solve(list="small", rules="weird")
    with pytest.raises(TypeError):
        optle.solve(list="small", progress=42)


def test_red_team_2026_12_01(tmp_path):
    """What a red-team pass of the package found: a progress callback
    whose result has no truth value (bool() raises) raised SystemError
    and did not stop the search; export("png") raised UnicodeDecodeError;
    the TypedDicts of the type hints did not exist at run time; out of
    memory was a plain MemoryError, not an optle.Error."""
    class NoTruth:
        def __bool__(self):
            raise ValueError("no truth value")
    with pytest.raises(ValueError, match="no truth value"):
        optle.rank(list="large", hard=True, threads=1, progress=lambda p: NoTruth(),
                   progress_interval=0.01)
    r = optle.solve(list="small", first="agent", threads=1)
    assert isinstance(r.export("json"), str)
    if shutil.which("dot"):
        png = r.export("png")
        assert isinstance(png, bytes) and png.startswith(b"\x89PNG\r\n")
        assert r.export("svg").lstrip().startswith("<?xml")
    for name in ("ProgressInfo", "TreeDict", "RankedGuess", "Alternative", "Advice", "Verdict"):
        assert isinstance(getattr(optle, name), type), name
    assert issubclass(optle.ResourceError, optle.Error)
    assert issubclass(optle.ResourceError, MemoryError)
    with pytest.raises(TypeError, match="history: give a str or a sequence of steps, not bytes"):
        optle.next(b"agent:BBYBY", list="small")
    with pytest.raises(TypeError, match="guesses= is words too"):
        optle.solve(answers=["crane"], guesses=tmp_path / "g.txt")
    with pytest.raises(TypeError, match="guesses= is a file too"):
        optle.solve(answers=tmp_path / "a.txt", guesses=["crane"])


def test_word_lists(tmp_path):
    ans, gs = optle.lists_words("small")
    assert len(ans) == 50 and ans == gs
    r = optle.solve(answers=ans[:10], guesses=gs)
    (tmp_path / "a").write_text("\n".join(ans[:10]) + "\n")
    s = summary(cli("solve", "--answers", str(tmp_path / "a"), "--guesses", os.path.join(ROOT, "wordlists/small.txt"))[0])
    assert r.total == int(s["total"]) and r.hash == s["tree hash"]


def test_nul_in_words_refused(tmp_path):
    """A NUL inside a word or a pattern is refused, never read as the word
    cut short at it (C strings end there)."""
    with pytest.raises(ValueError, match="NUL"):
        optle.solve(answers=["crane", "sla\0te"], threads=1)
    with pytest.raises(ValueError, match="NUL"):
        optle.solve(answers=["crane", "slate"], guesses=["crane", "slate", "cra\0ne"], threads=1)
    root = optle.solve(list="small", first="agent", threads=1).tree
    with pytest.raises(ValueError, match="NUL"):
        root.follow("BBBBB\0")
    with pytest.raises(TypeError, match="pattern is not a str but int"):
        root.follow(5)


def test_stop_left_over_does_not_stop_a_read(tmp_path):
    """optle.stop() with nothing running (a stop button pressed late), or
    a time limit's stop, is not the next read's: a tree whose recorded
    list is read in slices (over 64 KiB, comments) still verifies."""
    big = tmp_path / "big.txt"
    big.write_text("# " + "x" * 70000 + "\n" + "\n".join(optle.lists_words("small")[0][:8]) + "\n")
    optle.solve(answers=str(big), threads=1).write(str(tmp_path / "t.json"))
    optle.stop()
    assert optle.verify(tmp_path / "t.json")["valid"]
    optle.solve(list="small", threads=1, time_limit=1e-9)
    assert optle.verify(tmp_path / "t.json")["valid"]


def test_ctrl_c_while_another_thread_searches():
    """A call that waits for another thread's search (one runs at a time)
    still takes Ctrl-C: KeyboardInterrupt well before that search ends."""
    code = textwrap.dedent("""
        import os, signal, threading, time, optle
        signal.signal(signal.SIGINT, signal.default_int_handler)
        bg = threading.Thread(target=lambda: optle.solve(list="nyt", threads=1, time_limit=8))
        bg.start()
        time.sleep(0.5)
        threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        t = time.monotonic()
        try:
            optle.solve(list="small", threads=1)
            print("finished", round(time.monotonic() - t, 2))
        except KeyboardInterrupt:
            print("interrupted", round(time.monotonic() - t, 2))
        optle.stop()  # the other search too, rather than wait out its 8 s
        bg.join()
    """)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    words = p.stdout.split()
    assert words and words[0] == "interrupted", (p.stdout, p.stderr)
    assert float(words[1]) < 4.0  # the other search runs for 8 s


def test_stop_from_callback():
    seen = []

    def stop(p):
        seen.append(p)
        return True
    r = optle.solve(list="large", progress=stop, progress_interval=0.001, threads=2)
    if not r.stopped:  # the proof beat the first call: nothing to test
        pytest.skip("large solved before the first progress call")
    assert len(seen) == 1
    assert not r.proven or r.tree is None  # proven only if the tree alone was cut short
    assert set(seen[0]) == {"seconds", "phase", "settled", "of", "done", "total", "best", "best_first"}
    r = optle.solve(list="large", threads=2)  # the next solve is not stopped
    assert r.proven and r.total == int(summary(cli("solve", "--list", "large")[0])["total"])


def test_callback_exception_propagates():
    def boom(p):
        raise RuntimeError("from the callback")
    with pytest.raises(RuntimeError, match="from the callback"):
        optle.solve(list="nyt", progress=boom, progress_interval=0.01)


def test_verify_reports_the_tree_rules(tmp_path):
    """verify() reports the rules and limit the tree was checked under
    (the stricter of the game's and the file's, the file's limit), not
    the game's: a hard tree with a limit of 7, verified as normal."""
    t = tmp_path / "hard.json"
    r = optle.solve(list="small", first="agent", hard=True, max_guesses=7, objective="worst",
                    threads=1)
    assert (r.rules, r.max_guesses, r.objective) == ("hard", 7, "worst")
    r.write(t)
    v = optle.verify(t, list="small")
    assert v["valid"] and (v["rules"], v["max_guesses"], v["objective"]) == ("hard", 7, "worst")
    assert v["total"] == r.total and v["hash"] == r.hash
    assert optle.verify(t, list="small", max_guesses=5)["max_guesses"] == 5
    out = cli("verify", str(t), "--list", "small")[0]
    assert "hard" in out


def test_words_must_be_str():
    """A word that is not a str is a TypeError, never its str(): None was
    once read as the four-letter word "None"."""
    with pytest.raises(TypeError, match="word 2 is not a str but NoneType"):
        optle.solve(answers=["crane", None], threads=1)
    with pytest.raises(TypeError, match="not one str"):
        optle.solve(answers=["crane"], guesses="slate")
    with pytest.raises(TypeError):
        optle.rank(list="small", words=["agent", 5])
    with pytest.raises(TypeError):
        optle.next([None], list="small")
    with pytest.raises(TypeError):
        optle.next([("agent", None)], list="small")


def test_bad_numbers_refused():
    """A negative or NaN time limit or progress interval is refused, in
    every long call; infinity is no limit at all."""
    for kw in ({"time_limit": -1}, {"time_limit": float("nan")}, {"progress_interval": -1},
               {"progress_interval": float("nan")}):
        with pytest.raises(optle.InputError, match="seconds, 0 or more"):
            optle.solve(list="small", threads=1, **kw)
        with pytest.raises(optle.InputError, match="seconds, 0 or more"):
            optle.next(["agent:BBBBB"], list="small", **kw)
        with pytest.raises(optle.InputError, match="seconds, 0 or more"):
            optle.rank(list="small", top=1, **kw)
    r = optle.solve(list="small", threads=1, time_limit=float("inf"),
                    progress=lambda p: False, progress_interval=float("inf"))
    assert r.proven and r.total == 120


def test_callback_cannot_search():
    """A progress callback that starts a search is refused: its own
    search waits for it, so the call would wait for ever."""
    errors = []

    def nested(p):
        try:
            optle.solve(list="small", threads=1)
        except RuntimeError as e:
            errors.append(str(e))
        return True
    optle.solve(list="nyt", progress=nested, progress_interval=0.01, threads=1)
    assert errors and "cannot start a search" in errors[0]
    assert optle.solve(list="small", threads=1).proven  # and the next call runs


def test_game_set_up_once():
    g = optle._optle.Game(list="small")
    with pytest.raises(RuntimeError, match="set up once"):
        g.__init__(list="medium")
    assert len(g.words(True)) == 50


def test_time_limit():
    t = time.monotonic()
    r = optle.solve(list="nyt", time_limit=0.3)
    assert r.stopped and not r.proven and time.monotonic() - t < 10


def test_ctrl_c_and_gil():
    """Ctrl-C inside a long solve: KeyboardInterrupt within a second; and
    the GIL is released meanwhile (another thread keeps counting)."""
    code = textwrap.dedent("""
        import os, signal, threading, time, optle
        # Python leaves SIGINT ignored when it starts so (a job started
        # with & by a script, or nohup): Ctrl-C's handler, as in a terminal.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        count = [0]
        def spin():
            while True:
                count[0] += 1
                time.sleep(0.001)
        threading.Thread(target=spin, daemon=True).start()
        threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        t = time.monotonic()
        try:
            optle.solve(list="nyt")
            print("finished")
        except KeyboardInterrupt:
            print("interrupted", round(time.monotonic() - t, 2), count[0])
    """)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    words = p.stdout.split()
    assert words and words[0] == "interrupted", (p.stdout, p.stderr)
    assert float(words[1]) < 3.0
    assert int(words[2]) > 50  # the other thread ran during the solve


def heap_in_use():
    """Bytes the C library's malloc has handed out and not had back, over
    every arena (glibc's mallinfo2: in use, plus mmapped blocks), or None.
    Unlike the resident size, it does not count what malloc keeps cached."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
            "uordblks", "fordblks", "keepcost")]
    try:
        f = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return None
    f.restype = MallInfo2
    m = f()
    return m.uordblks + m.hblkhd


def test_no_leak_under_repeated_solves():
    """Repeated solves, exports, walks, advice and rankings: neither the C
    heap (every result, game, advice and ranking freed) nor Python's
    objects (no reference leaked by the extension) grow."""
    import gc
    import tracemalloc

    def work(i):
        r = optle.solve(list="small", first="scion" if i % 2 else None, threads=1 + i % 2)
        r.to_dict()
        r.export("json" if i % 2 else "html")
        optle.next(["agent:BBBBB"], list="small", threads=1)
        optle.rank(list="small", top=2, threads=1)
        try:
            optle.solve(list="small", first="zzzzz")
        except optle.InputError:
            pass
    for i in range(4):
        work(i)
    gc.collect()
    if heap_in_use() is None:
        pytest.skip("no mallinfo2 (not glibc)")
    tracemalloc.start()
    heap, py = heap_in_use(), tracemalloc.get_traced_memory()[0]
    for i in range(40):
        work(i)
    gc.collect()
    grown_py = tracemalloc.get_traced_memory()[0] - py
    tracemalloc.stop()
    grown = heap_in_use() - heap
    assert grown < 256 << 10, f"the C heap grew by {grown} bytes over 40 rounds"
    assert grown_py < 64 << 10, f"Python's objects grew by {grown_py} bytes over 40 rounds"
