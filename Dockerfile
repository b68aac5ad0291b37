# The site for production: the compiled server and web app on Node 22, run as the unprivileged
# `node` user, with PostgreSQL outside the container (DATABASE_URL; compose.yaml starts one).
# Build: docker build -t jersey-rally .   Run: see docs/operations.md.
# The image holds no embedded PostgreSQL, no PGlite, no dev dependencies, no sources and no npm:
# Debian 12 slim, node's binary from the official Node 22 image, the compiled server, web app and
# maintenance commands (dist), and only the packages they load at run time
# (scripts/prune-runtime-deps.mjs). At most 250 MB: scripts/build-image.sh checks it.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Source maps are for a developer's checkout (--enable-source-maps); the image leaves them out.
RUN npm run build && find dist -name '*.map' -delete

# Node's binary without its debug symbols (107 MB instead of 125): JavaScript stack traces are the same.
FROM node:22-bookworm-slim AS node-binary
RUN apt-get update && apt-get install -y --no-install-recommends binutils && strip -o /node /usr/local/bin/node

# Only what the server loads at run time.
FROM node:22-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/server ./dist/server
COPY scripts/prune-runtime-deps.mjs ./scripts/
RUN node scripts/prune-runtime-deps.mjs

# Node's image without npm, corepack, yarn and node's C headers: node's binary is all the site runs.
FROM debian:bookworm-slim
COPY --from=node-binary /node /usr/local/bin/node
# The same `node` user (uid 1000) as the Node image, so volumes made by an earlier image keep their owner.
RUN groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/sh --create-home node \
 && mkdir -p /data && chown node:node /data
ENV NODE_ENV=production \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The site reads its version here; "type": "module" makes dist/server's files ES modules.
COPY package.json ./
# DATA_DIR holds the mail outbox, backups and uploads without S3; mount a volume here.
# The maintenance commands are compiled beside the server: `node dist/server/backup.js`, restore.js,
# create-admin.js, privacy-rotate-key.js, backup-offsite.js (docs/operations.md).
USER node
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The heap limit as npm start sets it (docs/operations.md, "Memory").
CMD ["node", "--max-old-space-size=192", "dist/server/main.js"]
