# What scripts/container-check.sh and scripts/compose-check.sh share: the docker daemon (started without
# a bridge network or iptables when none runs, and stopped again), the locally built base image, waiting
# for /api/health/ready, and the API walk-through of docs/api.md. Sourced, not run.

log() { echo "== container: $*"; }

# The Dockerfile's base image (node:22-bookworm-slim).
BASE_IMAGE=$(sed -n 's/^FROM \([^ ]*\) AS native$/\1/p' Dockerfile)
STARTED_DAEMON=""

# Starts dockerd when none answers; exits 0 with SKIPPED when docker is missing or cannot run here.
start_docker() {
  local work=$1
  if ! command -v docker >/dev/null || ! command -v dockerd >/dev/null; then
    echo "== container check SKIPPED: docker is not installed (apt-get install docker.io)"; exit 0
  fi
  docker info >/dev/null 2>&1 && return 0
  log "starting dockerd (no bridge, no iptables)"
  dockerd --bridge=none --iptables=false >"$work/dockerd.log" 2>&1 &
  STARTED_DAEMON=$!
  for _ in $(seq 1 30); do docker info >/dev/null 2>&1 && break; sleep 1; done
  if ! docker info >/dev/null 2>&1; then
    echo "== container check SKIPPED: dockerd cannot run on this machine:"; tail -n 5 "$work/dockerd.log"; exit 0
  fi
}

stop_docker() {
  [ -n "$STARTED_DAEMON" ] || return 0
  kill "$STARTED_DAEMON" 2>/dev/null || true
  wait "$STARTED_DAEMON" 2>/dev/null || true
}

# No image registry is reachable on CI machines: the base image is built from Debian's packages, or
# imported from the file system CI prepared while its tests ran (CONTAINER_BASE_ROOTFS, a tar made by
# `scripts/container-base-image.sh --rootfs`).
ensure_base_image() {
  local work=$1
  docker image inspect "$BASE_IMAGE" >/dev/null 2>&1 && return 0
  if [ -n "${CONTAINER_BASE_ROOTFS:-}" ] && [ -f "$CONTAINER_BASE_ROOTFS" ]; then
    scripts/container-base-image.sh --import "$CONTAINER_BASE_ROOTFS" "$BASE_IMAGE" && return 0
  fi
  log "building the base image $BASE_IMAGE from Debian bookworm and Node 22 from the npm registry"
  scripts/container-base-image.sh "$BASE_IMAGE" "$work"
}

# Waits up to 60 s for http://127.0.0.1:<port>/api/health/ready while the command <running> succeeds.
wait_ready() {
  local port=$1 running=$2
  for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$port/api/health/ready" >/dev/null && return 0
    eval "$running" || return 1
    sleep 0.1
  done
  return 1
}

# The walk-through exactly as docs/api.md shows it, on this port, with the first user's token: it
# creates a bot and chats with it to the end.
walk_through() {
  local port=$1 token=$2 work=$3
  awk '/^### A walk-through with curl/{on=1} on && /^```sh$/{code=1; next} code && /^```$/{exit} code' docs/api.md \
    | sed "s#http://localhost:3000#http://127.0.0.1:$port#" >"$work/walk-through.sh"
  TOKEN="$token" bash -euo pipefail "$work/walk-through.sh" >"$work/walk-through.out" 2>&1 || { cat "$work/walk-through.out"; return 1; }
  grep -q '"content":"Ada"' "$work/walk-through.out" && grep -q '"isCompleted":true' "$work/walk-through.out" \
    || { echo "the chat did not run to the end:"; cat "$work/walk-through.out"; return 1; }
}

# A field of the JSON on standard input, by its path (`workspaces[0].id`).
json_field() { node -pe "JSON.parse(require('fs').readFileSync(0)).$1"; }

# The first user's API token, from a server's log on standard input.
first_token() { sed -n 's/.*Bearer \([^ "]*\)".*/\1/p' | head -n 1; }

# The container's log, once it holds a line matching the pattern (or after 10 s, as it is): the start's
# lines are printed in one write, but the log driver may hand them over in pieces, after the server
# already answers.
log_with() {
  local name=$1 pattern=$2
  for _ in $(seq 1 100); do
    docker logs "$name" 2>&1 | grep -q -- "$pattern" && break
    sleep 0.1
  done
  docker logs "$name" 2>&1
}

# Bot code runs in QuickJS (WebAssembly, on a worker thread): a Set variable block computes 6 * 7 and
# the next bubble must say 42.
code_check() {
  local port=$1 token=$2 api="http://127.0.0.1:$1/api" workspace bot public_id
  workspace=$(curl -sf -H "Authorization: Bearer $token" "$api/v1/workspaces" | json_field 'workspaces[0].id')
  bot=$(curl -sf -H "Authorization: Bearer $token" -H 'content-type: application/json' "$api/v1/bots" -d '{
    "workspaceId": "'"$workspace"'",
    "bot": {
      "name": "Code",
      "events": [{ "id": "start", "type": "start", "graphCoordinates": { "x": 0, "y": 0 }, "outgoingEdgeId": "e1" }],
      "groups": [{ "id": "g1", "title": "Code", "graphCoordinates": { "x": 200, "y": 0 }, "blocks": [
        { "id": "b1", "type": "Set variable", "options": { "variableId": "v1", "expressionToEvaluate": "6 * 7", "isCode": true } },
        { "id": "b2", "type": "text", "content": { "richText": [{ "type": "p", "children": [{ "text": "The answer is {{Answer}}." }] }] } }
      ] }],
      "edges": [{ "id": "e1", "from": { "eventId": "start" }, "to": { "groupId": "g1" } }],
      "variables": [{ "id": "v1", "name": "Answer" }]
    }
  }' | json_field bot.id)
  public_id=$(curl -sf -X POST -H "Authorization: Bearer $token" "$api/v1/bots/$bot/publish" | json_field publicId)
  curl -sf -H 'content-type: application/json' "$api/v1/bots/$public_id/startChat" -d '{}' | grep -q 'The answer is 42.' \
    || { echo "bot code did not run: bot $bot, public id $public_id"; return 1; }
}
