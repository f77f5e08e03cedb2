#!/usr/bin/env bash
# make prove-mutants: every mutant of proofs/mutants.txt must make the proofs fail on their
# own (no tests involved). Each mutant is one sed expression that changes exactly one line
# of one file, applied to a scratch copy of the tree (never to the tree itself); then the
# jobs of its unit (proofs/prove.sh: goals, lemmas, smoke) run on the copy, restricted to
# the functions the mutant line names, and the gate (proofs/report.py) must fail. Prints
# the goal that killed each mutant; a survivor, or a mutant that does not apply, fails.
# First the controls: the same jobs and gate on the unmutated tree, once per unit and scope
# of the mutants asked for, must pass (else nothing runs; proofs/doc/mutants.md).
#
#   bash proofs/prove-mutants.sh BUILD [ID...]     all mutants, or those with these ids
#
# mutants.txt: `id | unit | file | sed expression | functions to prove (comma list; - for
# the whole unit) | what the mutant does`.
set -u
case ${1:-} in
-h | --help)
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 0 ;;
-*)
    echo "prove-mutants: unknown option '$1' (usage: bash proofs/prove-mutants.sh BUILD [ID...])" >&2
    exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}; shift || true
case $build in /*) ;; *) build="$root/$build" ;; esac
want=" $* "
out="$build/mutants"
rm -rf "$out"; mkdir -p "$out"
export AMQ_PROVE_QUIET=1
# shellcheck source=proofs/prove.sh
. "$root/proofs/prove.sh" "$build" --library || exit 2
jobs_max=${AMQ_PROVE_JOBS:-$(nproc 2>/dev/null || echo 2)}

declare -A unit_files=() unit_extra=() unit_smoke_steps=()
while IFS="$(printf '\t')" read -r name files extra; do
    unit_files[$name]=$files; unit_extra[$name]=$(frama_opts "$extra")
    unit_smoke_steps[$name]=$(smoke_steps "$extra") || exit 2
done <<EOF_UNITS
$(each_unit "$root/proofs/units")
EOF_UNITS

# mutate ID UNIT FILE EXPR SCOPE: one mutant, verdict in $out/ID/verdict.
mutate() {
    local id=$1 unit=$2 file=$3 expr=$4 scope=$5 d="$out/$1" tree changed rc
    tree="$d/tree"; mkdir -p "$tree"
    cp -R "$root/src" "$root/acsl" "$root/spec" "$root/include" "$root/proofs" "$tree/" || return 1
    sed -i -e "$expr" "$tree/$file"
    changed=$(diff "$root/$file" "$tree/$file" | grep -c '^>')
    if [ "$changed" -ne 1 ]; then
        echo "NOT-APPLIED ($changed lines changed)" >"$d/verdict"; return 0
    fi
    diff "$root/$file" "$tree/$file" | sed -n 's/^[<>] //p' >"$d/diff"
    scoped_jobs "$tree" "$unit" "$scope" "$(case $file in acsl/*) echo 1 ;; *) echo 0 ;; esac)" "$d"
    rc=$?
    if [ $rc -eq 1 ]; then
        echo "KILLED by $(grep -m1 '^FAIL' "$d/report.txt" | sed 's/^FAIL //')" >"$d/verdict"
    else
        echo "SURVIVED (gate exit $rc)" >"$d/verdict"
    fi
}

# scoped_jobs TREE UNIT SCOPE LEMMAS DIR: the jobs of UNIT on TREE restricted to SCOPE (the
# goals; the lemmas too when LEMMAS=1, for a change to the logic; then the smoke tests) and the
# scoped gate, report in DIR; returns the gate's status (1: something failed).  The gate runs on
# the goal (and lemma) jobs first: a goal they leave unproved already fails the run, and the
# smoke job (as long as the goals job) would only add time.  That gate also fails for "no smoke
# tests ran", which is no verdict on the goals: only another failure counts there (before, a
# mutant that passed every goal was reported killed by that line).
scoped_jobs() {
    local tree=$1 unit=$2 scope=$3 lemmas=$4 d=$5 sel="" rc
    [ "$scope" = "-" ] || sel="-wp-fct $scope"
    run_goals "$tree" "$unit" "${unit_files[$unit]}" "${unit_extra[$unit]}" "$sel -wp-prop=-@lemma" "$d/goals" 2>/dev/null
    [ "$lemmas" = 1 ] && run_goals "$tree" "$unit" "${unit_files[$unit]}" "${unit_extra[$unit]}" \
        "-wp-prop=@lemma -wp-auto wp:range" "$d/lemmas" 2>/dev/null
    gate "$tree" "$d" "$scope" "$d"/goals $( [ -d "$d/lemmas" ] && echo "$d/lemmas" )
    rc=$?
    if [ $rc -ne 1 ] || ! grep '^FAIL' "$d/report.txt" | grep -qv ': no smoke tests ran$'; then
        run_smoke "$tree" "$unit" "${unit_files[$unit]}" "${unit_extra[$unit]} $sel" "$d/smoke" \
            "${unit_smoke_steps[$unit]}" 2>/dev/null
        gate "$tree" "$d" "$scope" "$d"/goals "$d"/smoke $( [ -d "$d/lemmas" ] && echo "$d/lemmas" )
        rc=$?
    fi
    return $rc
}

# gate TREE DIR SCOPE JOBDIR...: report.py on these jobs of one mutant, report in DIR.
gate() {
    local tree=$1 d=$2 scope=$3; shift 3
    (cd "$tree" && python3 "$root/proofs/report.py" "$d/report.json" --assume-other-units \
        $( [ "$scope" = "-" ] || echo "--functions $scope" ) "$@") >"$d/report.txt" 2>&1
}

# mutant_lines FILE: the mutants as tab-separated fields (the separator is ' | ').
mutant_lines() {
    awk -F' [|] ' '/^[[:space:]]*(#|$)/ { next }
        { for (i = 1; i <= NF; i++) gsub(/^[ \t]+|[ \t]+$/, "", $i)
          printf "%s\t%s\t%s\t%s\t%s\t%s\n", $1, $2, $3, $4, $5, $6 }' "$1"
}

# control UNIT SCOPE LEMMAS: the same scoped jobs and gate as a mutant's, on the unmutated
# tree, must pass, or a "kill" could be an artefact of the scoping (a property outside the
# scope, a property a -wp-prop list leaves out, an option that breaks the run). One control
# per unit and scope of the mutants run; LEMMAS=1 when one of them changes the logic.
control() {
    local unit=$1 scope=$2 lemmas=$3 d rc
    d="$out/control/$unit.$(echo "$scope" | tr ',' '+')"
    mkdir -p "$d"
    scoped_jobs "$root" "$unit" "$scope" "$lemmas" "$d"
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "CONTROL FAILED (gate exit $rc): $unit scoped to $scope; see $d/report.txt" >"$d/verdict"
    else
        echo "passes" >"$d/verdict"
    fi
}

t0=$(date +%s)
sel_lines=()
while IFS= read -r line; do
    id=${line%%$'\t'*}
    [ -n "$id" ] || continue
    [ "$want" = "  " ] || case "$want" in *" $id "*) ;; *) continue ;; esac
    sel_lines+=("$line")
done < <(mutant_lines "$root/proofs/mutants.txt")
# the controls first: one per unit and scope (with the lemmas when a mutant changes the logic)
declare -A controls=()
for line in "${sel_lines[@]}"; do
    IFS="$(printf '\t')" read -r id unit file expr scope what <<<"$line"
    [ -n "${unit_files[$unit]:-}" ] || { echo "prove-mutants: $id names unknown unit '$unit'" >&2; exit 2; }
    key="$unit|$scope"
    case $file in acsl/*) controls[$key]=1 ;; *) controls[$key]=${controls[$key]:-0} ;; esac
done
for key in "${!controls[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    control "${key%%|*}" "${key#*|}" "${controls[$key]}" &
done
wait
bad_control=0
for v in "$out"/control/*/verdict; do
    [ -e "$v" ] || continue
    case $(cat "$v") in passes) ;; *) cat "$v" >&2; bad_control=1 ;; esac
done
[ "$bad_control" -eq 0 ] || { echo "prove-mutants: a control fails on the unmutated tree; no mutant is run" >&2; exit 1; }
echo "prove-mutants: ${#controls[@]} control(s) (unmutated, each unit and scope of the mutants run): pass"
n=0
ids=()
for line in "${sel_lines[@]}"; do
    IFS="$(printf '\t')" read -r id unit file expr scope what <<<"$line"
    mkdir -p "$out/$id"; echo "$what" >"$out/$id/what"; echo "$unit $file" >"$out/$id/where"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    mutate "$id" "$unit" "$file" "$expr" "$scope" &
    ids+=("$id"); n=$((n + 1))
done
wait
killed=0
for id in "${ids[@]}"; do
    v=$(cat "$out/$id/verdict" 2>/dev/null || echo "NO VERDICT")
    printf '%-8s %-18s %s\n    %s\n    %s\n' "$id" "$(cat "$out/$id/where")" "$(cat "$out/$id/what")" \
        "$(tr '\n' '~' <"$out/$id/diff" 2>/dev/null | sed 's/~$//; s/~/  =>  /')" "$v"
    case $v in KILLED*) killed=$((killed + 1)) ;; esac
done
echo "prove-mutants: $killed of $n mutants killed by the proofs alone, $(( $(date +%s) - t0 )) s wall"
[ "$killed" -eq "$n" ] && [ "$n" -gt 0 ]
