# A stand-in for the official redis:7-bookworm image, built from Debian bookworm's Redis 7.0 on machines
# that reach no image registry (scripts/compose-check.sh). Like the official image, the server accepts
# clients from other containers without a password (protected mode off).
FROM node:22-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends redis-server \
  && rm -rf /var/lib/apt/lists/*
COPY redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
USER redis
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["redis-server"]
