#!/usr/bin/env bash
# tests/arm64.sh: optle on AArch64 (make test-arm64, docs/testing.md).
# The cross-built binaries (build/arm64/, static, by make test-arm64) run
# under qemu-user: the kernel suite (the portable kernel against scalar,
# as on an ARM machine), then solves whose trees must hash as the x86
# build's (./optle) do: small, large (root proofs), the original lists
# with SALET, and hard NYT 2022-02 with SALET; each also with
# OPTLE_KERNEL=scalar.  Not in make test: it needs the cross toolchain and
# takes about a minute and a half.
# shellcheck disable=SC2034 # read by lib.sh
harness=cli-arm64
# shellcheck source=tests/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

arm=build/arm64
QEMU=${QEMU:-qemu-aarch64}
for f in "$arm/optle" "$arm/check_optle"; do
  [ -x "$f" ] || { echo "tests/arm64.sh: $f missing (run make test-arm64)"; exit 2; }
done
command -v "$QEMU" >/dev/null || { echo "tests/arm64.sh: $QEMU missing (make test-arm64 installs qemu-user)"; exit 2; }
file "$arm/optle" | grep -q aarch64 || { echo "tests/arm64.sh: $arm/optle is not an AArch64 binary"; exit 2; }
export OMP_WAIT_POLICY=passive # no self-exec under qemu (main.c)

# The kernel suite: the portable kernel against scalar, bit for bit.
run env CK_RUN_SUITE=kernel "$QEMU" "$arm/check_optle"
expect "arm64: the kernel suite passes" "$rc" = 0
has "arm64: ... every check of it" "100%: Checks: 3, Failures: 0, Errors: 0"

# The solves: the same trees as x86, under the portable kernel (chosen by
# itself off x86) and the scalar one.
for args in "--list small" "--list large" "--list original --first salet" \
  "--list nyt-2022-02 --hard --first salet"; do
  # shellcheck disable=SC2086 # the arguments are words
  run "$OPTLE" solve $args
  x86=$(summary_value "tree hash")
  for k in "" scalar; do
    # shellcheck disable=SC2086
    run env OPTLE_KERNEL=$k "$QEMU" "$arm/optle" solve $args --stats
    expect "arm64 solve $args ${k:-(its own kernel)}: solves" "$rc" = 0
    has "arm64 solve $args: the ${k:-portable} kernel" "(${k:-portable} kernel)"
    expect "arm64 solve $args ${k:-}: the x86 tree" "$(summary_value "tree hash")" = "$x86"
  done
done
# x86's kernels are not built there: naming one is refused.
run env OPTLE_KERNEL=avx2 "$QEMU" "$arm/optle" solve --list small
expect "arm64: OPTLE_KERNEL=avx2 refused" "$rc" = 2
err_has "arm64: ... naming the kernels it has" "the kernels: portable, scalar"

printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" = 0 ]
