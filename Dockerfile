# The site for production: the compiled server and web app on Node 22, run as the unprivileged
# `node` user, with PostgreSQL outside the container (DATABASE_URL; compose.yaml starts one).
# Build: docker build -t jersey-rally .   Run: see docs/operations.md.
# The image holds no embedded PostgreSQL, no PGlite, no dev dependencies and no sources: the server
# and the maintenance commands are compiled into dist/server, and node_modules keeps only the
# packages they load at run time (scripts/prune-runtime-deps.mjs).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Only what the server loads at run time.
FROM node:22-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/server ./dist/server
COPY scripts/prune-runtime-deps.mjs ./scripts/
RUN node scripts/prune-runtime-deps.mjs

FROM node:22-bookworm-slim
# No npm update notice (nor its call to the registry) at each `npm run` of a maintenance command,
# and npm's logs in /tmp: compose.yaml runs the image with a read-only root.
ENV NODE_ENV=production \
    PORT=5000 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_CACHE=/tmp/.npm
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The maintenance commands run compiled, as the site does: `npm run backup` and the rest work here
# as in a checkout, without tsx or the sources.
RUN npm pkg set \
      scripts.start='node --max-old-space-size=192 dist/server/main.js' \
      scripts.backup='node dist/server/backup.js' \
      scripts.backup:offsite='node dist/server/backup-offsite.js' \
      scripts.restore='node dist/server/restore.js' \
      scripts.create-admin='node dist/server/create-admin.js' \
      scripts.privacy:rotate-key='node dist/server/privacy-rotate-key.js' \
 && mkdir -p /data && chown node:node /data
# DATA_DIR holds the mail outbox, backups and uploads without S3; mount a volume here.
USER node
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The heap limit as npm start sets it (docs/operations.md, "Memory").
CMD ["node", "--max-old-space-size=192", "dist/server/main.js"]
