#!/bin/sh
# Frama-C WP proofs of amqcert: `make prove` runs `sh proofs/prove.sh BUILD`.
#
#   sh proofs/prove.sh BUILD              prove every unit of proofs/units.txt
#   sh proofs/prove.sh BUILD --self-test  check that the gate rejects broken
#                                         contracts/code and an axiom (scratch copies only)
#
# Each unit is one frama-c run (-wp -wp-rte -wp-smoke-tests) over the real
# sources. Writes BUILD/proof-report.json, prints a table per function, exits
# non-zero if any goal is unproved, any smoke test fails, or frama-c fails.
# Environment overrides: AMQ_WP_PROVERS (default cvc4), AMQ_WP_TIMEOUT (10),
# AMQ_WP_PAR (the number of cores), AMQ_PROVE_UNITS (space-separated unit names:
# prove only those, for work on one unit; the gate's --all-units check is then off).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
mode=${2:-}
case $build in /*) ;; *) build="$root/$build" ;; esac
provers=${AMQ_WP_PROVERS:-cvc4}
timeout=${AMQ_WP_TIMEOUT:-10}
par=${AMQ_WP_PAR:-$(nproc 2>/dev/null || echo 2)}  # one prover per core
cpp="-D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -Iacsl"

for tool in frama-c why3 python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "prove: $tool not found (run make deps)" >&2; exit 2; }
done
mkdir -p "$build/proofs" || exit 2
WHY3CONFIG="$build/why3.conf"; export WHY3CONFIG
if [ ! -s "$WHY3CONFIG" ]; then
    why3 config detect >"$build/proofs/why3-detect.log" 2>&1 || {
        echo "prove: why3 config detect failed; see $build/proofs/why3-detect.log" >&2; exit 2; }
fi

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# run_unit SRCROOT NAME "FILES" "EXTRA" OUTDIR: one frama-c run, artefacts in OUTDIR.
run_unit() {
    u_root=$1; u_name=$2; u_files=$3; u_extra=$4; u_out=$5
    rm -rf "$u_out"; mkdir -p "$u_out"
    echo "prove: unit $u_name: frama-c WP on $u_files (provers $provers, timeout ${timeout}s, par $par)"
    t0=$(now_ms)
    # shellcheck disable=SC2086 # word splitting of file and option lists is intended
    (cd "$u_root" && frama-c -machdep x86_64 -cpp-extra-args="$cpp" $u_files \
        -wp -wp-rte -wp-smoke-tests -wp-prover "$provers" -wp-par "$par" \
        -wp-timeout "$timeout" -wp-cache none -wp-session "$u_out/session" \
        -wp-report-json "$u_out/wp.json" $u_extra \
        -then -report-csv "$u_out/properties.csv" -report-untried -report-classify \
        -report-unclassified-unknown ERROR -report-unclassified-invalid ERROR -report-output "$u_out/classify.json") \
        >"$u_out/frama-c.log" 2>&1
    u_rc=$?
    t1=$(now_ms)
    {
        echo "name=$u_name"; echo "files=$u_files"; echo "exit=$u_rc"
        echo "provers=$provers"; echo "timeout=$timeout"; echo "options=$u_extra"
        echo "wall=$(( (t1 - t0) / 1000 )).$(( (t1 - t0) % 1000 / 100 ))"
    } >"$u_out/meta"
    if [ "$u_rc" -ne 0 ]; then
        echo "prove: frama-c exited $u_rc for unit $u_name; last lines of $u_out/frama-c.log:" >&2
        grep -v '^  Called from\|^  Raised\|^  Re-raised' "$u_out/frama-c.log" | tail -n 15 | sed 's/^/    /' >&2
    fi
}

# each_unit FILE: prints "name<TAB>files<TAB>extra" per unit line.
each_unit() {
    sed -e 's/#.*//' "$1" | awk -F'|' 'NF && $0 ~ /:/ {
        split($1, a, ":"); name = a[1]; files = substr($1, index($1, ":") + 1)
        extra = (NF > 1) ? $2 : ""
        gsub(/^[ \t]+|[ \t]+$/, "", name); gsub(/^[ \t]+|[ \t]+$/, "", files)
        gsub(/^[ \t]+|[ \t]+$/, "", extra)
        printf "%s\t%s\t%s\n", name, files, extra }'
}

self_test() {
    st="$build/proofs/selftest"
    rm -rf "$st"; mkdir -p "$st"
    status=0
    for case in control wrong_post dead_requires rte_shift axiom; do
        d="$st/$case/tree"
        mkdir -p "$d"
        cp -R "$root/src" "$root/acsl" "$root/spec" "$d/" || return 2
        h="$d/src/internal/bloom_kernel.h"; c="$d/src/bloom_kernel.c"
        case $case in
            wrong_post)    # claim the last bit is always set after add: false
                sed -i 's/ensures inserted:   amq_all_set(bits, idx, k);/ensures inserted:   amq_all_set(bits, idx, k) \&\& amq_bit_set(bits, m - 1);/' "$h" ;;
            dead_requires) # inconsistent precondition: every goal holds vacuously
                sed -i 's/requires m_pos:     m >= 1;/requires m_pos:     m >= 1 \&\& m < 1;/' "$h" ;;
            rte_shift)     # shift by up to 64: undefined behaviour -wp-rte must catch
                sed -i 's/% 64u)/% 65u)/' "$c" ;;
            axiom)         # a consistent (here even true) axiom: goals and smoke tests all pass,
                           # only the lint can see that something is assumed, not proved
                printf '%s\n' '/*@ axiomatic AmqSelfTest { axiom amq_self_test: \forall integer x; x + 0 == x; } */' \
                    >> "$d/acsl/amq/bloom_logic.h" ;;
        esac
        if [ "$case" != control ] && cmp -s "$h" "$root/src/internal/bloom_kernel.h" \
                                  && cmp -s "$c" "$root/src/bloom_kernel.c" \
                                  && cmp -s "$d/acsl/amq/bloom_logic.h" "$root/acsl/amq/bloom_logic.h"; then
            echo "self-test $case: mutation did not apply (sources changed?)"; status=1; continue
        fi
        run_unit "$d" "selftest-$case" "src/bloom_kernel.c" "" "$st/$case/unit" >/dev/null 2>&1
        (cd "$d" && python3 "$root/proofs/report.py" "$st/$case/report.json" "$st/$case/unit") \
            >"$st/$case/report.txt" 2>&1
        rc=$?
        if [ "$case" = control ]; then want=0; else want=1; fi
        if [ "$rc" -eq "$want" ]; then
            echo "self-test $case: ok (gate exit $rc)"
            grep '^FAIL' "$st/$case/report.txt" | head -n 3 | sed 's/^/    /'
        else
            echo "self-test $case: WRONG (gate exit $rc, expected $want); see $st/$case/report.txt"
            status=1
        fi
    done
    return $status
}

if [ "$mode" = "--self-test" ]; then
    self_test; exit $?
elif [ -n "$mode" ]; then
    echo "usage: sh proofs/prove.sh BUILD [--self-test]" >&2; exit 2
fi

dirs=""
tab=$(printf '\t')
units=$(each_unit "$root/proofs/units.txt")
[ -n "$units" ] || { echo "prove: no units in proofs/units.txt" >&2; exit 2; }
only=${AMQ_PROVE_UNITS:-}
all_units=--all-units
[ -z "$only" ] || all_units=
while IFS="$tab" read -r name files extra; do
    if [ -n "$only" ]; then
        case " $only " in *" $name "*) ;; *) continue ;; esac
    fi
    run_unit "$root" "$name" "$files" "$extra" "$build/proofs/$name"
    dirs="$dirs $build/proofs/$name"
done <<EOF_UNITS
$units
EOF_UNITS

# shellcheck disable=SC2086
cd "$root" && python3 "$root/proofs/report.py" "$build/proof-report.json" $all_units $dirs
