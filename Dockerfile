# Hearth's container image: `docker build -t hearth .` (podman and buildah: add `--format docker`, as the OCI format
# keeps no HEALTHCHECK). README, "Container", says how to run it.

# Node for the build stages: Debian's Node only reads the lock file, which says which Node the project runs on;
# that Node (the registry's `node-linux-<arch>` package, what the `node` devDependency installs) and npm run the rest.
FROM docker.io/library/debian:bookworm-slim AS node
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates curl nodejs \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package-lock.json ./
ARG NPM_VERSION=11.19.1
RUN version=$(node -p "require('./package-lock.json').packages['node_modules/node'].version") \
 && arch=$(node -p process.arch) \
 && mkdir -p /opt/node/lib/node_modules/npm \
 && curl -fsS "https://registry.npmjs.org/node-linux-$arch/-/node-linux-$arch-$version.tgz" \
  | tar -xz -C /opt/node --strip-components=1 \
 && curl -fsS "https://registry.npmjs.org/npm/-/npm-$NPM_VERSION.tgz" \
  | tar -xz -C /opt/node/lib/node_modules/npm --strip-components=1 \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /opt/node/bin/npm
# --use-system-ca: npm trusts the certificates curl and apt trust (a proxy's CA added to the system's included).
ENV PATH=/opt/node/bin:$PATH NODE_OPTIONS=--use-system-ca
COPY package.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY lint/package.json lint/

# The server's production dependencies, without source maps and TypeScript files (Node runs none from node_modules).
FROM node AS server-deps
RUN npm ci --omit=dev --workspace=server --no-audit --no-fund \
 && find node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' \) -delete

FROM node AS web
RUN npm ci --workspace=web --no-audit --no-fund
COPY tsconfig.base.json ./
COPY contract/ contract/
COPY web/ web/
RUN npm run build -w web

# What runs: Node, the server's production dependencies, its sources and the built web app, as an unprivileged user.
FROM docker.io/library/debian:bookworm-slim
COPY --from=node /opt/node/bin/node /usr/local/bin/node
RUN useradd --system --uid 10001 --user-group --home-dir /app --no-create-home hearth \
 && mkdir /data && chown hearth:hearth /data
WORKDIR /app
COPY --from=server-deps /app/node_modules node_modules
COPY contract/ contract/
COPY server/ server/
COPY --from=web /app/web/dist web/dist
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0
VOLUME /data
USER hearth
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=16", "server/main.ts"]
