# optle: provably optimal Wordle strategies.
#
#   make            build ./optle (optimised)
#   make run        build, then solve the named lists (the main job)
#   make test       build and run every test (Check unit tests + CLI tests)
#   make bench      the benchmark table (README "Benchmarks")
#   make compare    heuristic strategies against the optimum (outputs/compare-*)
#   make fuzz       the fuzz targets, FUZZ_SECONDS each (tests/fuzz/)
#   make tsan-unit  the memo and search suites under ThreadSanitizer (CI)
#   make mutants    mutation testing: which one-line bugs the tests miss
#   make debug      ./optle with -O0 -g and assertions
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
OPT     ?= -O3 -march=native -DNDEBUG
WERROR  ?=
CFLAGS  ?=
LDFLAGS += -fopenmp
LDLIBS  += -ljansson -lm

# Each configuration builds in its own directory, so switching between a
# normal and a sanitizer build never mixes objects; ./optle and
# tests/check_optle are copies of the current configuration's binaries.
ifneq ($(SANITIZE),)
OPT     := -O1 -g
CFLAGS  += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS += -fsanitize=$(SANITIZE)
BUILD   := build/san-$(subst $(comma),-,$(SANITIZE))
else
BUILD   := build/$(if $(filter -O3%,$(OPT)),release,custom)
endif
CFLAGS  += -std=c11 -D_GNU_SOURCE -Wall -Wextra $(WERROR) $(OPT) -fopenmp -Iinclude -MMD -MP

# Debian packages the build and tests need.
DEPS_PKGS   := libxxhash-dev uthash-dev check libjansson-dev pkg-config jq graphviz
DEPS_STAMP  := .deps-ok

SRC     := $(wildcard src/*.c)
LIBOBJ  := $(patsubst src/%.c,$(BUILD)/%.o,$(filter-out src/main.c,$(SRC)))
TESTSRC := $(wildcard tests/check_*.c)
TESTOBJ := $(patsubst tests/%.c,$(BUILD)/tests/%.o,$(TESTSRC))

.PHONY: all run test bench compare debug clean deps unit cli-test layers optle tests/check_optle

all: optle

# $(call apt_missing,PACKAGES,WHAT): install the Debian packages of
# PACKAGES that are missing, saying which, then touch the target (a stamp).
define apt_missing
@missing=""; for p in $(1); do \
  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then \
  echo "optle: installing missing $(2):$$missing"; \
  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
  $$SUDO apt-get update -qq && \
  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing || \
  { echo "optle: apt-get failed; install:$$missing"; exit 1; }; \
fi; touch $@
endef

$(DEPS_STAMP): Makefile
	$(call apt_missing,$(DEPS_PKGS),build dependencies)

deps: $(DEPS_STAMP)

$(BUILD)/%.o: src/%.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/liboptle.a: $(LIBOBJ)
	ar rcs $@ $^

$(BUILD)/optle: $(BUILD)/main.o $(BUILD)/liboptle.a
	$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

optle: $(BUILD)/optle
	@cmp -s $< $@ || { cp $< $@.new && mv -f $@.new $@; }
	@ln -sfn $(notdir $(BUILD))/liboptle.a build/liboptle.a

$(BUILD)/tests/%.o: tests/%.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $$(pkg-config --cflags check) -c $< -o $@

$(BUILD)/check_optle: $(TESTOBJ) $(BUILD)/liboptle.a
	$(CC) $(LDFLAGS) $^ $$(pkg-config --libs check) $(LDLIBS) -o $@

tests/check_optle: $(BUILD)/check_optle
	@cmp -s $< $@ || { cp $< $@.new && mv -f $@.new $@; }

# The main job: the three assignment lists solved from scratch (first
# guess found and proven), then SALET proven on the NYT lists.
run: optle
	@mkdir -p outputs
	./optle solve --list small -o outputs/small.json -o outputs/small.txt
	./optle solve --list medium -o outputs/medium.json -o outputs/medium.txt
	./optle solve --list large -o outputs/large.json -o outputs/large.txt
	./optle solve --list nyt --first salet -o outputs/nyt-salet.json -o outputs/nyt-salet.txt -o outputs/nyt-salet.paths
	./optle export outputs/small.json --list small --format dot -o outputs/small.dot
	dot -Tsvg outputs/small.dot -o outputs/small.svg
	./optle export outputs/nyt-salet.json --list nyt --format dot --depth 2 -o outputs/nyt-salet-depth2.dot
	dot -Tsvg outputs/nyt-salet-depth2.dot -o outputs/nyt-salet-depth2.svg

unit: tests/check_optle optle
	./tests/check_optle

cli-test: optle
	@status=0; for t in tests/cli*.sh; do echo "== $$t"; bash $$t || status=1; done; exit $$status

# The layers of README "Layout": no module includes a higher one.
layers:
	@bash tools/layers.sh

test: layers unit cli-test

bench: optle
	bash tools/bench.sh

# The strategy compare tables and plots (README "optle simulate").
compare: optle
	@command -v gnuplot >/dev/null 2>&1 || { echo "optle: installing gnuplot-nox for the plots"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gnuplot-nox; }
	bash tools/compare.sh

debug:
	$(MAKE) OPT="-O0 -g" optle

clean:
	rm -rf build optle tests/check_optle

-include $(wildcard $(BUILD)/*.d $(BUILD)/tests/*.d)

# The named lists are embedded with .incbin (src/lists.c).
$(BUILD)/lists.o: $(wildcard wordlists/*.txt)

# Fuzz targets (libFuzzer, clang): make fuzz [FUZZ_SECONDS=60]
-include tests/fuzz/fuzz.mk
-include tests/fuzz/fuzz-lists.mk

# ThreadSanitizer with clang, LLVM's OpenMP runtime and Archer (README
# "Reliability"): `make tsan` runs the threaded solves, `make tsan-unit`
# (run by CI) the memo and search suites.  clang, its sanitizer runtime
# (libclang-rt-dev) and libomp-dev (LLVM's OpenMP runtime, with
# Archer, libarcher.so) are installed when missing.
TSAN_PKGS  := clang libclang-rt-dev libomp-dev
TSAN_STAMP := .deps-tsan-ok
$(TSAN_STAMP): Makefile
	$(call apt_missing,$(TSAN_PKGS),ThreadSanitizer dependencies)

.PHONY: tsan tsan-unit mutants
tsan: $(DEPS_STAMP) $(TSAN_STAMP)
	bash tools/tsan.sh
tsan-unit: $(DEPS_STAMP) $(TSAN_STAMP)
	bash tools/tsan.sh unit

# Mutation testing (not in CI; 20-30 minutes): tools/mutants.sh applies
# each one-line mutant of its list to a copy and runs the tests on it.
mutants:
	bash tools/mutants.sh
