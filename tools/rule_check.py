#!/usr/bin/env python3
"""rule_check.py: check an optle JSON tree under a game rule, independently.

Written from the rules' text alone (no optle code, no feedback table), so
that a value optle proves under a rule can be checked by a second program:

  normal     any guess of the list;
  hard       the New York Times rule: a letter shown green stays in its
             place, and a letter shown green or yellow is used again, as
             many times as it was shown;
  hard-gray  hard, and a letter shown gray is not used more often than
             the same guess showed it green or yellow;
  ultrahard  every guess would give each earlier guess the pattern it got.

Every answer is played down the tree: each guess must be on the guess list
and allowed after the path above it, and the path must end at the answer.
Prints "RULE: N answers, total T, most guesses M, every guess legal" and
exits 0; a broken rule or a lost answer: one line on stderr, exit 1; bad
usage or an unreadable file: exit 2.

  python3 tools/rule_check.py RULE TREE.json --answers FILE --guesses FILE
"""
import json
import sys
from collections import Counter

RULES = ("normal", "hard", "hard-gray", "ultrahard")


def score(guess, answer):
    """Greens first, then yellows left to right, each answer letter once."""
    res = ["B"] * 5
    left = Counter()
    for i in range(5):
        if guess[i] == answer[i]:
            res[i] = "G"
        else:
            left[answer[i]] += 1
    for i in range(5):
        if res[i] != "G" and left[guess[i]] > 0:
            res[i] = "Y"
            left[guess[i]] -= 1
    return "".join(res)


def breaks(rule, guess, pattern, word):
    """Does word break what guess's pattern asks under rule?"""
    if rule == "normal":
        return False
    if rule == "ultrahard":
        return score(guess, word) != pattern
    shown = Counter(guess[i] for i in range(5) if pattern[i] != "B")
    have = Counter(word)
    if any(pattern[i] == "G" and word[i] != guess[i] for i in range(5)):
        return True
    if any(have[c] < n for c, n in shown.items()):
        return True
    if rule == "hard-gray":
        return any(pattern[i] == "B" and have[guess[i]] > shown[guess[i]] for i in range(5))
    return False


def words(path):
    with open(path) as f:
        return [w.strip() for w in f if w.strip() and not w.startswith("#")]


def die(status, msg):
    print(f"rule_check.py: {msg}", file=sys.stderr)
    sys.exit(status)


def main(argv):
    if len(argv) != 6 or argv[0] not in RULES or argv[2] != "--answers" or argv[4] != "--guesses":
        die(2, "usage: rule_check.py " + "|".join(RULES) + " TREE.json --answers FILE --guesses FILE")
    rule, tree_path = argv[0], argv[1]
    try:
        answers, allowed = words(argv[3]), set(words(argv[5]))
        with open(tree_path) as f:
            tree = json.load(f)["tree"]
    except (OSError, ValueError, KeyError) as e:
        die(2, f"{tree_path}: {e}")
    allowed |= set(answers)
    total = most = 0
    for a in answers:
        node, path = tree, []
        while True:
            g = node.get("guess")
            if g not in allowed:
                die(1, f"answer '{a}': guess {len(path) + 1} '{g}' is not on the guess list")
            for h, p in path:
                if breaks(rule, h, p, g):
                    hist = ", ".join(f"{x} {y}" for x, y in path)
                    die(1, f"answer '{a}': guess {len(path) + 1} '{g}' breaks {rule} after {hist}")
            p = score(g, a)
            if p == "GGGGG":
                break
            path.append((g, p))
            node = node.get("next", {}).get(p)
            if node is None:
                die(1, f"answer '{a}': no branch for {p} after '{g}'")
        total += len(path) + 1
        most = max(most, len(path) + 1)
    print(f"{rule}: {len(answers)} answers, total {total}, most guesses {most}, every guess legal")


if __name__ == "__main__":
    main(sys.argv[1:])
