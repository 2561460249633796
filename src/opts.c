/* opts.c: the option table and its parser; what the commands share of
 * their options: rules, -o checks, lists and trees, word arguments
 * (opts.h). */
#include "opts.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "advice.h"
#include "dot.h"
#include "lists.h"
#include "suggest.h"
#include "simulate.h"
#include "treeio.h"
#include "treeread.h"
#include "tuning.h"
#include "util.h"
#include "verify.h"
#include "words.h"

int usage_error(const char *cmd, const char *fmt, ...) {
  char raw[1024], shown[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  esc_controls(shown, sizeof shown, raw);
  fprintf(stderr, "optle: %s (see 'optle %s--help')\n", shown, cmd ? cmd : "");
  return EXIT_USAGE;
}

/* The table, once (opts.h). */
typedef struct {
  const char *flag, *arg; /* "--threads", "N" (NULL for a flag) */
  int type;
  size_t off;             /* field in optle_args */
  long lo, hi, def;       /* O_INT range and default */
  const char *help;
} optdef;

static const optdef table[] = {
    [OPT_END] = {NULL, NULL, 0, 0, 0, 0, 0, NULL},
#define X(id, flag, arg, type, field, lo, hi, def, help)                                        \
  [OPT_##id] = {flag, arg, type, offsetof(optle_args, field), lo, hi, def, help},
    OPTLE_OPTIONS(X)
#undef X
};

optshow opt_show(const optuse *u) {
  const optdef *d = &table[u->id];
  return (optshow){d->flag, d->arg, u->help ? u->help : d->help};
}

int outputs_clash(const char *cmd, const paths *out, const char *label, const char *input) {
  if (!input) return 0;
  /* "-": standard input, which may be a file redirected from -o's. */
  bool std = !strcmp(input, "-");
  const char *probe = std ? "/dev/stdin" : input;
  struct stat st; /* a device or a pipe on stdin is no file -o could destroy */
  if (std && (fstat(STDIN_FILENO, &st) || !S_ISREG(st.st_mode))) return 0;
  for (int i = 0; i < out->n; i++)
    if (strcmp(out->paths[i], "-") && ((!std && !strcmp(out->paths[i], input)) ||
                                       out_same_file(out->paths[i], probe)))
      return usage_error(cmd, "-o %s: that is the %s%s%s: writing it would destroy an input",
                         out->paths[i], label, *label ? " " : "",
                         std ? "- (standard input)" : input);
  return 0;
}

int outputs_clash_lists(const char *cmd, const paths *out, const game *g) {
  if (g->answers_file && outputs_clash(cmd, out, "answer list", g->answers.path)) return EXIT_USAGE;
  if (g->guesses_file && outputs_clash(cmd, out, "guess list", g->guesses.path)) return EXIT_USAGE;
  return 0;
}

void outputs_note_unmarked(const outset *o, treefmt format) {
  for (int i = 0; i < o->n; i++) {
    treefmt f = treeio_format_for(format, o->path[i]);
    if (!o->wrote[i] || treeio_format_marks(f)) continue;
    fprintf(stderr,
            "optle: note: %s: the %s format cannot carry this tree's mark \"not proven "
            "optimal\"\n",
            strcmp(o->path[i], "-") ? o->path[i] : "standard output", treeio_format_label(f));
  }
}

static bool is_tree_file(const char *path) { return treeio_format_of(path) != TREEFMT_NONE; }
static bool is_table_file(const char *path) { return sim_format_of(path) >= 0; }
static const char *table_extensions(void) { return ".md or .csv"; }

/* What -o writes, by kind: its name and extensions for the message. */
static const struct {
  const char *name;
  const char *(*extensions)(void);
  bool (*known)(const char *path);
} out_kinds[] = {
    [OUT_TREES] = {"tree", treeio_extensions, is_tree_file},
    [OUT_TABLES] = {"table", table_extensions, is_table_file},
};

int opts_output_twice(const char *cmd, const char *const *paths, int i) {
  for (int j = 0; j < i; j++)
    if (!strcmp(paths[i], paths[j])) return usage_error(cmd, "-o %s: given twice", paths[i]);
  return 0;
}

/* A picture (SVG, PNG) needs Graphviz's dot: EXIT_USAGE after saying
 * so, before any work, when it is not installed; else 0. */
static int picture_refused(const char *cmd, const char *dest, treefmt f) {
  if ((f != TREEFMT_SVG && f != TREEFMT_PNG) || dot_found()) return 0;
  bool std = !strcmp(dest, "-"); /* export's --format svg with no -o */
  return usage_error(cmd, "%s%s: a picture is drawn by Graphviz's %s, which is not on PATH: "
                          "install the package %s, or write -o FILE.dot and draw it elsewhere",
                     std ? "" : "-o ", std ? "standard output" : dest, DOT_PROGRAM, DOT_PACKAGE);
}

/* Where -o dest (not "-") may not write: a directory (said as such, not
 * as a name with no known extension), or, for a command whose report is
 * on stdout, the file stdout already is (the two would be mixed).  0,
 * or EXIT_USAGE after a message; what: "tree", "table". */
static int dest_refused(const char *cmd, const char *dest, const char *what, bool report) {
  struct stat st;
  if (!strcmp(dest, "-")) return 0;
  if (!stat(dest, &st) && S_ISDIR(st.st_mode))
    return usage_error(cmd, "-o %s: is a directory: give a file name (its extension says the "
                            "format)", dest);
  if (report && out_is_stdout(dest))
    return usage_error(cmd, "-o %s: that is standard output, which has the report: give the "
                            "%s another file", dest, what);
  return 0;
}

int opts_check_outputs(const char *cmd, const paths *out, out_kind kind, bool once) {
  for (int i = 0; i < out->n; i++) {
    if (dest_refused(cmd, out->paths[i], out_kinds[kind].name, true)) return EXIT_USAGE;
    if (!out_kinds[kind].known(out->paths[i]))
      return usage_error(cmd, "-o %s: unknown %s format (use %s)", out->paths[i],
                         out_kinds[kind].name, out_kinds[kind].extensions());
    if (kind == OUT_TREES &&
        picture_refused(cmd, out->paths[i], treeio_format_of(out->paths[i])))
      return EXIT_USAGE;
    if (once && opts_output_twice(cmd, out->paths, i)) return EXIT_USAGE;
  }
  return 0;
}

/* One tree destination's format (opts_tree_outputs()): 0, or EXIT_USAGE
 * after a message.  DOT sets *dot. */
static int tree_output(const char *cmd, treefmt given, const char *dest, bool stdout_ok,
                       bool *dot) {
  bool std = !strcmp(dest, "-");
  treefmt f = given ? given : treeio_format_of(dest);
  if (dest_refused(cmd, dest, "tree", !stdout_ok)) return EXIT_USAGE;
  if (std && !stdout_ok)
    return usage_error(cmd, "-o -: standard output has the report: give the tree a file name");
  if (f == TREEFMT_NONE && std)
    return usage_error(cmd, "give --format %s", treeio_format_names("|"));
  if (f == TREEFMT_NONE)
    return usage_error(cmd, "-o %s: unknown tree format (use %s, or give --format %s)", dest,
                       treeio_extensions(), treeio_format_names("|"));
  if (picture_refused(cmd, dest, f)) return EXIT_USAGE;
  *dot |= f == TREEFMT_DOT || f == TREEFMT_SVG || f == TREEFMT_PNG;
  return 0;
}

int opts_tree_outputs(const char *cmd, const optle_args *a, const char *const *dest, int n,
                      bool stdout_ok, treefmt *f) {
  *f = treeio_format_named(a->format);
  if (a->format && *f == TREEFMT_NONE)
    return usage_error(cmd, "--format '%s': unknown format (%s)", a->format,
                       treeio_format_names(", "));
  bool dot = false;
  for (int i = 0; i < n; i++)
    if (tree_output(cmd, *f, dest[i], stdout_ok, &dot) || opts_output_twice(cmd, dest, i))
      return EXIT_USAGE;
  if (a->depth && !dot)
    return usage_error(cmd, "--depth applies to --format dot only, and to the pictures it draws "
                            "(--format svg or png; or -o FILE.dot, .svg, .png)");
  return 0;
}

/* An option's value into its field: a string, one more -o file, or a
 * whole number in range.  0, or EXIT_USAGE after a message. */
static int set_value(const char *sub, const optdef *d, const char *val, char *field) {
  if (d->type == O_STR) {
    if (!*val) return usage_error(sub, "%s: empty value", d->flag);
    *(const char **)field = val;
  } else if (d->type == O_PATHS) {
    paths *p = (paths *)field;
    if (!*val) return usage_error(sub, "%s: empty file name", d->flag);
    if (p->n == MAX_OUTPUTS) return usage_error(sub, "%s: at most %d files", d->flag, MAX_OUTPUTS);
    p->paths[p->n++] = val;
  } else {
    char *end;
    errno = 0;
    long v = strtol(val, &end, 10);
    if (!*val || *end || isspace((unsigned char)*val) || *val == '+')
      return usage_error(sub, "%s: '%s' is not a whole number", d->flag, val);
    if (errno == ERANGE) /* digits alone, too many of them */
      return usage_error(sub, "%s: %s is out of range (%ld to %ld)", d->flag, val, d->lo, d->hi);
    if (v < d->lo || v > d->hi)
      return usage_error(sub, "%s: %s is out of range (%ld to %ld)", d->flag, val, d->lo, d->hi);
    *(int *)field = (int)v;
  }
  return 0;
}

/* "--flg: unknown option for 'CMD'", with the closest of the command's
 * options when one is close (suggest.h). */
static int unknown_option(const char *sub, const char *cmd, const optuse *uses, const char *a,
                          size_t flen, const positionals *pos) {
  const char *flags[OPT_COUNT + 1];
  size_t n = 0;
  for (const optuse *u = uses; u->id != OPT_END && n < OPT_COUNT; u++) flags[n++] = table[u->id].flag;
  flags[n++] = "--help";
  char typed[SUGGEST_MAX + 1];
  snprintf(typed, sizeof typed, "%.*s", (int)(flen < SUGGEST_MAX ? flen : SUGGEST_MAX), a);
  const char *hint = suggest_hint(typed, flags, n);
  if (!*hint && a[1] != '-' && strpbrk(a, "./")) /* "-t.txt": a file's name, surely */
    hint = pos && pos->max > 0 ? " (a file or word that starts with '-' goes after '--')"
                               : " (a file whose name starts with '-' is given as ./NAME, as "
                                 "in --answers ./-t.txt)";
  return usage_error(sub, "%s: unknown option for '%s'%s", a, cmd, hint);
}

/* A word that is not an option: the command's next argument.  0, or a
 * usage error (none expected, or too many). */
static int positional(const char *sub, const char *cmd, positionals *pos, char *a) {
  if (pos && pos->n >= pos->max && pos->what)
    return usage_error(sub, "'%s': too many arguments: at most %d %s", a, pos->max, pos->what);
  if (!pos || pos->n >= pos->max) return usage_error(sub, "'%s': unexpected argument for '%s'", a, cmd);
  pos->v[pos->n++] = a;
  return 0;
}

/* Parse "--flag value", "--flag=value" and flags into args (opts.h);
 * after "--" every word is an argument (a file named "-x"). */
int parse_options(const char *cmd, const optuse *uses, int argc, char **argv, optle_args *args,
                  bool *help, positionals *pos) {
  char sub[64];
  bool given[OPT_COUNT] = {false};
  snprintf(sub, sizeof sub, "%s ", cmd);
  memset(args, 0, sizeof *args);
  for (const optuse *u = uses; u->id != OPT_END; u++)
    if (table[u->id].type == O_INT)
      *(int *)((char *)args + table[u->id].off) = (int)(u->has_def ? u->def : table[u->id].def);
  /* --help anywhere before "--" shows the help, whatever else is wrong
   * (solve --threads 0 --help was refused for its --threads). */
  for (int i = 0; i < argc && strcmp(argv[i], "--"); i++)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      *help = true;
      return 0;
    }
  bool only_args = false; /* after "--": every word an argument, none an option */
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!only_args && !strcmp(a, "--")) {
      only_args = true;
      continue;
    }
    if (only_args) {
      if (positional(sub, cmd, pos, argv[i])) return EXIT_USAGE;
      continue;
    }
    const char *eq = strchr(a, '=');
    size_t flen = eq && a[0] == '-' && a[1] == '-' ? (size_t)(eq - a) : strlen(a);
    const optuse *u = uses;
    for (; u->id != OPT_END; u++)
      if (strlen(table[u->id].flag) == flen && !strncmp(table[u->id].flag, a, flen)) break;
    if (u->id == OPT_END) {
      if (a[0] == '-' && a[1]) return unknown_option(sub, cmd, uses, a, flen, pos);
      if (positional(sub, cmd, pos, argv[i])) return EXIT_USAGE;
      continue;
    }
    const optdef *d = &table[u->id];
    char *field = (char *)args + d->off;
    /* One value per option: a second one is refused, never silently
     * kept or dropped (-o collects its files; a flag twice is once). */
    if ((d->type == O_STR || d->type == O_INT) && given[u->id])
      return usage_error(sub, "%s given twice", d->flag);
    given[u->id] = true;
    if (d->type == O_FLAG) {
      if (eq && a[flen] == '=') return usage_error(sub, "%s takes no value", d->flag);
      *(bool *)field = true;
      continue;
    }
    const char *val;
    if (a[flen] == '=') {
      val = a + flen + 1;
    } else {
      if (i + 1 >= argc) return usage_error(sub, "%s needs a value (%s)", d->flag, d->arg);
      val = argv[++i];
      /* "--checkpoint --quiet": an option forgot its value, and the next
       * one is not a file or a word (a name that starts with "--" can
       * still be given as --checkpoint=--name, or ./--name: a short
       * option takes no "=", as -o). */
      if (val[0] == '-' && val[1] == '-') {
        char as[96];
        if (d->flag[1] == '-') snprintf(as, sizeof as, "a value that starts with '--' is given as "
                                                       "%s=VALUE", d->flag);
        else snprintf(as, sizeof as, "a file whose name starts with '--' is given as ./NAME");
        return usage_error(sub, "%s needs a value (%s), not the option '%s' (%s)", d->flag, d->arg,
                           val, as);
      }
    }
    if (set_value(sub, d, val, field)) return EXIT_USAGE;
  }
  /* -o never names an input file: the input would be gone. */
  if (outputs_clash(sub, &args->out, "--answers file", args->l.answers) ||
      outputs_clash(sub, &args->out, "--guesses file", args->l.guesses) ||
      outputs_clash(sub, &args->out, "--tree file", args->tree))
    return EXIT_USAGE;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Shared pieces: word lists from --list or --answers/--guesses. */

/* A list load that failed: a stop (status 4; `phase` says where:
 * LOAD_READING or LOAD_TABLE), or bad input (status 2); says which. */
#define LOAD_READING "while reading the word lists: nothing was computed"
#define LOAD_TABLE "while building the feedback table: nothing was computed"
int opts_stopped_reading(const char *what) {
  if (!stop_requested()) return 0;
  stop_say(what);
  return EXIT_STOPPED;
}

static int load_failed(const char *phase) {
  int rc = opts_stopped_reading(phase);
  if (rc) return rc;
  err_print();
  return EXIT_USAGE;
}

static int load(const char *cmd, const list_args *l, game *g, bool table) {
  if (l->list && l->answers)
    return usage_error(cmd, "--list and --answers cannot be used together");
  list_args use = *l;
  if (!use.list && !use.answers) use.list = LISTS_DEFAULT;
  l = &use;
  int rc = l->list ? lists_load_words(g, l->list, l->guesses)
                   : game_load_words(g, l->answers, l->guesses);
  if (rc) return load_failed(LOAD_READING);
  if (table && game_table(g)) {
    game_free(g);
    return load_failed(LOAD_TABLE);
  }
  return 0;
}

int opts_load_game(const char *cmd, const list_args *l, game *g) { return load(cmd, l, g, true); }

void opts_tree_release(tree_file *tf) {
  free(tf->data);
  tf->data = NULL;
  treeread_info_free(&tf->rec);
}

/* A tree's message: "optle: LABELPATH ..." (err_set(), escaped), and
 * the tree released: EXIT_USAGE. */
static int tree_refused(tree_file *tf) {
  err_print(); /* escaped (err.h) */
  opts_tree_release(tf);
  return EXIT_USAGE;
}

/* Step 3 of tree_lists() for a tree that records its list files (its
 * "answers_file", "guesses_file"): each must still be a file we can
 * read, then they are loaded (words only) into g.  0, or EXIT_USAGE
 * after a message (tf released). */
static int tree_files_lists(const char *tree_path, const char *label, game *g, tree_file *tf) {
  const char *file[2] = {tf->rec.answers_file, tf->rec.guesses_file};
  if (game_load_tree_files(g, label, tree_path, file[0], file[1][0] ? file[1] : NULL)) {
    if (stop_requested()) {
      opts_tree_release(tf);
      return load_failed(LOAD_READING);
    }
    return tree_refused(tf);
  }
  tf->lists_from_files = true;
  return 0;
}

/* Step 3 of tree_lists(), without list options: the list files or the
 * named list the tree records, else default_list, loaded (words only)
 * into g.  0, or the exit status after a message (tf released). */
static int tree_named_lists(const char *cmd, const list_args *l, const char *tree_path,
                            const char *label, const char *default_list, game *g,
                            tree_file *tf) {
  list_args use = *l;
  if (tree_path && tf->rec.answers_file[0]) return tree_files_lists(tree_path, label, g, tf);
  if (tree_path && tf->rec.list[0]) {
    if (!lists_find(tf->rec.list)) {
      err_set("%s%s records the list '%s', which this optle does not know (known: %s); give "
              "the lists with --list or --answers",
              label, tree_path, tf->rec.list, lists_names());
      return tree_refused(tf);
    }
    use.list = tf->rec.list;
    tf->list_from_tree = true;
  } else {
    use.list = default_list ? default_list : LISTS_DEFAULT;
    tf->list_defaulted = true;
  }
  int rc = load(cmd, &use, g, false);
  if (rc) opts_tree_release(tf);
  return rc;
}

/* Step 4's message for lists from the files the tree records: they
 * have changed since (err_set()). */
static void files_changed(const char *tree_path, const char *label, const game *g,
                          const char *rec, const char *have) {
  char files[2 * TREEIO_PATH_MAX + 64];
  if (g->guesses_file)
    snprintf(files, sizeof files, "files %s and %s now have", g->answers.path, g->guesses.path);
  else
    snprintf(files, sizeof files, "file %s now has", g->answers.path);
  err_set("%s%s was made for other lists: its recorded %s lists hash %s, the tree records %s "
          "(changed since?); give the lists it was made with, or --force",
          label, tree_path, files, have, rec);
}

/* Step 4 of tree_lists(): a lists hash the tree records that is not the
 * lists' (and no --force): EXIT_USAGE after a message; else 0.  Lists
 * from the files the tree records have changed since it was made. */
static int tree_other_lists(const char *tree_path, const char *label, bool force,
                            const game *g, const tree_file *tf) {
  if (!tree_path || !tf->rec.has_lists_hash || tf->rec.lists_hash == g->lists_hash || force)
    return 0;
  char rec[WORDS_HASH_HEX], have[WORDS_HASH_HEX], named[TREEREAD_LIST_MAX + 16] = "";
  words_hash_hex(tf->rec.lists_hash, rec);
  words_hash_hex(g->lists_hash, have);
  if (tf->lists_from_files) {
    files_changed(tree_path, label, g, rec, have);
    err_print(); /* escaped (err.h) */
    return EXIT_USAGE;
  }
  if (tf->rec.list[0]) snprintf(named, sizeof named, " (--list %s)", tf->rec.list);
  err_set("%s%s was made for other lists: it records the lists hash %s, but %s (%d answers) "
          "and %s (%d guesses) have %s; give the lists it was made with%s, or --force to use "
          "it anyway",
          label, tree_path, rec, g->answers.path, g->n_answers, g->guesses.path, g->n_guesses,
          have, named);
  err_print(); /* escaped (err.h) */
  return EXIT_USAGE;
}

static int tree_lists(const char *cmd, const list_args *l, const char *tree_path,
                      const char *label, bool force, const char *default_list, game *g,
                      tree_file *tf, bool table) {
  memset(tf, 0, sizeof *tf);
  memset(g, 0, sizeof *g);
  bool given = l->list || l->answers;
  /* 1. The list options first, so their errors come first, as without a
   * tree; their words only: the table comes last, after the cheap checks
   * of the tree file. */
  if (given) {
    int rc = load(cmd, l, g, false);
    if (rc) return rc;
  }
  /* 2. The tree, and what it records.  Until the lists are known, what
   * the reader may allocate is bounded by the largest named list: a
   * tree without list options must name one. */
  if (tree_path && (treeread_file(tree_path, &tf->data, &tf->len) ||
                    treeread_lists(tf->data, tf->len, tree_path,
                                   given ? g->n_answers : lists_max_answers(), &tf->rec))) {
    int rc = opts_stopped_reading("while reading the tree: nothing was computed");
    if (!rc) fprintf(stderr, "optle: %s%s\n", label, err_msg());
    opts_tree_release(tf);
    game_free(g);
    return rc ? rc : EXIT_USAGE;
  }
  /* 3. Without list options: the tree's list files or named list, else
   * the default. */
  if (!given) {
    int rc = tree_named_lists(cmd, l, tree_path, label, default_list, g, tf);
    if (rc) return rc;
  }
  /* 4. The lists hash the tree records must be these lists'. */
  if (tree_other_lists(tree_path, label, force, g, tf)) {
    opts_tree_release(tf);
    game_free(g);
    return EXIT_USAGE;
  }
  /* 5. The table, for the commands that play. */
  if (table && game_table(g)) {
    opts_tree_release(tf);
    game_free(g);
    return load_failed(LOAD_TABLE);
  }
  return 0;
}

int opts_load_tree_game(const char *cmd, const list_args *l, const char *tree_path,
                        const char *label, bool force, const char *default_list, game *g,
                        tree_file *tf) {
  return tree_lists(cmd, l, tree_path, label, force, default_list, g, tf, true);
}

int opts_load_tree_words(const char *cmd, const list_args *l, const char *tree_path,
                         const char *label, bool force, const char *default_list, game *g,
                         tree_file *tf) {
  return tree_lists(cmd, l, tree_path, label, force, default_list, g, tf, false);
}

int word_arg(const char *cmd, const char *option, const char *word, const game *g) {
  char w[8] = {0};
  size_t len = strlen(word);
  for (size_t i = 0; i < len && i < 7; i++) w[i] = (char)tolower((unsigned char)word[i]);
  if (len != 5 || !words_valid(w)) {
    usage_error(cmd, "%s '%s': not a five-letter word", option, word);
    return -1;
  }
  int idx = words_find(&g->guesses, w);
  char named[ERR_MAX];
  if (idx < 0)
    usage_error(cmd, "%s '%s': not in %s", option, word, game_guesses_named(g, named, sizeof named));
  return idx;
}

int opts_rules(const char *cmd, const optle_args *a, rules_mode *m, objective *o) {
  if (a->hard + a->hardgray + a->ultrahard > 1)
    return usage_error(cmd, "%s: choose one of --hard, --hard-gray and --ultrahard",
                       a->hard ? (a->hardgray ? "--hard and --hard-gray" : "--hard and --ultrahard")
                               : "--hard-gray and --ultrahard");
  *m = a->ultrahard  ? RULES_ULTRAHARD
       : a->hardgray ? RULES_HARDGRAY
       : a->hard     ? RULES_HARD
                     : RULES_NORMAL;
  if (o) {
    *o = OBJ_TOTAL;
    if (a->objective && objective_parse(a->objective, o))
      return usage_error(cmd, "--objective '%s': use total or worst", a->objective);
  }
  return 0;
}

int opts_answers_from(const char *cmd, const optle_args *a, bool *from_guesses) {
  *from_guesses = a->answers_from && !strcmp(a->answers_from, "guesses");
  if (a->answers_from && !*from_guesses && strcmp(a->answers_from, "answers"))
    return usage_error(cmd, "--answers-from '%s': give answers or guesses", a->answers_from);
  return 0;
}

/* A share header against the options: its limit, its '*'. */
static int share_options(const char *cmd, const optle_args *a, const share_grid *sg,
                         rules_mode *rules) {
  if (!sg->header) return 0;
  if (sg->limit != a->max_guesses)
    return usage_error(cmd, "--share %s: its header's limit is %d guesses, the game's %d "
                            "(--max-guesses)",
                       sg->name, sg->limit, a->max_guesses);
  if (sg->hard && *rules == RULES_NORMAL) *rules = RULES_HARD;
  return 0;
}

/* Bad input: "optle: reason", status 2. */
static int input_error(void) {
  err_print();
  return EXIT_USAGE;
}

int opts_history(const char *cmd, const optle_args *a, const positionals *pos, const game *g,
                 rules_mode *rules, share_grid *grid, hstep *h, int max, int *k) {
  share_grid own, *sg = grid ? grid : &own;
  sg->n = 0;
  if (a->share) {
    /* A stop while it waits or reads (a FIFO, a stalled stdin) is a stop
     * (status 4), whatever the reader made of it: EINTR, or a text cut
     * short. */
    bool bad = share_load(a->share, sg) != 0;
    int rc = opts_stopped_reading("while reading the share text: nothing was computed");
    if (rc) return rc;
    if (bad) return input_error();
    if (share_options(cmd, a, sg, rules)) return EXIT_USAGE;
  }
  if (history_parse_args(g, (const char *const *)pos->v, pos->n, NULL, a->share ? sg : NULL, h,
                         max, k))
    return input_error();
  if (a->max_guesses && *k > a->max_guesses)
    return usage_error(cmd, "%d guesses given, more than --max-guesses %d", *k, a->max_guesses);
  if (history_check_rules(g, *rules, h, *k)) return input_error();
  if (history_check_won(g, h, *k, a->share ? sg->line : NULL)) {
    if (a->share) {
      char why[ERR_MAX];
      snprintf(why, sizeof why, "%s", err_msg());
      err_set("%s: %s", sg->name, why);
    }
    return input_error();
  }
  return 0;
}

int opts_verify_tree(const char *path, const tree_file *tf, const game *g, int max_guesses,
                     rules_mode rules, tnode **t) {
  treeread_info info;
  int rc = verify_mem(tf->data, tf->len, path, g, max_guesses, t, &info);
  if (rc == VERIFY_VALID && (rc = verify_rules(*t, g, rules, &info, path))) {
    tree_free(*t);
    *t = NULL;
  }
  treeread_info_free(&info);
  if (rc == VERIFY_VALID) return 0;
  fprintf(stderr, "optle: --tree %s\n", err_msg());
  return EXIT_USAGE;
}
