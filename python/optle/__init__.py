"""optle: provably optimal Wordle strategies, from Python.

A binding of optle's C library (include/optle.h): the same search, the
same trees and the same messages as the `optle` command.

    >>> import optle
    >>> r = optle.solve(list="small")
    >>> r.total, r.first, r.proven
    (120, 'agent', True)
    >>> r.tree.follow("BBBBB").guess
    'chill'

solve() returns a Result whose tree can be walked (Node), exported in any
format `optle export` writes and turned into a nested dict; next(),
verify() and rank() return plain dicts and lists.  Errors raise
optle.InputError (bad input, with the CLI's message), NoStrategyError,
InvalidTreeError, StoppedError or ResourceError (out of memory; also a
MemoryError), all subclasses of optle.Error.

Long calls release the GIL and run the search on a thread of their own:
Ctrl-C raises KeyboardInterrupt within a fraction of a second, and a
progress callback (called on the caller's thread, with a dict) may return
True to stop the search.  python/README.md has a worked example.
"""
from __future__ import annotations

import builtins
import os
from typing import Any, Callable, Iterable, Literal, Sequence, TypedDict, cast, overload

from . import _optle
from ._optle import (
    Error,
    InputError,
    InvalidTreeError,
    Node,
    NoStrategyError,
    ResourceError,
    StoppedError,
)

__version__ = _optle.__version__
API_VERSION = _optle.API_VERSION

__all__ = [
    "solve", "next", "verify", "rank", "lists_words", "stop", "Result", "Node",
    "Error", "InputError", "NoStrategyError", "InvalidTreeError", "StoppedError",
    "ResourceError", "ProgressInfo", "TreeDict", "RankedGuess", "Alternative", "Advice",
    "Verdict",
]

# The shapes of the dicts the functions return (the type hints name them;
# at run time they are plain dicts).  This file's annotations are the
# package's types (py.typed); _optle.pyi types the C extension.
class ProgressInfo(TypedDict):
    seconds: float
    phase: str
    settled: int
    of: int
    done: int
    total: int
    best: int | None
    best_first: str | None


class TreeDict(TypedDict, total=False):
    guess: str
    total: int
    answers: int
    next: dict[str, TreeDict]


class RankedGuess(TypedDict):
    guess: str
    total: int | None
    exact: bool
    average: float | None


class Alternative(TypedDict):
    guess: str
    total: int
    could_be_answer: bool
    average: float | None


class Advice(TypedDict):
    solved: bool
    guesses_made: int
    guesses_left: int
    guess: str | None
    total: int | None
    average: float | None
    source: str | None
    answers: list[str]
    ranking: list[Alternative]


class Verdict(TypedDict, total=False):
    valid: bool
    error: str
    total: int | None
    first: str | None
    proven: bool
    lower_bound: int | None
    answers: int
    average: float | None
    most: int
    distribution: dict[int, int]
    hash: str | None
    rules: str
    max_guesses: int
    objective: str
    lists: str


Progress = Callable[[ProgressInfo], Any]
Words = str | os.PathLike[str] | Sequence[str]

_RULES = ("normal", "hard", "hard-gray", "ultrahard")


def _rules(hard: bool, rules: str | None) -> str:
    if rules is not None and hard and rules != "hard":
        raise InputError(f"hard=True and rules={rules!r}: choose one")
    return rules if rules is not None else ("hard" if hard else "normal")


def _game(list: str | None, answers: Words | None, guesses: Words | None, hard: bool,
          rules: str | None, max_guesses: int, tree: str | None = None,
          force: bool = False) -> _optle.Game:
    """The game the keyword arguments describe (see solve())."""
    r = _rules(hard, rules)
    if list is not None and answers is not None:
        raise InputError("--list and --answers cannot be used together")
    if guesses is not None and answers is None:
        raise InputError("guesses= goes with answers=")
    if answers is None:
        if list is None and tree is not None:
            return _optle.Game(tree=os.fspath(tree), force=force, rules=r, max_guesses=max_guesses)
        return _optle.Game(list=list, rules=r, max_guesses=max_guesses)
    if isinstance(answers, (str, os.PathLike)):
        if guesses is not None and not isinstance(guesses, (str, os.PathLike)):
            raise TypeError(f"guesses: give a file, not {type(guesses).__name__} "
                            "(answers= is a file, so guesses= is a file too)")
        return _optle.Game(answers_file=os.fspath(answers),
                           guesses_file=None if guesses is None else os.fspath(guesses),
                           rules=r, max_guesses=max_guesses)
    if isinstance(guesses, (str, os.PathLike)):
        raise TypeError(f"guesses: give a sequence of words, not one {type(guesses).__name__} "
                        "(answers= is words, so guesses= is words too)")
    return _optle.Game(answers=_words(answers, "answers"),
                       guesses=None if guesses is None else _words(guesses, "guesses"),
                       rules=r, max_guesses=max_guesses)


def _words(seq: Iterable[str], what: str) -> list[str]:
    """seq as a list of str: anything else is a TypeError, never its str()
    ("None" would be read as a four-letter word)."""
    if isinstance(seq, (str, bytes)):
        raise TypeError(f"{what}: give a sequence of words, not one {type(seq).__name__}")
    out = list(seq)
    for i, w in enumerate(out):
        if not isinstance(w, str):
            raise TypeError(f"{what}: word {i + 1} is not a str but {type(w).__name__}")
    return out


class Result:
    """A solved (or verified) strategy: its figures and its tree.

    total        guesses summed over all answers (the optimum when proven;
                 stopped with no tree: the best strategy's found, the
                 greedy one's at least, or None before it)
    proven       True when proven optimal (among the strategies that start
                 with solve()'s first= when it was given; for verify(),
                 unless the file marks the tree not proven optimal)
    lower_bound  the proven lower bound of the optimum, in the same sense
                 (= total when proven)
    stopped      True when the search was stopped (callback, time limit)
    first        the first guess
    answers      answers the tree covers
    distribution {k: answers found with the k-th guess}
    hash         the tree hash, as `optle solve` prints it
    average      total / answers
    tree         the root Node (None when a stopped search had no tree)
    rules, max_guesses, objective
                 those the tree holds to: a verified tree's own (the
                 stricter rules, the limit checked), not its game's
    """

    def __init__(self, handle: _optle.Result):
        self._h = handle
        info = handle.info()
        self.total: int | None = info["total"] if info["total"] >= 0 else None
        self.proven: bool = info["proven"]
        self.lower_bound: int | None = info["lower_bound"] if info["lower_bound"] >= 0 else None
        self.stopped: bool = info["stopped"]
        self.first: str | None = info["first"]
        self.answers: int = info["answers"]
        self.distribution: dict[int, int] = info["distribution"]
        self.hash: str | None = info["hash"]
        self.seconds: float = info["seconds"]
        self.lists: str = info["lists"]
        self.rules: str = info["rules"]
        self.max_guesses: int = info["max_guesses"]
        self.objective: str = info["objective"]

    @property
    def average(self) -> float | None:
        """Guesses per answer: total / answers."""
        return self.total / self.answers if self.total is not None and self.answers else None

    @property
    def most(self) -> int:
        """The most guesses any answer needs."""
        return max(self.distribution, default=0)

    @property
    def tree(self) -> Node | None:
        """The root Node of the strategy tree."""
        return self._h.root()

    @overload
    def export(self, format: Literal["png"]) -> bytes: ...  # type: ignore[misc]

    @overload
    def export(self, format: str = "json") -> str: ...

    def export(self, format: str = "json") -> str | bytes:
        """The tree in any format `optle export` writes: json, text, dot,
        html, paths, cpaths, map, mjs, svg (str), or png (bytes); svg and
        png need Graphviz's dot."""
        return self._h.export(format)

    def write(self, path: str | os.PathLike[str], format: str | None = None) -> None:
        """Write the tree to path (whole or not at all), in format or else
        the format its extension names (.json, .txt, .html, .dot, ...)."""
        self._h.write(os.fspath(path), format)

    def to_dict(self) -> TreeDict | None:
        """The tree as nested dicts: {"guess", "total", "answers", "next":
        {pattern: node}}, "next" left out at a leaf (JSON's shape)."""
        def walk(n: Node) -> TreeDict:
            d: TreeDict = {"guess": n.guess, "total": n.total, "answers": n.answers}
            kids = n.branches
            if kids:
                d["next"] = {p: walk(k) for p, k in kids}
            return d
        root = self.tree
        return walk(root) if root is not None else None

    def paths(self) -> dict[str, list[tuple[str, str]]]:
        """Each answer's path: {answer: [(guess, pattern), ...]}, ending
        with (answer, "GGGGG")."""
        out: dict[str, list[tuple[str, str]]] = {}

        def walk(n: Node, path: list[tuple[str, str]]) -> None:
            if n.wins:
                out[n.guess] = path + [(n.guess, "GGGGG")]
            for p, k in n.branches:
                walk(k, path + [(n.guess, p)])
        if self.tree is not None:
            walk(self.tree, [])
        return out

    def __repr__(self) -> str:
        state = "proven" if self.proven else "not proven"
        return f"<optle.Result {self.lists}: first {self.first}, total {self.total} ({state})>"


def solve(list: str | None = None, first: str | None = None, hard: bool = False, *,
          rules: str | None = None, answers: Words | None = None,
          guesses: Words | None = None, max_guesses: int = 6,
          objective: str = "total", threads: int = 0, memo_mb: int = 0,
          time_limit: float = 0, progress: Progress | None = None,
          progress_interval: float = 0.25, probe: str | None = None) -> Result:
    """Find and prove an optimal strategy, as `optle solve` does.

    list         a named list (small, medium, large, original, nyt-2022-02,
                 nyt-2022-08, nyt-2023-07, or every word an answer: original-all,
                 nyt-2022-02-all, nyt-2022-08-all; None: nyt, the newest)
    answers      instead of list: a file, or a sequence of words
    guesses      with answers: the allowed guesses (None: the answers)
    first        fix the first guess (None: the root proof finds the best)
    probe        without first: the root proof's first total to beat is this
                 first guess's (`solve --probe`; only the time changes: on
                 every word an answer, probe="lants" is what lets it start)
    hard         hard mode (or rules="hard", "hard-gray", "ultrahard")
    max_guesses  the guess limit (0: none)
    objective    "total" or "worst"
    threads      OpenMP threads (0: OMP_NUM_THREADS, else every core)
    memo_mb      the memo's cap in MiB (0: the list's default)
    time_limit   seconds, then stop as on Ctrl-C (0: none)
    progress     called every progress_interval seconds with a dict
                 (seconds, phase, settled, of, done, total, best,
                 best_first); return True to stop

    A stopped search (callback, time limit) returns its Result with
    stopped True: the best tree found, if any, with its own total, and
    proven False; with no tree, proven True only when the proof had
    finished (the total is then the optimum).  Raises NoStrategyError when no
    strategy keeps to the guess limit, InputError for bad input.
    """
    g = _game(list, answers, guesses, hard, rules, max_guesses)
    return Result(_optle.solve(g, first, objective, threads, memo_mb, time_limit, progress,
                               progress_interval, probe))


def _steps(history: str | Iterable[str | tuple[str, str]]) -> list[str]:
    if isinstance(history, str):
        return [history] if history.strip() else []
    if isinstance(history, (bytes, bytearray)):
        raise TypeError(f"history: give a str or a sequence of steps, not {type(history).__name__}")
    out = []
    for s in history:
        if isinstance(s, tuple):
            if len(s) != 2:
                raise InputError(f"history step {s!r}: give (word, pattern)")
            if not all(isinstance(x, str) for x in s):
                raise TypeError(f"history step {s!r}: give (word, pattern) as two str")
            out.append(f"{s[0]}:{s[1]}")
        elif isinstance(s, str):
            out.append(s)
        else:
            raise TypeError(f"history step {s!r}: give a str or a (word, pattern) tuple")
    return out


def next(history: str | Iterable[str | tuple[str, str]] = (), list: str | None = None,
         hard: bool = False, *, rules: str | None = None,
         answers: Words | None = None,
         guesses: Words | None = None, max_guesses: int = 6,
         top: int = 5, prove: bool = False, threads: int = 0, memo_mb: int = 0,
         time_limit: float = 0, progress: Progress | None = None,
         progress_interval: float = 0.25) -> Advice:
    """The optimal next guess after a game so far, as `optle next` gives it.

    history  "salet:BBYBB crane:BYGBB", or ["salet:BBYBB", ("crane", "BYGBB")]
             (patterns: G Y B, 2 1 0, or the share grid's squares)

    Returns {"guess", "total" (over the answers left), "source" ("search":
    proven best; "opener": a big list's fixed opener), "answers" (those
    that fit), "guesses_made", "guesses_left", "solved", "ranking":
    [{"guess", "total", "could_be_answer"}]}.  With no history on a big
    list the fixed opener of the list is given (optle lists: tarse on nyt),
    unless prove=True.
    """
    g = _game(list, answers, guesses, hard, rules, max_guesses)
    d = _optle.next(g, _steps(history), top, prove, threads, memo_mb, time_limit, progress,
                    progress_interval)
    n = len(d["answers"])
    d["average"] = d["total"] / n if d["total"] >= 0 and n else None
    if d["total"] < 0:
        d["total"] = None
    for row in d["ranking"]:
        row["average"] = row["total"] / n if n else None
    return cast(Advice, d)


def verify(path: str | os.PathLike[str], list: str | None = None, hard: bool = False, *,
           rules: str | None = None, answers: Words | None = None,
           guesses: Words | None = None,
           max_guesses: int | None = None, force: bool = False) -> Verdict:
    """Check a tree file in full, as `optle verify` does.

    The lists are list/answers when given, else those a JSON tree records,
    else nyt.  max_guesses: the limit to check (None: a JSON file's own).
    Returns {"valid": True, "total", "first", "proven", "lower_bound",
    "answers", "average", "most", "distribution", "hash", "rules",
    "max_guesses", "objective", "lists"} for a valid tree (rules: the
    stricter of the game's and the tree's own; max_guesses: the one
    given, else the file's), {"valid": False, "error": message} for an invalid one; raises
    InputError for a file that cannot be read as a tree.
    """
    limit = 6 if max_guesses is None else max_guesses
    g = _game(list, answers, guesses, hard, rules, limit, tree=os.fspath(path), force=force)
    try:
        r = Result(_optle.verify(g, os.fspath(path), -1 if max_guesses is None else max_guesses))
    except InvalidTreeError as e:
        return {"valid": False, "error": str(e)}
    return {"valid": True, "total": r.total, "first": r.first, "proven": r.proven,
            "lower_bound": r.lower_bound, "answers": r.answers, "average": r.average,
            "most": r.most, "distribution": r.distribution, "hash": r.hash,
            "rules": r.rules, "max_guesses": r.max_guesses, "objective": r.objective,
            "lists": r.lists}


def rank(list: str | None = None, top: int | None = None, cutoff: int | None = None,
         words: Sequence[str] | None = None, hard: bool = False, *, rules: str | None = None,
         answers: Words | None = None,
         guesses: Words | None = None, max_guesses: int = 6,
         threads: int = 0, memo_mb: int = 0, time_limit: float = 0,
         progress: Progress | None = None,
         progress_interval: float = 0.25,
         probe: str | None = None) -> builtins.list[RankedGuess]:
    """A proven ranking of first guesses, as `optle rank` writes it.

    top     exact values for the top best (ties included), every other
            first guess proven worse (its value a lower bound)
    cutoff  exact values up to this total, lower bounds above it
    words   rank only these first guesses
    probe   with top: this first guess solved first (`rank --probe`; among
            words, if given; only the time changes)
    (neither top nor cutoff: every value exact, a search per first guess)

    Returns [{"guess", "total", "exact", "average"}] by total, then word;
    total None: no strategy with that first guess keeps to the limit.
    """
    if top is not None and cutoff is not None:
        raise InputError("give --cutoff or --top, not both")
    g = _game(list, answers, guesses, hard, rules, max_guesses)
    rows, _cut = _optle.rank(g, top or 0, -1 if cutoff is None else cutoff,
                             None if words is None else _words(words, "words"), threads,
                             memo_mb, time_limit, progress, progress_interval, probe)
    return cast("builtins.list[RankedGuess]", rows)


def lists_words(list: str | None = None) -> tuple[builtins.list[str], builtins.list[str]]:
    """A named list's answers and guesses."""
    g = _optle.Game(list=list)
    return g.words(True), g.words(False)


def stop() -> None:
    """Stop the search running now (from another thread)."""
    _optle.stop()
