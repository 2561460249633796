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
#include "dot.h"
#include "game.h"
#include "opts.h"
#include "rules.h"
#include "tree.h"
#include "treeio.h"
#include "treehtml.h"
#include "treeread.h"
#include "util.h"
#include "verify.h"

/* ------------------------------------------------------------------ */
/* Shared                                                               */

/* Load the lists (the options, else the JSON tree's recorded list;
 * opts.h opts_load_tree_game()) and check the tree, under *rules: the rules
 * the options give or the ones a JSON tree records, whichever is
 * stricter (ultrahard allows no guess hard mode forbids, and hard mode
 * none the normal rules do), so a tree's own claim is always checked.
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
    fprintf(stderr, "optle: %s\n", err_msg());
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
             "Without list options, the lists are the named list a JSON tree records; a JSON\n"
             "tree whose recorded lists hash is not the lists' is refused (status 2) unless\n"
             "--force.",
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
    err_set("%s: the total is %d, not the expected %d", path, t->total, a.expect);
    fprintf(stderr, "optle: %s\n", err_msg()); /* escaped: the path is the user's */
    status = VERIFY_INVALID;
  }
  if (!a.quiet) { /* --quiet: only a problem, on stderr */
    verify_report(stdout, path, t, &g, &info, a.max_guesses);
    if (rules != RULES_NORMAL || info.has_rules)
      printf("rules         %s%s%s\n", rules_name(rules),
             rules != RULES_NORMAL ? ": every guess on every path allowed" : "",
             info.has_rules ? (info.rules == rules ? " (as recorded)" : " (recorded: normal)") : "");
    if (a.expect >= 0)
      printf("expected      %d: %s\n", a.expect, status ? "MISMATCH" : "matches");
    printf("time          %.2f s (lists %.2f s, read and check %.2f s)\n", t1 - t0,
           g.load_seconds, t1 - t0 - g.load_seconds);
    printf(status ? "valid tree, but not the expected total\n"
           : info.unproven ? "valid (not proven optimal)\n"
                           : "valid\n");
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
    OPT_USE_HELP(ULTRAHARD, "check ultrahard's rule first, and record it in JSON"),
    OPT_USE_END,
};

const cmd_doc export_doc = {
    .name = "export",
    .summary = "write a checked tree as JSON, text or Graphviz DOT",
    .usage = "optle export TREE [--list NAME | --answers FILE [--guesses FILE]]\n"
             "                    [--format json|text|dot|html|paths|cpaths|map|mjs] [-o FILE] [options]",
    .about = "Read a tree (any format verify reads), check it in full, and write it as\n"
             "optle's JSON, the text format, or Graphviz DOT (render: dot -Tsvg F.dot -o F.svg),\n"
             "or in another solver's format: path lines (paths: one line per answer, so one\n"
             "grep finds its path), compressed path lines (cpaths), map JSON (map) or map JSON\n"
             "as an ES module (mjs); or as the tree explorer (html: one self-contained page to\n"
             "open in a browser, with nothing loaded from the network).  An invalid tree is\n"
             "refused with verify's exit status and message.  JSON's max_guesses (and the\n"
             "page's guess limit) is --max-guesses if given, else the input JSON's, else 6\n"
             "when every answer takes at most 6 guesses and 0 (none) otherwise (a JSON tree\n"
             "that breaks its own max_guesses is invalid unless --max-guesses says otherwise).\n"
             "The lists are found as verify finds them.  Each -o file gets --format, or its\n"
             "extension's format.",
    .opts = export_opts,
    .exit = "0 written, 1 invalid tree, 2 bad usage or unusable input,\n"
            "             3 out of memory or internal error",
};

typedef enum { EXPORT_JSON, EXPORT_TEXT, EXPORT_DOT, EXPORT_HTML, EXPORT_NONE, EXPORT_TREE } export_fmt;

/* --format's names: the writers export has (txt and js are other
 * names for text and mjs, accepted but not offered: cli.h). */
static const struct {
  const char *name;
  export_fmt f;
  treefmt tf; /* EXPORT_TREE: which tree format */
  bool alias;
} formats[] = {{"json", EXPORT_JSON, TREEFMT_JSON, false},
               {"text", EXPORT_TEXT, TREEFMT_TEXT, false},
               {"txt", EXPORT_TEXT, TREEFMT_TEXT, true},
               {"dot", EXPORT_DOT, TREEFMT_NONE, false},
               {"html", EXPORT_HTML, TREEFMT_NONE, false},
               {"htm", EXPORT_HTML, TREEFMT_NONE, true},
               {"paths", EXPORT_TREE, TREEFMT_PATHS, false},
               {"cpaths", EXPORT_TREE, TREEFMT_CPATHS, false},
               {"map", EXPORT_TREE, TREEFMT_MAP, false},
               {"mjs", EXPORT_TREE, TREEFMT_MJS, false},
               {"js", EXPORT_TREE, TREEFMT_MJS, true}};

const char *export_format(int i) {
  for (size_t k = 0; k < sizeof formats / sizeof *formats; k++)
    if (!formats[k].alias && i-- == 0) return formats[k].name;
  return NULL;
}

static export_fmt format_named(const char *s, treefmt *tf) {
  for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
    if (!strcmp(s, formats[i].name)) {
      *tf = formats[i].tf;
      return formats[i].f;
    }
  return EXPORT_NONE;
}

static export_fmt format_of_path(const char *path, treefmt *tf) {
  const char *base = strrchr(path, '/');
  const char *ext = strrchr(base ? base + 1 : path, '.');
  if (!ext) return EXPORT_NONE;
  if (!strcmp(ext, ".gv")) return EXPORT_DOT;
  if ((*tf = treeio_format_of(path)) == TREEFMT_MAP) return EXPORT_TREE; /* .map.json */
  return format_named(ext + 1, tf);
}

/* The tree to write, in the format export was asked for: --format, else
 * each file's extension. */
typedef struct {
  const char *format; /* --format, or NULL */
  const tnode *t;
  const game *g;
  int max_guesses, depth;
  rules_mode rules; /* JSON's "rules" and "objective" */
  objective objective;
  treehtml_meta html; /* EXPORT_HTML */
  bool unproven;      /* the input was marked not proven optimal: so is the output */
  int lower_bound;    /* (JSON and text; treeio.h) */
} export_job;

static export_fmt format_for(const char *format, const char *path, treefmt *tf) {
  return format ? format_named(format, tf) : format_of_path(path, tf);
}

static int export_writer(FILE *fp, const char *path, void *arg) {
  const export_job *j = arg;
  treefmt tf = TREEFMT_NONE;
  treeio_job tj = {.t = j->t, .g = j->g, .max_guesses = j->max_guesses, .rules = j->rules,
                   .objective = j->objective, .unproven = j->unproven,
                   .lower_bound = j->lower_bound};
  switch (format_for(j->format, path, &tf)) {
  case EXPORT_JSON: return treeio_write_job(fp, TREEFMT_JSON, &tj);
  case EXPORT_TEXT: return treeio_write_job(fp, TREEFMT_TEXT, &tj);
  case EXPORT_DOT: return dot_write(fp, j->t, j->g, j->depth);
  case EXPORT_HTML: return treehtml_write(fp, j->t, j->g, &j->html);
  case EXPORT_TREE: return treeio_write(fp, tf, j->t, j->g, j->max_guesses);
  case EXPORT_NONE: break;
  }
  return err_set("no format");
}

/* The options, and the checks that need no lists.  *help: --help was
 * asked for (and printed). */
static int export_options(int argc, char **argv, optle_args *a, positionals *pos,
                          rules_mode *rules, bool *help) {
  int rc = parse_options("export", export_opts, argc, argv, a, help, pos);
  if (rc) return rc;
  if (*help) {
    help_text(stdout, &export_doc);
    return EXIT_OK;
  }
  if ((rc = opts_rules("export ", a, rules, NULL))) return rc;
  if (pos->n == 0) return usage_error("export ", "give the tree file to export");
  if (outputs_clash("export ", &a->out, "tree file", pos->v[0])) return EXIT_USAGE;
  treefmt tf = TREEFMT_NONE;
  if (a->format && format_named(a->format, &tf) == EXPORT_NONE)
    return usage_error("export ", "--format '%s': unknown format (json, text, dot, html, paths, cpaths, "
                       "map or mjs)", a->format);
  return 0;
}

/* Each file to write, dest[0..ndest), in a format export knows (--format,
 * else its extension) and none twice; --depth only for DOT.  0 or
 * EXIT_USAGE. */
static int check_dests(const optle_args *a, const char *const *dest, int ndest) {
  treefmt tf = TREEFMT_NONE;
  bool dot = false;
  for (int i = 0; i < ndest; i++) {
    export_fmt f = format_for(a->format, dest[i], &tf);
    if (f == EXPORT_NONE && strcmp(dest[i], "-"))
      return usage_error("export ", "-o %s: give --format json|text|dot|html|paths|cpaths|map|mjs (the "
                         "extension says none)", dest[i]);
    if (f == EXPORT_NONE)
      return usage_error("export ", "give --format json|text|dot|html|paths|cpaths|map|mjs");
    if (opts_output_twice("export ", dest, i)) return EXIT_USAGE;
    dot |= f == EXPORT_DOT;
  }
  if (a->depth && !dot) return usage_error("export ", "--depth applies to --format dot only");
  return 0;
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
  int rc = export_options(argc, argv, &a, &pos, &rules, &help);
  if (rc || help) return rc;
  static const char *const std_out[] = {"-"};
  const char *const *dest = a.out.n ? a.out.paths : std_out;
  int ndest = a.out.n ? a.out.n : 1;
  if ((rc = check_dests(&a, dest, ndest))) return rc;

  game g;
  tnode *t = NULL;
  treeread_info info;
  if ((rc = load_and_verify("export ", &a.l, pos.v[0], a.force, a.max_guesses, &rules, &g, &t,
                            &info)))
    return rc;
  int file_limit = file_limit_of(a.max_guesses, &info, t);
  /* The page shows the rules checked and the objective recorded. */
  export_job job = {a.format, t, &g, file_limit, a.depth, rules, info.objective,
                    {rules, info.objective, file_limit, strcmp(pos.v[0], "-") ? pos.v[0] : NULL},
                    info.unproven, info.lower_bound};
  outset o;
  rc = EXIT_OK;
  if (outs_open(&o, dest, ndest) || outs_write(&o, export_writer, &job)) rc = EXIT_USAGE;
  tree_free(t);
  treeread_info_free(&info);
  game_free(&g);
  return rc;
}
