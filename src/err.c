/* err.c: errors (err.h). */
#include "err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "utf8.h"

/* Each thread its own message: set and read on the same thread. */
static _Thread_local char errbuf[ERR_MAX];

void esc_controls(char *dst, size_t size, const char *src) {
  size_t n = 0, left = strlen(src);
  if (!size) return;
  while (left && n + 1 < size) {
    unsigned char c = (unsigned char)*src;
    char e[12];
    size_t k, used = 1;
    if (c >= 0x20 && c < 0x7f) {
      dst[n++] = (char)c;
      src++, left--;
      continue;
    }
    if (c < 0x80) { /* a control byte */
      k = (size_t)snprintf(e, sizeof e,
                           c == '\t' ? "\\t" : c == '\r' ? "\\r" : c == '\n' ? "\\n" : "\\x%02x", c);
    } else { /* UTF-8: invalid bytes as \xHH, invisible characters as <U+XXXX> */
      used = utf8_shown(src, left, e, &k);
    }
    if (n + k + 1 > size) break;
    memcpy(dst + n, e, k);
    n += k;
    src += used, left -= used;
  }
  dst[n] = '\0';
}

int err_set(const char *fmt, ...) {
  char raw[sizeof errbuf];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  esc_controls(errbuf, sizeof errbuf, raw);
  return -1;
}

const char *err_msg(void) { return errbuf[0] ? errbuf : "unknown error"; }
