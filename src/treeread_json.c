/*
 * treeread_json.c: the reader of optle's JSON trees (treeread.h).
 *
 * The reader scans the nesting depth first, then hands the bytes to
 * jansson (a well-kept Debian package with line and column errors and
 * JSON_REJECT_DUPLICATES) and walks the document.
 */
#include <assert.h>
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "feedback.h"
#include "mem.h"
#include "treeread_core.h"
#include "tuning.h"
#include "utf8.h"

/* Largest stored total accepted: far above any real tree
 * (TREEREAD_MAX_DEPTH guesses x 65535 answers), far below overflow. */
#define TOTAL_MAX 1000000000

/* A key's place in messages: the file's name and a line. */
#define PATH_MAX_SHOWN (TREEIO_PATH_MAX + 32)

/* Deepest nesting a tree of TREEREAD_MAX_DEPTH guesses has: the top
 * object, then a node object and a "next" object per level. */
#define JSON_MAX_NEST (2 * TREEREAD_MAX_DEPTH + 2)

/* What a tree over n answers can hold, at most: every node lies on some
 * answer's path, so there are at most TREEREAD_MAX_DEPTH nodes per
 * answer, and a node takes at most 5 of the tokens json_scan() counts
 * (its object and its "next" object, and 3 commas); the top level 10. */
static long long json_max_tokens(int n_answers) {
  return 5LL * TREEREAD_MAX_DEPTH * n_answers + 10;
}

/* JSON's structure a byte at a time, for the scans below (before
 * jansson parses): inside a string or not (escapes skipped), and the
 * nesting depth outside strings. */
typedef struct {
  int depth;
  bool str, esc;
} json_lex;

/* Steps l over c; returns c when it is structure outside a string (a '"'
 * that opens one, '{', '[', '}', ']' or ','), else 0. */
static char lex_step(json_lex *l, char c) {
  if (l->str) {
    if (l->esc) l->esc = false;
    else if (c == '\\') l->esc = true;
    else if (c == '"') l->str = false;
    return 0;
  }
  if (c == '"') l->str = true;
  else if (c == '{' || c == '[') l->depth++;
  else if (c == '}' || c == ']') l->depth--;
  else if (c != ',') return 0;
  return c;
}

/*
 * Before jansson parses (it recurses per level, and holds every value in
 * memory): refuse NUL bytes (jansson's number parser stops at one, so
 * "1\0}" would pass), nesting deeper than a tree can have, and more
 * objects, arrays and commas than a tree over max_answers answers can
 * have, so what jansson allocates is bounded by the lists, not by the
 * file: 120 MB of junk is refused after a scan, not after 2 GB.
 */
int tr_json_scan(const char *s, size_t n, const char *name, int max_answers) {
  int line = 1;
  size_t col0 = 0;
  if (max_answers <= 0) max_answers = OPTLE_MAX_ANSWERS; /* lists unknown */
  long long tokens = 0, most = json_max_tokens(max_answers);
  json_lex l = {0};
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '\n') line++, col0 = i + 1;
    if (c == '\0')
      return err_set("%s:%d: a NUL byte (column %zu): not JSON", name, line, i - col0 + 1);
    char t = lex_step(&l, c);
    if ((t == '{' || t == '[') && l.depth > JSON_MAX_NEST)
      return err_set("%s:%d: JSON nested more than %d levels deep (a tree at most %d guesses "
                     "deep needs %d)",
                     name, line, JSON_MAX_NEST, TREEREAD_MAX_DEPTH, JSON_MAX_NEST - 1);
    tokens += t == '{' || t == '[' || t == ',';
    if (tokens > most)
      return err_set("%s:%d: more JSON values than a tree of %d answers can have (at most %lld "
                     "objects and commas): not a tree for these lists",
                     name, line, max_answers, most);
  }
  return 0;
}

static const char *jtype(const json_t *v) {
  switch (json_typeof(v)) {
  case JSON_OBJECT: return "an object";
  case JSON_ARRAY: return "an array";
  case JSON_STRING: return "a string";
  case JSON_INTEGER: return "an integer";
  case JSON_REAL: return "a real number";
  case JSON_TRUE:
  case JSON_FALSE: return "a boolean";
  default: return "null";
  }
}

/* Whether s[i..n) is `"key"` and then a ':' (after blanks): a key, not
 * a value that spells it. */
static bool key_at_here(const char *s, size_t n, size_t i, const char *key, size_t k) {
  if (i + k + 2 > n || memcmp(s + i + 1, key, k) || s[i + k + 1] != '"') return false;
  size_t j = i + k + 2;
  while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n')) j++;
  return j < n && s[j] == ':';
}

/* The line of the top-level key `key` in the JSON text s[0..n), written
 * as it is (no escapes), or 0 when it is not found so. */
static int key_line(const char *s, size_t n, const char *key) {
  size_t k = strlen(key);
  int line = 1;
  json_lex l = {0};
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '\n') line++;
    if (lex_step(&l, s[i]) == '"' && l.depth == 1 && key_at_here(s, n, i, key, k)) return line;
  }
  return 0;
}

/* Where a top-level key's problem is: "name:line", or the name alone
 * when the key's line is not found. */
typedef struct {
  const char *name, *data;
  size_t len;
  char at[PATH_MAX_SHOWN];
} keyw;
static const char *key_at(keyw *w, const char *key) {
  int line = key_line(w->data, w->len, key);
  if (line > 0) snprintf(w->at, sizeof w->at, "%s:%d", w->name, line);
  else snprintf(w->at, sizeof w->at, "%s", w->name);
  return w->at;
}

typedef struct {
  reader r;
  uint8_t *seen; /* per answer */
  /* The path to the current node: guesses, patterns and the jq path. */
  int guess[TREEREAD_MAX_DEPTH + 1];
  uint8_t pat[TREEREAD_MAX_DEPTH + 1];
  char path[TREEREAD_MAX_DEPTH * 16 + 32];
  size_t plen[TREEREAD_MAX_DEPTH + 2];
} jsonr;

/* An integer member in [lo, hi]: 0, or -1 (err_set, unusable).  w is the
 * top level's keys (the message then names the key's line), or NULL in a
 * node. */
static int jint(const jsonr *x, keyw *w, const json_t *v, const char *key, long long lo,
                long long hi, int *out) {
  if (!json_is_integer(v))
    return err_set("%s: %s: \"%s\" must be an integer, not %s", w ? key_at(w, key) : x->r.name,
                   x->path, key, jtype(v));
  long long i = json_integer_value(v);
  if (i < lo || i > hi)
    return err_set("%s: %s: \"%s\" is %lld, out of range (%lld to %lld)",
                   w ? key_at(w, key) : x->r.name, x->path, key, i, lo, hi);
  *out = (int)i;
  return 0;
}

/* Whether an answer ends at the inner node at depth d, from the labels
 * alone: its guess is in the answer list and every label on the path is
 * the guess's own feedback, so that answer reaches the node and is
 * guessed there.  The node's count of answers follows from this, never
 * from its stored total, so a wrong total is blamed on its own node (a
 * total one short would otherwise read as "no answer ends here", and its
 * parent, whose answers would then not add up, would be blamed). */
static bool json_wins_here(const jsonr *x, int d) {
  const game *g = x->r.g;
  int a = g->guess2ans[x->guess[d]];
  if (a < 0) return false;
  for (int j = 0; j < d; j++)
    if (feedback_of(gw(&x->r, x->guess[j]), g->answers.w[a]) != x->pat[j]) return false;
  return true;
}

/* The answer whose path ends at the node at depth d (its guess): in the
 * answer list, every label on the path its feedback, seen once. */
static void json_answer_ends(jsonr *x, int d, bool leaf) {
  assert(d >= 0 && d < TREEREAD_MAX_DEPTH); /* node_fields() refused deeper */
  const game *g = x->r.g;
  int guess = x->guess[d];
  int a = g->guess2ans[guess];
  if (a < 0) {
    if (leaf)
      tr_invalid(&x->r, "%s: %s: leaf '%s' is not in the answer list %s", x->r.name, x->path,
                 gw(&x->r, guess), g->answers.path);
    else
      tr_invalid(&x->r, "%s: %s: \"total\" counts '%s' as an answer that ends here, but it is not "
                 "in the answer list %s (the total is one too many)",
                 x->r.name, x->path, gw(&x->r, guess), g->answers.path);
    return;
  }
  const char *aw = g->answers.w[a];
  for (int j = 0; j < d; j++) {
    int fb = feedback_of(gw(&x->r, x->guess[j]), aw);
    if (fb == x->pat[j]) continue;
    char where[sizeof x->path + 512];
    snprintf(where, sizeof where, "%s: %s", x->r.name, x->path);
    tr_bad_label(&x->r, where, aw, x->guess, j, x->pat[j], fb);
    return;
  }
  /* Two nodes ending one answer cannot both pass the labels (they part
   * at a node where both patterns would be its feedback); a guard. */
  if (x->seen[a]) tr_invalid(&x->r, "%s: %s: answer '%s' appears twice", x->r.name, x->path, aw);
  x->seen[a] = 1;
}

/* The node v at depth d (x->path names it): an object of "guess",
 * "total" and "next" (NULL: a leaf).  0, or -1 on an unusable node
 * (err_set). */
static int node_fields(jsonr *x, json_t *v, int d, int *guess, int *total, json_t **next) {
  const char *name = x->r.name;
  if (d >= TREEREAD_MAX_DEPTH)
    return err_set("%s: %s: deeper than %d guesses (optle reads trees at most %d deep)", name,
                   x->path, TREEREAD_MAX_DEPTH, TREEREAD_MAX_DEPTH);
  if (!json_is_object(v))
    return err_set("%s: %s: a node must be an object, not %s", name, x->path, jtype(v));
  json_t *jg = NULL, *jt = NULL, *jn = NULL;
  const char *key;
  json_t *val;
  json_object_foreach(v, key, val) {
    if (!strcmp(key, "guess")) jg = val;
    else if (!strcmp(key, "total")) jt = val;
    else if (!strcmp(key, "next")) jn = val;
    else {
      char b[TR_SHOWN_SIZE];
      return err_set("%s: %s: unknown key \"%s\" in a node (a node has guess, total and next)",
                     name, x->path, tr_shown(key, strlen(key), b));
    }
  }
  if (!jg || !jt)
    return err_set("%s: %s: a node needs \"%s\"", name, x->path, jg ? "total" : "guess");
  if (!json_is_string(jg))
    return err_set("%s: %s: \"guess\" must be a string, not %s", name, x->path, jtype(jg));
  char where[sizeof x->path + 512];
  snprintf(where, sizeof where, "%s: %s", name, x->path);
  *guess = tr_word_of(&x->r, where, "", json_string_value(jg), json_string_length(jg));
  if (*guess < 0 || jint(x, NULL, jt, "total", 1, TOTAL_MAX, total)) return -1;
  *next = jn;
  return 0;
}

static tnode *json_node(jsonr *x, json_t *v, int d);

/* The branches of the node at depth d (guess `guess`): the object jn,
 * each key a pattern, each value a node.  Fills pk[0..*have) with the
 * usable ones and adds up their n and totals.  0, or -1 on an unusable
 * branch (err_set; the children built so far stay in pk). */
static int json_branches(jsonr *x, json_t *jn, int d, int guess, patkid *pk, int *have,
                         long long *below_n, long long *below_total) {
  const char *name = x->r.name, *key;
  json_t *val;
  json_object_foreach(jn, key, val) {
    char b[TR_SHOWN_SIZE];
    int p = strlen(key) == 5 ? pattern_parse(key) : -1;
    if (p < 0)
      return err_set("%s: %s.next: \"%s\" is not a pattern (five of B, Y, G)", name, x->path,
                     tr_shown(key, strlen(key), b));
    x->pat[d] = (uint8_t)p;
    bool alpha = (key[0] >= 'A' && key[0] <= 'Z') || (key[0] >= 'a' && key[0] <= 'z');
    snprintf(x->path + x->plen[d], sizeof x->path - x->plen[d],
             alpha ? ".next.%s" : ".next[\"%s\"]", key);
    x->plen[d + 1] = strlen(x->path);
    bool keep = true;
    if (p == PATTERN_WIN) {
      tr_invalid(&x->r, "%s: %s: the winning pattern is a branch under '%s' (when the guess is the "
                 "answer, the game ends)", name, x->path, gw(&x->r, guess));
      keep = false;
    }
    for (int i = 0; i < *have && keep; i++)
      if (pk[i].pat == p) {
        tr_invalid(&x->r, "%s: %s: pattern %s is listed twice under '%s'", name, x->path, key,
                   gw(&x->r, guess));
        keep = false;
      }
    tnode *kid = json_node(x, val, d + 1);
    x->path[x->plen[d]] = '\0';
    if (!kid) return -1;
    if (!keep) {
      tree_free(kid);
      continue;
    }
    assert(*have < PATTERN_COUNT - 1); /* distinct non-winning patterns */
    pk[(*have)++] = (patkid){p, kid};
    *below_n += kid->n;
    *below_total += kid->total;
  }
  return 0;
}

/* An inner node's stored total against what its branches add up to
 * (below_n answers, below_total guesses) and whether its guess ends an
 * answer here (json_wins_here()).  One more than they add up to, with a
 * guess that cannot end an answer here, is named by its cause (not an
 * answer, or a label on the path that is not its feedback). */
static void json_total_check(jsonr *x, int d, int total, long long below_n,
                             long long below_total) {
  if (x->r.invalid) return; /* the first invalid spot is the one named */
  const char *name = x->r.name, *w = gw(&x->r, x->guess[d]);
  bool wins = json_wins_here(x, d);
  long long want = below_n + below_total + wins;
  if (total == want) {
    if (wins) json_answer_ends(x, d, false);
    return;
  }
  if (!wins && total == want + 1) {
    json_answer_ends(x, d, false); /* says why no answer ends here */
    if (x->r.invalid) return;
  }
  char why[160];
  if (wins)
    snprintf(why, sizeof why, ", and '%s' is an answer that ends here", w);
  else if (x->r.g->guess2ans[x->guess[d]] < 0)
    snprintf(why, sizeof why, ", and '%s' is no answer", w);
  else
    snprintf(why, sizeof why, ", and no answer ends here ('%s' is not the answer on this path)", w);
  tr_invalid(&x->r, "%s: %s: \"total\" is %d, but its branches add up to %lld answers and %lld "
             "guesses%s: it should be %lld",
             name, x->path, total, below_n, below_total, why, want);
}

/* Convert the node v at depth d (x->path names it).  NULL on an
 * unusable node (err_set); invalid spots are recorded and reading goes on. */
static tnode *json_node(jsonr *x, json_t *v, int d) {
  const char *name = x->r.name;
  int guess, total;
  json_t *jn;
  if (node_fields(x, v, d, &guess, &total, &jn)) return NULL;
  x->guess[d] = guess;
  if (!jn) { /* a leaf: its guess is the answer */
    if (total != 1 && !x->r.invalid)
      tr_invalid(&x->r, "%s: %s: leaf '%s' has total %d, but a leaf's total is 1", name, x->path,
                 gw(&x->r, guess), total);
    if (!x->r.invalid) json_answer_ends(x, d, true);
    return tree_node_new(guess, total, 1, 0);
  }
  if (!json_is_object(jn)) {
    err_set("%s: %s: \"next\" must be an object, not %s", name, x->path, jtype(jn));
    return NULL;
  }
  size_t nk = json_object_size(jn);
  if (nk == 0 || nk >= PATTERN_COUNT) {
    err_set("%s: %s: \"next\" has %zu branches (1 to %d; a leaf has no \"next\")", name,
            x->path, nk, PATTERN_COUNT - 1);
    return NULL;
  }
  patkid *pk = xmalloc(sizeof *pk * nk);
  int have = 0;
  long long below_n = 0, below_total = 0;
  if (json_branches(x, jn, d, guess, pk, &have, &below_n, &below_total)) {
    for (int i = 0; i < have; i++) tree_free(pk[i].kid);
    free(pk);
    return NULL;
  }
  assert(have <= (int)nk && have < PATTERN_COUNT); /* one branch per key, never the win */
  qsort(pk, (size_t)have, sizeof *pk, cmp_patkid);
  tnode *t = tree_node_new(guess, total, 0, have);
  for (int i = 0; i < have; i++) {
    t->pat[i] = (uint8_t)pk[i].pat;
    t->kid[i] = pk[i].kid;
  }
  free(pk);
  /* total = (1 if the guess ends an answer here) + children's n + totals. */
  json_total_check(x, d, total, below_n, below_total);
  t->n = (int)below_n + json_wins_here(x, d);
  return t;
}

/* The top-level keys: the first TOP_REQUIRED must be there, the rest may. */
static const char *const top_keys[] = {
    "answers", "guesses", "max_guesses", "total", "average", "tree",   /* required */
    "list", "lists_hash", "rules", "objective", "optle_version", "proven", "lower_bound",
    "answers_file", "guesses_file"};
#define TOP_REQUIRED 6
#define TOP_KEYS 15

/* "rules" and "objective" (either may be NULL: absent, normal and total)
 * into info: 0, or -1 (err_set). */
static int mode_fields(keyw *w, const json_t *rules, const json_t *obj, treeread_info *info) {
  char b[TR_SHOWN_SIZE];
  if (rules) {
    const char *v = json_is_string(rules) ? json_string_value(rules) : NULL;
    if (!v || rules_parse(v, &info->rules))
      return err_set("%s: top level: \"rules\" must be \"normal\", \"hard\", \"hard-gray\" or "
                     "\"ultrahard\", "
                     "not %s%s%s",
                     key_at(w, "rules"), v ? "'" : "", v ? tr_shown(v, strlen(v), b) : jtype(rules),
                     v ? "'" : "");
    info->has_rules = true;
  }
  if (obj) {
    const char *v = json_is_string(obj) ? json_string_value(obj) : NULL;
    if (!v || objective_parse(v, &info->objective))
      return err_set("%s: top level: \"objective\" must be \"total\" or \"worst\", not %s%s%s",
                     key_at(w, "objective"), v ? "'" : "",
                     v ? tr_shown(v, strlen(v), b) : jtype(obj), v ? "'" : "");
  }
  return 0;
}

/* "optle_version" into info: 1 to TREEREAD_VERSION_MAX printable ASCII
 * characters (it is printed as it is); 0, or -1 (err_set, unusable). */
static int json_version_field(keyw *w, const json_t *v, treeread_info *info) {
  if (!json_is_string(v))
    return err_set("%s: top level: \"optle_version\" must be a string, not %s",
                   key_at(w, "optle_version"), jtype(v));
  const char *s = json_string_value(v);
  size_t n = json_string_length(v);
  bool printable = n >= 1 && n <= TREEREAD_VERSION_MAX;
  for (size_t i = 0; i < n && printable; i++) printable = s[i] >= 0x20 && s[i] <= 0x7e;
  if (!printable) {
    char b[TR_SHOWN_SIZE];
    return err_set("%s: top level: \"optle_version\" is '%s', not a version (1 to %d printable "
                   "ASCII characters)",
                   key_at(w, "optle_version"), tr_shown(s, n, b), TREEREAD_VERSION_MAX);
  }
  memcpy(info->version, s, n + 1);
  return 0;
}

/* "list" into info: 1 to TREEREAD_LIST_MAX of a-z, 0-9 and -. */
static int list_field(keyw *w, const json_t *list, treeread_info *info) {
  char b[TR_SHOWN_SIZE];
  if (!json_is_string(list))
    return err_set("%s: top level: \"list\" must be a string, not %s", key_at(w, "list"),
                   jtype(list));
  const char *v = json_string_value(list);
  size_t n = json_string_length(list);
  if (n == 0 || n > TREEREAD_LIST_MAX || strspn(v, "abcdefghijklmnopqrstuvwxyz0123456789-") != n)
    return err_set("%s: top level: \"list\" is '%s', not a list name (1 to %d of a-z, 0-9 and -)",
                   key_at(w, "list"), tr_shown(v, n, b), TREEREAD_LIST_MAX);
  memcpy(info->list, v, n + 1);
  return 0;
}

/* "answers_file" or "guesses_file" (key) into out: a path treeio_path_ok()
 * accepts. */
static int file_field(keyw *w, const char *key, const json_t *v, char out[TREEIO_PATH_MAX + 1]) {
  if (!json_is_string(v))
    return err_set("%s: top level: \"%s\" must be a string, not %s", key_at(w, key), key, jtype(v));
  const char *s = json_string_value(v);
  size_t n = json_string_length(v);
  if (!treeio_path_ok(s, n)) {
    char shown[200];
    utf8_quote(s, n, 60, shown, sizeof shown);
    return err_set("%s: top level: \"%s\" is '%s' (%zu bytes), not a list file's path (an "
                   "absolute path of 1 to %d bytes of UTF-8, no control characters)",
                   key_at(w, key), key, shown, n, TREEIO_PATH_MAX);
  }
  memcpy(out, s, n + 1);
  return 0;
}

/* "lists_hash" into info: 16 lowercase hex digits. */
static int hash_field(keyw *w, const json_t *hash, treeread_info *info) {
  char b[TR_SHOWN_SIZE];
  if (!json_is_string(hash))
    return err_set("%s: top level: \"lists_hash\" must be a string, not %s",
                   key_at(w, "lists_hash"), jtype(hash));
  const char *v = json_string_value(hash);
  size_t n = json_string_length(hash);
  if (n != 16 || strspn(v, "0123456789abcdef") != 16)
    return err_set("%s: top level: \"lists_hash\" is '%s', not 16 lowercase hex digits",
                   key_at(w, "lists_hash"), tr_shown(v, n, b));
  info->lists_hash = strtoull(v, NULL, 16);
  info->has_lists_hash = true;
  return 0;
}

int tr_json_lists_fields(const char *name, const char *data, size_t len, const json_t *root,
                         treeread_info *info) {
  keyw w = {.name = name, .data = data, .len = len};
  const json_t *list = json_object_get(root, "list"), *hash = json_object_get(root, "lists_hash");
  const json_t *af = json_object_get(root, "answers_file");
  const json_t *gf = json_object_get(root, "guesses_file");
  if ((list && list_field(&w, list, info)) ||
      (af && file_field(&w, "answers_file", af, info->answers_file)) ||
      (gf && file_field(&w, "guesses_file", gf, info->guesses_file)) ||
      (hash && hash_field(&w, hash, info)))
    return -1;
  /* One record of the lists: a named list, or its files. */
  if (af && list)
    return err_set("%s: top level: \"answers_file\" beside \"list\": a tree records a named "
                   "list or list files, not both", key_at(&w, "answers_file"));
  if (gf && !af)
    return err_set("%s: top level: \"guesses_file\" without \"answers_file\"",
                   key_at(&w, "guesses_file"));
  return 0;
}

/* "proven" and "lower_bound" (either may be NULL: absent) into info: a
 * tree not proven optimal, and the bound it records.  0, or -1 (err_set,
 * unusable). */
static int proof_fields(jsonr *x, keyw *w, const json_t *proven, const json_t *lb,
                        treeread_info *info) {
  info->lower_bound = -1;
  if (proven && !json_is_boolean(proven))
    return err_set("%s: top level: \"proven\" must be true or false, not %s",
                   key_at(w, "proven"), jtype(proven));
  info->unproven = proven && json_is_false(proven);
  if (lb && !info->unproven)
    return err_set("%s: top level: \"lower_bound\" belongs to a tree not proven optimal "
                   "(\"proven\": false)", key_at(w, "lower_bound"));
  snprintf(x->path, sizeof x->path, "top level");
  return lb ? jint(x, w, lb, "lower_bound", 0, TOTAL_MAX, &info->lower_bound) : 0;
}

int tr_read_json(const char *data, size_t len, reader *r, tnode **out, treeread_info *info) {
  const char *name = r->name;
  info->lines = 1;
  for (size_t i = 0; i < len; i++) info->lines += data[i] == '\n';
  if (tr_json_scan(data, len, name, r->g->n_answers)) return -1;
  json_error_t e;
  json_t *root = json_loadb(data, len, JSON_REJECT_DUPLICATES, &e);
  if (!root) {
    if (e.line > 0) return err_set("%s:%d: %s (column %d)", name, e.line, e.text, e.column);
    return err_set("%s: %s", name, e.text);
  }
  jsonr *x = xcalloc(1, sizeof *x);
  x->r = *r;
  x->seen = xcalloc((size_t)r->g->n_answers + 1, 1);
  int rc = -1;
  json_t *fields[TOP_KEYS] = {0};
  keyw w = {.name = name, .data = data, .len = len};
  if (!json_is_object(root)) {
    err_set("%s: the JSON must be an object, not %s", name, jtype(root));
    goto done;
  }
  const char *key;
  json_t *val;
  json_object_foreach(root, key, val) {
    size_t k = 0;
    while (k < TOP_KEYS && strcmp(key, top_keys[k])) k++;
    if (k == TOP_KEYS) {
      char b[TR_SHOWN_SIZE];
      err_set("%s: unknown top-level key \"%s\" (expected answers, guesses, max_guesses, "
              "total, average, tree, and optionally list, answers_file, guesses_file, "
              "lists_hash, rules, objective, optle_version, proven and lower_bound)",
              key_at(&w, key), tr_shown(key, strlen(key), b));
      goto done;
    }
    fields[k] = val;
  }
  for (size_t k = 0; k < TOP_REQUIRED; k++)
    if (!fields[k]) {
      err_set("%s: missing top-level key \"%s\"", name, top_keys[k]);
      goto done;
    }
  if (tr_json_lists_fields(name, data, len, root, info)) goto done;
  if (mode_fields(&w, fields[8], fields[9], info)) goto done;
  if (fields[10] && json_version_field(&w, fields[10], info)) goto done;
  if (proof_fields(x, &w, fields[11], fields[12], info)) goto done;
  snprintf(x->path, sizeof x->path, "top level");
  if (jint(x, &w, fields[0], "answers", 1, 65535, &info->answers) ||
      jint(x, &w, fields[1], "guesses", 1, 1000000, &info->guesses) ||
      jint(x, &w, fields[2], "max_guesses", 0, 254, &info->max_guesses) ||
      jint(x, &w, fields[3], "total", 0, TOTAL_MAX, &info->total))
    goto done;
  if (!json_is_number(fields[4]) || !isfinite(json_number_value(fields[4])) ||
      json_number_value(fields[4]) < 0 || json_number_value(fields[4]) > 1e6) {
    err_set("%s: top level: \"average\" must be a number from 0 to 1000000", key_at(&w, "average"));
    goto done;
  }
  info->average = json_number_value(fields[4]);
  x->plen[0] = (size_t)snprintf(x->path, sizeof x->path, ".tree");
  tnode *t = json_node(x, fields[5], 0);
  if (!t) goto done;
  if (x->r.invalid) {
    tree_free(t);
    err_set("%s", x->r.problem);
    rc = TREEREAD_INVALID;
    goto done;
  }
  *out = t;
  rc = 0;
done:
  json_decref(root);
  free(x->seen);
  free(x);
  return rc;
}
