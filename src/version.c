/* version.c: the release number and commit (version.h).  The Makefile
 * defines OPTLE_VERSION and OPTLE_COMMIT for this file only. */
#include "version.h"

#ifndef OPTLE_VERSION
#define OPTLE_VERSION "unknown"
#endif
#ifndef OPTLE_COMMIT
#define OPTLE_COMMIT "unknown"
#endif

const char *version_number(void) { return OPTLE_VERSION; }
const char *version_full(void) { return OPTLE_VERSION " (commit " OPTLE_COMMIT ")"; }
