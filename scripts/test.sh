#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit, production build, integration + contract
# (real PostgreSQL, real HTTP; the contract tests also on PostgreSQL 15 where it is installed), and
# Playwright end-to-end (real Chromium).
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
    # (errexit is on in this subshell too: the step's status is caught, or a failed step would leave no .rc behind)
    ( rc=0; bash -c "$cmd" >"$logs/$name.log" 2>&1 || rc=$?; echo "$rc" >"$logs/$name.rc"; echo "$SECONDS" >"$logs/$name.end" ) &
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
  # A failed step's failures once more, last: a reader of only the output's end (CI shows its tail) sees which.
  for i in "${!names[@]}"; do
    local name=${names[$i]}
    [ "$(cat "$logs/$name.rc")" = 0 ] && continue
    echo "== ${name} FAILED; its failing tests, then its last lines:"
    sed 's/\x1b\[[0-9;]*m//g' "$logs/$name.log" | grep -E '^\s*(FAIL|✗|×|[0-9]+\) )' | sort -u | head -40 || true
    sed 's/\x1b\[[0-9;]*m//g' "$logs/$name.log" | tail -n 25
  done
  cat "$logs"/*.log >>"$logs/all"
  rm -f "$logs"/*.log
  return $failed
}

t0=$SECONDS
# Sources only: the type check, the linter, the unit tests and the production build share the two cores.
# The build skips Next's own type check (SKIP_BUILD_TYPECHECK): the typecheck step beside it checks the same program.
# The unit tests run three files at a time: many of them wait (timers, local servers), so three keep 2 cores busier
# (alone on this machine: 121 s with vitest's default of one worker on 2 cores, 60 s with three, the same CPU time;
# 16 s since their files share modules).
together \
  "typecheck|npx tsc --noEmit -p ." \
  "lint|npx eslint --max-warnings 0 ." \
  "unit tests|npx vitest run --project unit --maxWorkers=3" \
  "production build|SKIP_BUILD_TYPECHECK=1 npm run build"
times+=("(the four side by side: $((SECONDS - t0)) s)")

# The database tests and the browser journeys side by side: the journeys mostly wait (on the browser, the
# server, the workers) and use about a core between them, which the database tests, CPU-bound, take up.
# The database lane is one vitest run of two projects sharing its workers: the integration and contract tests on
# the embedded PostgreSQL, and the contract tests again on the oldest supported server, Debian's PostgreSQL 15,
# where it is installed (.ci/run installs it). Each project's time is printed by tests/setup/project-times.ts.
PG15_BIN=/usr/lib/postgresql/15/bin
database_lane() {
  local projects=(--project integration)
  if [ -x "$PG15_BIN/postgres" ]; then
    projects+=(--project contract-pg15)
  else
    echo "== contract tests on PostgreSQL 15: skipped, not installed (apt-get install -y postgresql-15)"
  fi
  TEST_DB_WORKERS=3 npx vitest run "${projects[@]}" --reporter=default --reporter=./tests/setup/project-times.ts
}
export -f database_lane
export PG15_BIN
t1=$SECONDS
together \
  "database tests|database_lane" \
  "end-to-end tests|npx playwright test"
times+=("(the two side by side: $((SECONDS - t1)) s)")
while IFS= read -r line; do times+=("  ${line#== }"); done < <(grep -E '^== (integration and contract tests \(|contract tests on PostgreSQL 15)' "$logs/all")

# One closing block: each step's time, and the totals of every runner (vitest's "Tests  N passed", Playwright's "N passed").
clean=$(sed 's/\x1b\[[0-9;]*m//g' "$logs/all")
total=0
for n in $(grep -E '^\s*Tests\s+[0-9]+ passed' <<<"$clean" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+'); do total=$((total + n)); done
for n in $(grep -E '^\s+[0-9]+ passed \(' <<<"$clean" | grep -oE '^\s+[0-9]+'); do total=$((total + n)); done
echo "== step times"
printf '   %s\n' "${times[@]}"
echo "== all tests passed in ${SECONDS} s"
echo "tests: ${total} passed, 0 failed"
