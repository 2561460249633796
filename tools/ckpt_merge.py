#!/usr/bin/env python3
"""tools/ckpt_merge.py: one checkpoint from pieces of the same ranking
run on different machines (docs/rank.md, "Pieces run elsewhere").

    tools/ckpt_merge.py OUT CHECKPOINT CHECKPOINT...

Each CHECKPOINT is what `optle rank --checkpoint FILE` or `optle solve
--checkpoint FILE` wrote, all resumed from the same file and run with
the same lists and options (their headers byte for byte alike): a copy
taken to a bigger machine for a while, say, and the original that went
on here.  OUT gets the first file's header and lines, then each later
file's lines whose word no earlier file has settled (a settled line:
exact or bound) or, for a lower line (a first guess left to the exact
search, which must come before its settled line), whose word has no
lower line yet and is not settled in an earlier file.  A word settled in
two files must be settled alike there (the same value and kind; its
stage may differ: a resume writes 0 for a feedback-alike first guess
settled with its group), or the merge is refused: two files that proved
bounds at different cutoffs (a --probe on one side) can disagree, both
true, and which to keep is the caller's choice.  Every line keeps its
checksum, which is seeded by the header; they are not checked here (a
damaged line in an earlier file hides a good one in a later file), but
optle checks them all, and everything else a resume checks, when it
reads OUT.  A last line cut short (a run killed while writing it) is left
out.  Stop the runs before merging: lines written after it are not in
OUT (ranked again, not wrong).

OUT is written whole or not at all (a temporary file renamed), and may
not be one of the inputs.  Exit status 0, or 2 with `file:line: reason`.
"""
import os
import sys

FIELDS = 6  # word, value, kind, seconds, stage, checksum


class Refused(Exception):
    pass


def read(path):
    """The header and the (line number, fields, text) of each whole line."""
    try:
        with open(path, encoding="ascii", newline="") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise Refused(f"{path}: cannot be read: {e}")
    if "\r" in text:
        n = text[:text.index("\r")].count("\n") + 1
        raise Refused(f"{path}:{n}: a carriage return (a file converted to CRLF line ends?)")
    lines = text.split("\n")
    cut = lines.pop()  # after the last newline: empty, or a line cut short
    if not lines or not lines[0].startswith("# optle rank checkpoint"):
        raise Refused(f"{path}:1: not an optle rank checkpoint")
    if cut:
        print(f"ckpt_merge: {path}:{len(lines) + 1}: cut short, left out", file=sys.stderr)
    out = []
    for n, line in enumerate(lines[1:], start=2):
        f = line.split("\t")
        if len(f) != FIELDS or f[2] not in ("exact", "bound", "lower"):
            raise Refused(f"{path}:{n}: not a checkpoint line "
                          "(word, value, exact|bound|lower, seconds, stage, checksum)")
        out.append((n, f, line + "\n"))
    return lines[0], out


def merge(paths):
    files = [read(path) for path in paths]
    header = files[0][0]
    for path, (h, _) in zip(paths, files):
        if h != header:
            raise Refused(f"{path}:1: another ranking's header than {paths[0]}'s")
    # The first file that settles each word (a lower line from a later
    # file than that would come after the settled line: left out).
    first = {}
    for i, (_, lines) in enumerate(files):
        for _, f, _ in lines:
            if f[2] != "lower":
                first.setdefault(f[0], i)
    merged, settled, lower = [], {}, set()
    counts = {"settled": 0, "lower": 0, "alike": 0}
    for i, (path, (_, lines)) in enumerate(zip(paths, files)):
        for n, f, text in lines:
            word = f[0]
            if f[2] == "lower":
                if word not in lower and first.get(word, i) >= i:
                    lower.add(word)
                    merged.append(text)
                    counts["lower"] += 1
                continue
            if word in settled:
                where, g = settled[word]
                if (g[1], g[2]) != (f[1], f[2]):
                    raise Refused(f"{path}:{n}: '{word} {f[1]} {f[2]}', but "
                                  f"{where}: '{word} {g[1]} {g[2]}'")
                counts["alike"] += 1
                continue
            settled[word] = (f"{path}:{n}", f)
            merged.append(text)
            counts["settled"] += 1
    return header + "\n" + "".join(merged), counts


def main(argv):
    if len(argv) < 3 or argv[0] in ("-h", "--help"):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    out, paths = argv[0], argv[1:]
    if any(os.path.exists(p) and os.path.exists(out) and os.path.samefile(p, out) for p in paths):
        print(f"ckpt_merge: {out}: is one of the inputs; write elsewhere", file=sys.stderr)
        return 2
    try:
        text, c = merge(paths)
    except Refused as e:
        print(f"ckpt_merge: {e}", file=sys.stderr)
        return 2
    tmp = f"{out}.tmp.{os.getpid()}"
    try:
        with open(tmp, "w", encoding="ascii", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, out)
    except OSError as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        print(f"ckpt_merge: {out}: cannot be written: {e}", file=sys.stderr)
        return 2
    print(f"ckpt_merge: {out}: {c['settled']} first guesses settled, {c['lower']} lower lines "
          f"({c['alike']} settled in more than one file, alike)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
