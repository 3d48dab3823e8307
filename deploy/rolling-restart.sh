#!/usr/bin/env bash
# Restarts the portal processes one at a time, losing no request: SIGTERM (the process answers
# 503 to new requests, which nginx sends to the other process, and finishes those in flight),
# wait for its exit, start it again (it migrates if there is something new), wait for /readyz,
# wait until nginx takes it back, then the next. Run it after an upgrade (git pull, npm ci,
# npm run build).
#
#   deploy/rolling-restart.sh                        # the processes of deploy/start.sh
#   RESTART_WITH=systemd deploy/rolling-restart.sh   # the units giot-hong@3001 and @3002
set -euo pipefail
. "$(dirname "$0")/lib.sh"

for port in "${portal_ports[@]}"; do
  say "restarting the portal on port $port"
  if [ "${RESTART_WITH:-}" = systemd ]; then
    # systemd's stop is the same SIGTERM, waited for (TimeoutStopSec), then the start.
    systemctl restart "giot-hong@$port"
  else
    stop_portal "$port"
    start_portal "$port"
  fi
  wait_ready "$port"
  # While it was down nginx marked it failed and leaves it out for fail_timeout: stopping the
  # other one before that has passed would leave nginx no process to send requests to (502).
  sleep "$((fail_timeout_s + 1))"
  say "the portal on port $port is ready"
done
