/*
 * embed.h: a file's bytes in the binary, at build time.
 *
 * EMBED_FILE(sym, "path") places the file's bytes, read by the
 * assembler's .incbin (the path is relative to where the compiler runs:
 * the repository root), between the read-only symbols sym and sym_end,
 * and declares both.  The object that embeds a file must depend on it in
 * the Makefile.  ELF (Linux, the BSDs) and Mach-O (macOS) differ in the
 * read-only section's directive and in the leading underscore Mach-O
 * puts on C names; both are spelled here, once.
 */
#ifndef OPTLE_EMBED_H
#define OPTLE_EMBED_H

#ifdef __APPLE__
#define EMBED_SECTION_ ".const_data"
#define EMBED_NAME_(sym) "_" #sym
#else
#define EMBED_SECTION_ ".section .rodata"
#define EMBED_NAME_(sym) #sym
#endif

#define EMBED_FILE(sym, file)                                                          \
  __asm__(EMBED_SECTION_ "\n.balign 8\n.globl " EMBED_NAME_(sym) "\n" EMBED_NAME_(sym) \
                         ":\n.incbin \"" file "\"\n.globl " EMBED_NAME_(sym##_end) "\n"  \
                         EMBED_NAME_(sym##_end) ":\n.previous\n");                     \
  extern const char sym[], sym##_end[]

#endif
