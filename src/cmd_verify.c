/*
 * cmd_verify.c: `optle verify TREE` and `optle export TREE`.
 *
 * Both read a tree in any format treeread.h reads and check it in full
 * (verify.h) against the lists the options name; verify prints the
 * report, export writes the tree again as JSON, text, DOT, one of the
 * public formats or the explorer page (treehtml.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "help.h"
#include "game.h"
#include "opts.h"
#include "rules.h"
#include "tree.h"
#include "treeio.h"
#include "treeread.h"
#include "util.h"
#include "verify.h"

/* ------------------------------------------------------------------ */
/* Shared                                                               */

/* Load the lists (the options, else the JSON tree's recorded list;
 * opts.h opts_load_tree_game()) and check the tree, under *rules: the rules
 * the options give or the ones a JSON tree records, whichever is
 * stricter (rules.h orders them: ultrahard allows no guess hard-gray
 * forbids, hard-gray none hard mode does, hard mode none the normal rules
 * do), so a tree's own claim is always checked.
 * Prints the problem and returns the exit status on failure. */
static int load_and_verify(const char *cmd, const list_args *l, const char *path, bool force,
                           int max_guesses, rules_mode *rules, game *g, tnode **t,
                           treeread_info *info) {
  tree_file tf;
  int rc = opts_load_tree_words(cmd, l, path, "", force, NULL, g, &tf);
  if (rc) return rc;
  rc = verify_mem(tf.data, tf.len, path, g, max_guesses, t, info);
  bool defaulted = tf.list_defaulted;
  opts_tree_release(&tf);
  if (!rc) {
    if (info->rules > *rules) *rules = info->rules;
    rc = verify_rules(*t, g, *rules, info, path);
    if (rc) {
      tree_free(*t);
      *t = NULL;
    }
  }
  if (rc) {
    err_print();
    if (defaulted) /* the likelier cause: the tree is for other lists */
      fprintf(stderr, "optle: (checked against the default list %s: the tree does not record "
                      "its lists; give --list NAME or --answers FILE)\n", g->list);
    treeread_info_free(info);
    game_free(g);
  }
  return rc;
}

/* ------------------------------------------------------------------ */
/* verify                                                               */

static const optuse verify_opts[] = {
    OPT_USE_LISTS,
    OPT_USE_DEFAULT(MAX_GUESSES, -1, "check that no answer needs more than N guesses (default: a JSON file's own max_guesses; 0 = none)"),
    OPT_USE(EXPECT),
    OPT_USE(FORCE),
    OPT_USE_HELP(HARD, "check that every guess keeps hard mode's rule (as does a JSON tree\n"
                       "                         that records \"rules\": \"hard\")"),
    OPT_USE_HELP(HARDGRAY, "check hard mode's rule, and that no letter shown gray comes back"),
    OPT_USE_HELP(ULTRAHARD, "check that every guess could still be the answer"),
    OPT_USE_HELP(QUIET, "print nothing when the tree is valid (problems still go to stderr)"),
    OPT_USE_END,
};

const cmd_doc verify_doc = {
    .name = "verify",
    .summary = "check a tree file (JSON or text) against the word lists",
    .usage = "optle verify TREE [--list NAME | --answers FILE [--guesses FILE]] [options]",
    .about = "Check a strategy tree file against the word lists: optle's JSON, the text format\n"
             "(Selby's, optle's own text output), path lines (compressed or not) or map JSON\n"
             "(plain or as an ES module), told apart by content.  Every guess must be\n"
             "allowed, the same history must always lead to the same guess, every pattern must be\n"
             "the feedback its answer gives, every answer must end exactly once at its own guess,\n"
             "stored totals must add up, and a JSON tree must keep to its own max_guesses (unless\n"
             "--max-guesses gives another limit).  Prints a report ending 'valid'; TREE '-' is\n"
             "stdin.\n"
             "Without list options, the lists are the named list or the list files a JSON\n"
             "tree records (solve --answers FILE records the files' absolute paths; a file\n"
             "moved since is refused, status 2); a JSON tree whose recorded lists hash is not\n"
             "the lists' (a recorded file changed since) is refused (status 2) unless --force.",
    .opts = verify_opts,
    .exit = "0 valid, 1 invalid (the first problem on stderr) or not the\n"
            "             --expect total, 2 bad usage or unusable input (unreadable, malformed,\n"
            "             unknown word), 3 out of memory or internal error",
};

int cmd_verify(int argc, char **argv) {
  optle_args a;
  bool help = false;
  char *pv[1];
  positionals pos = {pv, 0, 1, NULL};
  int rc = parse_options("verify", verify_opts, argc, argv, &a, &help, &pos);
  if (rc) return rc;
  if (help) {
    help_text(stdout, &verify_doc);
    return EXIT_OK;
  }
  rules_mode rules;
  if ((rc = opts_rules("verify ", &a, &rules, NULL))) return rc;
  if (pos.n == 0) return usage_error("verify ", "give the tree file to verify");
  const char *path = pos.v[0];

  double t0 = now_seconds();
  game g;
  tnode *t = NULL;
  treeread_info info;
  rc = load_and_verify("verify ", &a.l, path, a.force, a.max_guesses, &rules, &g, &t, &info);
  if (rc) return rc;
  double t1 = now_seconds();

  int status = EXIT_OK;
  if (a.expect >= 0 && a.expect != t->total) {
    /* escaped: the path is the user's */
    err_say("%s: the total is %d, not the expected %d", path, t->total, a.expect);
    status = VERIFY_INVALID;
  }
  if (!a.quiet) { /* --quiet: only a problem, on stderr */
    verify_report(stdout, path, t, &g, &info, a.max_guesses);
    if (rules != RULES_NORMAL || info.has_rules) {
      char rec[32] = "";
      if (info.has_rules)
        snprintf(rec, sizeof rec, info.rules == rules ? " (as recorded)" : " (recorded: %s)",
                 rules_name(info.rules));
      printf("rules         %s%s%s\n", rules_name(rules),
             rules != RULES_NORMAL ? ": every guess on every path allowed" : "", rec);
    }
    if (a.expect >= 0)
      printf("expected      %d: %s\n", a.expect, status ? "MISMATCH" : "matches");
    printf("time          %.2f s (lists %.2f s, read and check %.2f s)\n", t1 - t0,
           g.load_seconds, t1 - t0 - g.load_seconds);
    printf(status           ? "valid tree, but not the expected total\n"
           : !info.unproven ? "valid\n"
           : treeread_optimal(&info, t->total)
               ? "valid (optimal: its total is its proven lower bound)\n"
               : "valid (not proven optimal)\n");
  }
  tree_free(t);
  treeread_info_free(&info);
  game_free(&g);
  return status;
}

/* ------------------------------------------------------------------ */
/* export                                                               */

static const optuse export_opts[] = {
    OPT_USE_LISTS,
    OPT_USE(FORMAT),
    OPT_USE_HELP(OUT, "write here, whole or not at all (default: standard output); repeatable,\n"
                      "                         each file in its extension's format"),
    OPT_USE(DEPTH),
    OPT_USE_DEFAULT(MAX_GUESSES, -1, "check this guess limit instead of a JSON file's own, and write it as JSON's max_guesses (0 = none)"),
    OPT_USE(FORCE),
    OPT_USE_HELP(HARD, "check hard mode's rule first, and record it in JSON"),
    OPT_USE_HELP(HARDGRAY, "check hard-gray's rule first, and record it in JSON"),
    OPT_USE_HELP(ULTRAHARD, "check ultrahard's rule first, and record it in JSON"),
    OPT_USE_END,
};

const cmd_doc export_doc = {
    .name = "export",
    .summary = "write a tree as JSON, text, Graphviz, an HTML explorer or others' formats",
    .usage = "optle export TREE [--list NAME | --answers FILE [--guesses FILE]]\n"
             "                    [--format json|text|dot|svg|png|html|paths|cpaths|map|mjs] [-o FILE]\n"
             "                    [options]",
    .about = "Read a tree (any format verify reads), check it in full, and write it as\n"
             "optle's JSON, the text format, Graphviz DOT or its picture (svg, png: drawn by\n"
             "Graphviz's dot, package graphviz), or in another solver's format: path lines\n"
             "(paths: one line per answer, so one grep finds its path), compressed path lines\n"
             "(cpaths), map JSON (map) or map JSON as an ES module (mjs); or as the tree\n"
             "explorer (html: one self-contained page to open in a browser, with nothing\n"
             "loaded from the network).  An invalid tree is refused with verify's exit status\n"
             "and message.  JSON's max_guesses (and the page's guess limit) is --max-guesses\n"
             "if given, else the input JSON's, else 6 when every answer takes at most 6\n"
             "guesses and 0 (none) otherwise (a JSON tree that breaks its own max_guesses is\n"
             "invalid unless --max-guesses says otherwise).  The lists are found as verify\n"
             "finds them.  Each -o file gets --format, or its extension's format.",
    .opts = export_opts,
    .exit = "0 written, 1 invalid tree, 2 bad usage or unusable input,\n"
            "             3 out of memory or internal error",
};

/* The options, and the checks that need no lists: the files to write
 * (dest[0..ndest): -o, else standard output) and their formats
 * (opts.h opts_tree_outputs()).  *help: --help was asked for (and
 * printed). */
static int export_options(int argc, char **argv, optle_args *a, positionals *pos,
                          rules_mode *rules, bool *help, const char *const **dest, int *ndest,
                          treefmt *f) {
  static const char *const std_out[] = {"-"};
  int rc = parse_options("export", export_opts, argc, argv, a, help, pos);
  if (rc) return rc;
  if (*help) {
    help_text(stdout, &export_doc);
    return EXIT_OK;
  }
  if ((rc = opts_rules("export ", a, rules, NULL))) return rc;
  if (pos->n == 0) return usage_error("export ", "give the tree file to export");
  if (outputs_clash("export ", &a->out, "tree file", pos->v[0])) return EXIT_USAGE;
  *dest = a->out.n ? a->out.paths : std_out;
  *ndest = a->out.n ? a->out.n : 1;
  return opts_tree_outputs("export ", a, *dest, *ndest, true, f);
}

/* The guess limit written (JSON's max_guesses, the page's): --max-guesses
 * if given, else the input JSON's, else 6 when every answer takes at most
 * 6 guesses and 0 (none) otherwise. */
static int file_limit_of(int max_guesses, const treeread_info *info, const tnode *t) {
  if (max_guesses < 0 && info->format == TREEFMT_JSON) max_guesses = info->max_guesses;
  if (max_guesses >= 0) return max_guesses;
  tree_summary s;
  tree_summarize(t, &s);
  return s.most <= 6 ? 6 : 0;
}

int cmd_export(int argc, char **argv) {
  optle_args a;
  rules_mode rules;
  bool help = false;
  char *pv[1];
  positionals pos = {pv, 0, 1, NULL};
  const char *const *dest = NULL;
  int ndest = 0;
  treefmt format;
  int rc = export_options(argc, argv, &a, &pos, &rules, &help, &dest, &ndest, &format);
  if (rc || help) return rc;

  game g;
  tnode *t = NULL;
  treeread_info info;
  if ((rc = load_and_verify("export ", &a.l, pos.v[0], a.force, a.max_guesses, &rules, &g, &t,
                            &info)))
    return rc;
  /* -o never names the list files either, those the tree records
   * included: the tree could not be checked again. */
  if (outputs_clash_lists("export ", &a.out, &g)) {
    tree_free(t);
    treeread_info_free(&info);
    game_free(&g);
    return EXIT_USAGE;
  }
  /* The page shows the rules checked and the objective recorded. */
  treeio_job job = {.t = t, .g = &g, .format = format,
                    .max_guesses = file_limit_of(a.max_guesses, &info, t), .rules = rules,
                    .objective = info.objective, .unproven = info.unproven,
                    .lower_bound = info.lower_bound, .depth = a.depth,
                    .source = strcmp(pos.v[0], "-") ? pos.v[0] : NULL};
  outset o;
  rc = EXIT_OK;
  if (outs_open(&o, dest, ndest) || outs_write(&o, treeio_out_writer, &job)) rc = EXIT_USAGE;
  if (treeio_job_unproven(&job)) outputs_note_unmarked(&o, format);
  tree_free(t);
  treeread_info_free(&info);
  game_free(&g);
  return rc;
}
