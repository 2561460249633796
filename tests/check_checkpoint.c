/*
 * check_checkpoint.c: the rank checkpoint (checkpoint.h) on the small
 * list: lines read back as written; a second open refused while the
 * first holds the lock; lines changed with their checksum recomputed
 * (what a checksum cannot see) refused by the value checks; changed,
 * damaged, duplicated and NUL-holding lines refused with their line;
 * lower lines read apart, and refused where no run writes them;
 * a torn last line or header cut off and a line short of its newline
 * kept; format 1, other rankings and other engines refused, format 2
 * read and appended to as it is; a failed append cut back;
 * a file made by a run that failed before reading it removed.  The
 * ranking's progress as plain lines (rank_run.h), the run's clock moved
 * by hand: none early, then as the time doubles, at most
 * PROGRESS_LINES_GAP apart, and at once for a new stage and at the end.
 * Files go to a scratch directory under TMPDIR.
 */
#define XXH_INLINE_ALL
#include <inttypes.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include "checkpoint.h"
#include "clock.h"
#include "game.h"
#include "lists.h"
#include "suites.h"
#include "tuning.h"
#include "util.h"

#include "../src/rank_run.h"

static game G;
static char dir[256], path[300];
static const ckpt_id ID = {0, "normal", 6, -1, 0, 0};

static ckpt_id id_of(int cutoff) {
  ckpt_id id = ID;
  id.lists_hash = G.lists_hash;
  id.cutoff = cutoff;
  return id;
}

static void setup(void) {
  ck_assert_msg(lists_load(&G, "small", NULL) == 0, "%s", err_msg());
  const char *t = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/optle-ckpt.XXXXXX", t && *t ? t : "/tmp");
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/ck", dir);
}

static void teardown(void) {
  unlink(path);
  rmdir(dir);
  game_free(&G);
}

static int guess(const char *w) {
  int g = words_find(&G.guesses, w);
  ck_assert_int_ge(g, 0);
  return g;
}

/* The file as lines: the header h (sealed), then each text sealed with
 * the header's checksum as seed, as checkpoint.c writes them. */
static void write_file_h(const char *h, const char *const *texts, int n, const char *tail) {
  uint64_t seed = XXH64(h, strlen(h), 0);
  FILE *fp = fopen(path, "w");
  ck_assert_ptr_nonnull(fp);
  fprintf(fp, "%s\t%016" PRIx64 "\n", h, seed);
  for (int i = 0; i < n; i++)
    fprintf(fp, "%s\t%016" PRIx64 "\n", texts[i], XXH64(texts[i], strlen(texts[i]), seed));
  if (tail) fputs(tail, fp);
  ck_assert_int_eq(fclose(fp), 0);
}

/* The same with id's own header. */
static void write_file(const ckpt_id *id, const char *const *texts, int n, const char *tail) {
  char h[300];
  ckpt_header_text(h, sizeof h, id);
  write_file_h(h, texts, n, tail);
}

static long file_size(void) {
  struct stat st;
  ck_assert_int_eq(stat(path, &st), 0);
  return (long)st.st_size;
}

/* Opening fails with a message holding want. */
static void refused(const ckpt_id *id, const char *want) {
  ckpt_resume r;
  ckpt *c = ckpt_open(path, id, &G, NULL, &r);
  ck_assert_msg(c == NULL, "accepted; expected '%s'", want);
  ck_assert_msg(strstr(err_msg(), want), "'%s' lacks '%s'", err_msg(), want);
  ck_assert_ptr_null(r.done);
}

START_TEST(test_round_trip_and_lock) {
  ckpt_id id = id_of(-1);
  ckpt_resume r, r2;
  ckpt *c = ckpt_open(path, &id, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert(r.fresh);
  ck_assert_int_eq(r.ndone, 0);
  /* A second run while the first holds it: refused, naming the file. */
  ck_assert_ptr_null(ckpt_open(path, &id, &G, NULL, &r2));
  ck_assert_msg(strstr(err_msg(), "in use by another run") && strstr(err_msg(), path), "%s",
                err_msg());
  ck_assert_int_eq(ckpt_append(c, guess("agent"), 120, true, 0.25, 4), 0);
  ck_assert_int_eq(ckpt_append(c, guess("scion"), OPTLE_INF, true, 1.5, 2), 0);
  ck_assert_int_eq(ckpt_close(c), 0);
  c = ckpt_open(path, &id, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert(!r.fresh);
  ck_assert_int_eq(r.ndone, 2);
  ck_assert_int_eq(r.done[0].guess, guess("agent"));
  ck_assert_int_eq(r.done[0].value, 120);
  ck_assert(r.done[0].exact);
  ck_assert_int_eq(r.done[0].stage, 4);
  ck_assert_int_eq(r.done[0].line, 2);
  ck_assert_int_eq(r.done[1].value, OPTLE_INF);
  ck_assert(r.done[1].seconds == 1.5);
  ck_assert_int_eq(ckpt_close(c), 0);
  free(r.done);
  /* Another ranking (the hard rules): both headers shown. */
  ckpt_id hard = id;
  hard.rules = "hard";
  refused(&hard, "is of another ranking");
  ck_assert_msg(strstr(err_msg(), "rules normal") && strstr(err_msg(), "rules hard"), "%s",
                err_msg());
}
END_TEST

/* Format 2 (no engine: engine 1) is read and appended to as it is while
 * the engine is 1; a header of another engine is refused, saying so. */
START_TEST(test_format2_and_engine) {
  ckpt_id id = id_of(-1);
  char h3[300], h2[300];
  ckpt_header_text(h3, sizeof h3, &id);
  char *e3 = strstr(h3, ", engine ");
  ck_assert_ptr_nonnull(e3);
  snprintf(h2, sizeof h2, "%.*s", (int)(e3 - h3), h3);
  char *f = strstr(h2, "checkpoint 3: ");
  ck_assert_ptr_nonnull(f);
  f[strlen("checkpoint ")] = '2';
  const char *lines[] = {"agent\t120\texact\t0.000\t4"};
  /* Another engine, before or after this one's: refused, both named. */
  for (int d = -1; d <= 1; d += 2) {
    char hx[300], want[96];
    snprintf(hx, sizeof hx, "%.*s, engine %d", (int)(e3 - h3), h3, CKPT_ENGINE + d);
    write_file_h(hx, lines, 1, NULL);
    snprintf(want, sizeof want, ":1: written by an optle whose search is engine %d (this one's is %d)",
             CKPT_ENGINE + d, CKPT_ENGINE);
    refused(&id, want);
  }
  /* Format 3 with no engine: not this ranking's header. */
  char h0[300];
  snprintf(h0, sizeof h0, "%.*s", (int)(e3 - h3), h3);
  write_file_h(h0, lines, 1, NULL);
  refused(&id, "is of another ranking");
  write_file_h(h2, lines, 1, NULL);
  if (CKPT_ENGINE != 1) { /* a fix since: format 2 is another engine's */
    refused(&id, ":1: written by an optle whose search is engine 1");
    return;
  }
  ckpt_resume r;
  ckpt *c = ckpt_open(path, &id, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert(!r.fresh);
  ck_assert_int_eq(r.ndone, 1);
  ck_assert_int_eq(r.done[0].value, 120);
  free(r.done);
  ck_assert_int_eq(ckpt_append(c, guess("scion"), 121, true, 0.5, 4), 0);
  ck_assert_int_eq(ckpt_close(c), 0);
  c = ckpt_open(path, &id, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert_int_eq(r.ndone, 2);
  ck_assert_int_eq(r.done[1].value, 121);
  ck_assert_int_eq(ckpt_close(c), 0);
  free(r.done);
  char *data = slurp(path); /* still format 2: its header as it was */
  ck_assert_msg(!strncmp(data, h2, strlen(h2)) && data[strlen(h2)] == '\t', "%s", data);
  free(data);
  /* Cut short within a format-2 header: started afresh, in format 3. */
  FILE *fp = fopen(path, "w");
  fwrite(h2, 1, strlen(h2) - 3, fp);
  fclose(fp);
  c = ckpt_open(path, &id, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert(r.fresh && r.cut_header);
  ck_assert_int_eq(ckpt_close(c), 0);
  data = slurp(path);
  ck_assert_msg(!strncmp(data, h3, strlen(h3)), "%s", data);
  free(data);
}
END_TEST

/* Lines whose checksum was recomputed: only the value checks see them. */
START_TEST(test_impossible_values) {
  ckpt_id id = id_of(-1), cut = id_of(125);
  /* small: n = 50, no total below 2n - 1 = 99, and agent's own
   * class-count bound is higher still. */
  const char *low[] = {"agent\t120\texact\t0.000\t4", "scion\t1\texact\t0.000\t4"};
  write_file(&id, low, 2, NULL);
  refused(&id, ":3: 'scion 1' is impossible");
  ck_assert_msg(strstr(err_msg(), "2n - 1 = 99"), "%s", err_msg());
  const char *high[] = {"scion\t99999\texact\t0.000\t4"};
  write_file(&id, high, 1, NULL);
  refused(&id, ":2: 'scion 99999' is impossible");
  const char *nb[] = {"scion\tnone\tbound\t0.000\t4"};
  write_file(&id, nb, 1, NULL);
  refused(&id, ":2: 'scion none bound'");
  /* No strategy is possible only under a guess limit: with none, every
   * first guess has one under every rule, the answers one by one (each
   * allowed, rules.h; a red-team pass had a signed 'none' row pass at
   * --max-guesses 0, and a review one under --hard). */
  ckpt_id nolimit = id;
  nolimit.max_guesses = 0;
  const char *none[] = {"agent\tnone\texact\t0.000\t4"};
  write_file(&nolimit, none, 1, NULL);
  refused(&nolimit, ":2: 'agent none' is impossible: with no guess limit");
  static const char *const narrowing[] = {"hard", "hard-gray", "ultrahard"};
  for (int i = 0; i < 3; i++) {
    ckpt_id nl = nolimit;
    nl.rules = narrowing[i];
    write_file(&nl, none, 1, NULL);
    refused(&nl, ":2: 'agent none' is impossible: with no guess limit");
  }
  const char *lowb[] = {"scion\t124\tbound\t0.000\t2"};
  write_file(&cut, lowb, 1, NULL);
  refused(&cut, ":2: 'scion 124 bound': a bound is proven only above the cutoff 125");
  /* Issue 49: with no cutoff a bound was let through, and rank then said
   * "not above the ranking's cutoff 1073741823" (the internal infinity). */
  const char *nocut[] = {"scion\t130\tbound\t0.000\t2"};
  write_file(&id, nocut, 1, NULL);
  refused(&id, ":2: 'scion 130 bound': a ranking with no cutoff");
  ck_assert_msg(!strstr(err_msg(), "1073741823"), "%s", err_msg());
  const char *twice[] = {"scion\t121\texact\t0.000\t4", "agent\t120\texact\t0.000\t4",
                         "scion\t121\texact\t0.000\t4"};
  write_file(&id, twice, 3, NULL);
  refused(&id, ":4: 'scion' is settled twice (also on line 2)");
  const char *stranger[] = {"zzzzz\t121\texact\t0.000\t4"};
  write_file(&id, stranger, 1, NULL);
  refused(&id, ":2: 'zzzzz' is not an allowed guess of these lists");
  const char *fields[] = {"scion\t121\tsure\t0.000\t4"};
  write_file(&id, fields, 1, NULL);
  refused(&id, ":2: not a settled word");
  /* Not among the words ranked (--words). */
  const char *one[] = {"scion\t121\texact\t0.000\t4"};
  write_file(&id, one, 1, NULL);
  bool *ranked = xcalloc((size_t)G.n_guesses, sizeof *ranked);
  ranked[guess("agent")] = true;
  ckpt_resume r;
  ck_assert_ptr_null(ckpt_open(path, &id, &G, ranked, &r));
  ck_assert_msg(strstr(err_msg(), ":2: 'scion' is not among the first guesses ranked"), "%s",
                err_msg());
  free(ranked);
}
END_TEST

/* Lower lines (a bound stage 3 proved below the cutoff, kept for the
 * exact search): written and read back apart from the settled lines,
 * at most one a word and before its settled line; refused where no run
 * writes one. */
START_TEST(test_lower_lines) {
  ckpt_id top = id_of(-1), cut = id_of(125), none = id_of(-1);
  top.top = 1;
  ckpt_resume r;
  ckpt *c = ckpt_open(path, &top, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert_int_eq(ckpt_append_lower(c, guess("scion"), 121, 2.5, 3), 0);
  ck_assert_int_eq(ckpt_append(c, guess("agent"), 120, true, 0.25, 4), 0);
  ck_assert_int_eq(ckpt_append(c, guess("scion"), 123, true, 7.5, 4), 0);
  ck_assert_int_eq(ckpt_close(c), 0);
  c = ckpt_open(path, &top, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert_int_eq(r.ndone, 2);
  ck_assert_int_eq(r.nlower, 1);
  ck_assert(r.lower[0].lower && !r.lower[0].exact && !r.done[1].lower);
  ck_assert_int_eq(r.lower[0].guess, guess("scion"));
  ck_assert_int_eq(r.lower[0].value, 121);
  ck_assert_int_eq(r.lower[0].stage, 3);
  ck_assert_int_eq(r.lower[0].line, 2);
  ck_assert(r.lower[0].seconds == 2.5);
  ck_assert_int_eq(ckpt_close(c), 0);
  free(r.done), free(r.lower);
  char *data = slurp(path);
  ck_assert_msg(strstr(data, "\nscion\t121\tlower\t2.500\t3\t"), "%s", data);
  free(data);
  /* Where no run writes one. */
  const char *twice[] = {"scion\t121\tlower\t0.000\t3", "scion\t122\tlower\t0.000\t3"};
  write_file(&top, twice, 2, NULL);
  refused(&top, ":3: 'scion' has a second lower line (the first on line 2)");
  const char *after[] = {"scion\t121\texact\t0.000\t4", "scion\t121\tlower\t0.000\t3"};
  write_file(&top, after, 2, NULL);
  refused(&top, ":3: 'scion' has a lower line after its settled line (line 2)");
  const char *nl[] = {"scion\tnone\tlower\t0.000\t3"};
  write_file(&top, nl, 1, NULL);
  refused(&top, ":2: 'scion none lower': a lower bound is a total");
  const char *low[] = {"scion\t1\tlower\t0.000\t3"};
  write_file(&top, low, 1, NULL);
  refused(&top, ":2: 'scion 1 lower' is impossible");
  const char *above[] = {"scion\t126\tlower\t0.000\t3"};
  write_file(&cut, above, 1, NULL);
  refused(&cut, ":2: 'scion 126 lower': above the cutoff 125");
  const char *at[] = {"scion\t125\tlower\t0.000\t3"}; /* at it: below C + 1 */
  write_file(&cut, at, 1, NULL);
  c = ckpt_open(path, &cut, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert_int_eq(r.nlower, 1);
  ck_assert_int_eq(ckpt_close(c), 0);
  free(r.done), free(r.lower);
  const char *stage1[] = {"scion\t121\tlower\t0.000\t1"};
  write_file(&top, stage1, 1, NULL);
  refused(&top, ":2: 'scion 121 lower' from stage 1");
  write_file(&none, at, 1, NULL);
  refused(&none, ":2: 'scion 125 lower': a ranking with no cutoff");
  bool *ranked = xcalloc((size_t)G.n_guesses, sizeof *ranked);
  ranked[guess("agent")] = true;
  write_file(&top, at, 1, NULL);
  ck_assert_ptr_null(ckpt_open(path, &top, &G, ranked, &r));
  ck_assert_msg(strstr(err_msg(), ":2: 'scion' is not among the first guesses ranked"), "%s",
                err_msg());
  free(ranked);
}
END_TEST

/* Edited or damaged bytes, with the checksum left as it was. */
/* Two first guesses with the same feedback on every answer share one
 * value (the ranking takes the first line it resumes for both): lines
 * that differ are refused, naming both (rank_run_resume()). */
static int resume_alike(const char *qv, const char *zv) {
  static const char *const ans[] = {"cigar", "rebut", "sissy", "humph",
                                    "awake", "blush", "focal", "evade"};
  const char *gue[10];
  for (int i = 0; i < 8; i++) gue[i] = ans[i];
  gue[8] = "qqqqq", gue[9] = "zzzzz"; /* gray on every answer: alike */
  wordlist wa, wq;
  ck_assert_int_eq(words_from_array(ans, 8, &wa), 0);
  ck_assert_int_eq(words_from_array(gue, 10, &wq), 0);
  game g;
  ck_assert_msg(game_from_lists(&g, wa, wq) == 0, "%s", err_msg());
  ckpt_id id = ID;
  id.lists_hash = g.lists_hash;
  char q[64], z[64];
  snprintf(q, sizeof q, "qqqqq\t%s\texact\t0.000\t4", qv);
  snprintf(z, sizeof z, "zzzzz\t%s\texact\t0.000\t4", zv);
  const char *lines[] = {q, z};
  write_file(&id, lines, 2, NULL);
  rank_run r;
  rank_run_init(&r, path, SEARCH_PROGRESS_OFF);
  ck_assert_int_eq(rank_run_lock(&r), 0);
  int rc = rank_run_resume(&r, &g, &id, NULL);
  rank_run_close(&r, rc);
  game_free(&g);
  return rc;
}

START_TEST(test_alike_lines) {
  ck_assert_int_eq(resume_alike("25", "25"), 0);
  ck_assert_int_eq(resume_alike("30", "25"), EXIT_USAGE);
  ck_assert_msg(strstr(err_msg(), ":3: 'zzzzz 25 exact' differs from 'qqqqq 30 exact' (line 2)"),
                "%s", err_msg());
  ck_assert_int_eq(resume_alike("25", "none"), EXIT_USAGE);
}
END_TEST

START_TEST(test_damaged_lines) {
  ckpt_id id = id_of(-1);
  const char *lines[] = {"agent\t120\texact\t0.000\t4", "scion\t121\texact\t0.000\t4"};
  char *data;
  for (int k = 0; k < 4; k++) {
    write_file(&id, lines, 2, NULL);
    data = slurp(path);
    char *at = strstr(data, "scion\t121") + 6;
    if (k == 0) at[1] = '\0';                      /* 121 -> 1\0 1: a NUL byte */
    if (k == 1) memmove(at + 1, at + 3, strlen(at + 3) + 1); /* 121 -> 1 */
    if (k == 2) memcpy(at - 6, "quell", 5);        /* another word */
    if (k == 3) memcpy(strstr(data, "exact\t0.000\t4\t") + 14, "0000000000000000", 16);
    size_t len = k == 0 ? strlen(data) + 1 + strlen(at + 2) : strlen(data);
    FILE *fp = fopen(path, "w");
    fwrite(data, 1, len, fp);
    fclose(fp);
    free(data);
    refused(&id, k == 0 ? ":3: a NUL byte" : k == 3 ? ":2: checksum mismatch" : ":3: checksum mismatch");
  }
  /* The header changed: every line's seed with it. */
  write_file(&id, lines, 2, NULL);
  data = slurp(path);
  data[strlen("# optle rank checkpoint 3: lists_hash ")] ^= 1;
  FILE *fp = fopen(path, "w");
  fputs(data, fp);
  fclose(fp);
  free(data);
  refused(&id, ":1: checksum mismatch: the header");
  /* Format 1: refused, saying it cannot be verified. */
  fp = fopen(path, "w");
  fputs("# optle rank checkpoint 1: lists_hash a769d96ef27b0abc, rules normal, max_guesses 6, "
        "cutoff -1, top 0\nagent\t120\texact\t0.000\t4\n", fp);
  fclose(fp);
  refused(&id, ":1: a checkpoint of format 1");
  /* Not a checkpoint, even without a newline: refused, and kept. */
  fp = fopen(path, "w");
  fputs("agent", fp);
  fclose(fp);
  refused(&id, ":1: not an optle rank checkpoint");
  ck_assert_int_eq(file_size(), 5);
  /* Lines no run writes, named as what they are (a red-team pass saw
   * "checksum mismatch ... delete the line to rank that first guess
   * again" for each): a blank line, a comment, a second header (two
   * files joined), CRLF line ends (on a line, and on the header). */
  static const char *const tails[][2] = {
      {"   \n", ":4: a blank line"},
      {"# a note\n", ":4: a comment line"},
      {"# optle rank checkpoint 3: lists_hash a769d96ef27b0abc\n", ":4: a second header"},
      {"quell\t130\texact\t0.000\t4\t0123456789abcdef\r\n", ":4: a CR before the line end"}};
  for (size_t i = 0; i < sizeof tails / sizeof *tails; i++) {
    write_file(&id, lines, 2, tails[i][0]);
    refused(&id, tails[i][1]);
  }
  write_file(&id, lines, 2, NULL);
  data = slurp(path);
  fp = fopen(path, "w");
  for (const char *q = data; *q; q++) fputs(*q == '\n' ? "\r\n" : (char[]){*q, 0}, fp);
  fclose(fp);
  free(data);
  refused(&id, ":1: a CR before the line end: the file's line ends were made CRLF");
}
END_TEST

START_TEST(test_torn_ends) {
  ckpt_id id = id_of(-1);
  const char *lines[] = {"agent\t120\texact\t0.000\t4", "scion\t121\texact\t0.000\t4"};
  ckpt_resume r;
  /* A last line cut short (a full disk): cut off, the rest kept. */
  write_file(&id, lines, 1, "madam\t1695\t");
  long whole = file_size() - (long)strlen("madam\t1695\t");
  ckpt *c = ckpt_open(path, &id, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert_int_eq(r.cut_line, 3);
  ck_assert_int_eq(r.ndone, 1);
  ck_assert_int_eq(file_size(), whole);
  ck_assert_int_eq(ckpt_append(c, guess("scion"), 121, true, 0, 4), 0);
  ck_assert_int_eq(ckpt_close(c), 0);
  free(r.done);
  c = ckpt_open(path, &id, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert_int_eq(r.cut_line, 0);
  ck_assert_int_eq(r.ndone, 2);
  ckpt_close(c);
  free(r.done);
  /* A last line whole but for its newline: kept, the newline added. */
  write_file(&id, lines, 2, NULL);
  long full = file_size();
  ck_assert_int_eq(truncate(path, full - 1), 0);
  c = ckpt_open(path, &id, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert_int_eq(r.ndone, 2);
  ck_assert_int_eq(r.cut_line, 0);
  ck_assert_int_eq(file_size(), full);
  ckpt_close(c);
  free(r.done);
  /* A header cut after 30 bytes: started afresh. */
  write_file(&id, lines, 0, NULL);
  ck_assert_int_eq(truncate(path, 30), 0);
  c = ckpt_open(path, &id, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert(r.fresh && r.cut_header);
  ckpt_close(c);
  c = ckpt_open(path, &id, &G, NULL, &r);
  ck_assert_msg(c != NULL && !r.fresh, "%s", err_msg());
  ckpt_close(c);
}
END_TEST

/* Locked and closed unread (the run failed before its lists were
 * loaded): a file it made is removed, one that was there is kept. */
START_TEST(test_lock_unread) {
  ckpt *c = ckpt_lock(path);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert_int_eq(ckpt_close(c), 0);
  ck_assert_int_ne(access(path, F_OK), 0);
  FILE *fp = fopen(path, "w");
  ck_assert_ptr_nonnull(fp);
  fclose(fp);
  c = ckpt_lock(path);
  ck_assert_msg(c != NULL, "%s", err_msg());
  ck_assert_int_eq(ckpt_close(c), 0);
  ck_assert_int_eq(access(path, F_OK), 0);
}
END_TEST

/* A write that fails part-way (a file size limit, as a full disk): the
 * part written is cut off again, and the checkpoint takes no more. */
START_TEST(test_failed_append) {
  ckpt_id id = id_of(-1);
  ckpt_resume r;
  ckpt *c = ckpt_open(path, &id, &G, NULL, &r);
  ck_assert_msg(c != NULL, "%s", err_msg());
  long whole = file_size();
  signal(SIGXFSZ, SIG_IGN);
  struct rlimit rl = {(rlim_t)whole + 10, (rlim_t)whole + 10};
  ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &rl), 0);
  ck_assert_int_eq(ckpt_append(c, guess("agent"), 120, true, 0, 4), -1);
  ck_assert_msg(strstr(err_msg(), "cannot write"), "%s", err_msg());
  ck_assert_int_eq(file_size(), whole);
  ck_assert_int_eq(ckpt_append(c, guess("agent"), 120, true, 0, 4), -1);
  ck_assert_int_eq(ckpt_close(c), -1);
}
END_TEST


/* The lines written to stderr by f(r) (stderr sent to a file meanwhile). */
static int lines_of(void (*f)(rank_run *), rank_run *r, char *text, size_t size) {
  fflush(stderr);
  int keep = dup(STDERR_FILENO);
  FILE *fp = fopen(path, "w+");
  ck_assert_ptr_nonnull(fp);
  ck_assert_int_ge(dup2(fileno(fp), STDERR_FILENO), 0);
  f(r);
  fflush(stderr);
  ck_assert_int_ge(dup2(keep, STDERR_FILENO), 0);
  close(keep);
  rewind(fp);
  size_t got = fread(text, 1, size - 1, fp);
  text[got] = '\0';
  fclose(fp);
  int n = 0;
  for (size_t i = 0; i < got; i++) n += text[i] == '\n';
  return n;
}

static void settle_one(rank_run *r) {
  search_first_value v = {guess("agent"), 120, true, 0.1, 0, 4};
  rank_run_settled(r, &v);
}
static void stage_three(rank_run *r) {
  search_first_where w = {3, 5, 40, 150, -1, 0, 0, 0};
  rank_run_where(r, &w);
}

/* A run with no checkpoint, its progress as given, 6 first guesses to
 * rank, begun `ago` seconds back. */
static void start_run(rank_run *r, int progress, double ago) {
  rank_run_init(r, NULL, progress);
  r->g = &G;
  r->total = 6;
  r->t0 = now_seconds() - ago;
}

/* Plain lines: none in the first PROGRESS_LINES_AFTER seconds; then a
 * line when the run's time has doubled since the last, at most
 * PROGRESS_LINES_GAP apart; at once for a new stage and for the last
 * first guess.  The run's start is moved back to stand for time passing. */
START_TEST(test_progress_lines) {
  rank_run r;
  start_run(&r, SEARCH_PROGRESS_LINES, 0);
  char text[4096];
  ck_assert_int_eq(lines_of(settle_one, &r, text, sizeof text), 0); /* at 0 s */
  r.t0 -= 10;
  ck_assert_int_eq(lines_of(settle_one, &r, text, sizeof text), 1); /* 10 s: next at 20 */
  ck_assert_msg(strstr(text, "optle: 2/6 first guesses settled, 2 exact, best agent 120"), "%s",
                text);
  r.t0 -= 5;
  ck_assert_int_eq(lines_of(settle_one, &r, text, sizeof text), 0); /* 15 s */
  r.t0 -= 6;
  ck_assert_int_eq(lines_of(settle_one, &r, text, sizeof text), 1); /* 21 s: next at 42 */
  ck_assert_int_eq(lines_of(stage_three, &r, text, sizeof text), 1); /* a new stage */
  ck_assert_msg(strstr(text, "optle: stage 3 of 4 (L2 bounds at 151) 5/40"), "%s", text);
  ck_assert_int_eq(lines_of(stage_three, &r, text, sizeof text), 0); /* the same stage */
  r.t0 -= 5000;
  ck_assert_int_eq(lines_of(stage_three, &r, text, sizeof text), 1); /* 5021 s */
  r.t0 -= PROGRESS_LINES_GAP - 1;
  ck_assert_int_eq(lines_of(stage_three, &r, text, sizeof text), 0); /* not yet the gap */
  r.t0 -= 2;
  ck_assert_int_eq(lines_of(stage_three, &r, text, sizeof text), 1);
  ck_assert_int_eq(lines_of(settle_one, &r, text, sizeof text), 0); /* 5 of 6 */
  ck_assert_int_eq(lines_of(settle_one, &r, text, sizeof text), 1); /* the last */
  ck_assert_msg(strstr(text, "6/6 first guesses settled"), "%s", text);
  /* A terminal's line is written over: no newline. */
  start_run(&r, SEARCH_PROGRESS_TERMINAL, 0);
  ck_assert_int_eq(lines_of(settle_one, &r, text, sizeof text), 0);
  ck_assert_msg(text[0] == '\r', "%s", text);
  start_run(&r, SEARCH_PROGRESS_OFF, 1000);
  ck_assert_int_eq(lines_of(settle_one, &r, text, sizeof text), 0);
  ck_assert_str_eq(text, "");
}
END_TEST

static void settle_none(rank_run *r) {
  search_first_value v = {guess("scion"), OPTLE_INF, true, 0.1, 0, 4};
  rank_run_settled(r, &v);
}

/* A first guess with no strategy within the limit ("none") is exact, and
 * the progress line says how many of the exact are none (they once
 * passed for exact values unsaid); the best stays a finite one. */
START_TEST(test_progress_counts_none) {
  rank_run r;
  start_run(&r, SEARCH_PROGRESS_LINES, 0);
  char text[4096];
  ck_assert_int_eq(lines_of(settle_none, &r, text, sizeof text), 0); /* at 0 s */
  r.t0 -= 10;
  ck_assert_int_eq(lines_of(settle_one, &r, text, sizeof text), 1);
  ck_assert_msg(strstr(text, "optle: 2/6 first guesses settled, 2 exact (1 of them none), best agent "
                             "120, "),
                "%s", text);
  ck_assert_int_eq(r.none, 1);
  start_run(&r, SEARCH_PROGRESS_LINES, 10);
  ck_assert_int_eq(lines_of(settle_one, &r, text, sizeof text), 1);
  ck_assert_msg(strstr(text, "1 exact, best agent 120, ") && !strstr(text, "of them none"), "%s",
                text);
}
END_TEST

static void stage_three_starts(rank_run *r) {
  search_first_where w = {3, 0, 100, 150, -1, 0, 0, 0};
  rank_run_where(r, &w);
}
static void stage_three_passed(rank_run *r) {
  /* 60 of 100 done: 50 passed over at once (settled before, or left to
   * the exact search by an earlier run), 10 worked on. */
  search_first_where w = {3, 60, 100, 150, -1, 0, 50, 0};
  rank_run_where(r, &w);
}

/* A stage's ETA is at the rate of the groups it worked on: those it
 * passed over at once (a resumed run's) cost nothing and say nothing of
 * the rest (issue 47's resumed stage 3).  10 worked on in 10 s, 40 left:
 * 40 s, not the 7 s that 60 done in 10 s would say. */
START_TEST(test_progress_eta_worked) {
  rank_run r;
  start_run(&r, SEARCH_PROGRESS_LINES, 100);
  char text[4096];
  ck_assert_int_eq(lines_of(stage_three_starts, &r, text, sizeof text), 1); /* a new stage */
  ck_assert_msg(strstr(text, "(L2 bounds at 151) 0/100;"), "%s", text);
  r.stage_t0 -= 10;
  r.next_line = 0; /* the next call writes its line */
  ck_assert_int_eq(lines_of(stage_three_passed, &r, text, sizeof text), 1);
  ck_assert_msg(strstr(text, "(L2 bounds at 151) 60/100 ETA 40 s;"), "%s", text);
}
END_TEST

static void lower_two(rank_run *r) {
  search_first_value a = {guess("abate"), 118, false, 0.1, 0, 3};
  search_first_value b = {guess("acrid"), 119, false, 0.1, 0, 3};
  rank_run_lower(r, &a);
  rank_run_lower(r, &b);
  search_first_where w = {3, 40, 40, 150, -1, 0, 0, 0};
  rank_run_where(r, &w);
}
static void settle_abate(rank_run *r) {
  search_first_value v = {guess("abate"), 151, false, 0.1, 0, 4};
  rank_run_settled(r, &v);
  search_first_where w = {4, 1, 2, 150, -1, 0, 0, 0};
  rank_run_where(r, &w); /* stage 4 begins: its line waits for the first deal */
  w.solving = guess("acrid");
  rank_run_where(r, &w); /* which names its first guess */
}
static void deal_agent(rank_run *r) {
  search_first_where w = {4, 1, 2, 150, guess("agent"), 0, 0, 0};
  rank_run_where(r, &w);
}

/* The progress line counts the first guesses left to the exact search
 * (lower lines, resumed or told) until each is settled: a root proof's
 * survivors, which wait for stage 4 (issue 47). */
START_TEST(test_progress_left_exact) {
  rank_run r;
  start_run(&r, SEARCH_PROGRESS_LINES, 100);
  char text[4096];
  ck_assert_int_eq(lines_of(lower_two, &r, text, sizeof text), 1);
  ck_assert_msg(strstr(text, "; 0/6 first guesses settled, 2 left to the exact search, 0 exact"),
                "%s", text);
  ck_assert_int_eq(lines_of(settle_abate, &r, text, sizeof text), 1); /* stage 4: news */
  ck_assert_msg(strstr(text, "stage 4 of 4 (exact search at 151) 1/2 "), "%s", text);
  ck_assert_msg(strstr(text, ", searching acrid; 1/6 first guesses settled, 1 left to the exact "
                             "search, 0 exact"),
                "%s", text);
  /* Stage 4's next deal is no news (a table's stage 4 deals thousands). */
  ck_assert_int_eq(lines_of(deal_agent, &r, text, sizeof text), 0);
  ck_assert_str_eq(r.g->guesses.w[r.at.solving], "agent");
  ck_assert_int_eq(r.left_exact, 1);
  settle_one(&r); /* agent: no lower line */
  ck_assert_int_eq(r.left_exact, 1);
  search_first_value v = {guess("acrid"), 151, false, 0.1, 0, 4};
  rank_run_settled(&r, &v);
  ck_assert_int_eq(r.left_exact, 0);
  r.t0 -= 1000;
  ck_assert_int_eq(lines_of(settle_one, &r, text, sizeof text), 1);
  ck_assert_msg(!strstr(text, "left to"), "%s", text);
  rank_run_close(&r, 0);
}
END_TEST

/* --stats's stages: stage 1 runs in rounds (the probe's L1 sums, then
 * each round of exact solves), each starting from 0 done; the table adds
 * them up.  Stage 3's lower lines and stage 4's settles are counted by
 * their stage; a stage never told is not run. */
START_TEST(test_stage_tally) {
  rank_run r;
  start_run(&r, SEARCH_PROGRESS_OFF, 100);
  search_first_where w = {1, 0, 10, OPTLE_INF, -1, 0, 0, 0};
  rank_run_where(&r, &w); /* the probe's start */
  w.done = 10, w.passed = 2, w.busy = 3.5;
  rank_run_where(&r, &w); /* its end */
  w = (search_first_where){1, 0, 4, OPTLE_INF, -1, 0, 0, 0};
  rank_run_where(&r, &w); /* the first round of solves */
  w.solving = guess("agent"), w.budget = 300;
  rank_run_where(&r, &w); /* a solve dealt: not a new round */
  w.done = 4, w.passed = 1, w.busy = 20;
  rank_run_where(&r, &w);
  ck_assert_int_eq(r.stages[1].done, 14);
  ck_assert_int_eq(r.stages[1].passed, 3);
  ck_assert_double_eq_tol(r.stages[1].busy, 23.5, 1e-9);
  ck_assert(!r.stages[2].reached && !r.stages[3].reached);
  lower_two(&r);
  settle_abate(&r);
  ck_assert_int_eq(r.stages[3].lower, 2);
  ck_assert_int_eq(r.stages[3].settled, 0);
  ck_assert_int_eq(r.stages[4].settled, 1);
  ck_assert_int_eq(r.stages[4].done, 1);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  rank_run_print_stages(f, &r);
  fclose(f);
  ck_assert_msg(strstr(text, "\n  1 exact solves (the cutoff)       14      11       0      0      23.50"),
                "%s", text);
  ck_assert_msg(strstr(text, "\n  2 L0 and L1 bounds           not run\n"), "%s", text);
  ck_assert_msg(strstr(text, "\n  3 L2 and L3 bounds                40      40       0      2"), "%s",
                text);
  free(text);
  rank_run_close(&r, 0);
}
END_TEST

/* --stats's wall time of a stage run twice (stage 4 for a resume's
 * --probe, then again after stages 2 and 3) is the sum of its own runs:
 * the stages between are not its time.  The clock is moved by moving
 * each run's start back. */
START_TEST(test_stage_wall_own_runs) {
  rank_run r;
  start_run(&r, SEARCH_PROGRESS_OFF, 100);
  search_first_where w = {4, 0, 1, 150, -1, 0, 0, 0};
  rank_run_where(&r, &w); /* the probe's stage 4 */
  r.stages[4].began -= 10;
  w.done = 1;
  rank_run_where(&r, &w); /* its search ends, 10 s on */
  ck_assert_double_eq_tol(r.stages[4].wall, 10, 0.5);
  w = (search_first_where){3, 0, 40, 150, -1, 0, 0, 0};
  rank_run_where(&r, &w);
  r.stages[3].began -= 1000; /* stage 3: 1000 s */
  w.done = 40;
  rank_run_where(&r, &w);
  ck_assert_double_eq_tol(r.stages[3].wall, 1000, 0.5);
  w = (search_first_where){4, 0, 3, 150, -1, 0, 0, 0};
  rank_run_where(&r, &w); /* stage 4 again: from 0 done */
  r.stages[4].began -= 5;
  w.done = 3;
  rank_run_where(&r, &w);
  ck_assert_double_eq_tol(r.stages[4].wall, 15, 0.5); /* its two runs, 10 + 5 s */
  ck_assert_int_eq(r.stages[4].done, 4);
  rank_run_close(&r, 0);
}
END_TEST

Suite *checkpoint_suite(void) {
  Suite *s = suite_create("checkpoint");
  TCase *tc = tcase_create("checkpoint");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, test_round_trip_and_lock);
  tcase_add_test(tc, test_impossible_values);
  tcase_add_test(tc, test_lower_lines);
  tcase_add_test(tc, test_progress_left_exact);
  tcase_add_test(tc, test_stage_tally);
  tcase_add_test(tc, test_alike_lines);
  tcase_add_test(tc, test_damaged_lines);
  tcase_add_test(tc, test_format2_and_engine);
  tcase_add_test(tc, test_torn_ends);
  tcase_add_test(tc, test_failed_append);
  tcase_add_test(tc, test_lock_unread);
  tcase_add_test(tc, test_progress_lines);
  tcase_add_test(tc, test_progress_counts_none);
  tcase_add_test(tc, test_progress_eta_worked);
  tcase_add_test(tc, test_stage_wall_own_runs);
  suite_add_tcase(s, tc);
  return s;
}
