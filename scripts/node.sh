#!/bin/sh
# Node as the server runs in production (`npm start`, and the benches that measure it): with the
# memory budget of decision 072. A young generation of 2 × 16 MB instead of the 2 × 64 MB V8 picks
# on a machine with much memory, the old generation collected once it has grown by half (V8 lets
# it grow fourfold), and two malloc arenas instead of eight per core: about 340 MB of RSS under
# load instead of 700, for 5–15 % more CPU per page render. On a machine with memory to
# spare and CPU to save, run `node scripts/start.ts` instead.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
exec node --max-semi-space-size=16 --heap-growing-percent=50 "$@"
