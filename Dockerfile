# Parley's container image: built in one stage with the compilers the embedded database driver may
# need, run in another with only what `npm start` uses. Data (the embedded database, uploads and the
# generated encryption key) lives in the /data volume; the server runs as an unprivileged user.
FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary can be fetched; the headers of the
# running Node (under /usr/local/include/node) spare node-gyp a download, and JOBS lets it use every core.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local JOBS=max
COPY package.json package-lock.json ./
# Scripts are skipped here because `prepare` builds from sources not yet copied; the two packages
# that need their install step get it explicitly.
RUN npm ci --no-audit --no-fund --ignore-scripts && npm rebuild better-sqlite3 esbuild
COPY tsconfig.json ./
COPY bin ./bin
COPY scripts ./scripts
COPY src ./src
COPY web ./web
# After the build only the server's own dependencies stay, without what only compilers and editors
# read: the database driver's C sources and objects, type declarations, source maps and read-mes.
# Node's binary is stripped of its debugging symbols (18 MB) here, where binutils came with g++, for
# the runtime stage.
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && cd node_modules/better-sqlite3 \
  && find build -mindepth 1 -not -path build/Release -not -path build/Release/better_sqlite3.node -delete \
  && rm -rf deps src \
  && cd /app \
  && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.cts' -o -name '*.d.mts' -o -name '*.map' \
    -o -name '*.md' \) -delete \
  && cp /usr/local/bin/node /app/node && strip /app/node

# The runtime's file system: the base image without npm, yarn, corepack and Node's C headers, flattened
# below so that what is deleted here is not carried in a lower layer.
FROM node:22-bookworm-slim AS runtime-root
COPY --from=build /app/node /usr/local/bin/node
RUN rm -rf /usr/local/include /usr/local/lib/node_modules /usr/local/bin/npm /usr/local/bin/npx \
    /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-* /usr/local/share/doc \
    /usr/share/doc/* /usr/share/man/* /var/cache/apt/* /var/lib/apt/lists/* \
  && groupadd --system --gid 10001 parley \
  && useradd --system --uid 10001 --gid parley --home-dir /app --no-create-home parley \
  && mkdir /data /app && chown parley:parley /data

FROM scratch
COPY --from=runtime-root / /
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  PARLEY_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist ./dist
COPY --from=build /app/node_modules ./node_modules
USER parley
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/cli/main.js", "start"]
