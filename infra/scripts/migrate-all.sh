#!/bin/sh
# Applies the migrations and seeds of every service, in order, against DATABASE_URL.
# Each service owns one Postgres schema and its own migration history; each step is idempotent,
# so running this again (every deploy) is safe. Stops at the first failure with its exit code.
# Used by the `migrate` service in docker-compose.yml (on Kubernetes each Deployment runs its own
# service's dist/migrate.js in an init container instead); run from
# the repository root (the image's /app) after `npx tsc -b`.
set -eu

: "${DATABASE_URL:?DATABASE_URL must be set to a postgres:// connection URL}"

for service in identity scheduling messaging-sync catalogue content; do
  echo "migrate: ${service}"
  node "services/${service}/dist/migrate.js"
done
