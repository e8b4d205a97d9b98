# syntax=docker/dockerfile:1
# Clubkalender: one image for the site, the API and the operator's commands
# (npm run admin:create, db:backup, db:restore). Configured purely by environment variables
# (README.md, docs/deployment.md); /data holds DATA_DIR (embedded database, media, outbox).

# The current Node.js LTS line (26, "Lithium": LTS since 2026-10-28, security fixes until
# 2029-04-30) on Debian 13; development and CI may still run Node 20.19 or newer (decision 0240).
ARG NODE_IMAGE=node:26-trixie-slim

# 1. Install every dependency and build the site.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# 2. The runtime: the built site, the server's bundle (decision 0204) and the production
#    dependencies, owned by root and run as the unprivileged "node" user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    BUILD_DIR=/app/build
WORKDIR /app
# A font for the text sharp draws into generated flyers and link previews (decisions 0131, 0132).
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live/`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "build/app-server/main.js"]
