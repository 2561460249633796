#!/usr/bin/env bash
# tests/public.sh: make test-public.  Every published tree in a folder
# of other solvers' files, verified against its published total and
# worst case, and through every writer of optle and back; optionally the
# imported word lists against their sources.
#
#   make test-public PUBLIC_TREES=DIR [PUBLIC_LISTS=DIR]
#
# These files carry no licence, so they are not in the repository (make
# test tests each format with files optle writes and hand-written
# quirks instead).  The table below names every file this knows, with
# its lists (all embedded in optle) and its figures; a file in DIR that
# the table does not name is a failure, and so is a named file that is
# missing.  PUBLIC_LISTS, when given, is a folder holding the imported
# lists' sources (original-answers.txt, original-guesses.txt,
# nyt-2022-08-guesses.txt, nyt-2023-07-answers.txt): each must hold the
# words of wordlists/ in the same order.  The last line is "N passed, M
# failed".
# shellcheck disable=SC2034 # read by lib.sh
harness=public
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$OPTLE" ] || { echo "optle binary not found at $OPTLE (run make)"; exit 2; }
dir=${PUBLIC_TREES:-}
if [ -z "$dir" ] || [ ! -d "$dir" ]; then
  echo "tests/public.sh: PUBLIC_TREES must name a folder of published trees (got '${dir}')" >&2
  exit 2
fi

# file total most format rules lists...
manifest() {
  cat <<'EOF'
salet.original.olson.js 7920 5 map normal --list original
salet.hard.original.olson.js 8129 6 map hard --list original
salet.nyt-2022-02.koppel.txt 7897 5 path normal --list nyt-2022-02
tarse.nyt-2022-08.koppel.txt 7883 6 path normal --list nyt-2022-08
tarse.nyt-2022-08.koppel-compressed.txt 7883 6 compressed normal --list nyt-2022-08
slate.nyt-answers-only.koppel.txt 7951 6 path normal --answers wordlists/nyt-answers.txt
EOF
}

out=$tmp/x
mkdir -p "$out"
while read -r file total most format rules lists; do
  f=$dir/$file
  if [ ! -r "$f" ]; then
    fail "$file: not in $dir"
    continue
  fi
  read -ra L <<<"$lists"
  R=()
  [ "$rules" = hard ] && R=(--hard)
  if check "$file: verify" 0 out "format        $format" \
    "$OPTLE" verify "$f" "${L[@]}" "${R[@]}" --expect "$total"; then
    expect "$file: total $total" "$(summary_value total)" = "$total"
    expect "$file: at most $most guesses" "$(summary_value 'most guesses')" = "$most"
  fi
  hash=$(summary_value "tree hash")
  # Every writer, and back: the same tree.
  for e in json txt paths cpaths map.json mjs; do
    if check "$file: export .$e" 0 out "" "$OPTLE" export "$f" "${L[@]}" "${R[@]}" -o "$out/t.$e"; then
      run "$OPTLE" verify "$out/t.$e" "${L[@]}" "${R[@]}" --expect "$total"
      expect "$file: .$e verifies at $total" "$rc" = 0
      expect "$file: .$e is the same tree" "$(summary_value "tree hash")" = "$hash"
    fi
  done
done < <(manifest)

# Selby's bighidden trees (every word an answer, issue 47; MIT, in the
# folder above the public ones, or SELBY_TREES): each against its named
# list, with its total and most guesses (CHOMP: hard, within 7).
selby=${SELBY_TREES:-$dir/..}
while read -r file list total most rules; do
  f=$selby/$file
  if [ ! -r "$f" ]; then
    skip "$file: not in $selby (SELBY_TREES)"
    continue
  fi
  R=()
  [ "$rules" = hard7 ] && R=(--hard --max-guesses 7)
  if check "$file: verify against $list" 0 out "valid" \
    "$OPTLE" verify "$f" --list "$list" "${R[@]}" --expect "$total"; then
    expect "$file: total $total" "$(summary_value total)" = "$total"
    expect "$file: at most $most guesses" "$(summary_value 'most guesses')" = "$most"
  fi
done <<'EOF'
lants.bighidden.nyt-2022-02.selby.tree nyt-2022-02-all 52777 6 normal
lants.bighidden.original.selby.tree original-all 52896 6 normal
chomp.bighidden.hard7.nyt-2022-02.selby.tree nyt-2022-02-all 59892 7 hard7
chomp.bighidden.hard7.original.selby.tree original-all 60057 7 hard7
EOF

# The hard-mode rule: the normal-mode tree breaks it somewhere.
if [ -r "$dir/salet.original.olson.js" ]; then
  check "the normal-mode tree breaks hard mode" 1 err "not allowed in hard mode" \
    "$OPTLE" verify "$dir/salet.original.olson.js" --list original --hard
fi
# The two TARSE files are one tree, line for line.
c=$dir/tarse.nyt-2022-08.koppel-compressed.txt p=$dir/tarse.nyt-2022-08.koppel.txt
if [ -r "$c" ] && [ -r "$p" ]; then
  check "TARSE: compressed -> path lines" 0 out "" \
    "$OPTLE" export "$c" --list nyt-2022-08 -o "$out/tarse.paths"
  sort "$out/tarse.paths" >"$tmp/a"
  sort "$p" >"$tmp/b"
  if cmp -s "$tmp/a" "$tmp/b"; then pass; else fail "TARSE: the same lines as the published path lines"; fi
fi
# Every file in the folder is one the table names.
for f in "$dir"/*; do
  [ -f "$f" ] || continue
  case $(basename "$f") in README* | LICENSE*) continue ;; esac
  if manifest | cut -d' ' -f1 | grep -qxF "$(basename "$f")"; then pass; else
    fail "$f: not in tests/public.sh's table (add its lists and published figures)"
  fi
done

# The imported lists against their sources.
if [ -n "${PUBLIC_LISTS:-}" ]; then
  for f in original-answers original-guesses nyt-2022-08-guesses nyt-2023-07-answers; do
    if [ ! -r "$PUBLIC_LISTS/$f.txt" ]; then
      fail "source: $PUBLIC_LISTS/$f.txt not found"
    elif grep -v '^#' "wordlists/$f.txt" | cmp -s - "$PUBLIC_LISTS/$f.txt"; then pass; else
      fail "source: wordlists/$f.txt has the words of $PUBLIC_LISTS/$f.txt"
    fi
  done
fi

printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
