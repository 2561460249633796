# completions/optle.bash: bash completion for optle and optle-mpi.
#
# `make install` puts it in $(PREFIX)/share/bash-completion/completions/
# as "optle" (and as "optle-mpi" beside optle-mpi), where the
# bash-completion package loads it the first time either is completed;
# without that package, source it from ~/.bashrc:
#   . /usr/local/share/bash-completion/completions/optle
# optle-mpi (docs/cluster.md) is optle with the same commands and
# options, so one function completes both, asking the binary typed.
#
# It completes commands (and `help COMMAND`), each command's options,
# the values of --list (the named lists), --strategy and --strategies
# (the strategies, rollout:RULE: for each greedy rule; --strategies
# completes the item after the last comma), --format, --answers-from and
# --objective, file names for options whose argument is a FILE and for
# the TREE of verify and export; other arguments (numbers, words) get
# nothing.  It
# also completes --opt=VALUE and values containing ':' (rollout:...),
# whatever COMP_WORDBREAKS splits.
#
# Everything it offers comes from the optle being completed (the first
# word, as typed, else optle on PATH), through `optle --complete` (cli.h):
# the commands, each command's options from the option table and their
# argument names, and the fixed sets of values.  So it always matches
# the binary, and repeats no table here; only which commands take a tree
# file as their positional argument is written below.
#
# Needs only bash (compgen, compopt), not the bash-completion package.

# _optle_words OPTLE WHAT [ARG]: optle --complete's words, nothing on error.
_optle_words() {
  "$1" --complete "${@:2}" 2>/dev/null
}

_optle() {
  COMPREPLY=()
  local optle=${COMP_WORDS[0]}
  if [[ $optle == */* ]]; then
    [[ -x $optle ]] || optle=optle
  elif ! type -P -- "$optle" >/dev/null; then
    optle=optle
  fi

  # The words as typed, split at blanks only: COMP_LINE up to the cursor
  # (COMP_WORDS splits at '=' and ':' too).  tok is the word at the cursor.
  local line=${COMP_LINE-} tok
  line=${line:0:${COMP_POINT:-${#line}}}
  local -a words
  if [[ -n $line ]]; then
    read -ra words <<<"$line"
    if [[ $line == *[[:space:]] ]]; then
      words+=("")
    fi
  else
    words=("${COMP_WORDS[@]:0:COMP_CWORD+1}")
  fi
  local cword=$((${#words[@]} - 1))
  tok=${words[cword]}
  local prev=""
  ((cword > 0)) && prev=${words[cword - 1]}

  # Candidates, each a whole tok (what the word at the cursor becomes).
  local -a cands=()
  local cmd=${words[1]:-}
  if ((cword == 1)); then
    if [[ $tok == -* ]]; then
      mapfile -t cands < <(compgen -W "--help --version" -- "$tok")
    else
      mapfile -t cands < <(compgen -W "$(_optle_words "$optle" commands)" -- "$tok")
    fi
  elif [[ $cmd == help ]]; then
    ((cword == 2)) && mapfile -t cands < <(compgen -W "$(_optle_words "$optle" commands)" -- "$tok")
  else
    # This command's options: "FLAG" or "FLAG ARG" a line.
    local -A arg_of=()
    local flag arg
    while read -r flag arg; do
      [[ -n $flag ]] && arg_of[$flag]=${arg:--}
    done < <(_optle_words "$optle" options "$cmd")
    ((${#arg_of[@]})) || return 0 # not a command optle knows

    # The option whose value is at the cursor, and the value typed so far.
    local opt="" head="" value=$tok
    if [[ $tok == --*=* ]]; then
      opt=${tok%%=*}
      head="$opt="
      value=${tok#*=}
    elif [[ -n ${arg_of[$prev]:-} && ${arg_of[$prev]} != - ]]; then
      opt=$prev
    fi
    if [[ -n $opt ]]; then
      [[ -n ${arg_of[$opt]:-} && ${arg_of[$opt]} != - ]] || return 0
      if [[ $opt == --strategies ]]; then # a comma-separated list: its last item
        [[ $value == *,* ]] && head+=${value%,*}, && value=${value##*,}
      fi
      local values
      values=$(_optle_words "$optle" values "$opt")
      if [[ -n $values ]]; then
        mapfile -t cands < <(compgen -W "$values" -- "$value")
      elif [[ ${arg_of[$opt]} == FILE ]]; then
        compopt -o filenames 2>/dev/null
        mapfile -t cands < <(compgen -f -- "$value")
      fi
      local i
      for i in "${!cands[@]}"; do cands[i]=$head${cands[i]}; done
    elif [[ $tok == -* ]]; then
      mapfile -t cands < <(compgen -W "${!arg_of[*]}" -- "$tok")
    elif [[ $cmd == verify || $cmd == export ]]; then # TREE, a file
      compopt -o filenames 2>/dev/null
      mapfile -t cands < <(compgen -f -- "$tok")
    fi
  fi

  # readline replaces only the text after tok's last COMP_WORDBREAKS
  # character ("--list=ny": "ny"): drop what comes before it.
  local breaks=${COMP_WORDBREAKS-$' \t\n"\'@><=;|&(:'} cut=0 k
  for ((k = 0; k < ${#tok}; k++)); do
    [[ $breaks == *"${tok:k:1}"* ]] && cut=$((k + 1))
  done
  local c
  for c in "${cands[@]}"; do COMPREPLY+=("${c:cut}"); done
  # rollout:RULE: goes on with its count: no space after it.
  if ((${#cands[@]} == 1)) && [[ ${cands[0]} == *: ]]; then
    compopt -o nospace 2>/dev/null
  fi
  return 0
}
complete -F _optle optle optle-mpi
