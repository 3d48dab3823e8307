#!/usr/bin/env bash
# The deployment example on this machine: two portal processes on one PostgreSQL behind nginx,
# in production mode. Returns once both processes and the proxy answer; stop with deploy/stop.sh.
#
#   DATABASE_URL=postgres://… deploy/start.sh
#
# PROXY_PORT (8080), PORTAL_PORTS ("3001 3002") and GIOT_HONG_RUN_DIR (.deploy in the repository)
# may be changed. The secrets are generated on the first start into $GIOT_HONG_RUN_DIR/portal.env
# (mode 600) and kept: the next starts use the same ones.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

: "${DATABASE_URL:?DATABASE_URL must name a PostgreSQL database (several processes share it)}"
mkdir -p "$run_dir/logs" "$run_dir/nginx/tmp" "$run_dir/data"

for port in "${portal_ports[@]}"; do
  if alive "$(pid_of "$port")"; then
    say "already running (pid file $run_dir/portal-$port.pid): deploy/stop.sh first"
    exit 1
  fi
done

# The environment both processes read, as the systemd unit reads /etc/giot-hong/env.
if [ ! -f "$run_dir/portal.env" ]; then
  say "generating secrets into $run_dir/portal.env"
  (
    umask 077
    {
      echo "NODE_ENV=production"
      echo "HOST=127.0.0.1"
      # Quoted for the shell that reads this file (a URL may hold & or ;).
      printf 'DATABASE_URL=%q\n' "$DATABASE_URL"
      printf 'PUBLIC_URL=%q\n' "${PUBLIC_URL:-http://127.0.0.1:$proxy_port}"
      echo "TRUST_PROXY=true"
      echo "DATA_DIR=$run_dir/data"
      # The example sends no mail: they are kept in DATA_DIR/outbox (production wants SMTP_URL).
      echo "MAIL_MODE=outbox"
      for name in ACCESS_TOKEN_SECRET REFRESH_TOKEN_SECRET DATA_ENCRYPTION_KEY CERTIFICATE_SIGNING_KEY; do
        echo "$name=$(openssl rand -hex 32)"
      done
      # The Web Push key pair (RFC 8292), which production requires too.
      vapid=$("$repo/node_modules/.bin/web-push" generate-vapid-keys --json)
      echo "VAPID_PUBLIC_KEY=$(node -p 'JSON.parse(process.argv[1]).publicKey' "$vapid")"
      echo "VAPID_PRIVATE_KEY=$(node -p 'JSON.parse(process.argv[1]).privateKey' "$vapid")"
    } > "$run_dir/portal.env"
  )
fi

# The server bundle (apps/server/dist), built when missing or older than its sources, as npm start does.
node "$repo/scripts/build-server.mjs" --if-stale

# Both processes at once: the migrations run once (the first takes a database lock, the other waits).
for port in "${portal_ports[@]}"; do start_portal "$port"; done
for port in "${portal_ports[@]}"; do wait_ready "$port"; done
say "portal processes ready on ports ${portal_ports[*]}"

# nginx with a configuration of its own (not the machine's /etc/nginx), run from $run_dir/nginx.
{
  echo "worker_processes 1;"
  echo "pid $run_dir/nginx.pid;"
  echo "error_log $run_dir/logs/nginx-error.log warn;"
  echo "events { worker_connections 1024; }"
  echo "http {"
  echo "  client_body_temp_path $run_dir/nginx/tmp/body;"
  echo "  proxy_temp_path $run_dir/nginx/tmp/proxy;"
  echo "  fastcgi_temp_path $run_dir/nginx/tmp/fastcgi;"
  echo "  uwsgi_temp_path $run_dir/nginx/tmp/uwsgi;"
  echo "  scgi_temp_path $run_dir/nginx/tmp/scgi;"
  # Which process answered each request, and how (no client address: that is personal data).
  echo "  log_format upstreams '\$request_method \$uri \$status upstream=\$upstream_addr upstream_status=\$upstream_status time=\$msec';"
  echo "  access_log $run_dir/logs/nginx-access.log upstreams;"
  # The processes, in a file of their own that rolling-restart.sh rewrites (as the production site
  # includes /etc/nginx/snippets/giot-hong-upstream.conf).
  echo "  include $upstream_file;"
  echo "  server {"
  echo "    listen 127.0.0.1:$proxy_port;"
  echo "    location / { include $repo/deploy/nginx/proxy.conf; }"
  echo "  }"
  echo "}"
} > "$run_dir/nginx/nginx.conf"
upstream_conf > "$upstream_file"
# nginx's workers drop root for `nobody`, who must be able to write its buffers.
if [ "$(id -u)" = 0 ]; then chmod 0777 "$run_dir/nginx/tmp"; fi
nginx -p "$run_dir/nginx" -e "$run_dir/logs/nginx-error.log" -c "$run_dir/nginx/nginx.conf" -t -q
nginx -p "$run_dir/nginx" -e "$run_dir/logs/nginx-error.log" -c "$run_dir/nginx/nginx.conf"
for _ in $(seq 1 50); do
  curl -fsS -o /dev/null "http://127.0.0.1:$proxy_port/readyz" 2>/dev/null && break
  sleep 0.2
done
curl -fsS -o /dev/null "http://127.0.0.1:$proxy_port/readyz"
say "Giọt Hồng is served at http://127.0.0.1:$proxy_port (nginx pid $(cat "$run_dir/nginx.pid"))"
