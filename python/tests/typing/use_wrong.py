# Type-checked, never run: each marked line must be an error
# (tests/cli_python.sh counts them), so that the types can fail.
import optle

r = optle.solve(list="small")
picture: str = r.export("png")  # wrong: bytes
text: bytes = r.export("json")  # wrong: str
total: int = r.total  # wrong: int | None
advice = optle.next("agent:BBYBY", list="small")
n: str = advice["guesses_made"]  # wrong: int
verdict = optle.verify("best.json")
v: int = verdict["nope"]  # wrong: no such key
optle.rank(list="small", top="3")  # wrong: top is an int
