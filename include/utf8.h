/*
 * utf8.h: UTF-8 text as players type and paste it: one character at a
 * time, and prefixes that never cut one.
 *
 * The share grid's squares are multi-byte characters (U+2B1B, U+1F7E9,
 * ...), and a message that quotes or points into a line must count
 * columns in characters and never cut one in half.  This is all optle
 * needs of Unicode: decoding, not width, case or normalisation.  A
 * library (GNU libunistring) would add a build dependency on every
 * platform for these twenty lines, so they are written here, from RFC
 * 3629: overlong forms, surrogates and code points past U+10FFFF are
 * invalid, and an invalid byte is one character of its own (U+FFFD).
 */
#ifndef OPTLE_UTF8_H
#define OPTLE_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UTF8_BAD 0xFFFDu

/* The character at s (len > 0 bytes left): its code point in *cp
 * (UTF8_BAD for an invalid sequence) and its length in bytes (1 for an
 * invalid byte, so a scan always moves on). */
size_t utf8_next(const char *s, size_t len, uint32_t *cp);

/* The bytes of the longest prefix of s[0..len) with at most max_chars
 * characters: a cut there never splits one. */
size_t utf8_prefix(const char *s, size_t len, size_t max_chars);

/* Whether a code point shows as nothing or as a mere blank: C1 controls,
 * no-break and other spaces than ' ', zero-width ones and joiners,
 * direction marks, the byte order mark (U+FEFF) and the like.  A
 * message quoting one names it (<U+00A0>) rather than show a blank. */
bool utf8_invisible(uint32_t cp);

/* s[0..len) quoted for a message into out (size >= 32): at most
 * max_chars characters, then "..." when longer; invalid bytes and
 * control bytes (NUL included) as \xHH, invisible characters as
 * <U+XXXX>. */
void utf8_quote(const char *s, size_t len, size_t max_chars, char *out, size_t size);

/* Whether a code point is a variation selector (U+FE00..FE0F, the
 * Mongolian ones, U+E0100..E01EF): a form of the character before it
 * (the share grid's 🟩 + U+FE0F), nothing on its own. */
bool utf8_selector(uint32_t cp);

/* One character at s (len > 0 bytes left) as a message shows it: its
 * own bytes, or \xHH (an invalid byte, a control byte) or <U+XXXX> (an
 * invisible character, or a selector that follows no character it could
 * select: *prev, the code point before, 0 at the start, updated) into e
 * (at least 12 bytes).  Returns the bytes of s it covers; *elen is the
 * length of e. */
size_t utf8_shown(const char *s, size_t len, uint32_t *prev, char *e, size_t *elen);

#endif
