# syntax=docker/dockerfile:1
# Medora: client and server built in one stage, run from a slim stage with production
# dependencies only, as the unprivileged `node` user. Checked by server/src/deploy/dockerfile.test.ts
# and the checklist in docs/operations.md.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency, then `npm run build` (client assets and the bundled server in dist/)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only; owned by root, so the app cannot change its own code. No install
# scripts: the postinstall build belongs to the build stage.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/migrations ./migrations
# The outbreak monitor's bundled snapshot is read at run time from the source tree's place.
COPY --from=build /app/server/src/modules/outbreak/snapshot ./server/src/modules/outbreak/snapshot
USER node
EXPOSE 5000
# Ready = the database answers and every migration is applied (GET /api/health/ready).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# A small young generation (decision 022) and no optimising recompile of the embedded database (decision 102).
CMD ["node", "--max-semi-space-size=16", "--liftoff-only", "--max-old-space-size=512", "dist/server/main.js"]
