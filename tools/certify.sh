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
if bash proofs/prove.sh "$B" > "$B/prove.log" 2>&1; then proof=PASS; else proof=FAIL; status=1; fi
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

say "-- 2. Exact false-positive rates of every structure's demonstrations (amq structures --demos) --"
"$AMQ" structures --demos > "$B/certify-demos.txt" || { say "   cannot list the structures"; status=1; }
while read -r st args; do
    [ -n "$st" ] || continue
    n=${args##*-n }
    exact=--exact
    [ "$n" -le 100000 ] 2>/dev/null || exact=""
    if out=$("$AMQ" rate $st $args --digits 17 $exact 2>&1); then
        say "   $st $args"
        printf '%s\n' "$out" | sed 's/^/      /' | tee -a "$REPORT"
    else
        say "   $st $args: FAILED: $out"; status=1
    fi
done < "$B/certify-demos.txt"
say ""

say "-- 3. Monte Carlo cross-checks of the real kernels (fresh filter per trial, alpha = 1e-6) --"
"$AMQ" structures --removers > "$B/certify-removers.txt"
check() {
    line=$("$AMQ" check "$@" --trials 20000 --seed 1 --json 2>&1)
    rc=$?
    verdict=$(printf '%s' "$line" | python3 -c 'import json,sys
try:
    d=json.load(sys.stdin); print("%-17s %-11s est %-10.6g exact %-22s p-value %-10.3g %s" % (d["structure"], d["hash"], d["estimate"], d["exact"], float(d["p_value"]), d["verdict"].upper()))
except Exception as e: print("unreadable output:", e)')
    say "   $verdict   ($*)"
    [ $rc -eq 0 ] || status=1
}
seen=""
while read -r st args; do
    case " $seen " in *" $st "*) continue ;; esac   # the first demonstration of each structure
    seen="$seen $st"
    n=${args##*-n }
    check $st $args --hash random
    check $st $args --hash independent
    grep -qx "$st" "$B/certify-removers.txt" && check $st $args --hash independent --removals $((n / 2))
done < "$B/certify-demos.txt"
say ""

say "-- 4. Hashing strategies vs the fingerprint theory (Dillinger & Manolios section 5) --"
if sh tools/strategies-experiment.sh "$B" > "$B/strategies.log" 2>&1; then say "   as the paper predicts: PASS"; else say "   FAIL (see $B/strategies.log)"; status=1; fi
sed 's/^/   /' "$B/strategies.log" | tail -n 12 | tee -a "$REPORT"
say ""
if [ $status -eq 0 ]; then say "CERTIFY: PASS"; else say "CERTIFY: FAIL"; fi
say "(report saved to $REPORT)"
exit $status
