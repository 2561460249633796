/*
 * opts.h: the command line's options: one table for every command.
 *
 * OPTLE_OPTIONS below lists each option once: its flag, argument name,
 * type, where its value goes (a field of optle_args), its range, its
 * default and its help text.  A command names the options it accepts in
 * an optuse list, optionally with its own help text and default where
 * the option means something more specific there (export's -o is one
 * file; verify checks a guess limit only when asked).  parse_options()
 * and opt_show() work from the two, and --help, the man page and the
 * bash completion show options through opt_show() (help.h), so parsing,
 * range checks, defaults, --help, the man page and completion never
 * disagree, and no command repeats an option.
 *
 * Options take "--opt VALUE" or "--opt=VALUE"; words that do not start
 * with '-' are positional arguments, accepted up to the command's limit.
 * Every usage error prints one line, "optle: reason (see 'optle CMD
 * --help')", and the caller returns EXIT_USAGE (2).
 *
 * Beside the table, what the commands do alike with what they were
 * given: the rules (opts_rules()), the -o checks (opts_check_outputs(),
 * outputs_clash()), the lists and their game (opts_load_game(); for a
 * command that reads a tree, opts_load_tree_game() or
 * opts_load_tree_words(), and for next and play opts_verify_tree()),
 * --answers-from and word arguments.  Each prints its own message and
 * returns the exit status, so a command's first step is a list of
 * checks, each one line.
 */
#ifndef OPTLE_OPTS_H
#define OPTLE_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "game.h"
#include "history.h"
#include "rules.h"
#include "share.h"
#include "tree.h"
#include "treeio.h"
#include "treeread.h"
#include "tuning.h"
#include "util.h"

/* A tuning constant in a help text, as tuning.h defines it. */
#define OPTS_STR_(x) #x
#define OPTS_STR(x) OPTS_STR_(x)

enum { O_FLAG, O_STR, O_INT, O_PATHS };
#define MAX_OUTPUTS OUTS_MAX

typedef struct {
  const char *paths[MAX_OUTPUTS];
  int n;
} paths;

/* Word lists: --list NAME or --answers FILE [--guesses FILE]. */
typedef struct {
  const char *list, *answers, *guesses;
} list_args;

/* Where every option's value goes (a command reads the fields it uses). */
typedef struct {
  list_args l;
  const char *first, *guess, *tree, *answer, *strategy, *strategies, *format, *answers_from;
  const char *objective, *words, *checkpoint, *share, *rank_compare, *rank_upper, *probe;
  paths out;
  int max_guesses, threads, memo_mb, time_limit, top, seed, expect, depth, rank_top, cutoff;
  int probe_budget;
  bool quiet, stats, no_seed, json, assist, hints, hard, hardgray, ultrahard, compare, force, prove;
  bool rank_all;
} optle_args;

/*
 * X(ID, flag, argument, type, field, lo, hi, default, help): lo..hi is
 * an O_INT's range; the default is an O_INT's value before parsing.
 */
#define OPTLE_OPTIONS(X)                                                                       \
  X(LIST, "--list", "NAME", O_STR, l.list, 0, 0, 0,                                            \
    "a named list (optle lists): small, medium, large, original, nyt-2022-02, "               \
    "nyt-2022-08, nyt-2023-07 (nyt, the default: the newest); every word an\n"                 \
    "                         answer: original-all, nyt-2022-02-all, nyt-2022-08-all")         \
  X(ANSWERS, "--answers", "FILE", O_STR, l.answers, 0, 0, 0, "the answer list")                \
  X(GUESSES, "--guesses", "FILE", O_STR, l.guesses, 0, 0, 0,                                  \
    "the allowed guesses (default: the answers, or the named list's)")                         \
  X(FIRST, "--first", "WORD", O_STR, first, 0, 0, 0, "fix the first guess")                    \
  X(MAX_GUESSES, "--max-guesses", "N", O_INT, max_guesses, 0, 254, 6,                         \
    "guess limit per answer, 0 = none (default 6)")                                            \
  X(THREADS, "--threads", "N", O_INT, threads, 1, OPTLE_THREADS_MAX, 0,                        \
    "OpenMP threads (default: OMP_NUM_THREADS, else all cores)")                               \
  X(MEMO_MB, "--memo-mb", "N", O_INT, memo_mb, 1, 1 << 20, 0,                                 \
    "memo size cap in MiB (default " OPTS_STR(MEMO_DEFAULT_MB) "; " OPTS_STR(MEMO_BIG_MB)      \
    " for lists of " OPTS_STR(MEMO_BIG_ANSWERS) " answers or more, "                           \
    OPTS_STR(MEMO_FIXED_FIRST_MB) " there with --first)")                                      \
  X(OUT, "-o", "FILE", O_PATHS, out, 0, 0, 0,                                                 \
    "write the tree: FILE.json (JSON), .txt (text), .html (the explorer\n"                     \
    "                         page), .dot (Graphviz), .svg or .png (drawn by Graphviz's dot),\n" \
    "                         or another solver's format: .paths, .cpaths, .map.json, .mjs;\n"  \
    "                         repeatable")                                                      \
  X(TIME_LIMIT, "--time-limit", "SECONDS", O_INT, time_limit, 1, 100000000, 0,                \
    "stop after this long, as on Ctrl-C (exit status 4)")                                      \
  X(PROBE_BUDGET, "--probe-budget", "SECONDS", O_INT, probe_budget, 1, 100000000, 0,          \
    "the root proof's total to beat: how long the first exact solve of a\n"                    \
    "                         likely first guess may take before the next is tried (default\n" \
    "                         300; each round 4 times as long, the fourth unlimited)")          \
  X(PROBE, "--probe", "WORD", O_STR, probe, 0, 0, 0,                                          \
    "the root proof's total to beat: solve WORD's first (a first guess\n"                      \
    "                         believed good; it changes the time, never the result)")          \
  X(STATS, "--stats", NULL, O_FLAG, stats, 0, 0, 0, "print the search counters")               \
  X(NO_SEED, "--no-seed", NULL, O_FLAG, no_seed, 0, 0, 0,                                     \
    "do not seed the bound with the greedy entropy strategy")                                  \
  X(QUIET, "--quiet", NULL, O_FLAG, quiet, 0, 0, 0,                                           \
    "print nothing on success (errors still go to stderr)")                                    \
  X(GUESS, "--guess", "WORD", O_STR, guess, 0, 0, 0,                                          \
    "also give WORD's exact value and how much worse than the best it is")                     \
  X(TOP, "--top", "N", O_INT, top, 0, ADVICE_TOP_MAX, 5,                                      \
    "list the N best guesses with their exact values (default 5)")                             \
  X(TREE, "--tree", "FILE", O_STR, tree, 0, 0, 0,                                             \
    "a solved tree (JSON or text): answer from it where the history follows it")               \
  X(JSON, "--json", NULL, O_FLAG, json, 0, 0, 0, "print the same as JSON")                     \
  X(ASSIST, "--assist", NULL, O_FLAG, assist, 0, 0, 0,                                        \
    "assist mode: type the guesses and colours of a real game, get advice")                    \
  X(ANSWER, "--answer", "WORD", O_STR, answer, 0, 0, 0,                                       \
    "the hidden answer (default: drawn at random)")                                            \
  X(SEED, "--seed", "N", O_INT, seed, 0, 2147483647, -1,                                      \
    "seed of the random answer (default: from the clock; printed)")                            \
  X(HINTS, "--hints", NULL, O_FLAG, hints, 0, 0, 0,                                           \
    "show the optimal next guess after every guess (toggle: hint or :h)")                      \
  X(HARD, "--hard", NULL, O_FLAG, hard, 0, 0, 0,                                             \
    "hard mode: greens stay in place, greens and yellows are used again")                      \
  X(HARDGRAY, "--hard-gray", NULL, O_FLAG, hardgray, 0, 0, 0,                                 \
    "hard mode, and a letter shown gray is not used again (beyond its\n"                       \
    "                         copies shown green or yellow)")                                  \
  X(ULTRAHARD, "--ultrahard", NULL, O_FLAG, ultrahard, 0, 0, 0,                               \
    "ultrahard mode: every guess could still be the answer")                                   \
  X(OBJECTIVE, "--objective", "NAME", O_STR, objective, 0, 0, 0,                              \
    "total (default: the fewest guesses in total) or worst (the fewest\n"                      \
    "                         for the worst answer, then the fewest in total)")                \
  X(STRATEGY, "--strategy", "NAME", O_STR, strategy, 0, 0, 0,                                 \
    "the strategy to play (default entropy; see below)")                                       \
  X(COMPARE, "--compare", NULL, O_FLAG, compare, 0, 0, 0,                                     \
    "a table: one row per first guess, one column per strategy")                               \
  X(STRATEGIES, "--strategies", "LIST", O_STR, strategies, 0, 0, 0,                           \
    "with --compare: the columns, comma-separated (default above)")                            \
  X(EXPECT, "--expect", "TOTAL", O_INT, expect, 0, 1000000000, -1,                            \
    "the total the tree must have (exit status 1 if not)")                                     \
  X(FORMAT, "--format", "FMT", O_STR, format, 0, 0, 0,                                        \
    "the format to write: json, text, dot, svg, png, html, paths, cpaths,\n"                  \
    "                         map or mjs (default: each -o file's extension: .json, .txt,\n"   \
    "                         .dot, .gv, .svg, .png, .html, .htm, .paths, .cpaths, .map.json,\n" \
    "                         .mjs or .js)")                                                    \
  X(DEPTH, "--depth", "N", O_INT, depth, 0, TREEREAD_MAX_DEPTH, 0,                            \
    "dot, svg, png: show the first N guesses, summarise the rest (default 0: all)")                      \
  X(ANSWERS_FROM, "--answers-from", "SET", O_STR, answers_from, 0, 0, 0,                      \
    "the possible answers: 'answers' (the answer list; default) or 'guesses' (every allowed "  \
    "guess that fits the history)")                                                            \
  X(RANK_TOP, "--top", "N", O_INT, rank_top, 1, RANK_TOP_MAX, 0,                              \
    "exact values for the N best first guesses (ties with the N-th\n"                          \
    "                         included); every other one proven worse")                        \
  X(CUTOFF, "--cutoff", "TOTAL", O_INT, cutoff, 0, 1000000000, -1,                            \
    "exact values up to TOTAL; above it, proven lower bounds")                                 \
  X(RANK_ALL, "--all", NULL, O_FLAG, rank_all, 0, 0, 0,                                      \
    "with --top: every first guess, the bounds too (default: the N best)")                    \
  X(RANK_COMPARE, "--compare", "FILE", O_STR, rank_compare, 0, 0, 0,                          \
    "check the values against a published table (rows 'word average\n"                       \
    "                         total'), printing every difference (exit status 1)")             \
  X(RANK_UPPER, "--compare-upper", "FILE", O_STR, rank_upper, 0, 0, 0,                        \
    "check the values against a table of upper bounds (rows 'word\n"                         \
    "                         average total', each a strategy's total, as\n"                   \
    "                         alex1770/wordle's results_upperbound*): a row below optle's\n"   \
    "                         value is a difference (exit status 1), a word it lacks is not")  \
  X(WORDS, "--words", "FILE", O_STR, words, 0, 0, 0, "rank only the first guesses in FILE")     \
  X(CHECKPOINT, "--checkpoint", "FILE", O_STR, checkpoint, 0, 0, 0,                           \
    "append each settled word to FILE, checksummed; a rerun with it\n"                        \
    "                         resumes (one run at a time: the file is locked;\n"              \
    "                         FILE.memo keeps stage 4's proven sets)")                        \
  X(PROVE, "--prove", NULL, O_FLAG, prove, 0, 0, 0,                                           \
    "with no history on a big list: prove the best first guess (the root\n"                  \
    "                         proof's ranking; about a minute on the NYT lists)")              \
  X(FORCE, "--force", NULL, O_FLAG, force, 0, 0, 0,                                           \
    "use a JSON tree even though the lists hash it records is not the lists'")               \
  X(SHARE, "--share", "FILE", O_STR, share, 0, 0, 0,                                          \
    "the game's share text, pasted whole (- for standard input): its\n"                      \
    "                         header and grid give the patterns, the arguments the words")

typedef enum {
  OPT_END = 0,
#define X(id, flag, arg, type, field, lo, hi, def, help) OPT_##id,
  OPTLE_OPTIONS(X)
#undef X
  OPT_COUNT
} opt_id;

/* One option a command accepts; help (and def, when has_def) replace
 * the table's where the option means something more specific there. */
typedef struct {
  opt_id id;
  const char *help;
  bool has_def;
  long def;
} optuse;

#define OPT_USE(id) {OPT_##id, NULL, false, 0}
#define OPT_USE_HELP(id, help) {OPT_##id, help, false, 0}
#define OPT_USE_DEFAULT(id, def, help) {OPT_##id, help, true, def}
#define OPT_USE_LISTS OPT_USE(LIST), OPT_USE(ANSWERS), OPT_USE(GUESSES)
#define OPT_USE_END {OPT_END, NULL, false, 0}

/* Positional arguments a command accepts; `what` (optional) names them
 * in the message for too many ("at most 64 history steps"). */
typedef struct {
  char **v;
  int n, max;
  const char *what;
} positionals;

/* Print "optle: <message> (see 'optle CMD --help')"; returns EXIT_USAGE. */
int usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* What --help, the man page and completion show of the option u: its
 * flag ("--threads"), argument name ("N", NULL for a flag) and help text
 * (the command's own where it has one, else the table's; a '\n' and the
 * spaces after it continue the --help line). */
typedef struct {
  const char *flag, *arg, *help;
} optshow;
optshow opt_show(const optuse *u);
/* Set args to the defaults of `uses`, then parse argv into it.  *help is
 * set by -h/--help.  pos may be NULL (no positional arguments).  An
 * option that takes a value may be given once (-o is repeatable; a flag
 * given twice is the same as once), and no -o may name the --answers,
 * --guesses or --tree file.  Returns 0 or EXIT_USAGE. */
int parse_options(const char *cmd, const optuse *uses, int argc, char **argv, optle_args *args,
                  bool *help, positionals *pos);

/* The rules (--hard, --hard-gray, --ultrahard) and the objective
 * (--objective) the options give: 0, or EXIT_USAGE after a message (two
 * modes; an unknown objective). */
#define OPT_USE_RULES OPT_USE(HARD), OPT_USE(HARDGRAY), OPT_USE(ULTRAHARD)
int opts_rules(const char *cmd, const optle_args *a, rules_mode *m, objective *o);

/* What a command's -o files hold: trees (treeio.h's formats) or, for
 * simulate --compare, tables (simulate.h: .md, .csv). */
typedef enum { OUT_TREES, OUT_TABLES } out_kind;
/* Each -o file in turn: its extension must name a format of `kind`
 * ("-o FILE: unknown tree format (use ...)"), and with `once` it may not
 * be an earlier one again (opts_output_twice()).  0 or EXIT_USAGE. */
int opts_check_outputs(const char *cmd, const paths *out, out_kind kind, bool once);
/* The trees a command writes (solve, export), dest[0..n): each in
 * --format's format (a->format), else its extension's (treeio.h's format
 * table: "-o FILE: unknown tree format (use EXTENSIONS, or give --format
 * NAMES)"); "-" (standard output) only where stdout_ok, and then with
 * --format; none twice; --depth only with a DOT file.  *f gets --format's
 * format (TREEFMT_NONE without it).  0 or EXIT_USAGE. */
int opts_tree_outputs(const char *cmd, const optle_args *a, const char *const *dest, int n,
                      bool stdout_ok, treefmt *f);
/* EXIT_USAGE after "-o FILE: given twice" when paths[i] is one of
 * paths[0..i); else 0. */
int opts_output_twice(const char *cmd, const char *const *paths, int i);

/* EXIT_USAGE, after saying so, when one of the -o paths is the file
 * `input` (the same file, links followed; label names it: "tree file");
 * else 0.  parse_options() checks the list and --tree files. */
int outputs_clash(const char *cmd, const paths *out, const char *label, const char *input);
/* The same for the list files g was loaded from (g->answers_file,
 * g->guesses_file): those a tree records as well as --answers and
 * --guesses, so `export t.json -o A.txt` cannot overwrite the tree's own
 * answer list. */
int outputs_clash_lists(const char *cmd, const paths *out, const game *g);
/* After a tree not known optimal (treeio_job_unproven()) was written to
 * o's files (in format, or each file's extension's when TREEFMT_NONE): a
 * note on stderr for each file written whose format cannot carry that
 * mark (the paths, the map, the pictures), so that no one takes it for a
 * proven tree. */
void outputs_note_unmarked(const outset *o, treefmt format);

/* Load the lists the options name (LISTS_DEFAULT when they name none),
 * with their feedback table, into g;
 * prints the error and returns EXIT_USAGE, or after a stop during the
 * table says so (clock.h stop_say()) and returns EXIT_STOPPED. */
int opts_load_game(const char *cmd, const list_args *l, game *g);

/* After an input file failed to open or read: when a stop came while it
 * waited (a signal in open() on a FIFO, say), says so (stop_say(), with
 * what: "while reading ...") and returns EXIT_STOPPED, as a stop while
 * the lists are read does; else 0, and the caller reports the input's
 * own error (status 2). */
int opts_stopped_reading(const char *what);

/*
 * The lists for a command that reads a tree (verify and export; next and
 * play with --tree): the list options when given; else the list files a
 * JSON tree records (its "answers_file" and "guesses_file", treeread.h:
 * refused when one is missing, not a regular file or no word list any
 * more); else the named list it records (its "list"); else default_list,
 * or LISTS_DEFAULT when that is NULL (tf->list_defaulted says so).  With
 * tree_path (else NULL), the file is read whole into *tf, for
 * verify_mem(); a JSON tree whose recorded "lists_hash" is not the lists'
 * is refused unless force: the tree was made for other lists (or, from
 * its recorded files, they changed since).  label starts messages about
 * the tree ("--tree " for next and play, "" for verify and export).
 * Prints a one-line problem and returns EXIT_USAGE, or 0; either way,
 * opts_tree_release(tf) frees what was read of the tree.
 */
typedef struct {
  char *data; /* the tree file, or NULL */
  size_t len;
  treeread_info rec; /* what it records: format, list, lists hash */
  bool list_from_tree; /* the lists are the tree's recorded list */
  bool lists_from_files; /* the lists are the tree's recorded list files */
  bool list_defaulted; /* no options and nothing recorded: LISTS_DEFAULT */
} tree_file;
int opts_load_tree_game(const char *cmd, const list_args *l, const char *tree_path,
                        const char *label, bool force, const char *default_list, game *g,
                        tree_file *tf);
/* The same without the feedback table (game.h game_load_words()): for
 * verify and export, which never play, so a large list costs no table. */
int opts_load_tree_words(const char *cmd, const list_args *l, const char *tree_path,
                         const char *label, bool force, const char *default_list, game *g,
                         tree_file *tf);
/* Free the tree file's bytes and what it records (tf->data, tf->rec). */
void opts_tree_release(tree_file *tf);

/* --answers-from (next, play): *from_guesses is true for "guesses",
 * false for "answers" or none; EXIT_USAGE after a message for another
 * value, else 0. */
int opts_answers_from(const char *cmd, const optle_args *a, bool *from_guesses);

/* Check the --tree file opts_load_tree_game() read (next, play) in full
 * against g, the guess limit and the rules (verify.h): the advice
 * follows the tree, so it must keep the game's rules.  0 with *t, or
 * EXIT_USAGE after "optle: --tree reason". */
int opts_verify_tree(const char *path, const tree_file *tf, const game *g, int max_guesses,
                     rules_mode rules, tnode **t);

/*
 * The history next and analyse take: the positional words pos (the
 * forms of history.h: word:PATTERN, or word PATTERN) or, with --share
 * FILE, the words alone and the share text's grid (share.h; *grid gets
 * it when grid is not NULL, else grid->n = 0).  A share header's '*'
 * turns on hard mode (*rules, unless ultrahard), and its guess limit
 * must be the game's.  Every step is then kept to the rules, and there
 * are no more than the guess limit.  0 with h[0..*k) (at most max), or
 * EXIT_USAGE after the message.
 */
int opts_history(const char *cmd, const optle_args *a, const positionals *pos, const game *g,
                 rules_mode *rules, share_grid *grid, hstep *h, int max, int *k);

/* The guess index of a word given on the command line (any case), or -1
 * after printing "optle: OPTION 'word': reason". */
int word_arg(const char *cmd, const char *option, const char *word, const game *g);

#endif
