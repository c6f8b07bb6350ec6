# Parley's container image: built in one stage with the compilers the embedded database driver may
# need, run in another with only what `npm start` uses. Data (the embedded database, uploads and the
# generated encryption key) lives in the /data volume; the server runs as an unprivileged user.
FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary can be fetched; the headers of the
# running Node (under /usr/local/include/node) spare node-gyp a download.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json ./
# Scripts are skipped here because `prepare` builds from sources not yet copied; the two packages
# that need their install step get it explicitly.
RUN npm ci --no-audit --no-fund --ignore-scripts && npm rebuild better-sqlite3 esbuild
COPY tsconfig.json ./
COPY bin ./bin
COPY scripts ./scripts
COPY src ./src
COPY web ./web
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  PARLEY_DATA_DIR=/data
RUN groupadd --system --gid 10001 parley \
  && useradd --system --uid 10001 --gid parley --home-dir /app --no-create-home parley \
  && mkdir /data && chown parley:parley /data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/bin ./bin
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER parley
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/cli/main.js", "start"]
