#!/bin/sh
# Run cmocka test binaries side by side and print one closing line "N passed, N failed".
# usage: run-tests.sh BUILD plain-tests... -- asan-tests...
# AMQ_TEST_JOBS binaries run at a time (default: nproc). The lines come out in the order
# of the arguments (plain, then ASan), each as soon as it and all before it are done.
# The ASan pass runs with AMQ_TEST_SCALE=$AMQ_ASAN_SCALE (default 0.25): long statistical
# runs use that fraction of their size (tests/support/test_scale.h); the plain pass runs
# every test at full size.
build=$1; shift
export AMQ_BUILD="$build"   # tests that run the CLI or make use this build
jobs=${AMQ_TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
asan_scale=${AMQ_ASAN_SCALE:-0.25}
case $jobs in ''|*[!0-9]*|0) echo "run-tests: AMQ_TEST_JOBS=$jobs: not a positive count" >&2; exit 2 ;; esac
log="$build/test-logs"; mkdir -p "$log/plain" "$log/asan"
res=$(mktemp -d "${TMPDIR:-/tmp}/amq-run-tests-XXXXXX") || exit 2
trap 'rm -rf "$res"' EXIT
trap 'exit 130' INT TERM

# The job list, one "index phase binary" per line, in output order.
i=0; phase=plain
for t in "$@"; do
    if [ "$t" = "--" ]; then phase=asan; continue; fi
    i=$((i + 1)); echo "$i $phase $t"
done > "$res/jobs"
total=$i

# Start order: the slowest first, so that no long binary starts last and leaves a core
# idle: by the times of the last run (build/test-times.txt), unknown ones after them in
# argument order.
times="$build/test-times.txt"
while read -r n ph t; do
    s=$(awk -v k="$ph/$(basename "$t")" '$2 == k { print $1; exit }' "$times" 2>/dev/null)
    echo "${s:--1} $n $ph $t"
done < "$res/jobs" | sort -k1,1nr -k2,2n -s | cut -d' ' -f2- > "$res/order"

# One binary: its log, then "rc secs" in $res/N (renamed into place: complete when seen).
run_one() { # index phase binary
    out="$log/$2/$(basename "$3").log"
    t0=$(date +%s)
    if [ "$2" = asan ]; then scale=$asan_scale; else scale=; fi
    # huge-allocation tests expect NULL from malloc, not an ASan abort
    AMQ_TEST_SCALE=$scale ASAN_OPTIONS=allocator_may_return_null=1 CMOCKA_MESSAGE_OUTPUT=stdout \
        "$3" >"$out" 2>&1
    rc=$?
    echo "$rc $(( $(date +%s) - t0 ))" > "$res/$1.tmp" && mv "$res/$1.tmp" "$res/$1"
}

# The launcher: a FIFO holds one token per free slot.
mkfifo "$res/slots" || exit 2
(
    exec 3<>"$res/slots"
    k=0; while [ $k -lt "$jobs" ]; do echo >&3; k=$((k + 1)); done
    while read -r n ph t; do
        read -r _ <&3
        { run_one "$n" "$ph" "$t"; echo >&3; } &
    done < "$res/order"
    wait
    touch "$res/launched"
) &
launcher=$!

# The reporter: in argument order, as results arrive.
passed=0; failed=0; skipped=0
: > "$res/times"
while read -r n phase t; do
    while [ ! -f "$res/$n" ]; do
        [ ! -f "$res/launched" ] || [ -f "$res/$n" ] || {
            echo "run-tests: the runner stopped before $phase/$(basename "$t")"; exit 2; }
        sleep 1
    done
    read -r rc secs < "$res/$n"
    name="$phase/$(basename "$t")"
    out="$log/$name.log"
    echo "$secs $name" >> "$res/times"
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$out" | tail -n 1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$out" | tail -n 1)
    s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$out" | tail -n 1)
    p=${p:-0}; f=${f:-0}; s=${s:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi  # crash or sanitizer abort
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
    if [ "$f" -ne 0 ]; then
        echo "FAIL $name ($p passed, $f failed); log: $out"; sed 's/^/    /' "$out" | tail -n 40
    elif [ "$s" -ne 0 ]; then
        # a skipped test says why in a line "SKIP: reason"
        echo "SKIP $name ($p passed, $s SKIPPED): $(sed -n 's/^SKIP: //p' "$out" | sort -u | head -n 1)"
    else
        echo "ok   $name ($p passed, ${secs} s)"
    fi
done < "$res/jobs"
wait "$launcher"
[ "$(wc -l < "$res/times")" -eq "$total" ] && sort -k1,1nr "$res/times" > "$times"
[ "$skipped" -eq 0 ] || echo "$skipped tests SKIPPED (see the SKIP lines above)"
echo "$passed passed, $failed failed" | tee "$build/test-summary.txt"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
