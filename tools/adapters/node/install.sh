#!/bin/sh
# Installs the Node adapter's dependencies from the committed lock file into the build
# tree:  sh tools/adapters/node/install.sh BUILD/adapters/node
# Writes DIR/status: "ok", or "skipped: <why>" when node/npm are missing or the npm
# registry cannot be reached (the peer tests then say so loudly instead of passing).
dir=$1
src=$(dirname "$0")
mkdir -p "$dir"
cp "$src/package.json" "$src/package-lock.json" "$src"/*.js "$dir/"  # every adapter file: a new one needs no edit here
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "skipped: node or npm is not installed (sh tools/deps.sh build installs them)" >"$dir/status"
    exit 0
fi
if [ -f "$dir/node_modules/bloom-filters/package.json" ] && [ "$dir/node_modules/.package-lock.json" -nt "$src/package-lock.json" ]; then
    echo ok >"$dir/status"
    exit 0
fi
if npm ci --prefix "$dir" --ignore-scripts --no-audit --no-fund --loglevel=error >"$dir/npm.log" 2>&1; then
    echo ok >"$dir/status"
else
    echo "skipped: 'npm ci' failed (offline, or the registry is unreachable); see $dir/npm.log" >"$dir/status"
fi
exit 0
