# A stand-in for the official postgres:15-bookworm image, built from Debian bookworm's PostgreSQL 15 on
# machines that reach no image registry (scripts/compose-check.sh). It honours what compose.yaml uses
# of the official image: POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB, PGDATA under
# /var/lib/postgresql/data, password logins over the network, and pg_isready on the PATH.
FROM node:22-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-15 \
  && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
