/*
 * ratio.h: an average as text, exactly (ratio.c).
 *
 * Every average optle prints (guesses per answer, expected guesses from
 * here, how much worse a guess is) is a quotient of two integers: a
 * total and a count.  printf("%.4f") of the double rounds the double,
 * not the quotient, so a quotient that ends in exactly 5 past the last
 * digit prints one digit low when the double falls just below it
 * (443/160 = 2.76875 printed 2.7687) and by banker's rule when it does
 * not (21/8 = 2.625 printed 2.62).  ratio_fmt() rounds the quotient
 * itself, to nearest, a tie away from zero, in integer arithmetic: one
 * rule for every writer (the explorer's page does the same in
 * JavaScript, treehtml.html's ratio()).
 *
 * The result is a struct holding the text, so that a call can sit in a
 * printf's arguments: printf("%s", ratio4(total, n).s).  The temporary
 * lives to the end of that full expression (C11 6.2.4).
 */
#ifndef OPTLE_RATIO_H
#define OPTLE_RATIO_H

#include <stdbool.h>

enum { RATIO_DIGITS_MAX = 6 };
typedef struct {
  char s[40];
} ratio_text;

/* num / den to DIGITS decimals (0 to RATIO_DIGITS_MAX), rounded to
 * nearest, a tie away from zero; with PLUS a "+" before a value that is
 * not negative (printf's "%+.4f").  A value that rounds to zero has no
 * sign ("0.0000", never "-0.0000"); den 0 gives 0, as an empty tree's
 * average.  |num| must stay below 2^63 / 10^DIGITS. */
ratio_text ratio_fmt(long long num, long long den, int digits, bool plus);
/* The four decimals of every average in optle's output. */
static inline ratio_text ratio4(long long num, long long den) {
  return ratio_fmt(num, den, 4, false);
}

/*
 * A sum of quotients with different counts (analyse's and play's cost
 * and luck over a game's steps: each step's over its own answers), kept
 * exact as num / den in lowest terms, den > 0, so that it prints by the
 * rule above.  exact turns false when a term or the sum would need more
 * than 64 bits, or more than ratio_fmt() takes (|num| below 2^63 /
 * 10^RATIO_DIGITS_MAX); approx, the terms summed as doubles, is then
 * what is printed, rounded from the double, half away from zero.  A
 * game's counts shrink step by step, so its sums are far inside.
 */
typedef struct {
  long long num, den;
  double approx;
  bool exact;
} ratio_sum;
static inline ratio_sum ratio_sum_zero(void) { return (ratio_sum){0, 1, 0.0, true}; }
/* Adds num / den (den != 0). */
void ratio_sum_add(ratio_sum *s, long long num, long long den);
/* The sum as ratio_fmt() writes it. */
ratio_text ratio_sum_fmt(const ratio_sum *s, int digits, bool plus);

#endif
