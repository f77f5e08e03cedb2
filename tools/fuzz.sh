#!/bin/sh
# One libFuzzer harness: replay its past crashes and corpus, then (run) fuzz for N seconds.
# usage: fuzz.sh BUILD NAME run SECONDS | fuzz.sh BUILD NAME replay
# Corpus: BUILD/fuzz/corpus/NAME (grows), seeds BUILD/fuzz/seeds/NAME (generated) and
# tests/fuzz/seeds/NAME (kept, optional); regressions tests/fuzz/crashes/NAME (kept);
# a libFuzzer dictionary tests/fuzz/NAME.dict is used when present, and a per-input time limit
# tests/fuzz/NAME.timeout (seconds; default 10) for a harness whose accepted inputs may
# legitimately take longer (rate_params: the cost limits of amq/cost.h allow about 15 s).
# A new crash lands in BUILD/fuzz/artifacts/NAME/: fix it, then move it to the crashes dir.
set -u
build=$1 name=$2 mode=$3 seconds=${4:-60}
bin="$build/fuzz/fuzz_$name"
corpus="$build/fuzz/corpus/$name" art="$build/fuzz/artifacts/$name/" log="$build/fuzz/logs/$name.$mode.log"
mkdir -p "$corpus" "$art" "$build/fuzz/logs"
dirs="$corpus"
for d in "$build/fuzz/seeds/$name" "tests/fuzz/seeds/$name"; do [ -d "$d" ] && dirs="$dirs $d"; done
limit=10
[ -f "tests/fuzz/$name.timeout" ] && limit=$(cat "tests/fuzz/$name.timeout")
case $limit in ''|*[!0-9]*) echo "fuzz $name: tests/fuzz/$name.timeout holds '$limit', not a number of seconds"; exit 2 ;; esac
opts="-timeout=$limit -rss_limit_mb=2048 -artifact_prefix=$art -print_final_stats=1"
[ -f "tests/fuzz/$name.dict" ] && opts="$opts -dict=tests/fuzz/$name.dict"
crashes=$(find "tests/fuzz/crashes/$name" -type f 2>/dev/null | sort)
if [ -n "$crashes" ]; then
    # shellcheck disable=SC2086
    if ! "$bin" $opts $crashes >"$log.crashes" 2>&1; then
        echo "fuzz $name: FAIL: a past crash in tests/fuzz/crashes/$name fails again; log: $log.crashes"
        tail -n 30 "$log.crashes"; exit 1
    fi
fi
ncrash=$(printf '%s' "$crashes" | grep -c . || true)
if [ "$mode" = replay ]; then
    set -- -runs=0; what=replay
else
    set -- -max_total_time="$seconds"; what="run ${seconds}s"
fi
# shellcheck disable=SC2086
if ! "$bin" $opts "$@" $dirs >"$log" 2>&1; then
    echo "fuzz $name: FAIL ($mode); log: $log; crash input in $art"
    grep -E "ERROR|SUMMARY|Test unit written" "$log" | head -n 10; exit 1
fi
stats=$(grep -E '^#[0-9]+' "$log" | tail -n 1 | tr -s ' \t' '  ')
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
echo "fuzz $name: ok ($what): $runs runs, $ncrash past crashes replayed; last: $stats"
