/* lists.c: the embedded named lists (lists.h). */
#include "lists.h"

#include <string.h>

#include "util.h"

/* Each file becomes a symbol NAME and its end NAME_end in .rodata. */
#define EMBED(sym, file)                                                        \
  __asm__(".section .rodata\n.balign 8\n.global " #sym "\n" #sym ":\n.incbin \"" file \
          "\"\n.global " #sym "_end\n" #sym "_end:\n.previous\n");             \
  extern const char sym[], sym##_end[]

EMBED(list_small, "wordlists/small.txt");
EMBED(list_medium, "wordlists/medium.txt");
EMBED(list_large, "wordlists/large.txt");
EMBED(list_nyt_answers, "wordlists/nyt-answers.txt");
EMBED(list_nyt_guesses, "wordlists/nyt-guesses.txt");

typedef struct {
  const char *name;
  const char *afile, *abeg, *aend; /* answers */
  const char *gfile, *gbeg, *gend; /* guesses, or NULL: the answers */
} named;

static const named table[] = {
    {"small", "wordlists/small.txt", list_small, list_small_end, NULL, NULL, NULL},
    {"medium", "wordlists/medium.txt", list_medium, list_medium_end, NULL, NULL, NULL},
    {"large", "wordlists/large.txt", list_large, list_large_end, NULL, NULL, NULL},
    {"nyt", "wordlists/nyt-answers.txt", list_nyt_answers, list_nyt_answers_end,
     "wordlists/nyt-guesses.txt", list_nyt_guesses, list_nyt_guesses_end},
};

const char *lists_names(void) { return "small, medium, large, nyt"; }

int lists_load(game *g, const char *name, const char *guesses_path) {
  memset(g, 0, sizeof *g);
  for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
    const named *t = &table[i];
    if (strcmp(t->name, name)) continue;
    double t0 = now_seconds();
    wordlist a, q;
    if (words_load_mem(t->abeg, (size_t)(t->aend - t->abeg), t->afile, &a)) return -1;
    const char *gb = t->gfile ? t->gbeg : t->abeg, *ge = t->gfile ? t->gend : t->aend;
    int bad = guesses_path ? words_load(guesses_path, &q)
                           : words_load_mem(gb, (size_t)(ge - gb), t->gfile ? t->gfile : t->afile, &q);
    if (bad) {
      words_free(&a);
      return -1;
    }
    if (game_from_lists(g, a, q)) return -1;
    g->load_seconds = now_seconds() - t0;
    return 0;
  }
  return err_set("--list '%s': unknown list (known: %s)", name, lists_names());
}
