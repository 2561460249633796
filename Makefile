# optle: provably optimal Wordle strategies.
#
#   make            build ./optle (optimised)
#   make run        build, then solve the named lists (the main job)
#   make test       build and run every test (Check unit tests + CLI tests)
#   make bench      the benchmark table (README "Benchmarks")
#   make debug      ./optle with -O0 -g and assertions
#   make SANITIZE=address,undefined test    the same under sanitizers
#   make clean
#
# Missing build dependencies (Debian packages) are installed with apt-get
# on first use, and the Makefile says what it installs.

CC      ?= gcc
ifeq ($(origin CC),default)
CC      := gcc
endif
OPT     ?= -O3 -march=native -DNDEBUG
WERROR  ?=
CFLAGS  ?=
CFLAGS  += -std=c11 -D_GNU_SOURCE -Wall -Wextra $(WERROR) $(OPT) -fopenmp -Iinclude -MMD -MP
LDFLAGS += -fopenmp
LDLIBS  += -lm

ifneq ($(SANITIZE),)
CFLAGS  += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -g
LDFLAGS += -fsanitize=$(SANITIZE)
OPT     := -O1 -g
endif

# Debian packages the build needs: header or tool that proves each is there.
DEPS_PKGS   := libxxhash-dev uthash-dev check pkg-config jq
DEPS_STAMP  := .deps-ok

SRC     := $(wildcard src/*.c)
LIBOBJ  := $(patsubst src/%.c,build/%.o,$(filter-out src/main.c,$(SRC)))
TESTSRC := $(wildcard tests/check_*.c)
TESTOBJ := $(patsubst tests/%.c,build/tests/%.o,$(TESTSRC))

.PHONY: all run test bench debug clean deps unit cli-test

all: optle

$(DEPS_STAMP):
	@missing=""; for p in $(DEPS_PKGS); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "optle: installing missing build dependencies:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing || \
	  { echo "optle: apt-get failed; install:$$missing"; exit 1; }; \
	fi; touch $@

deps: $(DEPS_STAMP)

build/%.o: src/%.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

build/liboptle.a: $(LIBOBJ)
	ar rcs $@ $^

optle: build/main.o build/liboptle.a
	$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

build/tests/%.o: tests/%.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $$(pkg-config --cflags check) -c $< -o $@

tests/check_optle: $(TESTOBJ) build/liboptle.a
	$(CC) $(LDFLAGS) $^ $$(pkg-config --libs check) $(LDLIBS) -o $@

# The main job: the three assignment lists solved from scratch (first
# guess found and proven), then SALET proven on the NYT lists.
run: optle
	@mkdir -p outputs
	./optle solve --list small -o outputs/small.json -o outputs/small.txt
	./optle solve --list medium -o outputs/medium.json -o outputs/medium.txt
	./optle solve --list large -o outputs/large.json -o outputs/large.txt
	./optle solve --list nyt --first salet -o outputs/nyt-salet.json -o outputs/nyt-salet.txt

unit: tests/check_optle optle
	./tests/check_optle

cli-test: optle
	bash tests/cli.sh

test: unit cli-test

bench: optle
	bash tools/bench.sh

debug:
	$(MAKE) OPT="-O0 -g" optle

clean:
	rm -rf build optle tests/check_optle

-include $(wildcard build/*.d build/tests/*.d)

# The named lists are embedded with .incbin (src/lists.c).
build/lists.o: $(wildcard wordlists/*.txt)
