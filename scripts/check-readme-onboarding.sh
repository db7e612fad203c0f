#!/usr/bin/env bash
# Runs the README's "Connecting a device" commands as written: the fenced block
# is read from README.md and each command run in order from the repository root — `npm run
# device:add …`, `npm start` (embedded database and broker, demo on, as a new user has them), the
# README's `mosquitto_pub …` — and the reading must reach the device list of the tenant the README
# names, signed in as admin with the password read from the file the README points to
# (`./data/admin-password.txt`: DATA_DIR relative to the repository root, mode 0600). Checks that
# no second database was created under apps/server (the server runs from there), and that
# device:add run while the server holds the embedded database refuses (and changes nothing: the
# secret printed first still connects).
#
# Only what a test must change is changed: DATA_DIR is a relative throw-away folder (so a
# developer's ./data is left alone; same resolution rule as the default ./data), and the ports
# are free ones (the machine's Mosquitto may hold 1883, the case the README's advice covers) —
# the `-p 1883` of the README's mosquitto_pub follows MQTT_PORT. Without the mosquitto_pub CLI
# (a fresh machine) an MQTT 3.1.1 client from the project's own `mqtt` package takes the same
# arguments (ONBOARDING_MQTT_CLIENT=node picks it on a machine that has the CLI). Bounded (start 180 s, reading 30 s); the server's process group is always stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DATA=tmp-onboarding-data
export PORT=${ONBOARDING_PORT:-18191}
export MQTT_PORT=${ONBOARDING_MQTT_PORT:-18192}
export DATA_DIR=$DATA
BASE="http://127.0.0.1:$PORT/ztj-iot"
LOG=$(mktemp)
SERVER_PID=
cleanup() {
  # the server runs in its own process group (npm → sh → node): stop all of it, then wait for it to go
  if [ -n "$SERVER_PID" ]; then
    kill -TERM -- -"$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 150); do kill -0 -- -"$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- -"$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$DATA" "$LOG"
}
trap cleanup EXIT
fail() { echo "onboarding check FAILED: $*"; tail -40 "$LOG" || true; exit 1; }
rm -rf "$DATA" "apps/server/$DATA"

# The README's block: the fenced sh block of the "Connecting a device" heading (any level, it sits
# under "First steps"), continuation lines joined.
BLOCK=$(awk '/^#+ Connecting a device/{s=1} s&&/^```sh/{b=1;next} b&&/^```/{exit} b' README.md | sed -e ':a' -e '/\\$/N; s/\\\n//; ta')
ADD_CMD=$(printf '%s\n' "$BLOCK" | grep '^npm run device:add' | sed 's/[[:space:]]*#.*$//')
START_CMD=$(printf '%s\n' "$BLOCK" | grep -x 'npm start')
PUB_CMD=$(printf '%s\n' "$BLOCK" | grep '^mosquitto_pub')
[ -n "$ADD_CMD" ] && [ -n "$START_CMD" ] && [ -n "$PUB_CMD" ] || fail "README's block changed shape:
$BLOCK"
DEVICE=$(printf '%s\n' "$ADD_CMD" | sed -n 's/.*--id \([^ ]*\).*/\1/p')
# Where the README says the generated password is, and which tenant holds the device.
PW_PATH=$(grep -o 'read \./data/admin-password\.txt' README.md | head -1 | sed 's/^read //')
[ -n "$PW_PATH" ] || fail "README no longer says where the admin password file is"
TENANT_ZH=$(grep -o 'appears in the device list (tenant [^,)]*' README.md | head -1 | sed 's/.*(tenant //')
[ -n "$TENANT_ZH" ] || fail "README no longer names the tenant the device is in"

mosquitto_pub_or_node() {
  if [ "${ONBOARDING_MQTT_CLIENT:-}" != node ] && command -v mosquitto_pub >/dev/null 2>&1; then mosquitto_pub "$@"; return; fi
  node --input-type=module -e '
    import mqtt from "mqtt";
    const a = process.argv.slice(1), o = {};
    for (let i = 0; i < a.length; i += 2) o[a[i]] = a[i + 1];
    const c = mqtt.connect({ host: o["-h"], port: Number(o["-p"]), protocolVersion: 4, clientId: o["-i"], username: o["-u"], password: o["-P"], reconnectPeriod: 0, connectTimeout: 10000 });
    c.on("error", (e) => { console.error("Connection error:", e.message); process.exit(1); });
    c.on("connect", () => c.publish(o["-t"], o["-m"], { qos: Number(o["-q"] ?? 0) }, (e) => { if (e) { console.error(e.message); process.exit(1); } c.end(false, () => process.exit(0)); }));
  ' -- "$@"
}

echo "== README: $ADD_CMD"
OUT=$(eval "$ADD_CMD" 2>&1) || fail "device:add failed: $OUT"
SECRET=$(printf '%s\n' "$OUT" | sed -n 's/^MQTT password: //p')
[ -n "$SECRET" ] || fail "no MQTT password printed: $OUT"

echo "== README: $START_CMD (DATA_DIR=$DATA PORT=$PORT MQTT_PORT=$MQTT_PORT)"
setsid bash -c "$START_CMD" >"$LOG" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 360); do
  curl -sf -o /dev/null "$BASE/health/ready" && break
  kill -0 "$SERVER_PID" 2>/dev/null || fail "server exited"
  sleep 0.5
done
curl -sf -o /dev/null "$BASE/health/ready" || fail "server not ready within 180 s"

# Item 1: the password is where the README says (relative to the repository root), and only there.
PW_FILE=${PW_PATH/#.\/data\//$DATA/}
[ -f "$PW_FILE" ] || fail "admin password not at $PW_PATH (here $PW_FILE)"
[ "$(stat -c %a "$PW_FILE")" = 600 ] || fail "$PW_FILE is not mode 0600"
grep -qF "$ROOT/$DATA/admin-password.txt" "$LOG" || fail "the start banner does not point to $ROOT/$DATA/admin-password.txt"
[ ! -e "apps/server/$DATA" ] || fail "a second data folder was created in apps/server/$DATA"
ADMIN_PW=$(sed -n 2p "$PW_FILE")

echo "== the README's device:add again, now with the server running: refused, nothing changed"
if OUT2=$(eval "$ADD_CMD" 2>&1); then fail "device:add wrote to the embedded database the server holds: $OUT2"; fi
printf '%s\n' "$OUT2" | grep -q 'nothing was registered' || fail "device:add did not say the server holds the database: $OUT2"

echo "== README: mosquitto_pub … -p 1883 (→ $MQTT_PORT) -P '<password>'"
PUB=${PUB_CMD//\'<password>\'/\"\$SECRET\"}
PUB=${PUB/-p 1883 /-p $MQTT_PORT }
PUB=${PUB/#mosquitto_pub /mosquitto_pub_or_node }
eval "$PUB" || fail "the README's mosquitto_pub was refused"

LOGIN=$(curl -sf -H 'content-type: application/json' -d "{\"username\":\"admin\",\"password\":\"$ADMIN_PW\"}" "$BASE/sys/login") ||
  fail "admin cannot sign in with the password from $PW_PATH"
TOKEN=$(printf '%s' "$LOGIN" | jq -r '.result.token')
TENANT=$(printf '%s' "$LOGIN" | jq -r --arg n "$TENANT_ZH" '.result.tenantList[] | select(.name == $n) | .id')
[ -n "$TENANT" ] || fail "admin has no tenant named $TENANT_ZH: $(printf '%s' "$LOGIN" | jq -c '.result.tenantList')"
for _ in $(seq 1 120); do
  LIST=$(curl -sf -H "X-Access-Token: $TOKEN" -H "tenant-id: $TENANT" "$BASE/wlx/device/listDevCommon?pageSize=50")
  if printf '%s' "$LIST" | jq -e --arg d "$DEVICE" '.result.records[] | select(.id == $d) | tostring | test("-18.2")' >/dev/null; then
    echo "onboarding check passed: $DEVICE reported -18.2 °C through the embedded broker into tenant $TENANT_ZH ($TENANT)"
    exit 0
  fi
  sleep 0.25
done
fail "the reading did not reach the device list: $(printf '%s' "$LIST" | head -c 600)"
