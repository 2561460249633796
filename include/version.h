/*
 * version.h: which optle this is: the release number and the commit it
 * was built from.
 *
 * The number has one home, the file VERSION at the top of the
 * repository; the commit is `git describe --always --dirty` at build
 * time ("unknown" when not built from a git checkout).  The Makefile
 * passes both to src/version.c alone (-DOPTLE_VERSION, -DOPTLE_COMMIT)
 * and rewrites its stamp only when they change, so a new commit
 * recompiles this one small object and relinks, nothing else.  Builds
 * that compile every source file their own way (tools/tsan.sh, the fuzz targets)
 * get "unknown" for both.
 *
 * version_full() is what `optle --version` prints after "optle " and
 * what JSON trees record as "optle_version" (treeio.h), so a tree says
 * which optle wrote it: "0.9.0 (commit 1d4f5cf)", "0.9.0 (commit
 * 1d4f5cf-dirty)" for a build with uncommitted changes.
 */
#ifndef OPTLE_VERSION_H
#define OPTLE_VERSION_H

/* "0.9.0" (the file VERSION). */
const char *version_number(void);
/* "0.9.0 (commit 1d4f5cf)". */
const char *version_full(void);

#endif
