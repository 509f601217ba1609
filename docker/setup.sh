#!/usr/bin/env bash
# docker/setup.sh: make a Docker engine reachable and the lockchaos images present.
#
#   docker/setup.sh          engine + base image + images (idempotent; a few seconds when ready)
#   docker/setup.sh engine   only make sure a Docker engine answers
#   docker/setup.sh base     engine + the Debian 12 base image
#   docker/setup.sh tags     print NAME=TAG for every image (needs no Docker)
#
# Where it runs:
#   - an engine already answers 'docker info' (Ubuntu with Docker, GitHub's ubuntu-latest runners,
#     a user in the 'docker' group, or DOCKER_HOST): nothing is installed or started; it only
#     makes the base image (docker pull debian:bookworm-slim, tagged) and builds the images that
#     are missing. Neither root nor Debian is needed.
#   - no engine, as root on Debian: installs docker.io, debootstrap and iptables with apt-get and
#     starts dockerd in the background; with no registry reachable, the base image is
#     bootstrapped with debootstrap.
#   - no engine otherwise: stops and says how to start or reach one.
#
# Images are tagged lockchaos/NAME:<sha12>, where sha12 starts the SHA-256 of the list
# "<sha256 of file>  <path>" of every file under docker/common/ and docker/NAME/ (paths
# relative to docker/, sorted bytewise). The harness computes the same tag
# (io.lockchaos.cluster.ImageTags), so an image is built once and reused until its
# Dockerfile or build context changes.
set -euo pipefail

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
IMAGES=(redis zookeeper jvm etcd postgres)
BASE_TAG="${LOCKCHAOS_BASE_IMAGE:-lockchaos/debian:bookworm}"
DOCKERD_LOG="${LOCKCHAOS_DOCKERD_LOG:-/var/log/lockchaos-dockerd.log}"
BUILD_LOGS="${TMPDIR:-/tmp}"
# apt-get's output goes here, not to the terminal: each step prints one line.
SETUP_LOG="$BUILD_LOGS/lockchaos-setup.log"
ENGINE_DEADLINE_S=60

say() { printf 'lockchaos setup: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

# Every call that should answer at once has a limit: an engine that is stopped (SIGSTOP) still
# accepts connections on its socket and would make a plain 'docker info' wait for ever.
CALL_LIMIT_S=20
engine_ready() { timeout "$CALL_LIMIT_S" docker info >/dev/null 2>&1; }

on_debian_as_root() { [[ "$(id -u)" -eq 0 && -f /etc/debian_version ]] && command -v apt-get >/dev/null; }

install_missing_packages() {
  local missing=()
  command -v dockerd >/dev/null || missing+=(docker.io)
  command -v docker >/dev/null || missing+=(docker.io)
  command -v debootstrap >/dev/null || missing+=(debootstrap)
  command -v iptables >/dev/null || missing+=(iptables)
  [[ ${#missing[@]} -eq 0 ]] && return 0
  apt_install $(printf '%s\n' "${missing[@]}" | sort -u)
}

# apt-get update and install of the packages named, their output in $SETUP_LOG; one line when
# done, or the log's last lines when not.
apt_install() {
  say "installing $* (apt-get; log: $SETUP_LOG)"
  if ! { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"; } \
      >>"$SETUP_LOG" 2>&1; then
    say "apt-get could not install $*. Last lines of $SETUP_LOG:"
    tail -n 30 "$SETUP_LOG" >&2
    exit 1
  fi
  say "installed $*"
}

# Whether a pull could work, decided at once rather than by a pull that waits: a registry mirror
# is configured ('docker info'), or Docker Hub's registry host resolves and accepts a connection
# within 3 s. Where neither holds (this project's offline machines) the base image is bootstrapped
# straight away.
registry_reachable() {
  local mirrors
  mirrors="$(timeout "$CALL_LIMIT_S" docker info --format '{{json .RegistryConfig.Mirrors}}' 2>/dev/null || true)"
  [[ -n "$mirrors" && "$mirrors" != "[]" && "$mirrors" != "null" ]] && return 0
  timeout 3 bash -c '</dev/tcp/registry-1.docker.io/443' 2>/dev/null
}

start_dockerd() {
  local pidfile=/var/run/docker.pid
  if [[ -f "$pidfile" ]] && ! kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    say "removing stale $pidfile (its dockerd is gone)"
    rm -f "$pidfile"
  fi
  if [[ -f "$pidfile" ]]; then
    say "dockerd (pid $(cat "$pidfile")) is running but not answering yet; waiting"
  else
    say "starting dockerd in the background (log: $DOCKERD_LOG)"
    setsid nohup dockerd >>"$DOCKERD_LOG" 2>&1 </dev/null &
  fi
  local deadline=$((SECONDS + ENGINE_DEADLINE_S))
  until engine_ready; do
    if ((SECONDS >= deadline)); then
      say "dockerd did not answer 'docker info' within ${ENGINE_DEADLINE_S}s. Last lines of $DOCKERD_LOG:"
      tail -n 30 "$DOCKERD_LOG" >&2 || true
      exit 1
    fi
    sleep 0.5
  done
  say "Docker engine is up ($(timeout "$CALL_LIMIT_S" docker version --format '{{.Server.Version}}' 2>/dev/null))"
}

ensure_engine() {
  engine_ready && return 0
  # An engine named elsewhere is the user's choice: starting a local dockerd would not make it answer.
  if [[ -n "${DOCKER_HOST:-}" && "$DOCKER_HOST" != "unix:///var/run/docker.sock" ]]; then
    die "DOCKER_HOST=$DOCKER_HOST does not answer 'docker info' within ${CALL_LIMIT_S}s; start the engine there, or unset DOCKER_HOST to use the local one (as root on Debian this script installs and starts it)"
  fi
  if ! on_debian_as_root; then
    die "no Docker engine answers 'docker info'. Start one (e.g. 'sudo systemctl start docker'), or install Docker (Debian: 'apt-get install docker.io debootstrap iptables') and start 'dockerd'; if the engine runs elsewhere, set DOCKER_HOST; if /var/run/docker.sock exists but is not open to you, add your user to the 'docker' group. Run this script as root on Debian to have it done for you."
  fi
  install_missing_packages
  start_dockerd
}

# Whether every image named exists (one call to the engine for all of them).
image_exists() { timeout "$CALL_LIMIT_S" docker image inspect "$@" >/dev/null 2>&1; }

ensure_base() {
  image_exists "$BASE_TAG" && return 0
  if registry_reachable; then
    say "base image $BASE_TAG is missing; trying 'docker pull debian:bookworm-slim'"
    if timeout 60 docker pull -q debian:bookworm-slim >/dev/null 2>&1; then
      timeout "$CALL_LIMIT_S" docker tag debian:bookworm-slim "$BASE_TAG"
      say "tagged debian:bookworm-slim as $BASE_TAG"
      return 0
    fi
  else
    say "base image $BASE_TAG is missing and no registry is reachable (no mirror configured, registry-1.docker.io does not answer): no pull tried"
  fi
  command -v debootstrap >/dev/null || {
    on_debian_as_root || die "no registry reachable and no debootstrap: install debootstrap (Debian package) or make $BASE_TAG exist (docker tag <a Debian 12 image> $BASE_TAG)"
    apt_install debootstrap
  }
  local root log
  root="$(mktemp -d "${TMPDIR:-/tmp}/lockchaos-rootfs.XXXXXX")"
  log="$BUILD_LOGS/lockchaos-debootstrap.log"
  say "bootstrapping Debian 12 into $root (about 40 s; log: $log)"
  if ! debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    rm -rf "$root"
    die "debootstrap failed; see $log"
  fi
  if ! tar -C "$root" -c . | docker import - "$BASE_TAG" >/dev/null; then
    rm -rf "$root"
    die "docker import of the bootstrapped root file system failed"
  fi
  rm -rf "$root"
  say "imported $BASE_TAG"
}

# The tag of image NAME: see the header of this file.
image_tag() {
  local name="$1" sum
  sum="$(cd "$DIR" && find common "$name" -type f -print0 | LC_ALL=C sort -z \
    | xargs -0 sha256sum | sha256sum | cut -c1-12)"
  printf 'lockchaos/%s:%s\n' "$name" "$sum"
}

build_image() {
  local name="$1" tag="$2" log="$BUILD_LOGS/lockchaos-build-$1.log"
  if DOCKER_BUILDKIT=0 docker build --build-arg "BASE=$BASE_TAG" --label "io.lockchaos.image=$name" \
      -f "$DIR/$name/Dockerfile" -t "$tag" "$DIR" >"$log" 2>&1; then
    say "built $tag"
  else
    say "building $tag failed. Last lines of $log:"
    tail -n 30 "$log" >&2
    return 1
  fi
}

ensure_images() {
  local pids=() names=() name tag failed=0
  for name in "${IMAGES[@]}"; do
    tag="$(image_tag "$name")"
    image_exists "$tag" && continue
    say "building $tag (log: $BUILD_LOGS/lockchaos-build-$name.log)$([[ $name == redis ]] && echo '; Redis compiles from source: a few minutes')"
    build_image "$name" "$tag" &
    pids+=($!)
    names+=("$name")
  done
  local i
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || failed=1
  done
  ((failed == 0)) || die "image build failed (see above)"
}

case "${1:-all}" in
  tags)
    for name in "${IMAGES[@]}"; do printf '%s=%s\n' "$name" "$(image_tag "$name")"; done
    ;;
  engine)
    ensure_engine
    ;;
  base)
    ensure_engine
    ensure_base
    ;;
  all)
    started=$SECONDS
    ensure_engine
    # The common case, every image there already, takes one call to the engine, not one per image.
    all_tags=("$BASE_TAG")
    for name in "${IMAGES[@]}"; do all_tags+=("$(image_tag "$name")"); done
    if ! image_exists "${all_tags[@]}"; then
      ensure_base
      ensure_images
    fi
    say "engine and images ready ($((SECONDS - started)) s)"
    ;;
  *)
    die "usage: docker/setup.sh [all|engine|base|tags]"
    ;;
esac
