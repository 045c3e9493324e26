# syntax=docker/dockerfile:1
# lsk in a container: compiled once with the dev dependencies, run with the runtime ones only, as
# the unprivileged "node" user, the SQLite store on a volume. See docs/deploying.md.

# 1. Build: `npm ci` installs everything, and its postinstall compiles TypeScript into dist/ and
#    builds the dashboard (Vite) into dist/dashboard.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
COPY dashboard ./dashboard
RUN npm ci --no-audit --no-fund

# 2. Runtime dependencies only. No install scripts are needed: better-sqlite3 ships prebuilt
#    binaries, and the project's own postinstall (the compiler) ran in stage 1.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# 3. The image: node, the runtime dependencies, the compiled code, the CLI.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATABASE_URL=file:./data/lsk.db
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json LICENSE ./
COPY bin ./bin
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs, without npm in between (signals reach node directly).
CMD ["node", "dist/src/main.js"]
