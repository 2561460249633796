# Type-checked, never run (tests/cli_python.sh: mypy --strict, where mypy
# is installed): the package's types as a caller meets them.
import optle

r: optle.Result = optle.solve(list="small", first="agent")
total: int | None = r.total
picture: bytes = r.export("png")
text: str = r.export("json")
tree: optle.TreeDict | None = r.to_dict()
node: optle.Node | None = r.tree
if node is not None:
    kid: optle.Node | None = node.follow("BBBBB")
advice: optle.Advice = optle.next("agent:BBYBY", list="small")
guess: str | None = advice["guess"]
row: optle.Alternative = advice["ranking"][0]
verdict: optle.Verdict = optle.verify("best.json")
ranked: list[optle.RankedGuess] = optle.rank(list="small", top=3)
answers, guesses = optle.lists_words("small")
first_answer: str = answers[0]


def on_progress(p: optle.ProgressInfo) -> bool:
    return p["settled"] > 10


optle.solve(list="small", progress=on_progress)
try:
    optle.solve(list="nope")
except optle.InputError as e:
    message: str = str(e)
