#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit, production build, integration + contract
# (real PostgreSQL, real HTTP), and Playwright end-to-end (real Chromium).
# Steps that need nothing from each other run side by side (docs/performance.md,
# "The suite's time"); the output of steps run side by side is printed whole when they end.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
times=()

# Runs each "name|command" side by side; prints each output when all have ended, then each step's time.
# Fails (after printing everything) when any step failed.
together() {
  local names=() pids=() starts=() failed=0
  for spec in "$@"; do
    local name=${spec%%|*} cmd=${spec#*|}
    names+=("$name")
    starts+=("$SECONDS")
    ( bash -c "$cmd" >"$logs/$name.log" 2>&1; echo $? >"$logs/$name.rc"; echo "$SECONDS" >"$logs/$name.end" ) &
    pids+=("$!")
  done
  for i in "${!pids[@]}"; do wait "${pids[$i]}" || true; done
  for i in "${!names[@]}"; do
    local name=${names[$i]}
    echo "== ${name}"
    cat "$logs/$name.log"
    local rc took
    rc=$(cat "$logs/$name.rc")
    took=$(($(cat "$logs/$name.end") - ${starts[$i]}))
    echo "== ${name}: ${took} s$([ "$rc" = 0 ] || echo " (FAILED, exit ${rc})")"
    times+=("${name}: ${took} s")
    [ "$rc" = 0 ] || failed=1
  done
  cat "$logs"/*.log >>"$logs/all"
  rm -f "$logs"/*.log
  return $failed
}

# One step on its own, its output as it comes.
step() {
  local name=$1; shift
  local t0=$SECONDS
  echo "== ${name}"
  "$@" 2>&1 | tee -a "$logs/all"
  echo "== ${name}: $((SECONDS - t0)) s"
  times+=("${name}: $((SECONDS - t0)) s")
}

t0=$SECONDS
# Sources only: the type check, the linter, the unit tests and the production build share the two cores.
# The build skips Next's own type check (SKIP_BUILD_TYPECHECK): the typecheck step beside it checks the same program.
together \
  "typecheck|npx tsc --noEmit -p ." \
  "lint|npx eslint --max-warnings 0 ." \
  "unit tests|npx vitest run --project unit" \
  "production build|SKIP_BUILD_TYPECHECK=1 npm run build"
times+=("(the four side by side: $((SECONDS - t0)) s)")

# Integration and end-to-end tests each keep the two cores busy: one after the other, their output as it comes.
step "integration and contract tests" npx vitest run --project integration
step "end-to-end tests" npx playwright test

# One closing block: each step's time, and the totals of every runner (vitest's "Tests  N passed", Playwright's "N passed").
clean=$(sed 's/\x1b\[[0-9;]*m//g' "$logs/all")
total=0
for n in $(grep -E '^\s*Tests\s+[0-9]+ passed' <<<"$clean" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+'); do total=$((total + n)); done
for n in $(grep -E '^\s+[0-9]+ passed \(' <<<"$clean" | grep -oE '^\s+[0-9]+'); do total=$((total + n)); done
echo "== step times"
printf '   %s\n' "${times[@]}"
echo "== all tests passed in ${SECONDS} s"
echo "tests: ${total} passed, 0 failed"
