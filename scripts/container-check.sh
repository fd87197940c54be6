#!/usr/bin/env bash
# Builds the Containerfile with podman and checks the image: where no image registry is reachable, on a
# "node:24-slim"-like base made here from Debian's packages (mmdebstrap) and the project's own Node 24 (the `node`
# devDependency, so run `npm ci` first). Then it starts the image on an empty volume and checks `/`, `/healthz`, the
# HEALTHCHECK, a contact lead posted as the contact form posts it, the process settings, a graceful stop on SIGTERM,
# and a restart on the same volume (the lead still there). Prints the image size, the build time and the time from
# start to first answer. Everything it makes (images, containers, volume, files) is removed at the end.
#
#   bash scripts/container-check.sh          needs root, podman, runc and mmdebstrap (apt-get install podman runc
#                                            mmdebstrap); BASE_IMAGE=docker.io/library/node:24-slim uses that
#                                            image instead of making one (a reachable registry);
#                                            CONTAINER_CHECK_KEEP_BASE=1 keeps the base made here for the next run
#
# Why runc and explicit ulimits: crun refuses hybrid cgroup hierarchies (some CI machines have them), and podman's
# default ulimits are refused there too; both work on a plain host as well.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
node_bin="$root/node_modules/.bin/node"
missing() { echo "container-check: $1" >&2; exit 2; }
for tool in podman runc curl; do
  command -v "$tool" >/dev/null || missing "$tool is missing (apt-get install podman runc curl)"
done
[ -x "$node_bin" ] || missing "run npm ci first (the project's Node 24 is copied into the base)"

run_id="asimov-check-$$-$RANDOM"
work="$(mktemp -d "${TMPDIR:-/tmp}/$run_id.XXXX")"
base_image="${BASE_IMAGE:-}"
made_images=()
podman_() { podman --runtime runc "$@"; }
# Explicit limits: podman's defaults exceed some hosts' hard limits and are refused. Open files at this shell's hard
# limit (1024 is too few for npm ci); processes at 1024 (a higher value was refused here).
nofile=$(ulimit -Hn); [ "$nofile" = unlimited ] && nofile=65536
limits=(--ulimit "nofile=$nofile:$nofile" --ulimit nproc=1024:1024)
cleanup() {
  podman rm -f -t 0 "$run_id-1" "$run_id-2" >/dev/null 2>&1 || true
  podman volume rm -f "$run_id-data" >/dev/null 2>&1 || true
  for (( i=${#made_images[@]}-1; i>=0; i-- )); do podman rmi -f "${made_images[$i]}" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT
now_ms() { date +%s%3N; }
fail() { echo "container-check: FAILED: $*" >&2; exit 1; }

# 1. The base: Debian's minimal system without documentation (as Debian's -slim images), Node 24 and npm laid out
#    as in the official image (/usr/local), its unprivileged `node` user (uid 1000), and this machine's certificate
#    authorities (a TLS-inspecting proxy between this machine and the npm registry needs them; the official image
#    trusts Node's own list). CONTAINER_CHECK_KEEP_BASE=1 keeps it for the next run (4-8 min to make).
base_tag="localhost/asimov-check-base:node$("$node_bin" --version)-bookworm"
if [ -z "$base_image" ] && [ "${CONTAINER_CHECK_KEEP_BASE:-0}" = 1 ] && podman image exists "$base_tag"; then
  base_image="$base_tag"
  echo "container-check: reusing the base image $base_tag"
elif [ -z "$base_image" ]; then
  command -v mmdebstrap >/dev/null || missing "mmdebstrap is missing (apt-get install mmdebstrap)"
  started=$(now_ms)
  slim=()
  for dir in doc man info locale lintian; do slim+=(--dpkgopt="path-exclude=/usr/share/$dir/*"); done
  mmdebstrap --quiet --variant=minbase --format=tar "${slim[@]}" \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' bookworm "$work/debian.tar"
  podman import --quiet "$work/debian.tar" "localhost/$run_id-debian" >/dev/null
  made_images+=("localhost/$run_id-debian")
  rm "$work/debian.tar"
  mkdir -p "$work/base"
  cp "$(readlink -f "$node_bin")" "$work/base/node"
  # npm is not part of the node package: the host's (any recent npm runs on Node 24).
  npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
  cp -r "$npm_dir" "$work/base/npm"
  cp /etc/ssl/certs/ca-certificates.crt "$work/base/ca-certificates.crt"
  cat >"$work/base/Containerfile" <<EOF
FROM localhost/$run_id-debian
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && echo 'node:x:1000:' >> /etc/group \
 && echo 'node:x:1000:1000::/home/node:/bin/bash' >> /etc/passwd \
 && mkdir -p /home/node && chown node:node /home/node \
 && node --version && npm --version
CMD ["node"]
EOF
  podman_ build --quiet --network=host "${limits[@]}" --layers=false -t "$base_tag" "$work/base" >/dev/null
  [ "${CONTAINER_CHECK_KEEP_BASE:-0}" = 1 ] || made_images+=("$base_tag")
  podman rmi -f "localhost/$run_id-debian" >/dev/null
  base_image="$base_tag"
  echo "container-check: base image made in $(( ($(now_ms) - started) / 1000 )) s"
fi

# 2. The image, from the repository's Containerfile (docker format: OCI images drop HEALTHCHECK).
image="localhost/$run_id"
started=$(now_ms)
podman_ build --network=host "${limits[@]}" --layers=false --format docker --build-arg "BASE_IMAGE=$base_image" \
  -f Containerfile -t "$image" . >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; fail "the build failed"; }
made_images+=("$image")
build_s=$(( ($(now_ms) - started) / 1000 ))
size_mb=$(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f", $1/1e6}')
base_mb=$(podman image inspect --format '{{.Size}}' "$base_image" | awk '{printf "%.0f", $1/1e6}')
echo "container-check: image built in $build_s s: $size_mb MB ($(( size_mb - base_mb )) MB over the $base_mb MB base)"

# 3. Run it on an empty volume, on the host's network (a free port), as a deployment would (PGlite in /data).
port=$("$node_bin" -e 'import("./scripts/free-port.ts").then((m) => m.freePort()).then(console.log)')
base="http://localhost:$port"
password="check-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
podman volume create "$run_id-data" >/dev/null
# Without systemd, podman runs a HEALTHCHECK only on request, and says so on every run and stop.
quiet_systemd() { "$@" 2> >(grep -v "systemd connection" >&2); }
# start_container NAME [podman run options]
start_container() {
  local name=$1
  shift
  quiet_systemd podman_ run -d --name "$name" --network=host "${limits[@]}" -v "$run_id-data:/data" \
    -e PORT="$port" -e HOST=127.0.0.1 -e LOG_LEVEL=warn "$@" "$image" >/dev/null
}
# Milliseconds from `podman run` to the first 200 on `/`.
first_answer() {
  local began=$(now_ms)
  start_container "$@"
  for _ in $(seq 1 1200); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/")" = 200 ]; then echo $(( $(now_ms) - began )); return; fi
    if [ "$(podman inspect --format '{{.State.Running}}' "$1")" != true ]; then
      podman logs "$1" | tail -30 >&2
      fail "$1 exited"
    fi
    sleep 0.1
  done
  podman logs "$1" | tail -30 >&2
  fail "$1 did not answer within 120 s"
}

first_ms=$(first_answer "$run_id-1" -e ADMIN_PASSWORD="$password")
echo "container-check: first start (empty volume, seeding the demo) to first answer: $first_ms ms"
curl -sf "$base/healthz" | grep -q '"status":"ok"' || fail "/healthz is not ok"
podman_ healthcheck run "$run_id-1" >/dev/null || fail "the image's HEALTHCHECK failed"
[ "$(podman exec "$run_id-1" id -u)" = 1000 ] || fail "the server does not run as the node user"
# The launcher replaced itself with the server (PID 1) with its memory settings.
cmdline=$(podman exec "$run_id-1" sh -c "tr '\0' ' ' < /proc/1/cmdline")
environ=$(podman exec "$run_id-1" sh -c "tr '\0' '\n' < /proc/1/environ")
case "$cmdline" in
  *--max-semi-space-size=8*--heap-growing-percent=25*server.ts*) ;;
  *) fail "PID 1 is not the server with V8's flags: $cmdline" ;;
esac
grep -qx 'MALLOC_ARENA_MAX=2' <<<"$environ" && grep -qx 'MALLOC_MMAP_THRESHOLD_=131072' <<<"$environ" \
  || fail "the server runs without the malloc settings"

# A contact request as the contact form sends it with JavaScript: multipart to /api/leads, JSON answer, with the
# empty honeypot and the time-trap field (filled in 5 s: not held as suspected spam), from our Origin.
tag="ctr$(head -c 4 /dev/urandom | od -An -tx1 | tr -d ' \n')"
status=$(curl -s -o "$work/lead.json" -w '%{http_code}' "$base/api/leads" \
  -H "Origin: $base" -H 'Accept: application/json' \
  -F kind=contact -F "name=Container Check" -F "email=$tag@example.com" -F interest=consulting \
  -F "message=Sent by scripts/container-check.sh" -F contact_me_by_fax= -F form_elapsed_ms=5000 -F source_page=/contact)
[ "$status" = 200 ] && grep -q '"ok":true' "$work/lead.json" \
  || { cat "$work/lead.json" >&2; fail "the contact form answered $status"; }
lead_stored() {
  local cookies="$work/cookies"
  rm -f "$cookies"
  curl -sf -c "$cookies" -o /dev/null "$base/api/auth/sign-in/email" \
    -H "Origin: $base" -H 'Content-Type: application/json' \
    --data "{\"email\":\"admin@example.com\",\"password\":\"$password\"}" || fail "the administrator could not sign in"
  curl -sf -b "$cookies" "$base/admin/contacts/export/contacts?q=$tag" | grep -q "$tag@example.com"
}
lead_stored || fail "the lead is not in the contacts export"
echo "container-check: /, /healthz, HEALTHCHECK, user node, launcher settings, contact lead: ok"

# 4. A graceful stop (SIGTERM to PID 1); the administrator CLI on the stopped volume; then a new container on that
#    volume, without ADMIN_PASSWORD: the password the CLI set signs in, and the lead is still there.
started=$(now_ms)
quiet_systemd podman_ stop -t 10 "$run_id-1" >/dev/null
stop_ms=$(( $(now_ms) - started ))
code=$(podman inspect --format '{{.State.ExitCode}}' "$run_id-1")
[ "$code" = 0 ] || { podman logs "$run_id-1" | tail -20 >&2; fail "the server exited with $code on SIGTERM (0 expected)"; }
podman logs "$run_id-1" 2>&1 | grep -q "SIGTERM received" || fail "the server did not log its SIGTERM"
echo "container-check: SIGTERM: exit status 0 after $stop_ms ms"
password="$password-cli"
quiet_systemd podman_ run --rm "${limits[@]}" -v "$run_id-data:/data" "$image" \
  node scripts/admin.ts set-password --password "$password" >/dev/null || fail "the administrator CLI failed"
second_ms=$(first_answer "$run_id-2")
lead_stored || fail "the lead is gone after the restart"
echo "container-check: administrator CLI, restart on the same volume to first answer: $second_ms ms; the lead is still there"
echo "container-check: ok: image $size_mb MB, build $build_s s, start to first answer $first_ms ms (empty volume)," \
  "$second_ms ms (restart)"
