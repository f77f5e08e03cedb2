#!/bin/sh
# The real Parquet writer of tests/test_parquet_duckdb.c: installs DuckDB (@duckdb/node-api,
# which ships its own binary) from the committed lock file into the build tree, then has it
# write the Parquet file and its values:  sh tests/parquet/install.sh BUILD/parquet
# Writes DIR/status: "ok"; "skipped: <why>" when node/npm are missing or the npm registry
# cannot be reached (the test then says so loudly instead of passing); "failed: <why>" when
# DuckDB itself failed (the test fails).
dir=$1
src=$(dirname "$0")
mkdir -p "$dir"
rm -f "$dir/status"
cp "$src/package.json" "$src/package-lock.json" "$src/write_parquet.mjs" "$dir/"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "skipped: node or npm is not installed (Node 20 or later with npm)" >"$dir/status"
    exit 0
fi
if ! [ -f "$dir/node_modules/@duckdb/node-api/package.json" ] ||
   ! [ "$dir/node_modules/.package-lock.json" -nt "$src/package-lock.json" ]; then
    if ! npm ci --prefix "$dir" --ignore-scripts --no-audit --no-fund --loglevel=error >"$dir/npm.log" 2>&1; then
        echo "skipped: 'npm ci' failed (offline, or the registry is unreachable); see $dir/npm.log" >"$dir/status"
        exit 0
    fi
fi
rm -rf "$dir/out"
if node "$dir/write_parquet.mjs" "$dir/out" >"$dir/writer.log" 2>&1; then
    echo ok >"$dir/status"
else
    echo "failed: DuckDB's writer failed; see $dir/writer.log" >"$dir/status"
fi
exit 0
