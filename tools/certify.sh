#!/bin/sh
# make certify: prove, compute exact FP rates for default configurations,
# cross-check the real filters by Monte Carlo, and print one report.
# Exits non-zero if any proof, rate or check fails.
B=${1:-build}
AMQ="$B/amq"
REPORT="$B/certify-report.txt"
status=0
mkdir -p "$B"
: > "$REPORT"
say() { printf '%s\n' "$*" | tee -a "$REPORT"; }

say "== amqcert certification report ($(date -u +%Y-%m-%dT%H:%M:%SZ)) =="
say ""
say "-- 1. Proofs (Frama-C WP, -wp-rte, smoke tests) --"
if sh proofs/prove.sh "$B" > "$B/prove.log" 2>&1; then proof=PASS; else proof=FAIL; status=1; fi
python3 - "$B/proof-report.json" <<'PY' | tee -a "$REPORT"
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except Exception as e:
    print("   no proof report:", e); sys.exit(0)
for f in r["functions"]:
    print("   %-40s %4d/%-4d goals proved" % (f["name"], f["proved"], f["goals"]))
print("   total %d/%d proved, %d smoke-test failures" % (r["proved"], r["total"], r["smoke_failures"]))
PY
say "   verdict: $proof   (full log: $B/prove.log)"
say ""

say "-- 2. Exact false-positive rates (Bloom, Ceramist Theorem 4) --"
for cfg in "2 2 1" "1024 5 150" "10000 7 1000" "1048576 10 100000" "2^40 20 2^34"; do
    set -- $cfg
    exact=""
    case "$1" in 2^*) ;; *) exact=--exact ;; esac
    if out=$("$AMQ" rate bloom -m "$1" -k "$2" -n "$3" --digits 17 $exact 2>&1); then
        say "   m=$1 k=$2 n=$3"
        printf '%s\n' "$out" | sed 's/^/      /' | tee -a "$REPORT"
    else
        say "   m=$1 k=$2 n=$3: FAILED: $out"; status=1
    fi
done
say ""

say "-- 3. Monte Carlo cross-check of the real filter (fresh filter per trial, alpha = 1e-6) --"
for h in random independent double triple enhanced; do
    line=$("$AMQ" check bloom -m 10000 -k 7 -n 1000 --trials 20000 --seed 1 --hash "$h" --json 2>&1)
    rc=$?
    verdict=$(printf '%s' "$line" | python3 -c 'import json,sys
try:
    d=json.load(sys.stdin); print("%-11s est %-10s exact %-22s p-value %-10.3g %s" % (d["hash"], d["estimate"], d["exact"], float(d["p_value"]), d["verdict"].upper()))
except Exception as e: print("unreadable output:", e)')
    say "   $verdict"
    [ $rc -eq 0 ] || status=1
done
say ""
if [ $status -eq 0 ]; then say "CERTIFY: PASS"; else say "CERTIFY: FAIL"; fi
say "(report saved to $REPORT)"
exit $status
