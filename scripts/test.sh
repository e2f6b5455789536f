#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit, production build, integration + contract
# (real PostgreSQL, real HTTP), and Playwright end-to-end (real Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
log=$(mktemp)
trap 'rm -f "$log"' EXIT

step() {
  local name=$1; shift
  local t0=$SECONDS
  echo "== ${name}"
  "$@" 2>&1 | tee -a "$log"
  echo "== ${name}: $((SECONDS - t0)) s"
}

step "typecheck" npx tsc --noEmit -p .
step "lint" npx eslint --max-warnings 0 .
step "unit tests" npx vitest run --project unit
step "production build" npm run build
step "integration and contract tests" npx vitest run --project integration
step "end-to-end tests" npx playwright test

# One closing line with the totals of every runner (vitest's "Tests  N passed", Playwright's "N passed").
clean=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
total=0
for n in $(grep -E '^\s*Tests\s+[0-9]+ passed' <<<"$clean" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+'); do total=$((total + n)); done
for n in $(grep -E '^\s+[0-9]+ passed \(' <<<"$clean" | grep -oE '^\s+[0-9]+' ); do total=$((total + n)); done
echo "== all tests passed in ${SECONDS} s"
echo "tests: ${total} passed, 0 failed"
