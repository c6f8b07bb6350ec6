# Parley's container image. Two independent build stages, `native` (the embedded database driver,
# compiled when no prebuilt binary can be fetched) and `build` (the bundled server, the builder and the
# visitor's client), then a runtime with only what `npm start` uses. The server's npm dependencies are
# bundled into dist/, so the image's node_modules holds only the three packages that load files of
# their own at run time (see scripts/build.mjs). Data (the embedded database, uploads and the generated
# encryption key) lives in the /data volume; the server runs as an unprivileged user.
# (The two build stages start with different steps: the classic builder finds a cached step by its
# parent and instruction, and scripts/container-check.sh builds the stages side by side.)
FROM node:22-bookworm-slim AS native
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The headers of the running Node (under /usr/local/include/node) spare node-gyp a download; JOBS lets
# it compile the driver's two files side by side. SQLite's amalgamation is built at -O2, SQLite's own
# default, rather than the driver's -O3, which takes half as much CPU time again (75 s instead of 51 s).
ENV npm_config_nodedir=/usr/local JOBS=max CFLAGS=-O2 CXXFLAGS=-O2
COPY package.json package-lock.json ./
# The production dependencies as locked, without install scripts; only the driver needs its own.
# Of its build only the addon is kept. Node's binary is stripped of its debugging symbols (18 MB)
# here, where binutils came with g++, for the runtime stage.
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts \
  && npm rebuild better-sqlite3 \
  && cd node_modules/better-sqlite3 \
  && find build -mindepth 1 -not -path build/Release -not -path build/Release/better_sqlite3.node -delete \
  && rm -rf deps src \
  && cp /usr/local/bin/node /app/node && strip /app/node

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Scripts are skipped because `prepare` builds from sources not yet copied; esbuild's binary comes as
# an optional package and needs no install step.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json ./
COPY bin ./bin
# Only the two build scripts, so that editing another script (the container checks live there too)
# keeps this stage's cached steps.
COPY scripts/build.mjs scripts/build-builder.mjs ./scripts/
COPY src ./src
COPY web ./web
RUN node scripts/build.mjs --bundle-dependencies && node scripts/build-builder.mjs

# The packages the bundle still loads, with their dependencies, from the stage that compiled the
# driver; without what only compilers and editors read (type declarations, source maps, read-mes).
FROM native AS runtime-modules
COPY --from=build /app/dist/cli/runtime-packages.json ./dist/cli/
COPY scripts/copy-runtime-packages.mjs ./scripts/
RUN node scripts/copy-runtime-packages.mjs /app/node_modules /runtime/node_modules \
  && find /runtime/node_modules -type f \( -name '*.d.ts' -o -name '*.d.cts' -o -name '*.d.mts' -o -name '*.map' \
    -o -name '*.md' -o -name '*.ts' \) -delete

# The runtime's file system: the base image without npm, yarn, corepack and Node's C headers, flattened
# below so that what is deleted here is not carried in a lower layer.
FROM node:22-bookworm-slim AS runtime-root
COPY --from=native /app/node /usr/local/bin/node
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
COPY --from=runtime-modules /runtime/node_modules ./node_modules
USER parley
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/cli/main.js", "start"]
