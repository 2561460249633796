/*
 * api.c: the public API's handles (optle.h, api_impl.h): errors and the
 * trap, games, results, walking and writing trees, verifying a tree file.
 * The searches are api_search.c's.
 *
 * Every entry point that can fail checks its arguments first, with the
 * CLI's words for the same mistake, and runs the internal calls inside
 * api_trapped(), so that a fatal error (err.h err_fatal()) on this thread
 * becomes OPTLE_ENOMEM instead of an exit.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api_impl.h"
#include "clock.h"
#include "feedback.h"
#include "lists.h"
#include "mem.h"
#include "treeio.h"
#include "treeread.h"
#include "util.h"
#include "verify.h"
#include "version.h"
#include "words.h"

/* ------------------------------------------------------------------ */
/* One search at a time                                                 */

/* Held by a call that searches for its whole run (api_run_begin()):
 * stopping is the process's (clock.h, one flag), so such a call clears
 * the flag as it begins, and no other call may clear it while it runs. */
static pthread_mutex_t run_lock = PTHREAD_MUTEX_INITIALIZER;

void api_run_begin(void) {
  pthread_mutex_lock(&run_lock);
  stop_reset();
}

void api_run_end(void) { pthread_mutex_unlock(&run_lock); }

void api_run_idle_reset(void) {
  if (pthread_mutex_trylock(&run_lock)) return; /* a search runs: its stop stays */
  stop_reset();
  pthread_mutex_unlock(&run_lock);
}

/* ------------------------------------------------------------------ */
/* Errors                                                               */

const char *optle_version(void) { return version_full(); }

const char *optle_errmsg(void) {
  const char *m = err_msg();
  return strcmp(m, "unknown error") ? m : "";
}

const char *optle_status_name(int status) {
  static const char *const names[] = {"OPTLE_OK", "OPTLE_EFAIL", "OPTLE_EINPUT", "OPTLE_ENOMEM",
                                      "OPTLE_ESTOPPED"};
  return status >= 0 && status <= OPTLE_ESTOPPED ? names[status] : "OPTLE_UNKNOWN";
}

void optle_free(void *p) { free(p); }

int api_fail(int code, const char *fmt, ...) {
  char buf[ERR_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  err_set("%s", buf);
  return code;
}

int api_trapped(int (*fn)(void *), void *arg) {
  err_trap t;
  err_trap_arm(&t);
  if (setjmp(t.jb)) return OPTLE_ENOMEM; /* err_msg() says what */
  int rc = fn(arg);
  err_trap_disarm(&t);
  return rc;
}

int api_word(const optle_game *G, const char *what, const char *word) {
  const game *g = &G->g;
  if (!word) return err_set("%s a NULL word", what);
  char w[8] = {0};
  size_t len = strlen(word);
  for (size_t i = 0; i < len && i < 7; i++)
    w[i] = (char)(word[i] >= 'A' && word[i] <= 'Z' ? word[i] - 'A' + 'a' : word[i]);
  if (len != 5 || !words_valid(w)) return err_set("%s '%s': not a five-letter word", what, word);
  int idx = words_find(&g->guesses, w);
  char named[ERR_MAX];
  if (idx < 0)
    return err_set("%s '%s': not in %s", what, word, game_guesses_named(g, named, sizeof named));
  return idx;
}

/* ------------------------------------------------------------------ */
/* Games                                                                */

/* What a loader leaves: the game to wrap, and how it was loaded. */
typedef struct {
  const char *list, *answers, *guesses; /* a named list, or files */
  const char *const *aw, *const *gw;    /* or words */
  int na, ng;
  const char *tree; /* the files are those this tree records (game.h) */
  optle_game *out;
} game_load_args;

/* Words as a list file's text ("word\n" each), so words_load_mem() checks
 * them as it checks a file (case, blanks, duplicates: "answers:3: ...").
 * What a file skips, a blank line or a '#' comment, is refused here: each
 * element is a word, and the game's indices are the array's. */
static int words_of_array(const char *const *w, int n, const char *name, wordlist *out) {
  size_t len = 0;
  for (int i = 0; i < n; i++) {
    if (!w[i]) return err_set("%s: word %d is NULL", name, i + 1);
    if (strchr(w[i], '\n')) return err_set("%s:%d: not a word (a line break in it)", name, i + 1);
    const char *t = w[i] + strspn(w[i], " \t\r\v\f");
    if (!*t || *t == '#')
      return err_set("%s:%d: not a word ('%s': %s)", name, i + 1, w[i],
                     *t ? "a list file's comment" : "blank");
    len += strlen(w[i]) + 1;
  }
  char *buf = xmalloc(len + 1), *p = buf;
  for (int i = 0; i < n; i++) {
    size_t k = strlen(w[i]);
    memcpy(p, w[i], k);
    p[k] = '\n';
    p += k + 1;
  }
  int rc = words_load_mem(buf, len, name, out);
  free(buf);
  return rc;
}

static int game_load_fn(void *arg) {
  game_load_args *a = arg;
  game g;
  int rc;
  if (a->aw) {
    wordlist ans, gs;
    if (a->na < 1) return api_fail(OPTLE_EINPUT, "answers: no words");
    if (words_of_array(a->aw, a->na, "answers", &ans)) return OPTLE_EINPUT;
    if (words_of_array(a->gw ? a->gw : a->aw, a->gw ? a->ng : a->na, a->gw ? "guesses" : "answers",
                       &gs)) {
      words_free(&ans);
      return OPTLE_EINPUT;
    }
    rc = game_from_words(&g, ans, gs);
    g.words_given = !rc;
  } else if (a->answers) {
    rc = a->tree ? game_load_tree_files(&g, "", a->tree, a->answers, a->guesses)
                 : game_load_words(&g, a->answers, a->guesses);
  } else {
    rc = lists_load_words(&g, a->list ? a->list : LISTS_DEFAULT, NULL);
  }
  if (rc) return OPTLE_EINPUT;
  optle_game *G = xcalloc(1, sizeof *G);
  G->g = g;
  G->rules = RULES_NORMAL;
  G->max_guesses = 6;
  lists_describe(&G->g, G->about, sizeof G->about);
  pthread_mutex_init(&G->table_lock, NULL);
  atomic_init(&G->refs, 1);
  a->out = G;
  return OPTLE_OK;
}

static int api_game_load(game_load_args *a, optle_game **out) {
  if (!out) return api_fail(OPTLE_EINPUT, "no place for the game (out is NULL)");
  *out = NULL;
  /* The lists are read polling for a stop: one left from an earlier
   * call (a time limit's, a callback's) is not this call's, but a
   * running search's is its own (api_run_idle_reset()). */
  api_run_idle_reset();
  int rc = api_trapped(game_load_fn, a);
  if (!rc) *out = a->out;
  return rc;
}

int optle_game_named(const char *list, optle_game **out) {
  game_load_args a = {.list = list};
  return api_game_load(&a, out);
}

int optle_game_files(const char *answers, const char *guesses, optle_game **out) {
  if (out) *out = NULL; /* as every entry point leaves it on a failure */
  if (!answers) return api_fail(OPTLE_EINPUT, "give the answers file");
  game_load_args a = {.answers = answers, .guesses = guesses};
  return api_game_load(&a, out);
}

int optle_game_words(const char *const *answers, int nanswers, const char *const *guesses,
                     int nguesses, optle_game **out) {
  if (out) *out = NULL;
  if (!answers || nanswers < 0 || (guesses && nguesses < 0))
    return api_fail(OPTLE_EINPUT, "answers: no words");
  game_load_args a = {.aw = answers, .na = nanswers, .gw = guesses, .ng = nguesses};
  return api_game_load(&a, out);
}

/* optle_game_for_tree(): the lists the tree records, else the default. */
typedef struct {
  const char *path;
  int force;
  optle_game *out;
} tree_game_args;

static int tree_game_fn(void *arg) {
  tree_game_args *a = arg;
  char *data = NULL;
  size_t len = 0;
  treeread_info rec;
  memset(&rec, 0, sizeof rec);
  if (treeread_file(a->path, &data, &len) ||
      treeread_lists(data, len, a->path, lists_max_answers(), &rec)) {
    free(data);
    treeread_info_free(&rec);
    return OPTLE_EINPUT;
  }
  free(data);
  game_load_args ga = {0};
  if (rec.answers_file[0]) {
    ga.answers = rec.answers_file; /* as verify finds them (game.h) */
    ga.guesses = rec.guesses_file[0] ? rec.guesses_file : NULL;
    ga.tree = a->path;
  } else if (rec.list[0]) {
    if (!lists_find(rec.list)) {
      treeread_info_free(&rec);
      return api_fail(OPTLE_EINPUT, "%s records the list '%s', which this optle does not know "
                      "(known: %s); give the lists", a->path, rec.list, lists_names());
    }
    ga.list = rec.list;
  }
  int rc = game_load_fn(&ga);
  if (!rc && rec.has_lists_hash && rec.lists_hash != ga.out->g.lists_hash && !a->force) {
    char want[WORDS_HASH_HEX], have[WORDS_HASH_HEX];
    words_hash_hex(rec.lists_hash, want);
    words_hash_hex(ga.out->g.lists_hash, have);
    rc = api_fail(OPTLE_EINPUT, "%s was made for other lists: it records the lists hash %s, "
                  "but %s has %s; give the lists it was made with, or force",
                  a->path, want, ga.out->about, have);
    optle_game_free(ga.out);
    ga.out = NULL;
  }
  treeread_info_free(&rec);
  a->out = ga.out;
  return rc;
}

int optle_game_for_tree(const char *tree_path, int force, optle_game **out) {
  if (!out) return api_fail(OPTLE_EINPUT, "no place for the game (out is NULL)");
  *out = NULL;
  if (!tree_path) return api_fail(OPTLE_EINPUT, "give the tree file");
  api_run_idle_reset(); /* its lists are read as a game's load reads them */
  tree_game_args a = {tree_path, force, NULL};
  int rc = api_trapped(tree_game_fn, &a);
  if (!rc) *out = a.out;
  return rc;
}

optle_game *api_game_ref(optle_game *G) {
  atomic_fetch_add(&G->refs, 1);
  return G;
}

void optle_game_free(optle_game *G) {
  if (!G || atomic_fetch_sub(&G->refs, 1) != 1) return;
  game_free(&G->g);
  pthread_mutex_destroy(&G->table_lock);
  free(G);
}

int api_game_table(optle_game *G) {
  pthread_mutex_lock(&G->table_lock);
  /* A fatal error (the table's memory) must not leave the lock held: a
   * trap of its own unlocks, then hands the error to the call's trap. */
  err_trap t;
  err_trap_arm(&t);
  if (setjmp(t.jb)) {
    pthread_mutex_unlock(&G->table_lock);
    err_fatal(t.status, "%s", err_msg());
  }
  int rc = game_table(&G->g);
  err_trap_disarm(&t);
  pthread_mutex_unlock(&G->table_lock);
  return rc;
}

int optle_game_set_rules(optle_game *G, const char *rules) {
  rules_mode m;
  if (!G) return api_fail(OPTLE_EINPUT, "no game");
  if (!rules || rules_parse(rules, &m))
    return api_fail(OPTLE_EINPUT, "rules '%s': use normal, hard, hard-gray or ultrahard",
                    rules ? rules : "(null)");
  G->rules = m;
  return OPTLE_OK;
}

int optle_game_set_max_guesses(optle_game *G, int max_guesses) {
  if (!G) return api_fail(OPTLE_EINPUT, "no game");
  if (max_guesses < 0 || max_guesses > 254)
    return api_fail(OPTLE_EINPUT, "--max-guesses: %d is out of range (0 to 254)", max_guesses);
  G->max_guesses = max_guesses;
  return OPTLE_OK;
}

int optle_game_answers(const optle_game *G) { return G ? G->g.n_answers : 0; }
int optle_game_guesses(const optle_game *G) { return G ? G->g.n_guesses : 0; }
const char *optle_game_answer(const optle_game *G, int i) {
  return G && i >= 0 && i < G->g.n_answers ? G->g.answers.w[i] : NULL;
}
const char *optle_game_guess(const optle_game *G, int i) {
  return G && i >= 0 && i < G->g.n_guesses ? G->g.guesses.w[i] : NULL;
}
const char *optle_game_describe(const optle_game *G) { return G ? G->about : ""; }
const char *optle_game_rules(const optle_game *G) { return G ? rules_name(G->rules) : ""; }
int optle_game_max_guesses(const optle_game *G) { return G ? G->max_guesses : 0; }

/* ------------------------------------------------------------------ */
/* Results                                                              */

optle_result *api_result_new(optle_game *G, tnode *tree) {
  optle_result *r = xcalloc(1, sizeof *r);
  r->game = api_game_ref(G);
  r->tree = tree;
  r->total = r->lower_bound = -1;
  r->rules = G->rules;
  r->max_guesses = G->max_guesses;
  if (tree) {
    tree_summarize(tree, &r->sum);
    r->hash = tree_hash(tree);
    r->total = tree->total;
  }
  return r;
}

void optle_result_free(optle_result *r) {
  if (!r) return;
  tree_free(r->tree);
  optle_game_free(r->game);
  free(r);
}

const optle_game *optle_result_game(const optle_result *r) { return r ? r->game : NULL; }
int optle_result_total(const optle_result *r) { return r ? r->total : -1; }
int optle_result_proven(const optle_result *r) { return r && r->proven; }
int optle_result_lower_bound(const optle_result *r) { return r ? r->lower_bound : -1; }
const char *optle_result_first(const optle_result *r) {
  return r && r->tree ? r->game->g.guesses.w[r->tree->guess] : NULL;
}
int optle_result_answers(const optle_result *r) { return r && r->tree ? r->sum.n : 0; }
uint64_t optle_result_hash(const optle_result *r) { return r ? r->hash : 0; }
double optle_result_seconds(const optle_result *r) { return r ? r->seconds : 0; }
const char *optle_result_rules(const optle_result *r) { return r ? rules_name(r->rules) : ""; }
int optle_result_max_guesses(const optle_result *r) { return r ? r->max_guesses : 0; }
const char *optle_result_objective(const optle_result *r) {
  return r ? objective_name(r->obj) : "";
}

int optle_result_distribution(const optle_result *r, int *dist, int size) {
  if (!r || !r->tree) return 0;
  for (int k = 0; k < size; k++) dist[k] = k <= TREE_MAX_DEPTH ? r->sum.dist[k] : 0;
  return r->sum.most;
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */

/* The format by name, else by the path's extension. */
static treefmt format_for(const char *format, const char *path) {
  if (format) {
    treefmt f = treeio_format_named(format);
    if (f == TREEFMT_NONE)
      err_set("--format '%s': unknown format (use %s)", format, treeio_format_names(", "));
    return f;
  }
  treefmt f = path ? treeio_format_of(path) : TREEFMT_NONE;
  if (f == TREEFMT_NONE)
    err_set("%s: unknown tree format (use %s, or give a format: %s)", path ? path : "-",
            treeio_extensions(), treeio_format_names(", "));
  return f;
}

typedef struct {
  const optle_result *r;
  treefmt f;
  char *data;
  size_t len;
} export_args;

static int export_fn(void *arg) {
  export_args *a = arg;
  const optle_result *r = a->r;
  FILE *fp = open_memstream(&a->data, &a->len);
  if (!fp) return api_fail(OPTLE_ENOMEM, "out of memory (a tree's text)");
  treeio_job job = {.t = r->tree, .g = &r->game->g, .format = a->f, .max_guesses = r->max_guesses,
                    .rules = r->rules, .objective = r->obj, .unproven = !r->proven,
                    .lower_bound = r->proven ? -1 : r->lower_bound};
  int rc = treeio_write_job(fp, a->f, &job);
  if (fclose(fp) && !rc) rc = err_set("write error");
  if (rc) {
    free(a->data);
    a->data = NULL;
    return OPTLE_EINPUT;
  }
  return OPTLE_OK;
}

int optle_export(const optle_result *r, const char *format, char **data, size_t *len) {
  if (!r || !data) return api_fail(OPTLE_EINPUT, "no result, or no place for the data");
  *data = NULL;
  if (len) *len = 0;
  if (!r->tree) return api_fail(OPTLE_EINPUT, "no tree to write (the solve stopped before any)");
  export_args a = {r, format_for(format ? format : "json", NULL), NULL, 0};
  if (a.f == TREEFMT_NONE) return OPTLE_EINPUT;
  int rc = api_trapped(export_fn, &a);
  if (rc) return rc;
  *data = a.data;
  if (len) *len = a.len;
  return OPTLE_OK;
}

int optle_write(const optle_result *r, const char *path, const char *format) {
  if (!r || !path) return api_fail(OPTLE_EINPUT, "no result, or no path");
  if (!r->tree) return api_fail(OPTLE_EINPUT, "no tree to write (the solve stopped before any)");
  export_args a = {r, format_for(format, path), NULL, 0};
  if (a.f == TREEFMT_NONE) return OPTLE_EINPUT;
  int rc = api_trapped(export_fn, &a);
  if (rc) return rc;
  /* Whole or not at all, as the CLI writes (util.h out_open(): a
   * temporary file of its own beside it, renamed over it; a link, a
   * hard-linked file or a device written in place). */
  outfile o;
  if (out_open(&o, path)) {
    free(a.data);
    return api_fail(OPTLE_EINPUT, "%s", err_msg());
  }
  if (fwrite(a.data, 1, a.len, o.fp) != a.len) {
    int e = errno;
    out_abort(&o);
    rc = api_fail(OPTLE_EINPUT, "%s: cannot write: %s", path, strerror(e));
  } else if (out_commit(&o)) {
    rc = api_fail(OPTLE_EINPUT, "%s", err_msg());
  }
  free(a.data);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Walking the tree                                                     */

static const tnode *node(const optle_node *n) { return (const tnode *)n; }

const optle_node *optle_result_root(const optle_result *r) {
  return r ? (const optle_node *)r->tree : NULL;
}
const char *optle_node_guess(const optle_result *r, const optle_node *n) {
  return r && n ? r->game->g.guesses.w[node(n)->guess] : NULL;
}
int optle_node_answers(const optle_node *n) { return n ? node(n)->n : 0; }
int optle_node_total(const optle_node *n) { return n ? node(n)->total : 0; }
int optle_node_branches(const optle_node *n) { return n ? node(n)->nkids : 0; }

int optle_node_wins(const optle_node *n) {
  if (!n) return 0;
  int below = 0;
  for (int i = 0; i < node(n)->nkids; i++) below += node(n)->kid[i]->n;
  return below < node(n)->n;
}

const char *optle_node_pattern(const optle_node *n, int i, char buf[6]) {
  if (!n || i < 0 || i >= node(n)->nkids) return NULL;
  pattern_format(node(n)->pat[i], buf);
  return buf;
}

const optle_node *optle_node_child(const optle_node *n, int i) {
  if (!n || i < 0 || i >= node(n)->nkids) return NULL;
  return (const optle_node *)node(n)->kid[i];
}

const optle_node *optle_node_follow(const optle_node *n, const char *pattern) {
  if (!n || !pattern) return NULL;
  pattern_text pt;
  int p = pattern_read(pattern, strlen(pattern), &pt);
  if (p < 0) return NULL;
  for (int i = 0; i < node(n)->nkids; i++)
    if (node(n)->pat[i] == p) return (const optle_node *)node(n)->kid[i];
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Verifying a tree file                                                */

typedef struct {
  optle_game *G;
  const char *path;
  int max_guesses;
  optle_result *out;
} verify_args;

static int verify_fn(void *arg) {
  verify_args *a = arg;
  const game *g = &a->G->g;
  double t0 = now_seconds();
  char *data = NULL;
  size_t len = 0;
  if (treeread_file(a->path, &data, &len)) return OPTLE_EINPUT;
  tnode *t = NULL;
  treeread_info info;
  int rc = verify_mem(data, len, a->path, g, a->max_guesses, &t, &info);
  free(data);
  rules_mode rules = a->G->rules;
  if (rc == VERIFY_VALID) {
    if (info.rules > rules) rules = info.rules; /* the stricter: a tree's claim is checked */
    rc = verify_rules(t, g, rules, &info, a->path);
  }
  if (rc != VERIFY_VALID) {
    tree_free(t);
    treeread_info_free(&info);
    return rc == VERIFY_INVALID ? OPTLE_EFAIL : OPTLE_EINPUT;
  }
  optle_result *r = api_result_new(a->G, t);
  r->rules = rules;
  r->obj = info.objective;
  r->proven = treeread_optimal(&info, r->total);
  r->lower_bound = info.unproven ? info.lower_bound : r->total;
  /* JSON's max_guesses when written again: export's rule. */
  r->max_guesses = a->max_guesses >= 0      ? a->max_guesses
                   : info.max_guesses >= 0  ? info.max_guesses
                   : r->sum.most <= 6       ? 6
                                            : 0;
  r->seconds = now_seconds() - t0;
  treeread_info_free(&info);
  a->out = r;
  return OPTLE_OK;
}

int optle_verify(optle_game *G, const char *path, int max_guesses, optle_result **out) {
  if (!out) return api_fail(OPTLE_EINPUT, "no place for the result (out is NULL)");
  *out = NULL;
  if (!G || !path) return api_fail(OPTLE_EINPUT, "give the game and the tree file to verify");
  if (max_guesses < -1 || max_guesses > 254)
    return api_fail(OPTLE_EINPUT, "--max-guesses: %d is out of range (-1: the tree's own, 0: "
                    "none, or 1 to 254)", max_guesses);
  verify_args a = {G, path, max_guesses, NULL};
  int rc = api_trapped(verify_fn, &a);
  if (!rc) *out = a.out;
  return rc;
}
