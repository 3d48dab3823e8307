# Shared by deploy/start.sh, rolling-restart.sh and stop.sh (sourced, not run): where the
# example keeps its files, and how one portal process starts, stops and is known to be ready.
# shellcheck shell=bash

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Everything the example writes: environment, pid files, logs, nginx's configuration.
run_dir="$(mkdir -p "${GIOT_HONG_RUN_DIR:-$repo/.deploy}" && cd "${GIOT_HONG_RUN_DIR:-$repo/.deploy}" && pwd)"
proxy_port="${PROXY_PORT:-8080}"
# How long nginx leaves out a process that failed to answer (max_fails=1): nginx/upstream.conf and
# start.sh's configuration say the same.
fail_timeout_s=2
read -r -a portal_ports <<< "${PORTAL_PORTS:-3001 3002}"

say() { echo "[deploy] $*"; }

pid_of() { cat "$run_dir/portal-$1.pid" 2>/dev/null || true; }

alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }

# Starts the portal on port $1 in the background (its pid in portal-$1.pid, its log in
# logs/portal-$1.log): the same command as the systemd unit's ExecStart, with the same
# environment file.
start_portal() {
  local port="$1"
  (
    cd "$repo"
    set -a
    # shellcheck source=/dev/null
    . "$run_dir/portal.env"
    set +a
    export PORT="$port"
    exec node --max-semi-space-size=8 --wasm-tiering-budget=2000000000 apps/server/dist/main.js >> "$run_dir/logs/portal-$port.log" 2>&1
  ) &
  echo $! > "$run_dir/portal-$port.pid"
}

# Waits until the process on port $1 answers /readyz with 200 (database reachable), at most 90 s.
wait_ready() {
  local port="$1" pid
  pid="$(pid_of "$port")"
  for _ in $(seq 1 180); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; then return 0; fi
    if [ "${RESTART_WITH:-}" != systemd ] && ! alive "$pid"; then
      say "the portal on port $port exited; its log:"
      tail -n 30 "$run_dir/logs/portal-$port.log" >&2
      return 1
    fi
    sleep 0.5
  done
  say "the portal on port $port is not ready after 90 s"
  return 1
}

# Sends SIGTERM to the portal on port $1 and waits for it to exit (graceful stop: it answers
# 503 to new requests, finishes those in flight and closes the database; at most 10 s).
stop_portal() {
  local port="$1" pid
  pid="$(pid_of "$port")"
  if alive "$pid"; then
    kill -TERM "$pid"
    for _ in $(seq 1 300); do alive "$pid" || break; sleep 0.1; done
    if alive "$pid"; then
      say "the portal on port $port did not stop within 30 s: killing it"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  rm -f "$run_dir/portal-$port.pid"
}
