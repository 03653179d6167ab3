#!/usr/bin/env bash
# Debian roots for the kit's platform tests (tests/platforms/), made with debootstrap from
# Debian's mirror and cached, so that only the first run fetches anything.
#
#   scripts/debian-root.sh make SUITE [PACKAGE...]
#       prints the path of a root of SUITE (bullseye, trixie, ...) made with
#       `debootstrap --variant=minbase`, with PACKAGEs installed by apt-get. Roots are cached
#       under $BLOOM_ROOT_CACHE (default /var/cache/bloom-kit/roots), one folder per suite and
#       package list, and never changed once made.
#   scripts/debian-root.sh run ROOT UPPER [--bind HOST_DIR:ROOT_DIR]... -- COMMAND...
#       runs COMMAND as root inside ROOT, seen through an overlay whose changes go to the folder
#       UPPER (created when missing; pass the same UPPER again to keep working on the same
#       tree), with /proc, /dev, /tmp and the host's DNS. Mounts live in a private mount
#       namespace, so nothing stays mounted when COMMAND ends, whatever happens to it.
#
# Needs root, debootstrap and util-linux's unshare (scripts/deps.sh installs them).
set -euo pipefail

mirror=${BLOOM_DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=${BLOOM_ROOT_CACHE:-/var/cache/bloom-kit/roots}

die() {
  echo "debian-root: error: $*" >&2
  exit 2
}

[[ $(id -u) -eq 0 ]] || die "needs root (debootstrap, chroot and mounts)"

make_root() {
  local suite=$1
  shift
  command -v debootstrap >/dev/null || die "debootstrap is missing: apt-get install debootstrap"
  local key
  key=$(printf '%s\n' "$@" | sort -u | sha256sum | cut -c1-12)
  local root=$cache/$suite-$key
  mkdir -p "$cache"
  # One maker per root at a time; the others wait and then find it made.
  exec 9>"$root.lock"
  flock 9
  if [[ ! -f $root/.bloom-root-complete ]]; then
    rm -rf "$root.partial"
    echo "debian-root: making $suite (minbase${*:+ + $*}) in $root; this fetches from $mirror once" >&2
    debootstrap --variant=minbase "$suite" "$root.partial" "$mirror" >"$root.log" 2>&1 ||
      die "debootstrap $suite failed; its log: $root.log"
    if (($# > 0)); then
      run_in "$root.partial" "" -- sh -c \
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" && apt-get clean' \
        sh "$@" >>"$root.log" 2>&1 ||
        die "installing $* in $suite failed; its log: $root.log"
    fi
    printf '%s\n' "$suite" "$@" >"$root.partial/.bloom-root-complete"
    mv "$root.partial" "$root"
  fi
  echo "$root"
}

# run_in ROOT UPPER [--bind H:R]... -- COMMAND...; UPPER empty: work on ROOT itself.
run_in() {
  local root=$1 upper=$2
  shift 2
  local binds=()
  while (($# > 0)) && [[ $1 != -- ]]; do
    [[ $1 == --bind && $# -ge 2 ]] || die "run: expected --bind HOST_DIR:ROOT_DIR or --, got \"$1\""
    binds+=("$2")
    shift 2
  done
  [[ ${1:-} == -- ]] || die "run: the command goes after --"
  shift
  [[ -d $root ]] || die "no root at $root"
  # The mounts are made by a shell in a new mount namespace; its arguments carry the plan.
  unshare --mount --propagation private -- bash -euo pipefail -c '
    root=$1 upper=$2 nbinds=$3
    shift 3
    target=$root
    if [[ -n $upper ]]; then
      mkdir -p "$upper/data" "$upper/work" "$upper/merged"
      mount -t overlay overlay \
        -o "lowerdir=$root,upperdir=$upper/data,workdir=$upper/work" "$upper/merged"
      target=$upper/merged
    fi
    mount -t proc proc "$target/proc"
    mount --rbind /dev "$target/dev"
    mount -t tmpfs tmpfs "$target/tmp"
    cp /etc/resolv.conf "$target/etc/resolv.conf" 2>/dev/null || true
    for ((i = 0; i < nbinds; i++)); do
      host=${1%%:*} inside=${1#*:}
      shift
      mkdir -p "$target$inside"
      mount --bind "$host" "$target$inside"
    done
    exec chroot "$target" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      HOME=/root LANG=C.UTF-8 "$@"
  ' bash "$root" "$upper" "${#binds[@]}" "${binds[@]}" "$@"
}

case ${1:-} in
  make)
    (($# >= 2)) || die "usage: debian-root.sh make SUITE [PACKAGE...]"
    shift
    make_root "$@"
    ;;
  run)
    (($# >= 4)) || die "usage: debian-root.sh run ROOT UPPER [--bind H:R]... -- COMMAND..."
    shift
    run_in "$@"
    ;;
  *) die "usage: debian-root.sh make SUITE [PACKAGE...] | run ROOT UPPER [--bind H:R]... -- COMMAND..." ;;
esac
