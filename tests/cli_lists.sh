#!/usr/bin/env bash
# tests/cli_lists.sh: the named lists (lists.h) and `optle lists`: every
# committed list file pinned byte for byte (the bytes optle embeds) and
# word for word, each named list's counts and lists hash, the alias, an unknown
# name, and the golden values of the dated lists (original, nyt-2022-08,
# nyt-2023-07: the published optima, proven, verified, and the same tree
# with 1 and 2 threads).
#
# Run from anywhere: `bash tests/cli_lists.sh` (make cli-test).
# shellcheck disable=SC2034 # read by lib.sh
harness=cli-lists
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }


# ------------------------------------------------------------------
# The files, pinned.  The first hash is the file's (header included:
# exactly what src/lists.c embeds), the second its words' (the lines that
# are not '#' comments), which for the imported lists is the source
# file's own hash (tests/public.sh compares them with the sources).  A changed list must
# change these lines on purpose.
while read -r file whole words; do
  f=wordlists/$file
  if [ ! -r "$f" ]; then
    fail "pin: $f is missing"
    continue
  fi
  expect "pin: $file, the file" "$(sha256sum <"$f" | cut -c1-64)" = "$whole"
  expect "pin: $file, its words" "$(grep -v '^#' "$f" | sha256sum | cut -c1-64)" = "$words"
  expect "pin: $file has a header" "$(head -c 2 "$f")" = "# "
done <<'EOF'
small.txt 65e16a5e807c825c472de0aa078d932d5e66a7775d036987e32a6b8b6acde89f d71142308b804004929eda6d82f50076bfad8787c019141e84bbdc446dfecc94
medium.txt f7b256d16814ca94615c5c1adf75d194788e0157310dfcf9682b0ed878812a87 fcc49ef538263150ba9c1b87410a675bac3387dd83bde4cdb9d98400b2c22cb2
large.txt 1442773144c2fe37e5161572264c255ee30b5e5c071f40f088479098e5633b50 f2f9744da5585bf0ed887998f9af55b4104de591d7ac2544512aeaba44fa5d75
original-answers.txt 1e928ad97f24d4f70d1ad72fde4a99c17de97a92c01313def1f5ef5b47af8734 f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee
original-guesses.txt 451211d08e670180b8dffe7482d03b7b4b6ed1a4e32cfe45d0c7543e034077b5 fb66d9b47e0dad70e7c6c886cf76a6f453af3aa75003dcfa129c8326938e7c66
nyt-answers.txt a510d2172964d50016a22168443fd0c898e0e7becff5c69d7f8b23165f00e79e c495f6cbc36475358a89e30ac16bd5c0c05073c8c7647bb6c35dd01f7bae6e32
nyt-guesses.txt 6ba8f7a9c6d1358a2ac6aeedd87205f893bb599ef5586d41ec38325a0327ef53 48f16611619aa3f9d259d04b9b08d6a24ca28944ab1515c747c0ead6da2ba663
nyt-2022-08-guesses.txt 10f5915d8f74b61aec89896917b914c3f957910626c1a7cd9504a6cf4073e4dd ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320
nyt-2023-07-answers.txt b3971c414d44093047927e6775d14872e6d7d9402eb0981870ede950a8cf04dc 3e443482b78dee0f6f8de4f74dbb67537db781524279b1d40ca3353c592b03ce
EOF
n_files=$(find wordlists -name '*.txt' | wc -l)
expect "pin: every file in wordlists/ is pinned (9)" "$n_files" = 9

# Each header names a source and, for the full lists, the count.
for f in wordlists/original-answers.txt wordlists/original-guesses.txt wordlists/nyt-answers.txt \
  wordlists/nyt-guesses.txt wordlists/nyt-2022-08-guesses.txt wordlists/nyt-2023-07-answers.txt; do
  words=$(grep -vc '^#' "$f")
  expect "header: $f names its source" "$(grep -c '^# Source: ' "$f")" = 1
  expect "header: $f gives its count ($words)" "$(grep -c "^# Words: $words\$" "$f")" = 1
done

# That the imported lists are their sources word for word is make
# test-public's check (tests/public.sh), which reads the sources.

# ------------------------------------------------------------------
# optle lists: the names, dates, counts and lists hashes (computed from
# the embedded words), advice's fixed openers (normal, hard, ultrahard;
# advice.h), the alias, the sources.  Each opener is one of its list's
# guesses (the last column: the guess file), else advice would silently
# use SALET.
if check "lists" 0 out "nyt-2023-07" "$OPTLE" lists; then
  while read -r name date answers guesses hash opener hard ultra gfile; do
    row=$(awk -v n="$name" '$1 == n { print $2, $3, $4, $5, $6, $7, $8; exit }' "$tmp/out")
    expect "lists: $name row" "$row" = "$date $answers $guesses $hash $opener $hard $ultra"
    for w in $opener $hard $ultra; do
      [[ $w == - ]] && continue
      expect "lists: $name's opener $w is one of its guesses" "$(grep -cx "$w" "$wl/$gfile")" = 1
    done
  done <<'EOF'
small 2022-02 50 50 a769d96ef27b0abc - - - small.txt
medium 2022-02 200 200 5d2bd79e8a8fb6fe - - - medium.txt
large 2022-02 500 500 2c83967b554b600a - - - large.txt
original 2022-01 2315 12972 98838a528640bd3b salet salet salet original-guesses.txt
nyt-2022-02 2022-02 2309 12947 73bf96122ff9b3d2 salet salet salet nyt-guesses.txt
nyt-2022-08 2022-08-30 2309 14855 055c4d76c999a914 tarse salet salet nyt-2022-08-guesses.txt
nyt-2023-07 2023-07-01 3158 14855 b23eaa2fed469155 tarse tarse plast nyt-2022-08-guesses.txt
original-all 2022-01 12972 12972 6f3296cd4d42ae0c lants - - original-guesses.txt
nyt-2022-02-all 2022-02 12947 12947 5c1cca01fa3bb477 lants - - nyt-guesses.txt
nyt-2022-08-all 2022-08-30 14855 14855 2b1c1774a22abc3e lants - - nyt-2022-08-guesses.txt
EOF
  has "lists: the alias" "(nyt is another name for nyt-2023-07)"
  has "lists: a source" "wordlist_nyt20230701_hidden"
  has "lists: the files" "wordlists/nyt-2023-07-answers.txt, wordlists/nyt-2022-08-guesses.txt"
  has "lists: every word an answer" "wordlists/nyt-guesses.txt (answers and guesses)"
fi
# Every word an answer (issue 47): the named lists are the guess files as
# both lists, and Selby's bighidden LANTS tree (alex1770/wordle, MIT,
# tests/fixtures/alex1770) verifies against the name with its total.
check "bighidden: Selby's LANTS tree on nyt-2022-02-all" 0 out "valid" \
  "$OPTLE" verify tests/fixtures/alex1770/lants.bighidden.nyt-2022-02.selby.tree --list nyt-2022-02-all
has "bighidden: its total" "total         52777"
has "bighidden: its list" "nyt-2022-02-all (12947 answers, 12947 guesses)"
# A comment indented by more blanks than a word's line holds (64 bytes
# are read before a long line is judged): read as a comment.
{ echo crane; printf '%70s' ''; echo '# note'; echo slate; } >"$tmp/indented.txt"
check "a comment indented by 70 blanks" 0 out "total         3" \
  "$OPTLE" solve --answers "$tmp/indented.txt"
# Blanks after a word past the buffer are dropped as blanks before it.
{ echo crane; printf 'slate%70s\n' ''; } >"$tmp/trailing.txt"
check "a word followed by 70 blanks" 0 out "total         3" "$OPTLE" solve --answers "$tmp/trailing.txt"
{ echo crane; printf 'slate%70sx\n' ''; } >"$tmp/trailing-x.txt"
check_usage "a word, 70 blanks and more: too long" "trailing-x.txt:2: line too long" \
  "$OPTLE" solve --answers "$tmp/trailing-x.txt"
check "lists --help" 0 out "usage: optle lists" "$OPTLE" lists --help
check "--help names the lists command" 0 out "lists " "$OPTLE" --help
check "--help names the lists" 0 out "nyt-2023-07" "$OPTLE" --help
check_usage "lists: no arguments" "'x': unexpected argument for 'lists'" "$OPTLE" lists x
check_usage "lists: no options" "--list: unknown option for 'lists'" "$OPTLE" lists --list nyt-2022-02

# Loading by name: counts, the alias, and the same words from the files.
while read -r name answers guesses; do
  check "--list $name" 0 out "$answers answers, $guesses allowed guesses" "$OPTLE" play --list "$name" --answer aback
done <<'EOF'
original 2315 12972
nyt-2022-02 2309 12947
nyt 3158 14855
NYT-2022-08 2309 14855
nyt-2022-08 2309 14855
nyt-2023-07 3158 14855
EOF

# Unknown names list the known ones (status 2, one line).
check_usage "unknown list" "--list 'nyt-2024': unknown list (known: small, medium, large, original, nyt-2022-02, nyt-2022-08, nyt-2023-07 (or nyt), original-all, nyt-2022-02-all, nyt-2022-08-all)" \
  "$OPTLE" solve --list nyt-2024
check_usage "unknown list, verify" "unknown list (did you mean 'nyt'?) (known: small" "$OPTLE" verify x.json --list NYTT
check_usage "unknown list, next" "unknown list (known: small" "$OPTLE" next --list original-2022
check_usage "unknown list, play" "unknown list (known: small" "$OPTLE" play --list bogus --answer cigar
check_usage "unknown list, simulate" "unknown list (known: small" "$OPTLE" simulate --list x

# ------------------------------------------------------------------
# Golden values: the published exact optima of each version's best first
# guess (normal mode), proven from the embedded lists.  Each tree is
# written, verified with the lists it records (no list options), and
# solved again with 1 thread for the same tree hash, except nyt-2023-07's:
# its 2-thread proof takes 15-40 s on the 2-core development machine and a
# 1-thread run as long again, so that comparison runs only with
# OPTLE_TEST_SLOW=1 (the tree hash is the same at any thread count by
# construction, docs/search.md, and the two lists before check it);
# under a sanitizer build (several times slower) nyt-2023-07 is skipped.
out=$tmp/golden
mkdir -p "$out"
golden() { # golden LIST WORD TOTAL AVERAGE ONE_THREAD(1/0)
  local list=$1 word=$2 total=$3 avg=$4 one=$5 name="golden: --list $1 --first $2"
  if ! check "$name" 0 out "total         $total" \
    "$OPTLE" solve --list "$list" --first "$word" --threads 2 -o "$out/$list.json" -o "$out/$list.txt"; then
    return
  fi
  expect "$name: average" "$(summary_value average)" = "$avg"
  local hash2
  hash2=$(summary_value "tree hash")
  check "$name: verify, the lists from the tree" 0 out "expected      $total: matches" \
    "$OPTLE" verify "$out/$list.json" --expect "$total" --max-guesses 6
  has "$name: verify names the list" "recorded      list $list, lists hash"
  check "$name: verify the text tree" 0 out "total         $total" \
    "$OPTLE" verify "$out/$list.txt" --list "$list" --expect "$total"
  if [ "$one" = 1 ]; then
    check "$name, 1 thread" 0 out "total         $total" \
      "$OPTLE" solve --list "$list" --first "$word" --threads 1 -o "$out/$list-t1.json"
    expect "$name: the same tree hash with 1 and 2 threads" "$(summary_value "tree hash")" = "$hash2"
    same_file "$name: the same JSON with 1 and 2 threads" "$out/$list-t1.json" "$out/$list.json"
  fi
}
golden original salet 7920 3.4212 1
golden nyt-2022-08 tarse 7883 3.4140 1
if [ "$sanitized" = 1 ]; then
  skip "golden: --list nyt-2023-07 --first tarse (sanitizer build: minutes)"
elif [ "${OPTLE_TEST_SLOW:-0}" = 1 ]; then
  golden nyt-2023-07 tarse 11219 3.5526 1
else
  golden nyt-2023-07 tarse 11219 3.5526 0
  note "nyt-2023-07 TARSE with 1 thread as well: make test-slow (as long again)"
fi

# ------------------------------------------------------------------

if [ "$skipped" -gt 0 ]; then
  printf '%d passed, %d failed, %d skipped\n' "$passed" "$failed" "$skipped"
else
  printf '%d passed, %d failed\n' "$passed" "$failed"
fi
[ "$failed" -eq 0 ]
