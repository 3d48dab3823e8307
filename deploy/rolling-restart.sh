#!/usr/bin/env bash
# Restarts the portal processes one at a time, losing no request. For each: nginx is told to
# send it nothing (`down` in its upstream list, then a reload) and the script waits until every
# nginx worker still sending to it has finished; then SIGTERM (the process finishes the requests
# in flight), wait for its exit, start it again (it migrates if there is something new), wait
# for /readyz; then the next. At the end nginx sends to every process again. Run it after an
# upgrade (git pull, npm ci, npm run build).
#
#   deploy/rolling-restart.sh                        # the processes of deploy/start.sh
#   RESTART_WITH=systemd deploy/rolling-restart.sh   # the units giot-hong@3001 and @3002, and the
#                                                    # machine's nginx (NGINX_UPSTREAM_FILE, NGINX_PID_FILE)
#
# Why not let nginx find out: a stopped process's 503s and refused connections mark it failed,
# and nginx takes a failed process back only after one request sent to it has been answered. On a
# busy machine the restarted process's first request took 1.5 s, and stopping the other process
# meanwhile left nginx no process to send to (502 for every request for a moment).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

for port in "${portal_ports[@]}"; do
  say "nginx sends nothing more to the portal on port $port"
  route_around "$port"
  say "restarting the portal on port $port"
  if [ "${RESTART_WITH:-}" = systemd ]; then
    # systemd's stop is the same SIGTERM, waited for (TimeoutStopSec), then the start.
    systemctl restart "giot-hong@$port"
  else
    stop_portal "$port"
    start_portal "$port"
  fi
  wait_ready "$port"
  say "the portal on port $port is ready"
done
route_around
say "nginx sends requests to every portal process again"
