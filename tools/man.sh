#!/usr/bin/env bash
# tools/man.sh [OPTLE [TEMPLATE]]: the man page on stdout (make man writes
# it to optle.1).  TEMPLATE (default optle.1.in) is the
# hand-written roff; in it @VERSION@ becomes the file VERSION's number
# (not the commit, so the page changes only with the code), and a line
# @commands@, @summary@ or @lists@ becomes `OPTLE --help-roff` of that
# section: the commands, their options and the named lists, generated
# from the tables --help is (cli.h, help.h).  OPTLE defaults to ./optle.
set -euo pipefail
cd "$(dirname "$0")/.."
optle=${1:-./optle}
template=${2:-optle.1.in}
version=$(cat VERSION)
while IFS= read -r line || [ -n "$line" ]; do
  case $line in
  @commands@ | @summary@ | @lists@)
    section=${line#@}
    "$optle" --help-roff "${section%@}"
    ;;
  *) printf '%s\n' "${line//@VERSION@/$version}" ;;
  esac
done <"$template"
