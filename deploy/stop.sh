#!/usr/bin/env bash
# Stops what deploy/start.sh started: nginx, then each portal process (graceful stop).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

if [ -f "$run_dir/nginx.pid" ]; then
  nginx -p "$run_dir/nginx" -e "$run_dir/logs/nginx-error.log" -c "$run_dir/nginx/nginx.conf" -s quit || true
  for _ in $(seq 1 50); do [ -f "$run_dir/nginx.pid" ] || break; sleep 0.1; done
fi
for port in "${portal_ports[@]}"; do stop_portal "$port"; done
say "stopped"
