#!/usr/bin/env bash
# Builds Parley's container image and runs it as a user would: the container starts, /api/health/ready
# answers, the API walk-through of docs/api.md creates a bot and chats with it to the end, bot code runs
# in the sandbox, and the answers survive a restart of the container (the /data volume). It prints the
# time of each phase and of each Dockerfile step, the image's size and the container's start to ready.
#
# No image registry is reachable on CI machines, so the Dockerfile's base image (node:22-bookworm-slim)
# is first built here from Debian's packages (debootstrap) and Node and npm from the npm registry, and
# nothing is ever pulled. The daemon runs without a bridge network and the containers on the host's
# network, so no traffic leaves the loopback. Everything this script starts, it stops.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/container-lib.sh

IMAGE=parley:container-check
NAME=parley-container-check
VOLUME=parley-container-check-data
PORT=${CONTAINER_CHECK_PORT:-3917}
WORK=$(mktemp -d)
CHECK_STARTED=$(date +%s)
# Each phase's time is printed as it ends and again in the summary.
PHASES=""
phase_done() { PHASES+="$(printf '   %4d s  %s' "$(($(date +%s) - PHASE_STARTED))" "$1")"$'\n'; PHASE_STARTED=$(date +%s); }

cleanup() {
  docker rm -f "$NAME" >/dev/null 2>&1 || true
  docker volume rm "$VOLUME" >/dev/null 2>&1 || true
  if [ -z "${CONTAINER_CHECK_KEEP_IMAGES:-}" ]; then
    docker rmi "$IMAGE" >/dev/null 2>&1 || true
    if [ -n "$STARTED_DAEMON" ]; then
      # The build stages' untagged images hold the base image; on a daemon of its own the check removes them too.
      docker image prune -f >/dev/null 2>&1 || true
      docker rmi "$BASE_IMAGE" >/dev/null 2>&1 || true
    fi
  fi
  stop_docker
  rm -rf "$WORK"
}
trap cleanup EXIT

# Other work on the machine slows every step below: the load is printed with the timings.
log "machine load (1, 5, 15 min): $(uptime | sed 's/.*load average: //')"
PHASE_STARTED=$(date +%s)
start_docker "$WORK"
phase_done "docker daemon"
ensure_base_image "$WORK"
phase_done "base image"

# Builds with the classic builder (Debian's docker.io has no BuildKit), each line of its output stamped
# with the second it arrived, then prints each Dockerfile step's time.
timed_build() {
  local log=$1; shift
  DOCKER_BUILDKIT=0 docker build --network host --force-rm "$@" . 2>&1 \
    | while IFS= read -r line; do printf '%(%s)T %s\n' -1 "$line"; done >"$log"
  local status=${PIPESTATUS[0]}
  [ "$status" -eq 0 ] || { tail -n 40 "$log"; return "$status"; }
  awk -v end="$(date +%s)" '$2 == "Step" { if (step != "") printf "   %4d s  %s\n", $1 - at, step; at = $1; step = substr($0, index($0, $3)) }
    END { if (step != "") printf "   %4d s  %s\n", end - at, step }' "$log" | cut -c1-140
}

# The classic builder builds a Dockerfile's stages one after the other, every stage before the target
# included. The two build stages are independent (compiling the database driver; bundling the server
# and the builder): each is cut out of the Dockerfile into a file of its own and they are built side
# by side; the full build then finds their steps in its cache (a step is found by its parent, its
# instruction and the files it copies).
log "building the stages native and build side by side"
for stage in native build; do
  awk -v name="$stage" '/^FROM /{on = ($NF == name)} on' Dockerfile >"$WORK/$stage.Dockerfile"
done
timed_build "$WORK/native.log" -f "$WORK/native.Dockerfile" >"$WORK/native.steps" & native=$!
timed_build "$WORK/build.log" -f "$WORK/build.Dockerfile" >"$WORK/build.steps" & build=$!
wait "$native" || { cat "$WORK/native.steps"; exit 1; }
wait "$build" || { cat "$WORK/build.steps"; exit 1; }
log "stage native:"; cat "$WORK/native.steps"
log "stage build:"; cat "$WORK/build.steps"
phase_done "stages native and build, side by side"
log "building $IMAGE"
timed_build "$WORK/image.log" -t "$IMAGE" | { grep -v '^ *0 s ' || true; }
phase_done "image (the remaining stages)"
log "image size $(docker image inspect -f '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1 / 1000000}')"

running() { [ "$(docker inspect -f '{{.State.Running}}' "$NAME")" = true ]; }
docker volume create "$VOLUME" >/dev/null
started=$(date +%s%N)
docker run -d --name "$NAME" --network host -e PORT="$PORT" -e PUBLIC_URL="http://127.0.0.1:$PORT" \
  -v "$VOLUME:/data" "$IMAGE" >/dev/null
wait_ready "$PORT" running || { docker logs "$NAME"; exit 1; }
log "container start to first ready answer: $((($(date +%s%N) - started) / 1000000)) ms"

# The setup link is the start's last line: once it is there, so is the token.
SETUP_LINK="http://127.0.0.1:$PORT/setup?token="
STARTED_LOG=$(log_with "$NAME" "$SETUP_LINK")
TOKEN=$(first_token <<<"$STARTED_LOG")
[ -n "$TOKEN" ] || { echo "no first token in the log:"; docker logs "$NAME"; exit 1; }
grep -q -- "$SETUP_LINK" <<<"$STARTED_LOG" || { echo "no setup link on PUBLIC_URL in the log"; docker logs "$NAME"; exit 1; }
walk_through "$PORT" "$TOKEN" "$WORK"
log "a bot was created and a chat ran to the end"
code_check "$PORT" "$TOKEN"
log "bot code ran in the sandbox"

docker restart "$NAME" >/dev/null
wait_ready "$PORT" running || { docker logs "$NAME"; exit 1; }
WORKSPACE=$(curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/v1/workspaces" | json_field 'workspaces[0].id')
BOTS=$(curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/v1/bots?workspaceId=$WORKSPACE")
echo "$BOTS" | grep -q '"name":"Hello"' || { echo "the bot did not survive a restart: $BOTS"; exit 1; }
docker inspect -f '{{.State.Health.Status}}' "$NAME" | grep -qv unhealthy
log "the bot and its token survived a restart (the /data volume)"
phase_done "run: start, walk-through, restart"
log "phases:"; printf '%s' "$PHASES"
log "container check passed in $(($(date +%s) - CHECK_STARTED)) s; machine load (1, 5, 15 min): $(uptime | sed 's/.*load average: //')"
