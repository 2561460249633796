/*
 * lists.h: the named word lists, embedded in the binary at build time
 * (src/lists.c includes the wordlists/ files with .incbin), so `--list NAME`
 * works from any directory and matches the committed files exactly.
 *
 *   small, medium, large  50, 200, 500 NYT answers (tools/sample-lists.py);
 *                         the guesses are the same words
 *   original              the original game's 2315 answers, 12972 guesses
 *   nyt-2022-02           the NYT's lists of February 2022: 2309, 12947
 *   nyt-2022-08           the same answers, the 14855 guesses of August 2022
 *   nyt-2023-07           the 3158 answers of July 2023, those 14855 guesses
 *   nyt                   an alias of the newest NYT version, nyt-2023-07:
 *                         LISTS_DEFAULT, what every command uses when it
 *                         is given no list (until 2026-11 it meant
 *                         nyt-2022-02; trees record the dated name, so
 *                         theirs keep their meaning)
 *
 * Each list file opens with '#' lines (words.h skips them) naming its
 * source, date and count; the words are the source's, in its order.  A
 * game loaded by name records the name (game.list: the canonical one, so
 * "nyt" records "nyt-2023-07"), which JSON trees then carry.  Names and
 * aliases are matched without case ("NYT" works).
 */
#ifndef OPTLE_LISTS_H
#define OPTLE_LISTS_H

#include "game.h"
#include "rules.h"
#include "words.h"

typedef struct {
  const char *name;  /* "nyt-2022-02" */
  const char *alias; /* another name for it ("nyt"), or NULL */
  const char *date;  /* "2022-02", or "2022-08-30" */
  const char *about; /* one line: what the lists are and where they come from */
  const char *afile, *gfile; /* the committed files; gfile NULL: the answers */
  /* The fixed openers of advice (advice.h) on this list, under the normal
   * rules, the hard ones (hard-gray too) and ultrahard: the best first
   * guess of its published exact tables (docs/rank.md), or of optle's
   * root proof where there is none (ultrahard), or with every word an
   * answer the best known; NULL: ADVICE_OPENER, and for ultrahard the
   * hard one (lists_opener()).  Advice still proves its total. */
  const char *opener, *hard_opener, *ultrahard_opener;
} lists_named;

/* l's fixed opener under the rules r: NULL for none. */
const char *lists_opener(const lists_named *l, rules_mode r);

/* The named lists, in the order `optle lists` prints them. */
int lists_count(void);
const lists_named *lists_at(int i);
/* The list every command uses when it is given none. */
#define LISTS_DEFAULT "nyt"

/* The list a name or alias names (case ignored), or NULL. */
const lists_named *lists_find(const char *name);
/* " (did you mean 'X'?)" for an unknown name close to a known one, else
 * "" (suggest.h). */
const char *lists_suggest(const char *name);
/* What a game was loaded from, for the first line of every command:
 * "nyt-2023-07 (3158 answers, 14855 guesses)" for a named list, else
 * "FILE (N answers), FILE (M guesses)", control bytes escaped (err.h). */
void lists_describe(const game *g, char *buf, size_t size);
/* Room for lists_describe() with paths of 4,000 bytes each (a longer or
 * control-heavy one is cut: never a message cut before its end). */
#define LISTS_DESCRIBE_SIZE (2 * 4096 + 128)

/* The names, for help and messages: "small, medium, large, original,
 * nyt-2022-02, nyt-2022-08, nyt-2023-07 (or nyt)". */
const char *lists_names(void);

/* The words of a named list, without a feedback table (`optle lists`);
 * 0, or -1 with err_msg() (an embedded file that does not load: a build
 * error). */
int lists_words(const lists_named *l, wordlist *answers, wordlist *guesses);

/* Load a named list, with the guesses from guesses_path instead when it
 * is not NULL (the game then records no list name); -1 with err_msg()
 * for an unknown name (naming the known ones) or a bad file. */
int lists_load(game *g, const char *name, const char *guesses_path);
/* The same without the feedback table (game.h game_load_words()). */
int lists_load_words(game *g, const char *name, const char *guesses_path);
/* The most answers of any named list: what a tree that records its list
 * can have, before its lists are loaded (treeread.h treeread_lists()). */
int lists_max_answers(void);

#endif
