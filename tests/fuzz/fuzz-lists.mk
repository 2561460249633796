# tests/fuzz/fuzz-lists.mk: libFuzzer targets for the word-list loader
# and the pattern parser, included from the Makefile beside fuzz.mk.
#
#   make fuzz-lists                    build both targets, run each FUZZ_SECONDS (default 60)
#   make fuzz-lists FUZZ_SECONDS=300   longer
#   make fuzz-lists-build              build only
#   make fuzz-lists-regress            run each target once over its seed corpus
#                                      (no fuzzing; seconds; the crash fixtures
#                                      of tests/fuzz/corpus/NAME/ are regressions)
#
# Same pattern as fuzz.mk: clang with -fsanitize=fuzzer,address,undefined,
# the library modules the targets use compiled with clang (no OpenMP), in
# build/fuzz/lists/.  Each run starts from its seed corpus
# tests/fuzz/corpus/NAME/ (read only) and keeps what it finds in
# build/fuzz/corpus/NAME/; a crash leaves its input as build/fuzz/crash-*
# and fails the target.  Self-contained: every variable it shares with
# fuzz.mk is set with ?=, and its objects and clang check have their own
# names, so it works with or without fuzz.mk and in either include order.
# When fuzz.mk is included too, `make fuzz` runs these targets as well.
#
#   fuzz_words    words_load_mem() against a reference model of the format
#   fuzz_pattern  pattern_parse() against a reference, pattern_format()
#                 round trips, pattern_cmp() against strcmp
#   fuzz_share    share_parse() and pattern_read() on any bytes: no crash,
#                 a grid that agrees with itself, messages never cutting a
#                 character (tests/fuzz/fuzz_share.c)

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_DIR     ?= build/fuzz
FUZZL_DIR    := $(FUZZ_DIR)/lists
FUZZL_TARGETS := words pattern share
FUZZL_CFLAGS := -std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer -Iinclude \
                -Wall -Wextra -Wno-unknown-pragmas -MMD -MP \
                -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZL_LDFLAGS := -fsanitize=fuzzer,address,undefined
# The library modules each target needs.
FUZZL_SRC_words   := words err mem
FUZZL_SRC_pattern := feedback utf8 err mem clock
FUZZL_SRC_share   := share feedback utf8 err mem clock
FUZZL_OBJ    := $(patsubst %,$(FUZZL_DIR)/obj/%.o,words share feedback utf8 err mem clock)
# Longest input each target looks at (fuzz_words ignores anything longer).
FUZZL_MAXLEN_words   := 16384
FUZZL_MAXLEN_pattern := 64
FUZZL_MAXLEN_share   := 4096

.PHONY: fuzz-lists fuzz-lists-build fuzz-lists-regress
.SECONDARY: $(FUZZL_OBJ)
-include $(wildcard $(FUZZL_DIR)/obj/*.d $(FUZZL_DIR)/*.d)

fuzz-lists-build: $(patsubst %,$(FUZZL_DIR)/fuzz_%,$(FUZZL_TARGETS))

$(FUZZL_DIR)/.clang-ok:
	@mkdir -p $(dir $@)
	@if ! command -v $(FUZZ_CC) >/dev/null 2>&1; then \
	  echo "optle: installing clang for the fuzz targets"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq clang || \
	  { echo "optle: apt-get failed; install: clang"; exit 1; }; \
	fi; touch $@

$(FUZZL_OBJ): $(FUZZL_DIR)/obj/%.o: src/%.c | $(DEPS_STAMP) $(FUZZL_DIR)/.clang-ok
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZL_CFLAGS) -c $< -o $@

$(FUZZL_DIR)/fuzz_words: tests/fuzz/fuzz_words.c $(patsubst %,$(FUZZL_DIR)/obj/%.o,$(FUZZL_SRC_words))
	$(FUZZ_CC) $(FUZZL_CFLAGS) $(FUZZL_LDFLAGS) $^ -o $@

$(FUZZL_DIR)/fuzz_pattern: tests/fuzz/fuzz_pattern.c $(patsubst %,$(FUZZL_DIR)/obj/%.o,$(FUZZL_SRC_pattern))
	$(FUZZ_CC) $(FUZZL_CFLAGS) $(FUZZL_LDFLAGS) $^ -o $@

$(FUZZL_DIR)/fuzz_share: tests/fuzz/fuzz_share.c $(patsubst %,$(FUZZL_DIR)/obj/%.o,$(FUZZL_SRC_share))
	$(FUZZ_CC) $(FUZZL_CFLAGS) $(FUZZL_LDFLAGS) $^ -o $@

fuzz-lists: fuzz-lists-build
	@for t in $(FUZZL_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t && \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s" && \
	  $(FUZZL_DIR)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -timeout=10 \
	    -max_len=$$(case $$t in words) echo $(FUZZL_MAXLEN_words);; share) echo $(FUZZL_MAXLEN_share);; *) echo $(FUZZL_MAXLEN_pattern);; esac) \
	    -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/ \
	    $(FUZZ_DIR)/corpus/$$t tests/fuzz/corpus/$$t || exit 1; \
	done

fuzz-lists-regress: fuzz-lists-build
	@for t in $(FUZZL_TARGETS); do \
	  out=$$($(FUZZL_DIR)/fuzz_$$t -runs=0 tests/fuzz/corpus/$$t 2>&1) || \
	    { echo "$$out"; echo "fuzz: $$t failed on its seed corpus"; exit 1; }; \
	  echo "fuzz: $$t: $$(echo "$$out" | tail -n 1)"; \
	done

# `make fuzz` (fuzz.mk) runs these targets too.
fuzz: fuzz-lists
