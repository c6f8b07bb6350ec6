#!/bin/sh
# The official image's Redis is built with protected mode off; Debian's is not, so it is turned off here.
set -eu
if [ "${1:-}" = redis-server ]; then
  shift
  exec redis-server "$@" --protected-mode no
fi
exec "$@"
