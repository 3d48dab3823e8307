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
# of the systemd unit.
node --import tsx apps/server/src/backup.ts backup "$file"
find "$dir" -maxdepth 1 -name 'giothong-*.dump' -mtime "+$keep" -delete
echo "$file"
