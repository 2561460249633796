# tests/fuzz/fuzz.mk: libFuzzer targets, included from the Makefile.
#
#   make fuzz                    build every target, run each FUZZ_SECONDS (default 60)
#   make fuzz FUZZ_SECONDS=600   longer
#   make fuzz-build              build only
#
# Targets are built with clang (-fsanitize=fuzzer,address,undefined) from
# the library sources they need, without OpenMP, in build/fuzz/.  Each run
# starts from its seed corpus tests/fuzz/corpus/NAME/ (read only) and keeps
# what it finds in build/fuzz/corpus/NAME/; a crash leaves its input as
# build/fuzz/crash-* and fails the target.  Inputs are capped at 64 KiB and
# memory at 2 GiB.  Needs the Debian package clang (libFuzzer ships with
# it), installed with apt-get on first use like the build's other packages.

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_DIR     ?= build/fuzz
FUZZ_TARGETS := treeread
FUZZ_CFLAGS  := -std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer -Iinclude \
                -Wall -Wextra -Wno-unknown-pragmas -MMD -MP \
                -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_LDFLAGS := -fsanitize=fuzzer,address,undefined
# The library modules the readers use (no search, no OpenMP); version
# for the JSON writer's "optle_version" ("unknown" here: version.h).
FUZZ_LIBSRC  := treeread treeread_core treeread_text treeread_json treeread_public treeread_paths treeread_map \
                verify dot treehtml tree treeio treeio_public feedback utf8 game \
                words lists suggest rules err mem clock util_out version
FUZZ_LIBOBJ  := $(patsubst %,$(FUZZ_DIR)/obj/%.o,$(FUZZ_LIBSRC))

.PHONY: fuzz fuzz-build
.SECONDARY: $(FUZZ_LIBOBJ)
-include $(wildcard $(FUZZ_DIR)/obj/*.d)

fuzz-build: $(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_TARGETS))

$(FUZZ_DIR)/.clang-ok:
	@mkdir -p $(dir $@)
	@if ! command -v $(FUZZ_CC) >/dev/null 2>&1; then \
	  echo "optle: installing clang for the fuzz targets"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq clang || \
	  { echo "optle: apt-get failed; install: clang"; exit 1; }; \
	fi; touch $@

$(FUZZ_DIR)/obj/%.o: src/%.c | $(DEPS_STAMP) $(FUZZ_DIR)/.clang-ok
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_DIR)/obj/lists.o: $(wildcard wordlists/*.txt)
$(FUZZ_DIR)/obj/treehtml.o: src/treehtml.html

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIBOBJ)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_LDFLAGS) $^ -ljansson -lm -o $@

fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t && \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s" && \
	  $(FUZZ_DIR)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -rss_limit_mb=2048 \
	    -timeout=10 -print_final_stats=1 -dict=tests/fuzz/$$t.dict -artifact_prefix=$(FUZZ_DIR)/ \
	    $(FUZZ_DIR)/corpus/$$t tests/fuzz/corpus/$$t || exit 1; \
	done
