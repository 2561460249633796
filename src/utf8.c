/* utf8.c: decoding UTF-8, prefixes and quotes that never cut a character (utf8.h). */
#include "utf8.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

size_t utf8_next(const char *s, size_t len, uint32_t *cp) {
  assert(len > 0);
  const unsigned char *u = (const unsigned char *)s;
  unsigned char c = u[0];
  size_t n = c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3
             : c >= 0xf0 && c < 0xf5 ? 4 : 0;
  *cp = UTF8_BAD;
  if (n == 0 || n > len) return 1;
  uint32_t v = n == 1 ? c : c & (0x7f >> n);
  for (size_t i = 1; i < n; i++) {
    if ((u[i] & 0xc0) != 0x80) return 1;
    v = v << 6 | (u[i] & 0x3f);
  }
  static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (v < least[n] || v > 0x10ffff || (v >= 0xd800 && v < 0xe000)) return 1;
  *cp = v;
  return n;
}

size_t utf8_prefix(const char *s, size_t len, size_t max_chars) {
  size_t at = 0;
  uint32_t cp;
  for (size_t k = 0; k < max_chars && at < len; k++) at += utf8_next(s + at, len - at, &cp);
  return at;
}

bool utf8_invisible(uint32_t cp) {
  return (cp >= 0x80 && cp <= 0xa0) || cp == 0xad || cp == 0x34f || cp == 0x61c ||
         cp == 0x115f || cp == 0x1160 || cp == 0x17b4 || cp == 0x17b5 || cp == 0x180e ||
         (cp >= 0x2000 && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202f) ||
         (cp >= 0x205f && cp <= 0x206f) || cp == 0x3000 || cp == 0x3164 || cp == 0xfeff ||
         cp == 0xffa0 || (cp >= 0xfff0 && cp <= 0xfffb) || (cp >= 0xe0000 && cp <= 0xe0fff);
}

bool utf8_selector(uint32_t cp) {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x180b && cp <= 0x180d) || cp == 0x180f ||
         (cp >= 0xe0100 && cp <= 0xe01ef);
}

size_t utf8_shown(const char *s, size_t len, uint32_t *prev, char *e, size_t *elen) {
  uint32_t cp;
  size_t n = utf8_next(s, len, &cp);
  int k;
  /* A selector shows with the character it selects a form of (an emoji's
   * 🟩 + U+FE0F); alone, or after ASCII, it shows as nothing. */
  bool stray = utf8_selector(cp) && (*prev < 0x80 || *prev == UTF8_BAD || utf8_invisible(*prev) ||
                                     utf8_selector(*prev));
  *prev = cp;
  if ((cp == UTF8_BAD && n == 1) || cp < 0x20 || cp == 0x7f)
    k = snprintf(e, 12, "\\x%02x", (unsigned char)s[0]);
  else if (utf8_invisible(cp) || stray)
    k = snprintf(e, 12, "<U+%04X>", (unsigned)cp);
  else
    memcpy(e, s, n), k = (int)n;
  *elen = (size_t)k;
  return n;
}

void utf8_quote(const char *s, size_t len, size_t max_chars, char *out, size_t size) {
  size_t at = 0, o = 0, k = 0;
  uint32_t prev = 0;
  while (at < len && o + 16 < size) { /* room for a character, or its escape, and "..." */
    if (k == max_chars) break;
    char e[12];
    size_t elen;
    at += utf8_shown(s + at, len - at, &prev, e, &elen);
    memcpy(out + o, e, elen);
    o += elen;
    k++;
  }
  if (at < len && o + 4 <= size) memcpy(out + o, "...", 3), o += 3;
  out[o] = '\0';
}
