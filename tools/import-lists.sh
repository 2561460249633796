#!/usr/bin/env bash
# Re-import the dated word lists that ../shared/wordlists holds
# (docs/lists.md) into wordlists/, each with a header naming its source, its
# date and its count:
#   original-answers.txt     2315  the original game's answers (January 2022)
#   original-guesses.txt     12972 its allowed guesses (the answers first)
#   nyt-2022-08-guesses.txt  14855 NYT allowed guesses, 30 August 2022
#   nyt-2023-07-answers.txt  3158  NYT answers, 1 July 2023
# The words are copied unchanged, in the source's order (the order is the
# tie rule's, so it decides which optimal tree optle writes).  Each source
# file's SHA-256 is pinned here, so a changed source is refused rather than
# imported; the imported files are pinned in turn by tests/cli_lists.sh.
# Usage: tools/import-lists.sh [SHARED_DIR]   (default ../shared/wordlists)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRC=${1:-$ROOT/../shared/wordlists}
OUT=$ROOT/wordlists

# import NAME COUNT SHA256 HEADER-LINE...
import() {
  local name=$1 count=$2 sum=$3
  shift 3
  local f=$SRC/$name
  [ -r "$f" ] || { echo "import-lists: $f not found" >&2; exit 1; }
  echo "$sum  $f" | sha256sum -c --quiet - || { echo "import-lists: $f is not the pinned file" >&2; exit 1; }
  local n bad
  n=$(wc -l <"$f")
  bad=$(grep -cv '^[a-z]\{5\}$' "$f" || true)
  [ "$n" = "$count" ] || { echo "import-lists: $f has $n lines, expected $count" >&2; exit 1; }
  [ "$bad" = 0 ] || { echo "import-lists: $f has $bad lines that are not five letters a-z" >&2; exit 1; }
  {
    for line in "$@"; do printf '# %s\n' "$line"; done
    printf '# Words: %s\n' "$count"
    printf '# Imported by tools/import-lists.sh; do not edit.\n'
    cat "$f"
  } >"$OUT/$name.tmp"
  mv "$OUT/$name.tmp" "$OUT/$name"
  echo "import-lists: $count words -> wordlists/$name"
}

A=github.com/alex1770/wordle
import original-answers.txt 2315 f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee \
  "Original Wordle answers (the game before the New York Times bought it), January 2022." \
  "Source: $A, file wordlist_orig_hidden (via ../shared/wordlists)." \
  "Order: the source's (sorted alphabetically)."
import original-guesses.txt 12972 fb66d9b47e0dad70e7c6c886cf76a6f453af3aa75003dcfa129c8326938e7c66 \
  "Original Wordle allowed guesses (answers included), January 2022." \
  "Source: $A, file wordlist_orig_all (via ../shared/wordlists)." \
  "Order: the source's (the 2315 answers, then the other guesses, each part sorted)."
import nyt-2022-08-guesses.txt 14855 ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320 \
  "New York Times Wordle allowed guesses (answers included), 30 August 2022." \
  "Source: $A, file wordlist_nyt20220830_all (via ../shared/wordlists)." \
  "The answers of that version are still the 2309 of February 2022 (nyt-answers.txt)." \
  "Order: the source's (sorted alphabetically)."
import nyt-2023-07-answers.txt 3158 3e443482b78dee0f6f8de4f74dbb67537db781524279b1d40ca3353c592b03ce \
  "New York Times Wordle answers, 1 July 2023: the list the NYT's own analysis tool uses." \
  "Source: $A, file wordlist_nyt20230701_hidden (via ../shared/wordlists)." \
  "The guesses of that version are those of 30 August 2022 (nyt-2022-08-guesses.txt)." \
  "Order: the source's (sorted alphabetically)."
