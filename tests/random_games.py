#!/usr/bin/env python3
"""tests/random_games.py LIST SEED COUNT [hard]: random Wordle games for the
tests (tests/cli_analyse.sh), one a line: the steps as word:PATTERN.

LIST is a word list file (one word a line, '#' lines skipped); its words
are the answers and the guesses.  The feedback is computed here, from the
game's rule (greens first, then yellows left to right, each answer letter
used once), independently of optle.  Each game draws an answer, then up
to six guesses: in normal mode a random word half the time and otherwise
a random word that fits the feedback so far; with 'hard', always a word
that fits (so every guess keeps hard mode's rule).  A game stops when won,
after six guesses, or, one time in four, at a random earlier step (a
game still running)."""
import random
import sys


def feedback(guess, answer):
    out = ['B'] * 5
    left = {}
    for g, a in zip(guess, answer):
        if g != a:
            left[a] = left.get(a, 0) + 1
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            out[i] = 'G'
        elif left.get(g, 0) > 0:
            out[i] = 'Y'
            left[g] -= 1
    return ''.join(out)


def main():
    path, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    hard = len(sys.argv) > 4 and sys.argv[4] == 'hard'
    with open(path) as f:
        words = [w.strip() for w in f if w.strip() and not w.startswith('#')]
    rng = random.Random(seed)
    for _ in range(count):
        answer = rng.choice(words)
        fits = list(words)
        stop = rng.randint(1, 5) if rng.random() < 0.25 else 6
        steps = []
        while len(steps) < stop:
            guess = rng.choice(fits if hard or rng.random() < 0.5 else words)
            pat = feedback(guess, answer)
            steps.append(guess + ':' + pat)
            fits = [w for w in fits if feedback(guess, w) == pat]
            if pat == 'GGGGG':
                break
        print(' '.join(steps))


main()
