# The site for production: the compiled server and web app on Node 22, run as the unprivileged
# `node` user, with PostgreSQL outside the container (DATABASE_URL; compose.yaml starts one).
# Build: docker build -t jersey-rally .   Run: see docs/operations.md.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Only what the server needs at run time.
FROM node:22-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:22-bookworm-slim
# No npm update notice (nor its call to the registry) at each `npm run` of a maintenance command.
ENV NODE_ENV=production \
    PORT=5000 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The sources too, for the maintenance scripts run with tsx: npm run backup, restore, create-admin.
COPY package.json tsconfig.json ./
COPY scripts ./scripts
COPY src/server ./src/server
COPY src/common ./src/common
# DATA_DIR holds uploads, share images and the mail outbox; mount a volume here.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The heap limit as npm start sets it (docs/operations.md, "Memory").
CMD ["node", "--max-old-space-size=192", "dist/server/main.js"]
