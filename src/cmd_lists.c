/*
 * cmd_lists.c: `optle lists`: the named lists embedded in the binary
 * (lists.h), with their dates, counts, lists hashes, advice's fixed
 * openers and sources.  The counts and hashes are computed from the
 * embedded words, not stored.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "help.h"
#include "lists.h"
#include "opts.h"
#include "util.h"
#include "words.h"

static const optuse lists_opts[] = {
    OPT_USE_END,
};

const cmd_doc lists_doc = {
    .name = "lists",
    .summary = "the named word lists embedded in optle: dates, counts, sources",
    .usage = "optle lists",
    .about = "The named lists embedded in optle (--list NAME): each one's name, date, number\n"
             "of answers and allowed guesses, lists hash (the one JSON trees record), the\n"
             "fixed openers of next, analyse and play before a first guess (the normal\n"
             "rules, the hard ones and ultrahard: the best of the list's published tables,\n"
             "or of optle's root proof; - for none, then salet), source and files.",
    .opts = lists_opts,
    .exit = "0 listed, 2 bad usage, 3 internal error",
};

int cmd_lists(int argc, char **argv) {
  optle_args a;
  bool help = false;
  int rc = parse_options("lists", lists_opts, argc, argv, &a, &help, NULL);
  if (rc) return rc;
  if (help) {
    help_text(stdout, &lists_doc);
    return EXIT_OK;
  }
  int w = 0; /* the name column: the longest name */
  for (int i = 0; i < lists_count(); i++) {
    int len = (int)strlen(lists_at(i)->name);
    if (len > w) w = len;
  }
  printf("%-*s %-11s %8s %8s  %-16s  %-6s %-6s %s\n", w, "name", "date", "answers", "guesses",
         "lists hash", "opener", "hard", "ultrahard");
  for (int i = 0; i < lists_count(); i++) {
    const lists_named *l = lists_at(i);
    wordlist ans, gue;
    if (lists_words(l, &ans, &gue)) {
      fprintf(stderr, "optle: internal error: %s\n", err_msg());
      return EXIT_INTERNAL;
    }
    char hex[WORDS_HASH_HEX];
    words_hash_hex(words_lists_hash(&ans, &gue), hex);
    const char *op[3] = {lists_opener(l, RULES_NORMAL), lists_opener(l, RULES_HARD),
                         lists_opener(l, RULES_ULTRAHARD)};
    for (int k = 0; k < 3; k++)
      if (!op[k]) op[k] = "-";
    printf("%-*s %-11s %8d %8d  %-16s  %-6s %-6s %s\n", w, l->name, l->date, ans.n, gue.n, hex,
           op[0], op[1], op[2]);
    words_free(&ans);
    words_free(&gue);
  }
  for (int i = 0; i < lists_count(); i++)
    if (lists_at(i)->alias)
      printf("(%s is another name for %s)\n", lists_at(i)->alias, lists_at(i)->name);
  printf("\nsources:\n");
  for (int i = 0; i < lists_count(); i++) {
    const lists_named *l = lists_at(i);
    printf("  %-*s %s\n", w, l->name, l->about);
    if (l->gfile) printf("  %-*s %s, %s\n", w, "", l->afile, l->gfile);
    else printf("  %-*s %s (answers and guesses)\n", w, "", l->afile);
  }
  return EXIT_OK;
}
