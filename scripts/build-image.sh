#!/bin/sh
# Builds the production image from a fresh clone of the committed tree (what CI builds), with
# Docker or Podman, and checks it: its size (at most 250 MB) and a start on a PostgreSQL database
# (IMAGE_TEST_DATABASE_URL, reached from the container over the host's network) answering
# /health/ready with 200, and how long that took. Usage: sh scripts/build-image.sh [TAG]
# Not a CI step: a build from scratch takes minutes (two npm installs); run it when the Dockerfile,
# the dependencies or compose.yaml change. Without an engine it says so and succeeds.
set -eu
tag="${1:-jersey-rally:check}"
# ENGINE=docker or podman; else Podman when installed (no daemon needed), else Docker when it answers.
engine="${ENGINE:-}"
if [ -z "$engine" ]; then
  if command -v podman >/dev/null; then engine=podman
  elif command -v docker >/dev/null && docker info >/dev/null 2>&1; then engine=docker
  fi
fi
[ -n "$engine" ] || { echo "no container engine (docker or podman): nothing to check"; exit 0; }
clone="$(mktemp -d)"
trap 'rm -rf "$clone"' EXIT
git clone --quiet "$(git rev-parse --show-toplevel)" "$clone/site"
# Docker's format keeps the HEALTHCHECK with Podman.
# BUILD_FLAGS / RUN_FLAGS: for an engine that needs them (docs/operations.md, "With Podman").
BUILDAH_FORMAT=docker "$engine" build ${BUILD_FLAGS:-} --network host -t "$tag" "$clone/site"
bytes="$("$engine" image inspect "$tag" --format '{{.Size}}')"
base="$("$engine" image inspect debian:bookworm-slim --format '{{.Size}}' 2>/dev/null || echo 0)"
echo "image $tag: $bytes bytes ($((bytes / 1000000)) MB; its base debian:bookworm-slim $((base / 1000000)) MB)"
[ "$bytes" -le 250000000 ] || { echo "the image is over 250 MB"; exit 1; }
url="${IMAGE_TEST_DATABASE_URL:-}"
[ -n "$url" ] || { echo "IMAGE_TEST_DATABASE_URL unset: start not checked"; exit 0; }
port=5990
name="rally-image-check-$$"
trap '"$engine" rm -f -v "$name" >/dev/null 2>&1; rm -rf "$clone"' EXIT
started=$(date +%s%N)
# As compose.yaml runs it: 512 MB of memory, a read-only root, /tmp in memory, DATA_DIR on a volume (a new one, owned
# by the image's `node` user).
"$engine" run ${RUN_FLAGS:-} -d --name "$name" --network host --memory 512m --read-only --tmpfs /tmp -v /data \
  -e DATABASE_URL="$url" -e DATA_ENCRYPTION_KEY="$(head -c 32 /dev/urandom | base64)" -e SESSION_SECRET="$(head -c 48 /dev/urandom | base64)" \
  -e PUBLIC_URL=http://127.0.0.1:$port -e PORT=$port -e HOST=127.0.0.1 "$tag" >/dev/null
for _ in $(seq 1 600); do
  if [ "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:$port/health/ready)" = 200 ]; then
    echo "/health/ready 200 after $(( ($(date +%s%N) - started) / 1000000 )) ms"; exit 0
  fi
  [ "$("$engine" container inspect "$name" --format '{{.State.Running}}')" = true ] || break
  sleep 0.2
done
"$engine" logs "$name" 2>&1 | tail -20
echo "the container stopped, or was not ready within 120 s"; exit 1
