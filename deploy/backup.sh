#!/usr/bin/env bash
# One backup of the configured database (what `npm run backup` makes) into a directory, named by
# its time (UTC), then the removal of the backups there older than BACKUP_KEEP_DAYS (30). Run by
# giot-hong-backup.service; reads the configuration the server reads (DATABASE_URL …) from its
# environment.
#
#   deploy/backup.sh /var/backups/giot-hong
set -euo pipefail
dir="${1:?usage: deploy/backup.sh <directory>}"
keep="${BACKUP_KEEP_DAYS:-30}"
cd "$(dirname "$0")/.."
mkdir -p "$dir"
file="$dir/giothong-$(date -u +%Y%m%dT%H%M%SZ).dump"
# `npm run backup` without npm, which would want to write its logs under the read-only home
# of the systemd unit: the tool built with the server by `npm run build` (not built here, where the
# code is read-only), with the server's Node options (SERVER_NODE_ARGS in scripts/build-server.mjs).
if [ ! -f apps/server/dist/backup.js ]; then
  echo "apps/server/dist/backup.js is missing: run npm run build first (docs/deploy.md)" >&2
  exit 1
fi
node --max-semi-space-size=8 --wasm-tiering-budget=2000000000 apps/server/dist/backup.js backup "$file"
find "$dir" -maxdepth 1 -name 'giothong-*.dump' -mtime "+$keep" -delete
echo "$file"
