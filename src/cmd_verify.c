/*
 * cmd_verify.c: `optle verify TREE` and `optle export TREE`.
 *
 * Both read a tree in any format treeread.h reads and check it in full
 * (verify.h) against the lists the options name; verify prints the
 * report, export writes the tree again as JSON, text or DOT.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dot.h"
#include "game.h"
#include "opts.h"
#include "tree.h"
#include "treeio.h"
#include "treeread.h"
#include "util.h"
#include "verify.h"

/* ------------------------------------------------------------------ */
/* Shared                                                               */

/* --hard is accepted only to say that hard mode does not exist yet. */
static int no_hard_mode(const char *cmd) {
  return usage_error(cmd, "--hard: hard mode is not supported yet (optle's trees and checks "
                          "are for normal mode)");
}

/* Load the lists (the options, else the JSON tree's recorded list;
 * opts.h load_tree_lists()) and check the tree; prints the problem and
 * returns the exit status on failure. */
static int load_and_verify(const char *cmd, const list_args *l, const char *path, bool force,
                           int max_guesses, game *g, tnode **t, treeread_info *info) {
  tree_file tf;
  int rc = load_tree_lists(cmd, l, path, "", force, NULL, g, &tf);
  if (rc) return rc;
  rc = verify_mem(tf.data, tf.len, path, g, max_guesses, t, info);
  tree_file_free(&tf);
  if (rc) {
    fprintf(stderr, "optle: %s\n", err_msg());
    treeread_info_free(info);
    game_free(g);
  }
  return rc;
}

/* ------------------------------------------------------------------ */
/* verify                                                               */

static const optuse verify_opts[] = {
    OPT_USE_LISTS,
    OPT_USE_DEFAULT(MAX_GUESSES, 0, "check that no answer needs more than N guesses (default: no check; 0 = none)"),
    OPT_USE(EXPECT),
    OPT_USE(FORCE),
    OPT_USE_HELP(HARD, "hard mode (not supported yet)"),
    OPT_USE_HELP(QUIET, "print nothing when the tree is valid (problems still go to stderr)"),
    OPT_USE_END,
};

static void verify_help(FILE *fp) {
  fprintf(fp,
          "usage: optle verify TREE [--list NAME | --answers FILE [--guesses FILE]] [options]\n"
          "\n"
          "Check a strategy tree file against the word lists: optle's JSON, the text format\n"
          "(Selby's, optle's own text output), path lines (compressed or not) or map JSON\n"
          "(plain or as an ES module), told apart by content.  Every guess must be\n"
          "allowed, the same history must always lead to the same guess, every pattern must be\n"
          "the feedback its answer gives, every answer must end exactly once at its own guess,\n"
          "and stored totals must add up.  Prints a report ending 'valid'; TREE '-' is stdin.\n"
          "Without list options, the lists are the named list a JSON tree records; a JSON\n"
          "tree whose recorded lists hash is not the lists' is refused (status 2) unless\n"
          "--force.\n"
          "\n");
  print_options(fp, verify_opts);
  fprintf(fp, "\nexit status: 0 valid, 1 invalid (the first problem on stderr) or not the\n"
              "             --expect total, 2 bad usage or unusable input (unreadable, malformed,\n"
              "             unknown word), 3 out of memory or internal error\n");
}

int cmd_verify(int argc, char **argv) {
  optle_args a;
  bool help = false;
  char *pv[1];
  positionals pos = {pv, 0, 1};
  int rc = parse_options("verify", verify_opts, argc, argv, &a, &help, &pos);
  if (rc) return rc;
  if (help) {
    verify_help(stdout);
    return EXIT_OK;
  }
  if (a.hard) return no_hard_mode("verify ");
  if (pos.n == 0) return usage_error("verify ", "give the tree file to verify");
  const char *path = pos.v[0];

  double t0 = now_seconds();
  game g;
  tnode *t = NULL;
  treeread_info info;
  rc = load_and_verify("verify ", &a.l, path, a.force, a.max_guesses, &g, &t, &info);
  if (rc) return rc;
  double t1 = now_seconds();

  int status = EXIT_OK;
  if (a.expect >= 0 && a.expect != t->total) {
    fprintf(stderr, "optle: %s: the total is %d, not the expected %d\n", path, t->total,
            a.expect);
    status = VERIFY_INVALID;
  }
  if (!a.quiet || status) {
    verify_report(stdout, path, t, &g, &info, a.max_guesses);
    if (a.expect >= 0)
      printf("expected      %d: %s\n", a.expect, status ? "MISMATCH" : "matches");
    printf("time          %.2f s (lists and table %.2f s, read and check %.2f s)\n",
           t1 - t0, g.load_seconds, t1 - t0 - g.load_seconds);
    printf("valid\n");
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
    OPT_USE_HELP(OUT, "write here, whole or not at all (default: standard output)"),
    OPT_USE(DEPTH),
    OPT_USE_DEFAULT(MAX_GUESSES, -1, "check this guess limit first, and write it as JSON's max_guesses (0 = none)"),
    OPT_USE(FORCE),
    OPT_USE_HELP(HARD, "hard mode (not supported yet)"),
    OPT_USE_END,
};

static void export_help(FILE *fp) {
  fprintf(fp,
          "usage: optle export TREE [--list NAME | --answers FILE [--guesses FILE]]\n"
          "                    [--format json|text|dot|paths|cpaths|map|mjs] [-o FILE] [options]\n"
          "\n"
          "Read a tree (any format verify reads), check it in full, and write it as\n"
          "optle's JSON, the text format, or Graphviz DOT (render: dot -Tsvg F.dot -o F.svg),\n"
          "or in another solver's format: path lines (paths: one line per answer, so one\n"
          "grep finds its path), compressed path lines (cpaths), map JSON (map) or map JSON\n"
          "as an ES module (mjs).  An invalid tree is refused with verify's exit status and\n"
          "message.  JSON's max_guesses is --max-guesses if given, else the input JSON's,\n"
          "else 6 when every answer takes at most 6 guesses and 0 (none) otherwise.  The\n"
          "lists are found as verify finds them.\n"
          "\n");
  print_options(fp, export_opts);
  fprintf(fp, "\nexit status: 0 written, 1 invalid tree, 2 bad usage or unusable input,\n"
              "             3 out of memory or internal error\n");
}

typedef enum { EXPORT_JSON, EXPORT_TEXT, EXPORT_DOT, EXPORT_NONE, EXPORT_TREE } export_fmt;

/* The tree formats of treeio.h by name (EXPORT_TREE, *tf set). */
static const struct {
  const char *name;
  treefmt f;
} tree_formats[] = {{"paths", TREEFMT_PATHS}, {"cpaths", TREEFMT_CPATHS},
                    {"map", TREEFMT_MAP},     {"mjs", TREEFMT_MJS},
                    {"js", TREEFMT_MJS}};

static export_fmt format_named(const char *s, treefmt *tf) {
  if (!strcmp(s, "json")) return EXPORT_JSON;
  if (!strcmp(s, "text") || !strcmp(s, "txt")) return EXPORT_TEXT;
  if (!strcmp(s, "dot")) return EXPORT_DOT;
  for (size_t i = 0; i < sizeof tree_formats / sizeof *tree_formats; i++)
    if (!strcmp(s, tree_formats[i].name)) {
      *tf = tree_formats[i].f;
      return EXPORT_TREE;
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

/* The tree to write, in the format export was asked for. */
typedef struct {
  export_fmt f;
  treefmt tf; /* EXPORT_TREE: which tree format */
  const tnode *t;
  const game *g;
  int max_guesses, depth;
} export_job;

static int export_writer(FILE *fp, const char *path, void *arg) {
  (void)path;
  const export_job *j = arg;
  switch (j->f) {
  case EXPORT_JSON: return treeio_write(fp, TREEFMT_JSON, j->t, j->g, j->max_guesses);
  case EXPORT_TEXT: return treeio_write(fp, TREEFMT_TEXT, j->t, j->g, j->max_guesses);
  case EXPORT_DOT: return dot_write(fp, j->t, j->g, j->depth);
  case EXPORT_TREE: return treeio_write(fp, j->tf, j->t, j->g, j->max_guesses);
  case EXPORT_NONE: break;
  }
  return err_set("no format");
}

int cmd_export(int argc, char **argv) {
  optle_args a;
  bool help = false;
  char *pv[1];
  positionals pos = {pv, 0, 1};
  int rc = parse_options("export", export_opts, argc, argv, &a, &help, &pos);
  if (rc) return rc;
  if (help) {
    export_help(stdout);
    return EXIT_OK;
  }
  if (a.hard) return no_hard_mode("export ");
  if (pos.n == 0) return usage_error("export ", "give the tree file to export");
  export_fmt f = EXPORT_NONE;
  treefmt tf = TREEFMT_NONE;
  if (a.format && (f = format_named(a.format, &tf)) == EXPORT_NONE)
    return usage_error("export ", "--format '%s': unknown format (json, text, dot, paths, cpaths, "
                       "map or mjs)", a.format);
  if (a.out.n > 1) return usage_error("export ", "-o: give one file (or none: standard output)");
  const char *dest = a.out.n ? a.out.paths[0] : "-";
  if (!a.format && strcmp(dest, "-") && (f = format_of_path(dest, &tf)) == EXPORT_NONE)
    return usage_error("export ", "-o %s: give --format json|text|dot|paths|cpaths|map|mjs (the "
                       "extension says none)", dest);
  if (f == EXPORT_NONE)
    return usage_error("export ", "give --format json|text|dot|paths|cpaths|map|mjs");
  if (a.depth && f != EXPORT_DOT)
    return usage_error("export ", "--depth applies to --format dot only");

  game g;
  tnode *t = NULL;
  treeread_info info;
  int limit = a.max_guesses > 0 ? a.max_guesses : 0;
  if ((rc = load_and_verify("export ", &a.l, pos.v[0], a.force, limit, &g, &t, &info))) return rc;

  int file_limit = a.max_guesses;
  if (file_limit < 0 && info.format == TREEFMT_JSON) file_limit = info.max_guesses;
  if (file_limit < 0) {
    tree_summary s;
    tree_summarize(t, &s);
    file_limit = s.most <= 6 ? 6 : 0;
  }
  export_job job = {f, tf, t, &g, file_limit, a.depth};
  outset o;
  rc = EXIT_OK;
  if (outs_open(&o, &dest, 1) || outs_write(&o, export_writer, &job)) rc = EXIT_USAGE;
  tree_free(t);
  treeread_info_free(&info);
  game_free(&g);
  return rc;
}
