/*
 * memo_file.h: the memo's records saved to a file, and read back
 * into a memo (a ranking's checkpoint keeps one beside it: rank_run.h).
 *
 * A survivor's exact search in a ranking's stage 4 can run for hours
 * (issue 47's), longer than a process may live; the checkpoint keeps only
 * what a first guess settled, so a resumed run searched each survivor
 * again from its classes' bounds.  Its memo's records (exact
 * values and proven lower bounds: memo.h) are what that search had
 * proven; saved and read back, they let the resumed search go on where
 * it was: every subtree it had finished is a memo hit again.
 *
 * Format (binary, this machine's byte order, which the magic's order
 * mark checks): a 16-byte magic and the id (the ranking's: its lists and
 * options, rank_run.c); then each record: n (u16), depth, exact, klen
 * (u8 each), three pad bytes, the value (i32), the n sorted answer
 * indices (u16), the rules' key (klen bytes), padded to 4 bytes; then
 * the record count, the records' bytes and the XXH3 checksum of
 * everything before it (u64 each).  Both ways stream (memo_file.c).
 * Written whole or not at all (util.h out_open()).  A record read back
 * is checked (n within the list, its indices ascending and in range,
 * the value from 0 to OPTLE_INF, exact 0 or 1: the memo's records are
 * of several kinds, told apart by their key, the feasibility test's a
 * yes or no, search_feas.c) before it is stored: a file that fails any check is refused, not
 * read in part.  The checksum catches a damaged file, not a forged one:
 * as the checkpoint's lines, the file is trusted as this program wrote
 * it.
 */
#ifndef OPTLE_MEMO_FILE_H
#define OPTLE_MEMO_FILE_H

#include <stdint.h>

#include "memo.h"

/* Save m's records of min_n answers or more to path, under id.  0 with
 * *saved the count, or -1 with err_msg() naming the file. */
int memo_file_save(memo *m, const char *path, uint64_t id, int min_n, long *saved);
/* Read path (saved under id, for a list of n_answers answers) into m.
 * 0 with *loaded the count; 1 when there is no such file; -1 with
 * err_msg() saying "path: reason" (nothing stored then). */
int memo_file_load(memo *m, const char *path, uint64_t id, int n_answers, long *loaded);

#endif
