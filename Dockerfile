# syntax=docker/dockerfile:1
# lsk in a container: compiled once with the dev dependencies, run with the runtime ones only, as
# the unprivileged "node" user, the SQLite store on a volume. See docs/deploying.md.
#
# No dependency's install script runs here (`--ignore-scripts`, whatever npm the base image has):
# better-sqlite3 ships prebuilt Node-API binaries (prebuilds/linux-x64.node, linuxmusl-x64.node,
# arm64, …) and loads them itself, so nothing compiles and the slim base needs no python3, make or
# g++; @scarf/scarf's telemetry never runs. test/e2e/docker-install.test.ts runs these steps in a
# clean folder without those tools and starts the result; hadolint checks this file.

# 1. Build: every dependency from the lockfile, then the project's own build (TypeScript into dist/,
#    the dashboard with Vite into dist/dashboard), then the dev dependencies removed again.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
COPY dashboard ./dashboard
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# 2. The image: node, the runtime dependencies, the compiled code, the CLI (`lsk` on PATH).
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATABASE_URL=file:./data/lsk.db
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json LICENSE ./
COPY bin ./bin
RUN mkdir -p /app/data \
 && chown 1000:1000 /app/data \
 && ln -s /app/bin/lsk.js /usr/local/bin/lsk
# The base image's unprivileged "node" user, by number (as Kubernetes' runAsNonRoot can check).
USER 1000:1000
VOLUME ["/app/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs, without npm in between (signals reach node directly).
CMD ["node", "--require", "./bin/node-check.cjs", "dist/src/main.js"]
