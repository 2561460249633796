# Type hints for optle (python/optle/__init__.py; python/README.md).
import os
from typing import Any, Callable, Iterable, Literal, Sequence, TypedDict, overload

__version__: str
API_VERSION: int

class Error(Exception): ...
class InputError(Error, ValueError): ...
class NoStrategyError(Error): ...
class InvalidTreeError(Error): ...
class StoppedError(Error): ...
class ResourceError(Error, MemoryError): ...

class ProgressInfo(TypedDict):
    seconds: float
    phase: str
    settled: int
    of: int
    done: int
    total: int
    best: int | None
    best_first: str | None

Progress = Callable[[ProgressInfo], Any]
Words = str | os.PathLike[str] | Sequence[str]

class Node:
    """A node of a strategy tree: its guess, and one branch per pattern."""
    @property
    def guess(self) -> str: ...
    @property
    def answers(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def wins(self) -> bool: ...
    @property
    def branches(self) -> list[tuple[str, Node]]: ...
    def follow(self, pattern: str) -> Node | None: ...

class TreeDict(TypedDict, total=False):
    guess: str
    total: int
    answers: int
    next: dict[str, TreeDict]

class Result:
    total: int | None
    proven: bool
    lower_bound: int | None
    stopped: bool
    first: str | None
    answers: int
    distribution: dict[int, int]
    hash: str | None
    seconds: float
    lists: str
    rules: str
    max_guesses: int
    objective: str
    @property
    def average(self) -> float | None: ...
    @property
    def most(self) -> int: ...
    @property
    def tree(self) -> Node | None: ...
    @overload
    def export(self, format: Literal["png"]) -> bytes: ...  # type: ignore[overload-overlap,misc]
    @overload
    def export(self, format: str = ...) -> str: ...
    def write(self, path: str | os.PathLike[str], format: str | None = ...) -> None: ...
    def to_dict(self) -> TreeDict | None: ...
    def paths(self) -> dict[str, list[tuple[str, str]]]: ...

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

def solve(list: str | None = ..., first: str | None = ..., hard: bool = ..., *,
          rules: str | None = ..., answers: Words | None = ..., guesses: Words | None = ...,
          max_guesses: int = ..., objective: str = ..., threads: int = ..., memo_mb: int = ...,
          time_limit: float = ..., progress: Progress | None = ...,
          progress_interval: float = ...) -> Result: ...
def next(history: str | Iterable[str | tuple[str, str]] = ..., list: str | None = ...,
         hard: bool = ..., *, rules: str | None = ..., answers: Words | None = ...,
         guesses: Words | None = ..., max_guesses: int = ..., top: int = ..., prove: bool = ...,
         threads: int = ..., memo_mb: int = ..., time_limit: float = ...,
         progress: Progress | None = ..., progress_interval: float = ...) -> Advice: ...
def verify(path: str | os.PathLike[str], list: str | None = ..., hard: bool = ..., *,
           rules: str | None = ..., answers: Words | None = ..., guesses: Words | None = ...,
           max_guesses: int | None = ..., force: bool = ...) -> Verdict: ...
def rank(list: str | None = ..., top: int | None = ..., cutoff: int | None = ...,
         words: Sequence[str] | None = ..., hard: bool = ..., *, rules: str | None = ...,
         answers: Words | None = ..., guesses: Words | None = ..., max_guesses: int = ...,
         threads: int = ..., memo_mb: int = ..., time_limit: float = ...,
         progress: Progress | None = ..., progress_interval: float = ...) -> list[RankedGuess]: ...
def lists_words(list: str | None = ...) -> tuple[list[str], list[str]]: ...
def stop() -> None: ...
