#!/bin/sh
# Planted bugs of the sliding-window kernel must fail its proof unit.
#
#   sh proofs/window_mutants.sh BUILD
#
# For each mutant, copies the sources to BUILD/proofs/window-mutants/NAME/tree, applies the
# mutation to src/window_kernel.c, keeps only the `window:` line of proofs/units/window.txt and runs
# that copy's proofs/prove.sh (the gate of `make prove`, unchanged). A mutant is caught when
# the gate exits non-zero; the goals it failed are printed. Exits non-zero if a mutation does
# not apply or a mutant passes. Takes one unit run per mutant (minutes).
#   wraps_early:   the wrap-around test off by one (`c + 2u >= g`): rotation returns to
#                  generation 0 one generation early, generation g - 1 is never used;
#   rotates_early: the fill test off by one (`count[c] + 1u >= cap`): a generation is closed
#                  at cap - 1 keys.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
case $build in /*) ;; *) build="$root/$build" ;; esac
out="$build/proofs/window-mutants"
rm -rf "$out"; mkdir -p "$out" || exit 2
status=0
for mutant in wraps_early rotates_early; do
    tree="$out/$mutant/tree"
    mkdir -p "$tree" || exit 2
    cp -R "$root/src" "$root/acsl" "$root/include" "$root/proofs" "$tree/" || exit 2
    k="$tree/src/window_kernel.c"
    case $mutant in
        wraps_early)   sed -i 's/const uint64_t next = c + 1u == g ? 0 : c + 1u;/const uint64_t next = c + 2u >= g ? 0 : c + 1u;/' "$k" ;;
        rotates_early) sed -i 's/if (count\[c\] == cap) {/if (count[c] + 1u >= cap) {/' "$k" ;;
    esac
    if cmp -s "$k" "$root/src/window_kernel.c"; then
        echo "window mutant $mutant: mutation did not apply (sources changed?)"; status=1; continue
    fi
    rm -f "$tree"/proofs/units/*.txt
    grep '^window:' "$root/proofs/units/window.txt" >"$tree/proofs/units/window.txt"
    sh "$tree/proofs/prove.sh" "$out/$mutant/build" >"$out/$mutant/log" 2>&1
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "window mutant $mutant: caught (gate exit $rc)"
        grep '^FAIL window: goal not proved' "$out/$mutant/log" | sed 's/^/    /'
    else
        echo "window mutant $mutant: NOT caught; see $out/$mutant/log"; status=1
    fi
done
exit $status
