# optle: provably optimal Wordle strategies.
#
#   make            build ./optle (optimised)
#   make mpi        build ./optle-mpi, optle for Open MPI clusters
#                   (docs/cluster.md); make mpi-test runs its tests
#   make run        build, then solve the named lists (the main job)
#   make test       build and run every test (Check unit tests + CLI tests,
#                   the tree explorer in headless Chromium among them)
#   make screenshot outputs/nyt-salet.png, the explorer as the browser test sees it
#   make bench      the benchmark table (docs/benchmarks.md)
#   make compare    heuristic strategies against the optimum (outputs/compare-*)
#   make test-arm64 cross-build for AArch64 and test under qemu-user (tests/arm64.sh)
#   make fuzz       the fuzz targets, FUZZ_SECONDS each (tests/fuzz/)
#   make tsan-unit  the memo and search suites under ThreadSanitizer (CI)
#   make mutants    mutation testing: which one-line bugs the tests miss
#   make debug      ./optle with -O0 -g and assertions
#   make man        regenerate the man page optle.1 from optle.1.in and the tables
#   make lib        the library: liboptle.so and a static liboptle.a, both
#                   position-independent, for programs (include/optle.h,
#                   docs/api.md)
#   make python     build and install the Python package (python/) with pip
#   make install    install optle, its man page and bash completion, and the
#                   library (header, liboptle.so, liboptle.a, optle.pc):
#                   PREFIX (default /usr/local) and DESTDIR as usual; make uninstall
#   make SANITIZE=address,undefined test    the same under sanitizers
#   make clean
#
# Missing build dependencies (Debian packages) are installed with apt-get
# on first use, and the Makefile says what it installs.

comma   := ,
CC      ?= gcc
ifeq ($(origin CC),default)
CC      := gcc
endif
# -falign-loops=32: the L1 kernels' inner loops are a few instructions;
# where one straddled a 64-byte line the same work ran 30-60% slower on
# this machine's AMD EPYC (measured: BYWAY's first guess, 8.3-12.1 s
# against 5.9-7.9 s, moving with unrelated code above it).
OPT     ?= -O3 -march=native -falign-loops=32 -DNDEBUG
WERROR  ?=
CFLAGS  ?=

# OpenMP: gcc's -fopenmp by default.  macOS (docs/install.md: Homebrew's
# llvm or Apple's clang with libomp) passes it to the preprocessor and
# links libomp, and finds Homebrew's headers and libraries.
OMPFLAGS ?= -fopenmp
OMPLIBS  ?= $(OMPFLAGS)
SYSFLAGS ?=
SYSLIBS  ?=
ifeq ($(shell uname -s),Darwin)
BREW     ?= $(shell brew --prefix 2>/dev/null || echo /usr/local)
OMPFLAGS := -Xpreprocessor -fopenmp
OMPLIBS  := -lomp
SYSFLAGS += -I$(BREW)/include -I$(BREW)/opt/libomp/include
SYSLIBS  += -L$(BREW)/lib -L$(BREW)/opt/libomp/lib
endif
LDFLAGS += $(SYSLIBS)
LDLIBS  += -ljansson -lm $(OMPLIBS)

# Each configuration builds in its own directory, so switching between a
# normal and a sanitizer build never mixes objects; ./optle and
# tests/check_optle are copies of the current configuration's binaries.
ifneq ($(SANITIZE),)
OPT     := -O2 -g
CFLAGS  += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=$(SANITIZE)
BUILD   := build/san-$(subst $(comma),-,$(SANITIZE))
else
BUILD   := build/$(if $(filter -O3%,$(OPT)),release,custom)
endif
CFLAGS  += -std=c11 -D_GNU_SOURCE -Wall -Wextra $(WERROR) $(OPT) $(OMPFLAGS) $(SYSFLAGS) -Iinclude -MMD -MP

# What each step needs is checked by tools/deps.sh, which installs what
# is missing with apt-get (saying which Debian packages) unless the
# system has no apt or NO_APT=1, and otherwise lists everything missing
# with how to get it.  The build needs a C compiler, OpenMP, xxHash,
# uthash and jansson; the tests more (Check, jq, Graphviz, ...).  A stamp
# keeps the check to once per change of the Makefile or the script.
NO_APT     ?= 0
# The Python package's tests (tests/cli_python.sh): Debian's interpreter,
# which Debian's python3-dev, python3-setuptools and python3-pytest serve
# (tools/deps.sh test installs them); another one with PYTEST_PYTHON=.
PYTEST_PYTHON ?= $(if $(wildcard /usr/bin/python3),/usr/bin/python3,python3)
export NO_APT OMPFLAGS OMPLIBS SYSFLAGS SYSLIBS CC PYTEST_PYTHON
DEPS_STAMP := .deps-ok
# The version (version.h): the number is the file VERSION's; the commit
# is git's when this directory is a git checkout's top (not a checkout
# that merely encloses it), else "unknown".  The stamp is rewritten only
# when either changes, and only version.o depends on it: a new commit
# recompiles that one object and relinks.
VERSION_NUMBER := $(shell cat VERSION)
VERSION_COMMIT := $(shell [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" ] && \
                    git describe --always --dirty 2>/dev/null || echo unknown)
VERSION_STAMP  := $(BUILD)/version.stamp
$(shell mkdir -p $(BUILD) && { [ "$$(cat $(VERSION_STAMP) 2>/dev/null)" = '$(VERSION_NUMBER) $(VERSION_COMMIT)' ] || \
  echo '$(VERSION_NUMBER) $(VERSION_COMMIT)' >$(VERSION_STAMP); })

SRC     := $(wildcard src/*.c)
LIBOBJ  := $(patsubst src/%.c,$(BUILD)/%.o,$(filter-out src/main.c,$(SRC)))
TESTSRC := $(wildcard tests/check_*.c)
TESTOBJ := $(patsubst tests/%.c,$(BUILD)/tests/%.o,$(TESTSRC))

.PHONY: all run test test-slow test-public test-arm64 test-sanitize sanitize-suites bench compare debug clean deps \
        test-deps unit cli-test layers screenshot optle \
        tests/check_optle man mpi mpi-test optle-mpi

all: optle

$(DEPS_STAMP): Makefile tools/deps.sh
	@bash tools/deps.sh build
	@touch $@

deps: $(DEPS_STAMP)

# What the tests need besides (tools/deps.sh test): Check, jq, Graphviz,
# groff and man-db, tmux, GNU time, Python 3, Chromium (the browser test,
# tests/cli_html.sh, headless, without a desktop's services) and Open
# MPI.  `make run` does not need them.  After the build's step, never
# beside it: with make -j two apt-get runs would race for apt's lock.
TEST_STAMP := .deps-test-ok
$(TEST_STAMP): Makefile tools/deps.sh | $(DEPS_STAMP)
	@bash tools/deps.sh test
	@touch $@

test-deps: $(TEST_STAMP)

$(BUILD)/%.o: src/%.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# Made anew each time, and whenever the list of objects changes (a
# stamp like the version's), so an object whose source is gone leaves
# the archive too.
OBJS_STAMP := $(BUILD)/objects.stamp
$(shell mkdir -p $(BUILD) && { [ "$$(cat $(OBJS_STAMP) 2>/dev/null)" = '$(LIBOBJ)' ] || \
  echo '$(LIBOBJ)' >$(OBJS_STAMP); })
$(BUILD)/liboptle.a: $(LIBOBJ) $(OBJS_STAMP)
	@rm -f $@
	ar rcs $@ $(LIBOBJ)

$(BUILD)/optle: $(BUILD)/main.o $(BUILD)/liboptle.a
	$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

optle: $(BUILD)/optle
	@cmp -s $< $@ || { cp $< $@.new && mv -f $@.new $@; }
	@ln -sfn $(notdir $(BUILD))/liboptle.a build/liboptle.a

# The library for other programs (include/optle.h, docs/api.md): every
# library object compiled again, position-independent, in $(PICBUILD), so
# the CLI's own objects (and its speed) are untouched.  liboptle.so has
# the soname liboptle.so.MAJOR (VERSION's major number) and exports the
# names of optle.h only (src/liboptle.map); liboptle.a (PIC, so it links
# into PIE programs and the Python extension) holds the same objects.
# -z nodelete: the budget watcher (clock.c) is a thread kept for the
# process's life, so a dlclose() must never unmap the code it runs.
PICBUILD    := $(BUILD)/pic
# (the command line's own files, opts, help, cli and cmd_*, stay out).
PICOBJ      := $(patsubst $(BUILD)/%,$(PICBUILD)/%,$(filter-out \
                 $(BUILD)/opts.o $(BUILD)/help.o $(BUILD)/cli.o $(BUILD)/cmd_%.o,$(LIBOBJ)))
SO_MAJOR    := $(firstword $(subst ., ,$(VERSION_NUMBER)))
SONAME      := liboptle.so.$(SO_MAJOR)
SOFILE      := liboptle.so.$(VERSION_NUMBER)
# macOS's linker takes neither a soname nor a version script: there, for
# now, make lib builds liboptle.a alone, and make install leaves out the
# shared library (its .dylib is not written yet).
ifeq ($(shell uname -s),Darwin)
LIB_SHARED :=
else
LIB_SHARED := $(PICBUILD)/$(SOFILE)
endif
.PHONY: lib lib-dir
lib: $(LIB_SHARED) $(PICBUILD)/liboptle.a
# Where they are (python/setup.py links the archive).
lib-dir:
	@echo $(PICBUILD)

$(PICBUILD)/%.o: src/%.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -c $< -o $@

# liboptle.a: the objects linked into one (ld -r) whose only global
# names are optle.h's, as liboptle.so's map makes them, so that a program
# may have its own xmalloc or err_set (objcopy; macOS has neither step:
# there the archive holds the objects as they are).
OBJCOPY     ?= objcopy
$(PICBUILD)/liboptle.a: $(PICOBJ) $(OBJS_STAMP)
	@rm -f $@
ifeq ($(shell uname -s),Darwin)
	ar rcs $@ $(PICOBJ)
else
	$(LD) -r $(PICOBJ) -o $(PICBUILD)/liboptle-all.o
	$(OBJCOPY) --wildcard --keep-global-symbol='optle_*' --localize-symbol=optle_stop_flag \
	  $(PICBUILD)/liboptle-all.o
	ar rcs $@ $(PICBUILD)/liboptle-all.o
endif

$(PICBUILD)/$(SOFILE): $(PICOBJ) src/liboptle.map
	$(CC) -shared $(LDFLAGS) -Wl,-soname,$(SONAME) -Wl,-z,nodelete -Wl,--version-script=src/liboptle.map \
	  $(PICOBJ) $(LDLIBS) -o $@
	@ln -sfn $(SOFILE) $(PICBUILD)/$(SONAME)
	@ln -sfn $(SOFILE) $(PICBUILD)/liboptle.so

$(BUILD)/tests/%.o: tests/%.c | $(DEPS_STAMP) $(TEST_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $$(pkg-config --cflags check) -c $< -o $@

# The unit runner's library calls pthread_create() through
# tests/check_api.c's wrapper, which can make it fail (a time limit whose
# thread cannot start); GNU ld and lld take --wrap, macOS's linker not.
ifeq ($(shell uname -s),Darwin)
TEST_WRAP :=
else
TEST_WRAP := -Wl,--wrap=pthread_create
endif
$(BUILD)/check_optle: $(TESTOBJ) $(BUILD)/liboptle.a
	$(CC) $(LDFLAGS) $(TEST_WRAP) $^ $$(pkg-config --libs check) $(LDLIBS) -o $@

tests/check_optle: $(BUILD)/check_optle
	@cmp -s $< $@ || { cp $< $@.new && mv -f $@.new $@; }

# optle-mpi (docs/cluster.md): the same program, but for dist.c,
# which Open MPI's mpicc builds with -DOPTLE_MPI (dist.h) into
# $(BUILD)/mpi/, so the plain and MPI objects never mix and the plain
# build needs no MPI; every other object is the plain build's.  Open MPI
# (Debian's libopenmpi-dev and openmpi-bin) is installed when missing.
# mpicc compiles with $(CC) (OMPI_CC), so a sanitizer build's flags hold.
MPICC     ?= mpicc
MPI_STAMP := .deps-mpi-ok
$(MPI_STAMP): Makefile tools/deps.sh | $(DEPS_STAMP)
	@bash tools/deps.sh mpi
	@touch $@

$(BUILD)/mpi/dist.o: src/dist.c | $(DEPS_STAMP) $(MPI_STAMP)
	@mkdir -p $(dir $@)
	OMPI_CC=$(CC) $(MPICC) $(CFLAGS) -DOPTLE_MPI -c $< -o $@

$(BUILD)/optle-mpi: $(BUILD)/main.o $(BUILD)/mpi/dist.o $(filter-out $(BUILD)/dist.o,$(LIBOBJ))
	OMPI_CC=$(CC) $(MPICC) $(LDFLAGS) $^ $(LDLIBS) -o $@

optle-mpi: $(BUILD)/optle-mpi
	@cmp -s $< $@ || { cp $< $@.new && mv -f $@.new $@; }

mpi: optle-mpi
mpi-test: optle-mpi
	bash tests/cli_mpi.sh

# The main job: the three assignment lists solved from scratch (first
# guess found and proven), then SALET proven on the NYT lists.  What it
# writes is committed byte for byte, so a run leaves git status clean:
# the text trees, path lines, DOT, SVG and explorer pages.  The JSON
# trees record the version and commit that wrote them, so they are not
# tracked (.gitignore); the pages and pictures are made from the text
# trees.
RUN_LISTS := small:small medium:medium large:large nyt-salet:nyt-2022-02
run: optle
	@mkdir -p outputs
	./optle solve --list small -o outputs/small.json -o outputs/small.txt
	./optle solve --list medium -o outputs/medium.json -o outputs/medium.txt
	./optle solve --list large -o outputs/large.json -o outputs/large.txt
	./optle solve --list nyt-2022-02 --first salet -o outputs/nyt-salet.json -o outputs/nyt-salet.txt -o outputs/nyt-salet.paths
	./optle export outputs/small.txt --list small --format dot -o outputs/small.dot
	dot -Tsvg outputs/small.dot -o outputs/small.svg
	./optle export outputs/nyt-salet.txt --list nyt-2022-02 --format dot --depth 2 -o outputs/nyt-salet-depth2.dot
	dot -Tsvg outputs/nyt-salet-depth2.dot -o outputs/nyt-salet-depth2.svg
	for t in $(RUN_LISTS); do ./optle export outputs/$${t%%:*}.txt --list $${t#*:} -o outputs/$${t%%:*}.html || exit 1; done

# The unit suite in two lanes at once, one a core (its suites are single
# processes, a test at a time, and mostly one thread): UNIT_LANE's suites
# beside all the others (OPTLE_SUITES, tests/check_main.c), chosen so the
# lanes take about as long; the sanitizer tier splits it by a list of its
# own, SANITIZE_UNIT_LANE, as the suites' costs differ there (each test
# is a fork of a process ASan has made large).  Since issue 47's tests
# (offers, feasibility rounds, probes) the search suite is over half of
# either, so it runs alone beside all the others: in CI on 2026-12-05,
# rules, html, kernel and memo beside the rest took 124 s (search 165 s
# of the 233 s of thread), and under ASan rules, search, kernel,
# feedback, memo and tree (512 s) beside the rest (149 s) about 520 s.
# Measured on 2026-11-30, before them: the plain build on an idle Zen 5,
# 41 s; under ASan, the six beside the rest 207 and 196 s.  Once the
# sanitizers ran one variant of the search's variant tests (2026-12-05,
# tests/check_search.c check_variants()), ASan's search lane took 213 s
# beside the rest's 282: rules (about 35 s there) went to it.  Once
# they ranked SALET alone within 4 and the API's probe test left its
# NYT part to the plain build (2026-12-06), ASan's search suite took 151
# s and api 39 (from 217 and 127), beside issue 47's run: the rest's
# tests then took 105 s, and its many forks about 70 more, so rules
# stays here (in a local CI run 211 s beside the rest's 208).
# OpenMP's idle threads sleep at once (OMP_WAIT_POLICY=passive) instead
# of spinning: a lane's 2-thread searches otherwise leave a thread
# spinning on the core the other lane needs (an idle Zen 5: 72 s with
# them spinning, 49 s so; 76 s in a row).
UNIT_LANE ?= search
SANITIZE_UNIT_LANE ?= search rules
# Each lane says its seconds, for the balance.
define RUN_LANES
rm -f build/$(1).log; mkdir -p build; \
{ ( t=$$(date +%s); OMP_WAIT_POLICY=passive $(2) OPTLE_SUITES="$(3)" ./tests/check_optle; r=$$?; \
    echo "== the lane of $(3): $$(($$(date +%s) - t)) s"; exit $$r ) >build/$(1).log 2>&1 & a=$$!; \
  t=$$(date +%s); OMP_WAIT_POLICY=passive $(2) OPTLE_SUITES="!$(3)" ./tests/check_optle; b=$$?; \
  echo "== the lane of the rest: $$(($$(date +%s) - t)) s"; \
  wait $$a; a=$$?; echo "== the other lane ($(3)):"; cat build/$(1).log; \
  [ $$a = 0 ] && [ $$b = 0 ]; }
endef
unit: tests/check_optle optle
	@s=$$(date +%s); $(call RUN_LANES,unit-lane,,$(UNIT_LANE)) && echo "== the unit suite: $$(($$(date +%s) - s)) s"

# Each suite, then its wall seconds (docs/testing.md's times).
RUN_SUITES = status=0; for t in $(1); do s=$$(date +%s); echo "== $$t"; bash $$t || status=1; \
  echo "== $$t: $$(($$(date +%s) - s)) s"; done; exit $$status

# The CLI suites in two lanes at once, as the unit suite's: CLI_LANE's
# beside the rest, chosen by their times so the lanes take about as long
# (each suite is mostly one process after another on one core, and each
# has its own scratch directory, tests/lib.sh).  The other lane's output
# comes after this one's.  On 2026-12-06 (beside issue 47's run) this
# lane took 274 s and the rest 323: cli_root.sh (25 s) came here.
CLI_LANE ?= tests/cli_play.sh tests/cli_mpi.sh tests/cli_docs.sh tests/cli_analyse.sh \
            tests/cli_robust.sh tests/cli_install.sh tests/cli_man.sh tests/cli_api.sh \
            tests/cli_root.sh
CLI_REST = $(filter-out $(CLI_LANE),$(wildcard tests/cli*.sh))
# RUN_SUITE_LANES(log, lane, rest): the suites of lane beside those of
# rest, each lane one suite at a time; lane's output (kept in
# build/log.log) after rest's.
define RUN_SUITE_LANES
mkdir -p build; \
{ ( OMP_WAIT_POLICY=passive; export OMP_WAIT_POLICY; $(call RUN_SUITES,$(2)) ) >build/$(1).log 2>&1 & a=$$!; \
  ( OMP_WAIT_POLICY=passive; export OMP_WAIT_POLICY; $(call RUN_SUITES,$(3)) ); b=$$?; \
  wait $$a; a=$$?; echo "== the other lane:"; cat build/$(1).log; \
  [ $$a = 0 ] && [ $$b = 0 ]; }
endef
cli-test: optle optle-mpi lib $(TEST_STAMP)
	@s=$$(date +%s); $(call RUN_SUITE_LANES,cli-lane,$(CLI_LANE),$(CLI_REST)) && \
	  echo "== the CLI suites: $$(($$(date +%s) - s)) s"

# The Python package (python/README.md): pip, from this checkout, with
# the interpreter PYTHON (default python3) and no build isolation:
# nothing is downloaded (setuptools and a C compiler are all it needs).
# PIP_FLAGS adds pip's own (--user; --break-system-packages for Debian's
# own interpreter outside a virtual environment).
PYTHON    ?= python3
PIP_FLAGS ?=
.PHONY: python
python: lib
	$(PYTHON) -m pip install --no-build-isolation $(PIP_FLAGS) ./python

# The layers of docs/architecture.md: no module includes a higher one.
layers:
	@bash tools/layers.sh

# No circle between source files: none uses, through the symbols of its
# object file, a file that uses it back (tools/circles.py).
.PHONY: circles
circles: optle
	@python3 tools/circles.py $(BUILD)

# The tests, in tiers (docs/testing.md):
#   make test          the unit and CLI suites; reads nothing outside the
#                      clone (about 4 minutes on 2 cores)
#   make test-slow     the goldens that take a root proof each (minutes)
#   make test-public PUBLIC_TREES=DIR [PUBLIC_LISTS=DIR]
#                      every published tree in DIR against its published
#                      total (tests/public.sh); with PUBLIC_LISTS, the
#                      imported word lists against their sources
#   make test-sanitize AddressSanitizer and UndefinedBehaviorSanitizer on
#                      the unit suite and the CLI suites that read input
#                      (SANITIZE_SUITES), then ThreadSanitizer on the
#                      threaded suites (make tsan-unit)
test: layers circles unit cli-test

# The goldens that take a whole root proof each (tests/slow.sh),
# cli_lists.sh with its one slow golden, and the docs' examples marked
# slow (cli_docs.sh) (OPTLE_TEST_SLOW=1).
test-slow: export OPTLE_TEST_SLOW = 1
test-slow: optle
	@$(call RUN_SUITES,tests/slow.sh tests/cli_lists.sh tests/cli_docs.sh)

PUBLIC_TREES ?=
PUBLIC_LISTS ?=
test-public: optle
	@[ -n "$(PUBLIC_TREES)" ] || { echo "make test-public: give PUBLIC_TREES=DIR, a folder of published trees (docs/testing.md)"; exit 2; }
	PUBLIC_TREES="$(abspath $(PUBLIC_TREES))" PUBLIC_LISTS="$(if $(PUBLIC_LISTS),$(abspath $(PUBLIC_LISTS)))" \
	  bash tests/public.sh

# The CLI suites that take a sanitizer run: those that feed optle hostile
# input of every kind (lists, trees in every format, patterns, flags,
# checkpoints, red-team files).  The rest (cli.sh, cli_simulate.sh,
# cli_root.sh among them: 150 s more under the sanitizers) repeat what
# these and the unit suite's oracles cover with the same code, at several
# times the sanitizers' cost: CI's 15 minutes (docs/testing.md).
SANITIZE_SUITES ?= tests/cli_verify.sh tests/cli_formats.sh tests/cli_robust.sh tests/cli_checkpoint.sh \
                   tests/cli_redteam.sh
# Those in two lanes at once, as make test's (SANITIZE_CLI_LANE beside
# the rest, by their times under the sanitizers: in CI on 2026-12-05
# verify 58 and robust 69 s beside formats 49, checkpoint 33 and redteam
# 57 s; checkpoint took 471 s before its 24 openers' rankings became the
# plain run's alone).  On 2026-12-06 verify 129 and robust 77 s beside
# formats 59, checkpoint 43 and redteam 79: verify's ranking of the
# committed proof (52 s) became the plain run's, and robust and redteam
# went beside the other three (about 155 and 160 s expected).
SANITIZE_CLI_LANE ?= tests/cli_robust.sh tests/cli_redteam.sh
# OPTLE_FIXTURE (tests/lib.sh): the plain build, which makes the big
# trees the suites then read (seconds, not minutes under the sanitizers).
OPTLE_FIXTURE ?=
export OPTLE_FIXTURE
# The unit suite in two lanes (SANITIZE_UNIT_LANE, above), its heavy
# cases left out.
sanitize-suites: tests/check_optle optle
	@$(call RUN_LANES,sanitize-lane,CK_EXCLUDE_TAGS=heavy,$(SANITIZE_UNIT_LANE))
	@$(call RUN_SUITE_LANES,sanitize-cli-lane,$(filter $(SANITIZE_CLI_LANE),$(SANITIZE_SUITES)),$(filter-out $(SANITIZE_CLI_LANE),$(SANITIZE_SUITES)))

# Each half says its seconds (CI's 15 minutes: docs/testing.md).
test-sanitize: optle
	@cp -f optle build/optle-fixture
	@s=$$(date +%s); $(MAKE) SANITIZE=address,undefined OPTLE_FIXTURE=$(CURDIR)/build/optle-fixture \
	  sanitize-suites && echo "== ASan and UBSan (their build, the unit suite, the CLI suites): $$(($$(date +%s) - s)) s"
	@s=$$(date +%s); $(MAKE) tsan-unit && echo "== TSan (its build and the threaded suites): $$(($$(date +%s) - s)) s"

# AArch64 (docs/testing.md): optle and the Check runner cross-built with
# gcc-aarch64-linux-gnu, statically (build/arm64/), then tests/arm64.sh
# runs the kernel suite and solves under qemu-user and compares their
# trees with the x86 build's.  The cross toolchain, qemu-user and the
# arm64 libraries (jansson, xxHash, Check: Debian's multiarch packages)
# are installed when missing (tools/deps.sh arm64).  Not in make test: a
# minute or two.
ARM64_CC    ?= aarch64-linux-gnu-gcc
ARM64_PKG   ?= /usr/lib/aarch64-linux-gnu/pkgconfig
ARM64_STAMP := .deps-arm64-ok
$(ARM64_STAMP): Makefile tools/deps.sh
	@bash tools/deps.sh arm64
	@touch $@

.PHONY: test-arm64
test-arm64: optle $(ARM64_STAMP)
	PKG_CONFIG_LIBDIR=$(ARM64_PKG) $(MAKE) CC=$(ARM64_CC) OPT='-O3 -falign-loops=32 -DNDEBUG' \
	  BUILD=build/arm64 LDFLAGS=-static build/arm64/optle build/arm64/check_optle
	bash tests/arm64.sh

# docs/export.md's picture of the explorer: the browser test's screenshot.
screenshot: optle $(TEST_STAMP)
	HTML_SCREENSHOT=outputs/nyt-salet.png bash tests/cli_html.sh

bench: optle
	bash tools/bench.sh

# The strategy compare tables and plots (docs/simulate.md).
compare: optle
	@command -v gnuplot >/dev/null 2>&1 || [ "$(NO_APT)" = 1 ] || ! command -v apt-get >/dev/null || \
	  { echo "optle: installing gnuplot-nox for the plots"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gnuplot-nox; }
	bash tools/compare.sh

debug:
	$(MAKE) OPT="-O0 -g" optle

# Install like a Unix tool (docs/install.md): make install [PREFIX=...]
# [DESTDIR=...] installs optle, optle-mpi when it was built (MPI_BIN),
# the man page and the bash completion; make uninstall removes them (and
# only them: directories stay, as they may be shared).  The named lists
# are embedded, so no data files are installed; anything else optle ever
# installs goes under $(PREFIX)/share/optle.  install copies ./optle as
# it is (make it first, with the OPT you want: the default -march=native
# runs only on CPUs like the build machine's).
#
# The library goes beside them (docs/api.md): optle.h in INCLUDEDIR,
# liboptle.so.VERSION with its soname and development links and the
# static liboptle.a in LIBDIR, and optle.pc (from optle.pc.in, with the
# paths of this install) in PKGCONFIGDIR, so that `pkg-config --cflags
# --libs optle` finds them (PKG_CONFIG_PATH=LIBDIR/pkgconfig for a
# PREFIX pkg-config does not search, such as $HOME/.local).
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
MANDIR       ?= $(PREFIX)/share/man
BASHCOMPDIR  ?= $(PREFIX)/share/bash-completion/completions
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
INSTALL      ?= install
MPI_BIN      ?= optle-mpi

.PHONY: install uninstall
install: optle lib
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(BASHCOMPDIR)" \
	  "$(DESTDIR)$(LIBDIR)" "$(DESTDIR)$(INCLUDEDIR)" "$(DESTDIR)$(PKGCONFIGDIR)"
	$(INSTALL) -m 755 optle "$(DESTDIR)$(BINDIR)/optle"
	@if [ -f "$(MPI_BIN)" ]; then \
	  echo '$(INSTALL) -m 755 "$(MPI_BIN)" "$(DESTDIR)$(BINDIR)/optle-mpi"'; \
	  $(INSTALL) -m 755 "$(MPI_BIN)" "$(DESTDIR)$(BINDIR)/optle-mpi"; \
	  echo '$(INSTALL) -m 644 completions/optle.bash "$(DESTDIR)$(BASHCOMPDIR)/optle-mpi"'; \
	  $(INSTALL) -m 644 completions/optle.bash "$(DESTDIR)$(BASHCOMPDIR)/optle-mpi"; fi
	$(INSTALL) -m 644 optle.1 "$(DESTDIR)$(MANDIR)/man1/optle.1"
	$(INSTALL) -m 644 completions/optle.bash "$(DESTDIR)$(BASHCOMPDIR)/optle"
	$(INSTALL) -m 644 include/optle.h "$(DESTDIR)$(INCLUDEDIR)/optle.h"
	@if [ -n "$(LIB_SHARED)" ]; then set -x; \
	  $(INSTALL) -m 755 $(PICBUILD)/$(SOFILE) "$(DESTDIR)$(LIBDIR)/$(SOFILE)"; \
	  ln -sfn $(SOFILE) "$(DESTDIR)$(LIBDIR)/$(SONAME)"; \
	  ln -sfn $(SONAME) "$(DESTDIR)$(LIBDIR)/liboptle.so"; fi
	$(INSTALL) -m 644 $(PICBUILD)/liboptle.a "$(DESTDIR)$(LIBDIR)/liboptle.a"
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	  -e 's|@VERSION@|$(VERSION_NUMBER)|; s|@OMPLIBS@|$(OMPLIBS)|' optle.pc.in >"$(PICBUILD)/optle.pc"
	$(INSTALL) -m 644 $(PICBUILD)/optle.pc "$(DESTDIR)$(PKGCONFIGDIR)/optle.pc"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/optle" "$(DESTDIR)$(BINDIR)/optle-mpi" \
	  "$(DESTDIR)$(MANDIR)/man1/optle.1" "$(DESTDIR)$(BASHCOMPDIR)/optle" \
	  "$(DESTDIR)$(INCLUDEDIR)/optle.h" "$(DESTDIR)$(LIBDIR)/$(SOFILE)" \
	  "$(DESTDIR)$(LIBDIR)/$(SONAME)" "$(DESTDIR)$(LIBDIR)/liboptle.so" \
	  "$(DESTDIR)$(LIBDIR)/liboptle.a" "$(DESTDIR)$(PKGCONFIGDIR)/optle.pc" \
	  "$(DESTDIR)$(BASHCOMPDIR)/optle-mpi"

# The man page, optle.1 (committed, so installing needs no groff): the
# template optle.1.in with the parts generated from the command and
# option tables (tools/man.sh).  tests/cli_man.sh fails when optle.1 is
# not what this writes now: after changing a command's help or an
# option, run make man and commit optle.1.
man: optle
	bash tools/man.sh ./optle >optle.1.tmp.$$$$ && mv -f optle.1.tmp.$$$$ optle.1

clean:
	rm -rf build optle optle-mpi tests/check_optle

-include $(wildcard $(BUILD)/*.d $(BUILD)/tests/*.d $(BUILD)/mpi/*.d $(PICBUILD)/*.d)

# Only version.o knows the version (version.h).
$(BUILD)/version.o $(PICBUILD)/version.o: $(VERSION_STAMP)
$(BUILD)/version.o $(PICBUILD)/version.o: CFLAGS += -DOPTLE_VERSION='"$(VERSION_NUMBER)"' -DOPTLE_COMMIT='"$(VERSION_COMMIT)"'

# The named lists are embedded with .incbin (src/lists.c), and so is the
# tree explorer's page template (src/treehtml.c).
$(BUILD)/lists.o $(PICBUILD)/lists.o: $(wildcard wordlists/*.txt)
$(BUILD)/treehtml.o $(PICBUILD)/treehtml.o: src/treehtml.html

# Fuzz targets (libFuzzer, clang): make fuzz [FUZZ_SECONDS=60]
-include tests/fuzz/fuzz.mk
-include tests/fuzz/fuzz-lists.mk

# ThreadSanitizer with clang, LLVM's OpenMP runtime and Archer
# (docs/reliability.md): `make tsan` runs the threaded solves, `make tsan-unit`
# (run by CI) the memo and search suites.  clang, its sanitizer runtime
# (libclang-rt-dev) and libomp-dev (LLVM's OpenMP runtime, with
# Archer, libarcher.so) are installed when missing.
TSAN_CC    ?= clang
TSAN_STAMP := .deps-tsan-ok
$(TSAN_STAMP): Makefile tools/deps.sh
	@bash tools/deps.sh tsan
	@touch $@

.PHONY: tsan tsan-unit mutants
tsan: $(DEPS_STAMP) $(TSAN_STAMP)
	CC=$(TSAN_CC) bash tools/tsan.sh
tsan-unit: $(DEPS_STAMP) $(TEST_STAMP) $(TSAN_STAMP)
	CC=$(TSAN_CC) bash tools/tsan.sh unit

# Mutation testing (not in CI; 20-30 minutes): tools/mutants.sh applies
# each one-line mutant of its list to a copy and runs the tests on it.
mutants:
	bash tools/mutants.sh
