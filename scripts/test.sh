#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit, production build, integration + contract
# (real PostgreSQL, real HTTP), and Playwright end-to-end (real Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() {
  local name=$1; shift
  local t0=$SECONDS
  echo "== ${name}"
  "$@"
  echo "== ${name}: $((SECONDS - t0)) s"
}

step "typecheck" npx tsc --noEmit -p .
step "lint" npx eslint .
step "unit tests" npx vitest run --project unit
step "production build" npx next build
step "integration and contract tests" npx vitest run --project integration
step "end-to-end tests" npx playwright test
echo "== all tests passed in ${SECONDS} s"
