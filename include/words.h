/*
 * words.h: word lists, loaded and validated.
 *
 * A list file has one word per line: five letters a-z after folding
 * uppercase.  A UTF-8 byte order mark at the start of the file, CRLF
 * line ends, blanks around the word, blank lines and
 * lines starting with '#' (after blanks) are accepted.  Anything else,
 * and a word seen twice, is rejected with "file:line: reason".
 *
 * Words are stored in file order as NUL-terminated 8-byte cells, so a
 * word is one aligned 64-bit load away.
 */
#ifndef OPTLE_WORDS_H
#define OPTLE_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  int n;
  char (*w)[8];   /* w[i] is the i-th word, NUL-terminated */
  int *line;      /* line[i]: the line of w[i] in its file */
  char *path;     /* where it came from, for messages */
} wordlist;

/* Load and validate a list.  Returns 0, or -1 with err_msg() set.  A
 * line that is not a comment is refused as soon as it is longer than a
 * word with blanks around it could be, and a stop (clock.h) ends the
 * reading within WORDS_STOP_POLL bytes ("stopped while reading"). */
int words_load(const char *path, wordlist *out);
/* The same for a regular file only (a list a tree records): opened
 * without blocking and checked on the opened file, so a FIFO put in its
 * place never waits for a writer. */
int words_load_regular(const char *path, wordlist *out);
/* The same from a buffer (the lists embedded in the binary). */
int words_load_mem(const char *data, size_t len, const char *name, wordlist *out);
/* Build a list from memory (tests, tools): words must be valid. */
int words_from_array(const char *const *words, int n, wordlist *out);
void words_free(wordlist *wl);

/* Index of word in the list, or -1 (hash lookup, O(1)). */
int words_find(const wordlist *wl, const char *word);
/* True when s is five letters a-z (lowercase). */
bool words_valid(const char *s);

/*
 * The lists hash: XXH3-64 of the words as loaded, answers then guesses,
 * in list order: the text "aback\nabase\n...\n" of the answers (each word
 * and a newline), one more "\n", then the guesses the same way.  So the
 * same words give the same hash from --list or from files, whatever their
 * comments, case, blanks or line ends.  JSON trees record it as 16
 * lowercase hex digits (WORDS_HASH_HEX bytes with the NUL).
 */
#define WORDS_HASH_HEX 17
uint64_t words_lists_hash(const wordlist *answers, const wordlist *guesses);
void words_hash_hex(uint64_t h, char out[WORDS_HASH_HEX]);

#endif
