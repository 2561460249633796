/*
 * lists.h: the named word lists, embedded in the binary at build time
 * (src/lists.c includes the wordlists/ files with .incbin), so `--list NAME`
 * works from any directory and matches the committed files exactly.
 *
 *   small, medium, large  50, 200, 500 NYT answers (tools/sample-lists.py);
 *                         the guesses are the same words
 *   nyt                   the NYT answers (2309) and allowed guesses (12947)
 */
#ifndef OPTLE_LISTS_H
#define OPTLE_LISTS_H

#include "game.h"

/* The names, for help and messages: "small, medium, large, nyt". */
const char *lists_names(void);
/* Load a named list, with the guesses from guesses_path instead when it
 * is not NULL; -1 with err_msg() for an unknown name or a bad file. */
int lists_load(game *g, const char *name, const char *guesses_path);

#endif
