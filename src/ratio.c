/* ratio.c: an average as text, exactly (ratio.h). */
#include "ratio.h"

#include <assert.h>
#include <math.h>
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

static long long gcd_ll(long long a, long long b) {
  if (a < 0) a = -a;
  while (b) {
    long long t = a % b;
    a = b, b = t < 0 ? -t : t;
  }
  return a;
}

/* num / den with den > 0, in lowest terms; false when it cannot be
 * (LLONG_MIN). */
static bool lowest(long long *num, long long *den) {
  if (*den < 0) {
    if (__builtin_mul_overflow(*num, -1LL, num) || __builtin_mul_overflow(*den, -1LL, den))
      return false;
  }
  long long g = gcd_ll(*num, *den);
  if (g > 1) *num /= g, *den /= g;
  return true;
}

void ratio_sum_add(ratio_sum *s, long long num, long long den) {
  assert(den != 0);
  s->approx += (double)num / (double)den;
  if (!s->exact) return;
  long long n = num, d = den, a, b, dd;
  /* s + n / d = (s.num * (d / g) + n * (s.den / g)) / (s.den / g * d), g their gcd */
  bool ok = lowest(&n, &d);
  long long g = ok ? gcd_ll(s->den, d) : 1;
  ok = ok && !__builtin_mul_overflow(s->num, d / g, &a) &&
       !__builtin_mul_overflow(n, s->den / g, &b) && !__builtin_add_overflow(a, b, &a) &&
       !__builtin_mul_overflow(s->den / g, d, &dd) && lowest(&a, &dd);
  long long limit = 1;
  for (int i = 0; i < RATIO_DIGITS_MAX; i++) limit *= 10;
  limit = 9223372036854775807LL / limit;
  if (!ok || a >= limit || a <= -limit) {
    s->exact = false;
    return;
  }
  s->num = a, s->den = dd;
}

ratio_text ratio_sum_fmt(const ratio_sum *s, int digits, bool plus) {
  if (s->exact) return ratio_fmt(s->num, s->den, digits, plus);
  assert(digits >= 0 && digits <= RATIO_DIGITS_MAX);
  double scale = pow(10, digits), v = round(s->approx * scale); /* half away from zero */
  ratio_text t;
  snprintf(t.s, sizeof t.s, "%s%.*f", v < 0 ? "-" : plus ? "+" : "", digits, fabs(v) / scale);
  return t;
}
