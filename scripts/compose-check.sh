#!/usr/bin/env bash
# Runs compose.yaml as a user would (Parley, PostgreSQL and Redis): the three containers start, Parley
# answers /api/health/ready on PostgreSQL with Redis, the API walk-through of docs/api.md runs to the
# end, and after `down` and `up` again the bot is still there (the named volumes).
#
# No image registry is reachable on CI machines: the base image is built as scripts/container-check.sh
# builds it, and compose.yaml's postgres and redis images are stand-ins built from Debian bookworm's
# packages (scripts/container-stand-ins/), under the same names, so nothing is pulled. Unlike the
# container check, compose needs its own network: the daemon runs without the default bridge and
# without iptables, and compose's network is a bridge of its own whose published port docker's
# userland proxy serves on the loopback. Needs docker-compose (Debian's docker-compose package).
# Everything this script starts, it stops.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/container-lib.sh

PROJECT=parley-compose-check
PORT=${COMPOSE_CHECK_PORT:-3918}
WORK=$(mktemp -d)
CHECK_STARTED=$(date +%s)
compose() { PARLEY_PORT=$PORT PUBLIC_URL="http://127.0.0.1:$PORT" docker-compose -p "$PROJECT" -f compose.yaml "$@"; }

cleanup() {
  compose down -v --remove-orphans >/dev/null 2>&1 || true
  stop_docker
  rm -rf "$WORK"
}
trap cleanup EXIT

if ! command -v docker-compose >/dev/null; then
  echo "== compose check SKIPPED: docker-compose is not installed (apt-get install docker-compose)"; exit 0
fi
log "machine load (1, 5, 15 min): $(uptime | sed 's/.*load average: //')"
start_docker "$WORK"
ensure_base_image "$WORK"

started=$(date +%s)
for service in postgres redis; do
  image=$(sed -n "/^  $service:/,/^  [a-z]/s/^    image: //p" compose.yaml)
  DOCKER_BUILDKIT=0 docker build --network host -q -t "$image" -f "scripts/container-stand-ins/$service.Dockerfile" \
    scripts/container-stand-ins >/dev/null
  log "stand-in $image built from Debian's packages"
done
log "stand-ins built in $(($(date +%s) - started)) s"

started=$(date +%s)
compose build --quiet parley
log "parley image built in $(($(date +%s) - started)) s (cached layers when the container check ran before)"

running() { [ "$(compose ps -q parley | xargs -r docker inspect -f '{{.State.Running}}')" = true ]; }
started=$(date +%s%N)
compose up -d >"$WORK/up.log" 2>&1 || { cat "$WORK/up.log"; exit 1; }
wait_ready "$PORT" running || { compose logs; exit 1; }
log "compose up to the first ready answer: $((($(date +%s%N) - started) / 1000000)) ms"

LOGS=$(compose logs --no-color parley)
grep -q "Database: postgres://" <<<"$LOGS" || { echo "Parley did not start on PostgreSQL:"; echo "$LOGS"; exit 1; }
READY=$(curl -sf "http://127.0.0.1:$PORT/api/health/ready")
grep -q '"redis"' <<<"$READY" || { echo "the ready answer does not mention Redis: $READY"; exit 1; }
TOKEN=$(first_token <<<"$LOGS")
[ -n "$TOKEN" ] || { echo "no first token in the log:"; echo "$LOGS"; exit 1; }
walk_through "$PORT" "$TOKEN" "$WORK"
code_check "$PORT" "$TOKEN"
log "on PostgreSQL and Redis, a bot was created, a chat ran to the end, bot code ran in the sandbox"

compose down >/dev/null 2>&1
compose up -d >"$WORK/up.log" 2>&1 || { cat "$WORK/up.log"; exit 1; }
wait_ready "$PORT" running || { compose logs; exit 1; }
WORKSPACE=$(curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/v1/workspaces" | json_field 'workspaces[0].id')
BOTS=$(curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/v1/bots?workspaceId=$WORKSPACE")
grep -q '"name":"Hello"' <<<"$BOTS" || { echo "the bot did not survive down and up: $BOTS"; exit 1; }
log "the bot and its token survived docker-compose down and up (the postgres-data volume)"
log "compose check passed in $(($(date +%s) - CHECK_STARTED)) s"
