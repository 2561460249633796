/* err.c: errors (err.h). */
#include "err.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP /* the fuzz targets build the library without OpenMP */
#include <omp.h>
#endif

#include "utf8.h"

/* Each thread its own message: set and read on the same thread. */
static _Thread_local char errbuf[ERR_MAX];

void esc_controls(char *dst, size_t size, const char *src) {
  size_t n = 0, left = strlen(src);
  uint32_t prev = 0; /* the character before (utf8_shown()) */
  if (!size) return;
  while (left && n + 1 < size) {
    unsigned char c = (unsigned char)*src;
    char e[12];
    size_t k, used = 1;
    if (c >= 0x20 && c < 0x7f) {
      prev = c;
      dst[n++] = (char)c;
      src++, left--;
      continue;
    }
    if (c < 0x80) { /* a control byte */
      prev = c;
      k = (size_t)snprintf(e, sizeof e,
                           c == '\t' ? "\\t" : c == '\r' ? "\\r" : c == '\n' ? "\\n" : "\\x%02x", c);
    } else { /* UTF-8: invalid bytes as \xHH, invisible characters as <U+XXXX> */
      used = utf8_shown(src, left, &prev, e, &k);
    }
    if (n + k + 1 > size) break;
    memcpy(dst + n, e, k);
    n += k;
    src += used, left -= used;
  }
  dst[n] = '\0';
}

/* fmt formatted, then escaped (esc_controls()), into dst[ERR_MAX]: the
 * one way every message here is made. */
static void err_vformat(char dst[ERR_MAX], const char *fmt, va_list ap) {
  char raw[ERR_MAX];
  vsnprintf(raw, sizeof raw, fmt, ap);
  esc_controls(dst, ERR_MAX, raw);
}

int err_set(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err_vformat(errbuf, fmt, ap);
  va_end(ap);
  return -1;
}

const char *err_msg(void) { return errbuf[0] ? errbuf : "unknown error"; }

void err_print(void) { fprintf(stderr, "optle: %s\n", err_msg()); }

void err_note(const char *fmt, ...) {
  char shown[ERR_MAX];
  va_list ap;
  va_start(ap, fmt);
  err_vformat(shown, fmt, ap);
  va_end(ap);
  fprintf(stderr, "optle: %s\n", shown);
}

int err_say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err_vformat(errbuf, fmt, ap);
  va_end(ap);
  err_print();
  return -1;
}

/* The innermost armed trap of this thread, or NULL. */
static _Thread_local err_trap *trap;

void err_trap_arm(err_trap *t) {
  t->status = 0;
  t->prev = trap;
  trap = t;
}

void err_trap_disarm(err_trap *t) {
  if (trap == t) trap = t->prev;
}

_Noreturn void err_fatal(int status, const char *fmt, ...) {
  char msg[ERR_MAX];
  va_list ap;
  va_start(ap, fmt);
  err_vformat(msg, fmt, ap);
  va_end(ap);
  int parallel = 0;
#ifdef _OPENMP
  parallel = omp_get_level() > 0; /* inside a region, active or not */
#endif
  err_trap *t = trap;
  if (t && !parallel) {
    /* The library's entry point returns the error instead. */
    memcpy(errbuf, msg, sizeof errbuf);
    t->status = status;
    trap = t->prev;
    longjmp(t->jb, status ? status : 1);
  }
  fprintf(stderr, "optle: %s\n", msg);
  exit(status);
}
