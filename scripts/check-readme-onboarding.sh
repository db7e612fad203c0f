#!/usr/bin/env bash
# Follows the README's "Connecting a device" literally (issue #16 item 2): `npm run device:add` from the
# repository root, then `npm start`, then the README's mosquitto_pub; checks the first admin password is
# where the README says (DATA_DIR/admin-password.txt, mode 0600, DATA_DIR relative to the repository root)
# and that the reading reaches the device list of the demo tenant. Uses its own data folder and free ports
# (the machine's Mosquitto may hold 1883, as the README's advice covers) and always stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=tmp-onboarding-data
PORT=${ONBOARDING_PORT:-18191}
MQTT_PORT=${ONBOARDING_MQTT_PORT:-18192}
BASE="http://127.0.0.1:$PORT/ztj-iot"
LOG=$(mktemp)
SERVER_PID=
cleanup() {
  # the server runs in its own process group (npm → sh → node): stop all of it
  if [ -n "$SERVER_PID" ]; then kill -TERM -- -"$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$DATA" "$LOG"
}
trap cleanup EXIT
fail() { echo "onboarding check FAILED: $*"; tail -40 "$LOG" || true; exit 1; }
rm -rf "$DATA"

echo "== README onboarding: npm run device:add from the repository root"
OUT=$(DATA_DIR=$DATA npm run -s device:add -- --id COLD-ROOM-01 --model P23-2IN1 --name "Cold room 1")
SECRET=$(printf '%s\n' "$OUT" | sed -n 's/^MQTT password: //p')
[ -n "$SECRET" ] || fail "no MQTT password printed: $OUT"
[ -f "$DATA/admin-password.txt" ] || fail "admin password not at $DATA/admin-password.txt"
[ "$(stat -c %a "$DATA/admin-password.txt")" = 600 ] || fail "admin password file is not mode 0600"
ADMIN_PW=$(sed -n 2p "$DATA/admin-password.txt")

echo "== npm start (same DATA_DIR, broker on $MQTT_PORT)"
DATA_DIR=$DATA PORT=$PORT MQTT_PORT=$MQTT_PORT LOGIN_CAPTCHA=off DEMO=off setsid npm start >"$LOG" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 240); do
  curl -sf "$BASE/health" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || fail "server exited"
  sleep 0.5
done
curl -sf "$BASE/health" >/dev/null || fail "server not up within 120 s"

echo "== the README's mosquitto_pub"
mosquitto_pub -V mqttv311 -h 127.0.0.1 -p "$MQTT_PORT" -q 1 -i COLD-ROOM-01 -u COLD-ROOM-01 -P "$SECRET" \
  -t ztj/devices/COLD-ROOM-01/telemetry \
  -m "{\"ts\":$(date +%s%3N),\"values\":{\"P003\":-18.2,\"P004\":65},\"lat\":41.8057,\"lng\":123.4315}" || fail "mosquitto_pub refused"

TOKEN=$(curl -sf -H 'content-type: application/json' -d "{\"username\":\"admin\",\"password\":\"$ADMIN_PW\"}" "$BASE/sys/login" | jq -r '.result.token')
[ -n "$TOKEN" ] && [ "$TOKEN" != null ] || fail "admin cannot sign in with the password from $DATA/admin-password.txt"
for _ in $(seq 1 40); do
  LIST=$(curl -sf -H "X-Access-Token: $TOKEN" -H 'tenant-id: 1001' "$BASE/wlx/device/listDevCommon?pageSize=50")
  if printf '%s' "$LIST" | jq -e '.result.records[] | select(.id == "COLD-ROOM-01") | tostring | test("-18.2")' >/dev/null; then
    echo "onboarding check passed: COLD-ROOM-01 reported -18.2 °C through the embedded broker"
    exit 0
  fi
  sleep 0.25
done
fail "the reading did not reach the device list: $(printf '%s' "$LIST" | head -c 600)"
