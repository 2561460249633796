/* ratio.c: an average as text, exactly (ratio.h). */
#include "ratio.h"

#include <assert.h>
#include <stdio.h>

ratio_text ratio_fmt(long long num, long long den, int digits, bool plus) {
  ratio_text t;
  assert(digits >= 0 && digits <= RATIO_DIGITS_MAX);
  if (den < 0) num = -num, den = -den;
  if (den == 0) num = 0, den = 1;
  long long scale = 1;
  for (int i = 0; i < digits; i++) scale *= 10;
  unsigned long long a = num < 0 ? 0ULL - (unsigned long long)num : (unsigned long long)num;
  assert(a < 9223372036854775807ULL / (unsigned long long)scale);
  a *= (unsigned long long)scale;
  unsigned long long q = a / (unsigned long long)den, r = a % (unsigned long long)den;
  if (2 * r >= (unsigned long long)den) q++; /* to nearest, a tie away from zero */
  const char *sign = num < 0 && q ? "-" : plus ? "+" : "";
  if (digits)
    snprintf(t.s, sizeof t.s, "%s%llu.%0*llu", sign, q / (unsigned long long)scale, digits,
             q % (unsigned long long)scale);
  else
    snprintf(t.s, sizeof t.s, "%s%llu", sign, q);
  return t;
}
