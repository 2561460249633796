/*
 * fuzz_treeread.c: libFuzzer target for the tree readers (treeread.h,
 * with the other solvers' formats of treeread_public.h) and the checks
 * after them (verify.h).
 *
 * Each input is read as a tree file against two games: the tiny lists of
 * tests/fixtures/trees (12 answers, 14 guesses; the seed corpus's
 * fixtures are written for them) and the embedded `small` list.  Beyond
 * "no crash, no leak, no undefined behaviour, bounded memory", every
 * input must give a status of 0, 1 or 2 with a message on failure, and
 * every tree accepted as valid must keep to a guess limit of its own
 * depth and break one of a guess less, and must survive every writer:
 * written as text, JSON, path lines, compressed path lines, map JSON and
 * the ES module, it must read back valid, in that format, with the same
 * tree hash.  The DOT writer and the report run on it too.
 * What treeread_lists() reads alone ("list", "answers_file",
 * "guesses_file", "lists_hash") must agree
 * with the reader: the same fields for a tree it accepts, and JSON it
 * refuses the reader refuses too.
 *
 * Built and run by `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dot.h"
#include "game.h"
#include "lists.h"
#include "tree.h"
#include "treeio.h"
#include "treeread.h"
#include "util.h"
#include "verify.h"
#include "words.h"

static const char *const tiny_answers[] = {"batch", "catch", "hatch", "latch", "match", "patch",
                                           "watch", "fight", "light", "might", "night", "sight"};
static const char *const tiny_extra[] = {"plumb", "clamp"};

static game games[2];
static int ngames;

static void setup(void) {
  const char *guesses[14];
  memcpy(guesses, tiny_answers, sizeof tiny_answers);
  memcpy(guesses + 12, tiny_extra, sizeof tiny_extra);
  wordlist a, q;
  if (words_from_array(tiny_answers, 12, &a) || words_from_array(guesses, 14, &q) ||
      game_from_lists(&games[0], a, q) || lists_load(&games[1], "small", NULL)) {
    fprintf(stderr, "fuzz setup: %s\n", err_msg());
    abort();
  }
  ngames = 2;
}

/* The tree formats, each written and read back. */
static const treefmt formats[] = {TREEFMT_TEXT,   TREEFMT_JSON, TREEFMT_PATHS,
                                  TREEFMT_CPATHS, TREEFMT_MAP,  TREEFMT_MJS};
#define NFORMATS (int)(sizeof formats / sizeof *formats)

/* Write t into memory: how < NFORMATS a tree format, then DOT and the
 * report (with the reader's info). */
static char *written(const tnode *t, const game *g, int how, const treeread_info *info,
                     size_t *len) {
  char *buf = NULL;
  FILE *fp = open_memstream(&buf, len);
  if (!fp) abort();
  int rc = how < NFORMATS   ? treeio_write(fp, formats[how], t, g, 6)
           : how == NFORMATS ? dot_write(fp, t, g, 2)
                             : (verify_report(fp, "fuzz", t, g, info, 0), 0);
  if (rc) abort();
  fclose(fp);
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!ngames) setup();
  for (int k = 0; k < ngames; k++) {
    const game *g = &games[k];
    tnode *t = NULL;
    treeread_info info;
    err_set("%s", "");
    int rc = verify_mem((const char *)data, size, "fuzz", g, 0, &t, &info);
    if (rc < 0 || rc > 2 || (rc == 0) != (t != NULL)) abort();
    if (rc != 0 && !strstr(err_msg(), "fuzz")) abort(); /* every message names the file */
    /* What the file records about its lists, read alone, agrees with the
     * reader: a readable JSON tree's fields are the same, and a file the
     * peek refuses the reader refuses too (a file with several problems
     * may be named for another one). */
    treeread_info rec;
    int pr = treeread_lists((const char *)data, size, "fuzz", 0, &rec);
    if (pr == 0 && info.format == TREEFMT_JSON && rec.format != TREEFMT_JSON) abort();
    if (pr != 0 && (rc != VERIFY_UNUSABLE || !strstr(err_msg(), "fuzz"))) abort();
    if (rc == 0 && info.format == TREEFMT_JSON &&
        (pr != 0 || strcmp(rec.list, info.list) || rec.has_lists_hash != info.has_lists_hash ||
         rec.lists_hash != info.lists_hash || strcmp(rec.answers_file, info.answers_file) ||
         strcmp(rec.guesses_file, info.guesses_file)))
      abort();
    if (rc == 0) {
      /* The guess limit: the tree's own depth passes, one less fails. */
      tree_summary s;
      tree_summarize(t, &s);
      if (verify_tree(t, g, s.most, &info, "fuzz") != VERIFY_VALID) abort();
      if (s.most > 1 && verify_tree(t, g, s.most - 1, &info, "fuzz") != VERIFY_INVALID) abort();
      uint64_t h = tree_hash(t);
      for (int how = 0; how < NFORMATS; how++) {
        size_t len;
        char *buf = written(t, g, how, &info, &len);
        tnode *t2 = NULL;
        treeread_info i2;
        if (verify_mem(buf, len, "fuzz", g, 0, &t2, &i2) != 0) {
          fprintf(stderr, "round trip %d failed: %s\n%s", how, err_msg(), buf);
          abort();
        }
        if (tree_hash(t2) != h || i2.format != formats[how]) abort();
        tree_free(t2);
        treeread_info_free(&i2);
        free(buf);
      }
      for (int how = NFORMATS; how < NFORMATS + 2; how++) {
        size_t len;
        free(written(t, g, how, &info, &len));
      }
    }
    tree_free(t);
    treeread_info_free(&info);
  }
  return 0;
}
