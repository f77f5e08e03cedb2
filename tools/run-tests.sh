#!/bin/sh
# Run cmocka test binaries and print one closing line "N passed, N failed".
# usage: run-tests.sh BUILD plain-tests... -- asan-tests...
build=$1; shift
export AMQ_BUILD="$build"   # tests that run the CLI or make use this build
passed=0; failed=0; skipped=0; phase=plain
log="$build/test-logs"; mkdir -p "$log"
for t in "$@"; do
    if [ "$t" = "--" ]; then phase=asan; continue; fi
    name="$phase/$(basename "$t")"
    mkdir -p "$log/$phase"
    out="$log/$name.log"
    # huge-allocation tests expect NULL from malloc, not an ASan abort
    t0=$(date +%s)
    ASAN_OPTIONS=allocator_may_return_null=1 CMOCKA_MESSAGE_OUTPUT=stdout "$t" >"$out" 2>&1
    rc=$?
    secs=$(( $(date +%s) - t0 ))
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
done
[ "$skipped" -eq 0 ] || echo "$skipped tests SKIPPED (see the SKIP lines above)"
echo "$passed passed, $failed failed" | tee "$build/test-summary.txt"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
