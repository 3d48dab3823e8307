# Shared by deploy/start.sh, rolling-restart.sh and stop.sh (sourced, not run): where the
# example keeps its files, and how one portal process starts, stops and is known to be ready.
# shellcheck shell=bash

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Everything the example writes: environment, pid files, logs, nginx's configuration.
run_dir="$(mkdir -p "${GIOT_HONG_RUN_DIR:-$repo/.deploy}" && cd "${GIOT_HONG_RUN_DIR:-$repo/.deploy}" && pwd)"
proxy_port="${PROXY_PORT:-8080}"
read -r -a portal_ports <<< "${PORTAL_PORTS:-3001 3002}"
# nginx's list of the portal processes, and its master's pid file: the example's own files, or
# the machine's nginx for the systemd units (docs/deploy.md, section 6).
if [ "${RESTART_WITH:-}" = systemd ]; then
  upstream_file="${NGINX_UPSTREAM_FILE:-/etc/nginx/snippets/giot-hong-upstream.conf}"
  nginx_pid_file="${NGINX_PID_FILE:-/run/nginx.pid}"
else
  upstream_file="$run_dir/nginx/upstream.conf"
  nginx_pid_file="$run_dir/nginx.pid"
fi

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

# Prints nginx's upstream block for the portal processes; the port in $1, if any, marked `down`
# (nginx sends it nothing). With the default ports and none down it is deploy/nginx/upstream.conf.
upstream_conf() {
  local down="${1:-}" port
  echo "# The portal processes nginx balances (round robin). A process that failed to answer is left"
  echo "# out for 2 s, then tried again. Ports: one per systemd instance, giot-hong@3001 and @3002."
  echo "# deploy/rolling-restart.sh rewrites this file, marking \`down\` the process it restarts."
  echo "upstream giot_hong {"
  for port in "${portal_ports[@]}"; do
    echo "    server 127.0.0.1:$port max_fails=1 fail_timeout=2s$([ "$port" = "$down" ] && echo ' down');"
  done
  echo "}"
}

# The pids of nginx's worker processes: the children of its master, read from /proc (no procps).
nginx_workers() {
  local master stat
  master="$(cat "$nginx_pid_file")"
  for stat in /proc/[0-9]*/stat; do
    # "pid (name) state ppid …": the name may hold spaces, so the fields are counted after it.
    awk -v m="$master" '{ pid = $1; sub(/.*\) /, ""); if ($2 == m) print pid }' "$stat" 2>/dev/null || true
  done
}

# Writes the upstream list with the port in $1 (if any) left out, has nginx read it, and returns
# once every worker that read the previous list has exited: from then on no request can reach that
# process, nor be sent only to the other by a worker that still had it left out.
route_around() {
  local old pid waited=0
  upstream_conf "${1:-}" > "$upstream_file.new"
  mv "$upstream_file.new" "$upstream_file"
  old="$(nginx_workers)"
  if [ "${RESTART_WITH:-}" = systemd ]; then
    nginx -t -q
    systemctl reload nginx
  else
    nginx -p "$run_dir/nginx" -e "$run_dir/logs/nginx-error.log" -c "$run_dir/nginx/nginx.conf" -t -q
    nginx -p "$run_dir/nginx" -e "$run_dir/logs/nginx-error.log" -c "$run_dir/nginx/nginx.conf" -s reload
  fi
  # An old worker finishes the requests it holds (at most proxy_read_timeout, 60 s), then exits.
  # /proc rather than kill -0: the workers may run as another user.
  for pid in $old; do
    while [ -d "/proc/$pid" ] && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; do
      if [ "$waited" -ge 900 ]; then
        say "nginx's worker $pid still runs 90 s after the reload: run the restart again"
        return 1
      fi
      sleep 0.1
      waited=$((waited + 1))
    done
  done
}
