#!/usr/bin/env bash
# Frama-C WP proofs of amqcert: `make prove` runs `bash proofs/prove.sh BUILD`.
#
#   bash proofs/prove.sh BUILD              prove every unit of proofs/units/*.txt
#   bash proofs/prove.sh BUILD --self-test  check that the gate rejects broken
#                                           contracts/code, an axiom and body-less
#                                           declarations and contracts other than the
#                                           hash model's (scratch copies only)
#
# Each unit of proofs/units/*.txt (one file per structure) is proved by jobs over the real
# sources (-wp -wp-rte,
# unsigned wrap-around checked), run side by side so that both cores stay busy
# (proofs/README.md, "How make prove spends its time"):
#   goals  every proof goal of the functions, by the prover portfolio: cvc4 first, then
#          z3 and cvc5 on what it left, each within one step budget;
#   lemmas the lemmas the unit owns (report.py --lemma-plan: each logic file's lemmas are
#          proved once, by the most basic unit that reads it; the others use them as
#          hypotheses and the gate requires them Valid in that job of the same run), the same
#          portfolio with a smaller budget, with WP's range tactic (the shift lemmas);
#   smoke  the smoke tests only (an inconsistent precondition, dead code, a dead
#          loop invariant), cvc4 with a fixed step budget.
# report.py gates the union: every property Valid in some job of its unit.
# Writes BUILD/proof-report.json (every goal's prover and time), prints a table per
# function and the 20 slowest goals, exits non-zero if any goal is unproved, any
# smoke test fails, any run fails, or the lint finds an assumption.
# Environment: AMQ_PROVE_UNITS (unit names: prove only those; the --all-units lint is
# then off), AMQ_PROVE_JOBS (jobs side by side, default: the number of cores),
# AMQ_WP_PAR (provers in flight per job, default 3), AMQ_PROVE_CACHE (0: run every job even
# when an earlier green run had byte-identical inputs), AMQ_SELFTEST_CASES (--self-test:
# only these cases).
set -u
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-build}
mode=${2:-}
# An option where BUILD goes (`prove.sh --self-test`, `--help`) would start a whole run in a
# tree named after it: refuse it with the usage (an unknown mode is refused below).
if [ "${build#-}" != "$build" ]; then
    echo "prove.sh: '$build' is not a build directory (BUILD comes first)" >&2
    sed -n '4,8p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
case $build in /*) ;; *) build="$root/$build" ;; esac
ncores=$(nproc 2>/dev/null || echo 2)
jobs_max=${AMQ_PROVE_JOBS:-$ncores}
# provers in flight per job: enough to hide WP's per-goal latency (1 left a core idle), not so
# many that they crowd the 2 cores (proofs/doc/timing.md, "Twenty-seventh session"); steps keep
# results load-independent
par=${AMQ_WP_PAR:-3}
cpp="-D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -Iacsl"
# The budgets. Steps, not seconds, wherever a result must repeat on a loaded machine;
# the timeouts only stop a run away prover (no goal needs more than a few seconds).
STEPS=${AMQ_WP_STEPS:-2000000}             # one goal, per prover (cvc4: ~10-20 s)
STEPS_LEMMA=${AMQ_WP_STEPS_LEMMA:-400000}  # one lemma, per prover; then WP's range tactic
STEPS_SMOKE=${AMQ_WP_STEPS_SMOKE:-40000}   # one smoke test (cvc4: ~0.3-0.5 s); a unit may set more (@smoke-steps)
TIMEOUT_GUARD=300
# WP's property categories: removing all of them leaves only the smoke tests.
NO_PROPERTIES="-wp-prop=-@lemma,-@requires,-@ensures,-@assigns,-@exits,-@assert,-@invariant,-@variant,-@breaks,-@continues,-@returns,-@complete_behaviors,-@disjoint_behaviors,-@terminates,-@decreases,-@check"
UNSIGNED="-warn-unsigned-overflow -warn-unsigned-downcast"

for tool in frama-c why3 python3 cvc4 z3 cvc5; do
    command -v "$tool" >/dev/null 2>&1 || { echo "prove: $tool not found (run make deps-prove)" >&2; exit 2; }
done
mkdir -p "$build/proofs" || exit 2

# The why3 configuration is written from proofs/why3/why3.conf.in (fixed provers, drivers
# and command lines). cvc4 and cvc5 use proofs/why3/cvc4.drv and cvc5.drv, which import
# why3's own driver files by relative name, so they sit in a copy of why3's driver folder.
setup_why3() {
    WHY3CONFIG="$build/why3.conf"; export WHY3CONFIG
    local drivers="$build/why3-drivers" datadir libdir v4 vz v5
    datadir=$(why3 --print-datadir) && libdir=$(why3 --print-libdir) || return 1
    v4=$(cvc4 --version | sed -n 's/^This is CVC4 version \([^ ]*\).*/\1/p')
    vz=$(z3 -version | sed -n 's/^Z3 version \([^ ]*\).*/\1/p')
    v5=$(cvc5 --version | sed -n 's/^This is cvc5 version \([^ ]*\).*/\1/p')
    case "$v4 $vz $v5" in
        "1.8 4.8.12 1.0.3") ;;
        *) echo "prove: warning: provers cvc4 $v4, z3 $vz, cvc5 $v5; the budgets were set for 1.8, 4.8.12, 1.0.3 (Debian 12)" >&2 ;;
    esac
    rm -rf "$drivers" "$WHY3CONFIG"; mkdir -p "$drivers"
    ln -s "$datadir"/drivers/* "$drivers"/ && cp "$root/proofs/why3/cvc4.drv" "$root/proofs/why3/cvc5.drv" "$drivers/" || return 1
    sed -e "s|@DATADIR@|$datadir|; s|@LIBDIR@|$libdir|; s|@DRIVERS@|$drivers|" \
        -e "s|@CVC4_VERSION@|$v4|; s|@Z3_VERSION@|$vz|; s|@CVC5_VERSION@|$v5|" \
        "$root/proofs/why3/why3.conf.in" >"$WHY3CONFIG"
}
setup_why3 || { echo "prove: writing the why3 configuration failed" >&2; exit 2; }

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# frama_c ROOT LOG ARGS...: one frama-c run from ROOT, output in LOG; returns its status.
# Only the three plug-ins the proofs use are loaded: OCaml scans every loaded plug-in's
# globals at each minor collection, so the other thirty cost CPU in every run. And the
# major GC runs less often (space_overhead 400, default 80), for more memory: peak RSS 3.1 GB
# in unit quotient's goals job, the largest (0.67 GB with the default), 1.5 GB in cuckoo's
# smoke job, 1.3 GB in counting's goals job, under 1 GB in the others (sampled every 2 s
# during a full make prove, 2026-11-29). Measured on unit window's goals job (454 goals, cvc4): 47.2 CPU s and
# 37.5 s wall before, 44.6 and 34.7 after, quiet (load 2); 59.0 -> 52.2-54.8 CPU s at load
# 11. Neither changes a goal or a prover's input beyond what WP's own hash-consing order
# already varies from run to run.
FRAMA_C_PLUGINS="-no-autoload-plugins -load-module frama-c-wp,frama-c-rtegen,frama-c-report"
frama_c() {
    local r=$1 log=$2; shift 2
    # shellcheck disable=SC2086 # the plug-in options are words
    (cd "$r" && OCAMLRUNPARAM=${AMQ_OCAMLRUNPARAM:-o=400} frama-c $FRAMA_C_PLUGINS \
        -machdep x86_64 -cpp-extra-args="$cpp" "$@") >"$log" 2>&1
}

# The result cache (proofs/README.md, "Reusing a green run"). A job whose inputs are
# byte-identical to those of a job in an earlier green run of this build directory is not
# run again: its directory is copied from BUILD/proofs/cache/KEY. KEY is the SHA-256 of the
# job's kind and options, the budgets, the tool versions, this script and the why3
# configuration, and every source file Frama-C reads for the unit (its own list, from
# -audit-prepare: the unit's files and every header they include, Frama-C's libc included).
# Only a run whose gate passed stores its jobs. A fresh clone has no cache and proves
# everything; AMQ_PROVE_CACHE=0 does the same here.
cache_on=${AMQ_PROVE_CACHE:-1}
cache_dir="$build/proofs/cache"
CACHE_KEEP=200   # entries kept, newest first (a job directory is a few MB at most)

tool_versions() {
    frama-c -version; why3 --version; cvc4 --version | head -n 1; z3 -version
    cvc5 --version | head -n 1
}

# unit_sources NAME "FILES" "EXTRA": "sha256  path" of every file Frama-C reads for the
# unit, sorted; fails when Frama-C cannot list them.
# goals_only_out "EXTRA": a unit's options without its -wp-prop (a view's derived list, below),
# which selects the goals and smoke tests only: in the audit run it would start WP, and in a
# lemma job a list that starts with an exclusion starts from every property, so the lemma names
# that follow would no longer narrow it (the job proved the unit's goals again).
goals_only_out() {
    # -wp-skip-fct goes too: with a function selection WP generates no lemma goal at all
    # ("No goal generated": the lemma jobs of units quotient, quotient_key and
    # blocked_quotient_key proved nothing in the CI of 0147d42, 2026-12-02)
    # shellcheck disable=SC2086 # word splitting of the option list is intended
    # shellcheck disable=SC2046 # the options are words
    printf '%s\n' $(frama_opts "$1") | awk 'drop { drop = 0; next } $0 == "-wp-skip-fct" { drop = 1; next }
        /^-wp-skip-fct=/ || /^-wp-prop=/ { next } { print }' | tr '\n' ' '
}

# prove.sh's own tags among a unit's options, `@NAME=VALUE` (proofs/units/README.md):
# `@view-of=BASE` (the unit reads BASE's code with more annotations; what it would prove again
# of BASE's is left out, derived from both units' printed code: proofs/views.py) and
# `@smoke-steps=N`.  The units' parse refuses any other word that starts with `@`.
UNIT_TAGS="@view-of @smoke-steps"

# unknown_tag "EXTRA": the first word of a unit's options that starts with `@` but is no
# `NAME=VALUE` of UNIT_TAGS, or nothing.
unknown_tag() {
    local w
    # shellcheck disable=SC2086 # word splitting of the option list is intended
    for w in $1; do
        case $w in @*) ;; *) continue ;; esac
        case " $UNIT_TAGS " in *" ${w%%=*} "*) case $w in *=*) continue ;; esac ;; esac
        printf '%s\n' "$w"
        return
    done
}

# frama_opts "EXTRA": a unit's options for frama-c, without prove.sh's own tags (every word
# that starts with `@`: no frama-c option does, and the parse refused unknown ones).
frama_opts() {
    # shellcheck disable=SC2086 # word splitting of the option list is intended
    printf '%s\n' $1 | grep -v '^@' | tr '\n' ' '
}

# unit_tag "EXTRA" NAME: the value of prove.sh's own tag `@NAME=VALUE` among a unit's options
# (the last one if given twice), or nothing.
unit_tag() {
    # shellcheck disable=SC2086 # word splitting of the option list is intended
    printf '%s\n' $1 | sed -n "s/^@$2=//p" | tail -n 1
}

# smoke_steps "EXTRA": the smoke budget of a unit: its `@smoke-steps=N`, else STEPS_SMOKE.
# cvc4 counts its preprocessing in the budget, and a large task's preprocessing alone takes
# 32-50k steps: a unit whose tasks are that large sets a budget that still leaves a search
# (proofs/units/README.md, "@smoke-steps").
smoke_steps() {
    local n
    n=$(unit_tag "$1" smoke-steps)
    case $n in
        '') echo "$STEPS_SMOKE" ;;
        *[!0-9]*) echo "prove: @smoke-steps=$n is not a step count" >&2; return 1 ;;
        *) echo "$n" ;;
    esac
}

unit_sources() {
    local audit="$build/proofs/$1.audit.json" opts
    opts=$(goals_only_out "$3")
    # shellcheck disable=SC2086 # word splitting of file and option lists is intended
    # -print: the unit's code after the preprocessor, whose lemmas are the ones it sees
    # (report.py --lemma-plan; blocked_logic.h has a half per AMQ_BLOCKED_NO_* switch)
    frama_c "$root" "$build/proofs/$1.audit.log" $2 $opts -rte $UNSIGNED -audit-prepare "$audit" \
        -print -ocode "$build/proofs/$1.ast.c" || return 1
    python3 - "$audit" "$(frama-c -print-share-path)" "$root" <<'PY' || return 1
import hashlib, json, os, sys
audit, share, root = sys.argv[1:4]
with open(audit) as f:
    sources = json.load(f)["sources"]
if not sources:
    sys.exit(1)
for name in sorted(sources):
    path = name.replace("FRAMAC_SHARE", share, 1) if name.startswith("FRAMAC_SHARE") else os.path.join(root, name)
    with open(path, "rb") as f:
        print(hashlib.sha256(f.read()).hexdigest(), name)
PY
}

# job_key KIND "SELECT" "UNIT_INPUTS": the cache key of one job of a unit.
job_key() {
    {
        echo "amqcert make prove cache 1"
        printf '%s\n' "kind=$1" "select=$2" "steps=$STEPS $STEPS_LEMMA $STEPS_SMOKE" \
            "guard=$TIMEOUT_GUARD par=$par" "unsigned=$UNSIGNED" "smoke=$NO_PROPERTIES" "cpp=$cpp" \
            "plugins=$FRAMA_C_PLUGINS ocamlrunparam=${AMQ_OCAMLRUNPARAM:-o=400}"
        printf '%s\n' "$versions"
        (cd "$root" && sha256sum proofs/prove.sh proofs/z3-first.txt proofs/why3/why3.conf.in proofs/why3/cvc4.drv \
            proofs/why3/cvc5.drv)
        printf '%s\n' "$3"
    } | sha256sum | cut -d' ' -f1
}

# cached_job KEY OUTDIR CMD...: OUTDIR from the cache when KEY is there, else run CMD (which
# writes OUTDIR) and note KEY in OUTDIR/cache-key for the store after a green gate.
cached_job() {
    local key=$1 out=$2; shift 2
    if [ -n "$key" ] && [ -d "$cache_dir/$key" ]; then
        rm -rf "$out" && cp -a "$cache_dir/$key" "$out" && touch "$cache_dir/$key" && {
            sed -i 's/^wall=.*/wall=0.0/' "$out/meta"   # this run spent no time on it
            echo "$key" >"$out/reused"
            echo "prove: $(basename "$out") reused: its inputs are those of an earlier green run"
            return 0
        }
    fi
    "$@"
    [ -z "$key" ] || echo "$key" >"$out/cache-key"
}

# cache_store DIR...: after a green gate, keep each job that was run (not reused).
cache_store() {
    local d key
    mkdir -p "$cache_dir" || return 0
    for d in "$@"; do
        if [ ! -f "$d/cache-key" ] || [ -f "$d/reused" ]; then continue; fi
        key=$(cat "$d/cache-key")
        [ -n "$key" ] || continue
        rm -rf "${cache_dir:?}/$key.tmp" && cp -a "$d" "$cache_dir/$key.tmp" \
            && rm -f "$cache_dir/$key.tmp/cache-key" && rm -rf "${cache_dir:?}/$key" \
            && mv "$cache_dir/$key.tmp" "$cache_dir/$key"
    done
    # shellcheck disable=SC2012 # names are hex keys
    ls -1t "$cache_dir" | tail -n +$((CACHE_KEEP + 1)) | while read -r old; do rm -rf "${cache_dir:?}/$old"; done
}

# first_names ROOT NAME: the ACSL names that unit NAME sends to z3 and cvc5 before cvc4
# (proofs/z3-first.txt), comma-separated; nothing when it lists none.
first_names() {
    sed -e 's/#.*//' "$1/proofs/z3-first.txt" 2>/dev/null | awk -v u="$2" -F: '
        { n = $1; gsub(/[ \t]/, "", n) }
        n == u { $1 = ""; for (i = 1; i <= split($0, w, /[ \t]+/); i++) if (w[i] != "") out = out (out ? "," : "") w[i] }
        END { print out }'
}

# wp_pass ROOT OUTDIR PROVERS STEPS "FILES" "OPTIONS": one WP run of the given provers,
# its log, wp.json and properties.csv in OUTDIR; returns frama-c's status.
# -wp-no-ground: Qed's aggressive ground simplification cost unit quotient's Qed 111 CPU s
# and closed no goal that Qed does not close without it (1071 of 1792 either way; 72 s
# without). -wp-no-pruning (WP's pruning of trivial branches): Qed 72 -> 43 s, 19 more goals
# to cvc4, the goals job 331 -> 314 CPU s. A goal Qed leaves goes to the provers, and the
# gate still needs every goal proved (proofs/doc/timing.md, "Fifteenth session").
# The smoke jobs keep Qed's defaults: there its simplification may be what finds an
# inconsistency.
wp_pass() {
    mkdir -p "$2"
    # shellcheck disable=SC2086 # word splitting of file and option lists is intended
    frama_c "$1" "$2/frama-c.log" $5 -wp -wp-rte $UNSIGNED -wp-no-smoke-tests -wp-no-ground -wp-no-pruning \
        -wp-prover "$3" -wp-steps "$4" -wp-timeout "$TIMEOUT_GUARD" -wp-par "$par" \
        -wp-cache none $6 -wp-report-json "$2/wp.json" \
        -then -report-csv "$2/properties.csv" -report-untried
}

# run_goals ROOT NAME "FILES" "EXTRA" "SELECT" OUTDIR: the goals of one unit.
# SELECT restricts WP to the lemmas, to the rest, or (prove-mutants) to some functions.
# The portfolio is a cascade: cvc4 proves nearly every goal, so it goes first, alone (no
# prover races it for CPU); the functions and lemmas with a goal it left are proved again
# by z3 and cvc5 side by side (OUTDIR/others). The goals named in proofs/z3-first.txt, on
# which cvc4 runs to the guard, go the other way: z3 and cvc5 first (OUTDIR/first), cvc4
# not at all unless they leave one (OUTDIR/first-cvc4). report.py takes, for each
# property, the run that proved it.
run_goals() {
    local r=$1 name=$2 files=$3 extra=$4 select=$5 out=$6 rc=0 t0 t1 kind=goals steps=$STEPS
    local left first="" sel_first sel_cvc4=$select
    # a lemma job: every lemma (-wp-prop=@lemma), or the lemmas its unit owns, by name
    case $select in *-wp-prop=@lemma* | *"-wp-auto wp:range"*) kind=lemmas; steps=$STEPS_LEMMA ;; esac
    rm -rf "$out"; mkdir -p "$out"
    t0=$(now_ms)
    # WP joins the -wp-prop options of a run into one list, read left to right from "every
    # property" when it starts with an exclusion, else from none: "-a,c" selects all but a,
    # "c,-a" only c. So the job's own selection (SELECT, with the z3-first names spliced into its
    # "-wp-prop=-@lemma") goes before EXTRA, whose list (a view's -wp-prop=-NAME...) only
    # takes away: "-wp-prop=NAMES,-@lemma" then "-wp-prop=-v..." is NAMES less the view's.
    case $kind:$select in goals:*-wp-prop=-@lemma*) first=$(first_names "$r" "$name") ;; esac
    if [ -n "$first" ]; then
        sel_first=${select/-wp-prop=-@lemma/-wp-prop=$first,-@lemma}
        sel_cvc4=${select/-wp-prop=-@lemma/-wp-prop=-@lemma,-${first//,/,-}}
        wp_pass "$r" "$out/first" z3,cvc5 "$steps" "$files" "$sel_first $extra"
        rc=$?
        write_meta "$out/first" "$name" "$kind" "$files" "$rc" "$extra $sel_first" "$t0" "$(now_ms)" "z3,cvc5"
        if [ $rc -eq 0 ] && left=$(python3 "$root/proofs/report.py" --left "$out/first") && [ -n "$left" ]; then
            t1=$(now_ms)
            wp_pass "$r" "$out/first-cvc4" cvc4 "$steps" "$files" "$left $extra"
            rc=$?
            write_meta "$out/first-cvc4" "$name" "$kind" "$files" "$rc" "$extra $left" "$t1" "$(now_ms)" cvc4
        fi
    fi
    wp_pass "$r" "$out" cvc4 "$steps" "$files" "$sel_cvc4 $extra" || rc=$?
    if [ $rc -eq 0 ] && left=$(python3 "$root/proofs/report.py" --left "$out") && [ -n "$left" ]; then
        t1=$(now_ms)
        wp_pass "$r" "$out/others" z3,cvc5 "$steps" "$files" "$left $extra"
        rc=$?
        write_meta "$out/others" "$name" "$kind" "$files" "$rc" "$extra $left" "$t1" "$(now_ms)" "z3,cvc5"
    fi
    write_meta "$out" "$name" "$kind" "$files" "$rc" "$extra $sel_cvc4" "$t0" "$(now_ms)" cvc4
}

# run_smoke ROOT NAME "FILES" "EXTRA" OUTDIR [STEPS]: the smoke tests of one unit, STEPS each
# (default STEPS_SMOKE).
run_smoke() {
    local r=$1 name=$2 files=$3 extra=$4 out=$5 steps=${6:-$STEPS_SMOKE} rc t0 t1
    rm -rf "$out"; mkdir -p "$out"
    t0=$(now_ms)
    # shellcheck disable=SC2086
    frama_c "$r" "$out/frama-c.log" $files -wp -wp-rte $UNSIGNED -wp-smoke-tests "$NO_PROPERTIES" \
        -wp-prover cvc4 -wp-steps "$steps" -wp-timeout "$TIMEOUT_GUARD" \
        -wp-smoke-timeout "$TIMEOUT_GUARD" -wp-par "$par" -wp-cache none $extra \
        -wp-report-json "$out/wp.json"
    rc=$?
    t1=$(now_ms)
    write_meta "$out" "$name" smoke "$files" "$rc" "$extra" "$t0" "$t1" cvc4 "$steps"
}

write_meta() {
    {
        echo "name=$2"; echo "kind=$3"; echo "files=$4"; echo "exit=$5"; echo "options=$6"
        echo "provers=${9:-cvc4}"
        case $3 in
            smoke) echo "steps=${10:-$STEPS_SMOKE}" ;;
            lemmas) echo "steps=$STEPS_LEMMA" ;;
            *) echo "steps=$STEPS" ;;
        esac
        echo "wall=$(( ($8 - $7) / 1000 )).$(( ($8 - $7) % 1000 / 100 ))"
    } >"$1/meta"
    if [ "$5" -ne 0 ]; then
        echo "prove: $3 job of unit $2 failed (frama-c exit $5); see $1/frama-c*.log" >&2
    fi
}

# unit_lines DIR: the unit files of DIR (proofs/units: one per structure, so that adding a
# structure edits no shared file), by file name; the order of the scheduling is decided later.
unit_lines() {
    local f LC_COLLATE=C
    for f in "$1"/*.txt; do [ ! -f "$f" ] || { cat "$f"; echo; }; done
}

# each_unit DIR: prints "name<TAB>files<TAB>extra" per unit line of DIR's unit files.
each_unit() {
    unit_lines "$1" | sed -e 's/#.*//' | awk -F'|' 'NF && $0 ~ /:/ {
        split($1, a, ":"); name = a[1]; files = substr($1, index($1, ":") + 1)
        extra = (NF > 1) ? $2 : ""
        gsub(/^[ \t]+|[ \t]+$/, "", name); gsub(/^[ \t]+|[ \t]+$/, "", files)
        gsub(/^[ \t]+|[ \t]+$/, "", extra)
        printf "%s\t%s\t%s\n", name, files, extra }'
}

self_test() {
    local st="$build/proofs/selftest" status=0 case d h c hc f files rc want
    rm -rf "$st"; mkdir -p "$st"
    local cases="control wrong_post dead_requires dead_quantified rte_shift axiom
                 hash_model bodyless_logic bodyless_contract wrapper_elsewhere wrapper_stronger"
    for case in ${AMQ_SELFTEST_CASES:-$cases}; do
        d="$st/$case/tree"
        mkdir -p "$d"
        cp -R "$root/src" "$root/acsl" "$root/spec" "$d/" || return 2
        h="$d/src/lib_internal/bloom_kernel.h"; c="$d/src/bloom_kernel.c"; files=src/bloom_kernel.c
        # the hash model's cases: a caller of a wrapper, proved from the wrapper's contract
        hc="$d/src/selftest_hash.c"
        case $case in hash_model | wrapper_stronger)
            files="src/bloom_kernel.c src/selftest_hash.c"
            printf '%s\n' '#include <lib_internal/hash_model.h>' \
                '/*@ requires \valid_read((char *)key + (0 .. len - 1)); assigns \nothing; ensures \result == 1; */' \
                'int amq_self_test_same(const void *key, size_t len) { return amq_xxh64(key, len, 7) == amq_xxh64(key, len, 7); }' \
                >"$hc" ;;
        esac
        case $case in
            wrong_post)    # claim the last bit is always set after add: false
                sed -i 's/ensures inserted:   amq_bloom_all_set(bits, idx, k);/ensures inserted:   amq_bloom_all_set(bits, idx, k) \&\& amq_bloom_bit_set(bits, m - 1);/' "$h" ;;
            dead_requires) # inconsistent precondition: every goal holds vacuously
                sed -i 's/requires m_pos:     m >= 1;/requires m_pos:     m >= 1 \&\& m < 1;/' "$h" ;;
            dead_quantified) # inconsistent only through a quantifier instance and the memory
                             # model (an index array of k >= 1 entries, each below 0): the smoke
                             # test's step budget must still find it
                sed -i 's/requires m_pos:     m >= 1;/requires m_pos:     m >= 1 \&\& k >= 1 \&\& (\\forall integer i; 0 <= i < k ==> idx[i] + 1 <= 0);/' "$h" ;;
            rte_shift)     # shift by up to 64: undefined behaviour -wp-rte must catch
                sed -i 's/% 64u)/% 65u)/' "$c" ;;
            axiom)         # a consistent (here even true) axiom: goals and smoke tests all pass,
                           # only the lint can see that something is assumed, not proved
                printf '%s\n' '/*@ axiomatic AmqSelfTest { axiom amq_self_test: \forall integer x; x + 0 == x; } */' \
                    >> "$d/acsl/amq/bloom_logic.h" ;;
            hash_model) ;; # the wrappers' contracts as pinned: the gate must accept them
            bodyless_logic) # a logic function declared without a definition: assumed to exist
                printf '%s\n' '/*@ axiomatic AmqSelfTest { logic integer amq_self_test_f(integer x); } */' \
                    >> "$d/acsl/amq/bloom_logic.h" ;;
            bodyless_contract | wrapper_elsewhere) # a contract without a body, used by a caller
                # (named as a hash-model wrapper but outside its file, in wrapper_elsewhere)
                f=amq_self_test_oracle; [ "$case" = wrapper_elsewhere ] && f=amq_xxh3_64
                printf '%s\n' "/*@ assigns \\nothing; ensures \\result == 1; */ int $f(void);" \
                    "/*@ assigns \\nothing; ensures \\result == 1; */ int amq_self_test_caller(void) { return $f(); }" \
                    >> "$c" ;;
            wrapper_stronger) # a wrapper's contract claims more than the hash model (an upper bound)
                sed -i 's/ensures model: \\result == amq_hash_xxh64{Pre}((char \*)key, len, seed);/ensures model: \\result == amq_hash_xxh64{Pre}((char *)key, len, seed) \&\& \\result < 5;/' \
                    "$d/src/lib_internal/hash_model.h" ;;
        esac
        if [ "$case" != control ] && [ "$case" != hash_model ] \
           && diff -rq "$d/src" "$root/src" >/dev/null && diff -rq "$d/acsl" "$root/acsl" >/dev/null; then
            echo "self-test $case: mutation did not apply (sources changed?)"; status=1; continue
        fi
        if [ "$case" = wrapper_stronger ] && cmp -s "$d/src/lib_internal/hash_model.h" "$root/src/lib_internal/hash_model.h"; then
            echo "self-test $case: mutation did not apply (sources changed?)"; status=1; continue
        fi
        run_goals "$d" "selftest-$case" "$files" "" "-wp-prop=-@lemma" "$st/$case/goals" 2>/dev/null &
        run_goals "$d" "selftest-$case" "$files" "" "-wp-prop=@lemma -wp-auto wp:range" \
            "$st/$case/lemmas" 2>/dev/null
        run_smoke "$d" "selftest-$case" "$files" "" "$st/$case/smoke" 2>/dev/null &
        wait
        (cd "$d" && python3 "$root/proofs/report.py" "$st/$case/report.json" \
            "$st/$case/goals" "$st/$case/lemmas" "$st/$case/smoke") >"$st/$case/report.txt" 2>&1
        rc=$?
        case $case in control | hash_model) want=0 ;; *) want=1 ;; esac
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

if [ "$mode" = "--library" ]; then
    return 0 2>/dev/null || exit 0   # sourced by proofs/prove-mutants.sh: the functions only
elif [ "$mode" = "--self-test" ]; then
    self_test; exit $?
elif [ -n "$mode" ]; then
    echo "usage: bash proofs/prove.sh BUILD [--self-test]" >&2; exit 2
fi

units=$(each_unit "$root/proofs/units")
[ -n "$units" ] || { echo "prove: no units in proofs/units/*.txt" >&2; exit 2; }
only=${AMQ_PROVE_UNITS:-}
all_units=--all-units
[ -z "$only" ] || all_units=
selected() { [ -z "$only" ] && return 0; case " $only " in *" $1 "*) return 0 ;; esac; return 1; }

# The units in file order (report.py --lemma-plan breaks its ties by it); the jobs run in
# another order, longest first (run_order, below).
declare -a goal_jobs=()
declare -A files_of=() extra_of=()
tab=$(printf '\t')
while IFS="$tab" read -r name files extra; do
    [ -z "${files_of[$name]+x}" ] || { echo "prove: unit $name is defined twice in proofs/units/*.txt" >&2; exit 2; }
    selected "$name" || continue
    tag=$(unknown_tag "$extra")
    [ -z "$tag" ] || { echo "prove: unit $name: '$tag' is no tag of prove.sh's (it knows $UNIT_TAGS, each as NAME=VALUE)" >&2; exit 2; }
    files_of[$name]=$files; extra_of[$name]=$extra; goal_jobs+=("$name")
done <<EOF_UNITS
$units
EOF_UNITS
[ ${#goal_jobs[@]} -gt 0 ] || { echo "prove: no unit named in AMQ_PROVE_UNITS='$only'" >&2; exit 2; }

# The cache key inputs of each unit: computed before any job starts (the sources Frama-C
# reads, with their hashes), by audit runs side by side like the jobs. The same runs print
# each unit's preprocessed code, from which report.py --lemma-plan decides which unit proves
# which lemmas.
declare -A inputs_of=() lemmas_of=()
versions=""
[ "$cache_on" = 0 ] || versions=$(tool_versions 2>&1)
audit_unit() {  # audit_unit NAME: BUILD/proofs/NAME.inputs, or a message and no file
    unit_sources "$1" "${files_of[$1]}" "${extra_of[$1]}" >"$build/proofs/$1.inputs.tmp" \
        && mv "$build/proofs/$1.inputs.tmp" "$build/proofs/$1.inputs" \
        || echo "prove: unit $1: no cache key, and its lemma job proves every lemma it reads (see $build/proofs/$1.audit.log)" >&2
}
t_audit=$(now_ms)
for name in "${goal_jobs[@]}"; do
    rm -f "$build/proofs/$name".{audit.json,ast.c,inputs,inputs.tmp,lemmas-used,lemmas-owned}
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    audit_unit "$name" &
done
wait
for name in "${goal_jobs[@]}"; do
    inputs_of[$name]=$(cat "$build/proofs/$name.inputs" 2>/dev/null)
    [ -n "${inputs_of[$name]}" ] || rm -f "$build/proofs/$name.ast.c"   # no plan without it
done
echo "prove: ${#goal_jobs[@]} audits in $(( ($(now_ms) - t_audit) / 1000 )) s wall"
# Each lemma is proved once, by the unit that owns it; the other units that read it use it as
# a hypothesis, and the gate checks that it is Valid in the owner's job of this run.
plan=$(cd "$root" && python3 "$root/proofs/report.py" --lemma-plan "$build/proofs" "${goal_jobs[@]}") \
    || { echo "prove: report.py --lemma-plan failed" >&2; exit 2; }
while IFS="$tab" read -r name sel; do
    [ -n "$name" ] && lemmas_of[$name]=$sel
done <<EOF_PLAN
$plan
EOF_PLAN
# Each unit's frama-c options; a view (@view-of=BASE, unit cuckoo_count) leaves out what BASE
# proves of the same code when BASE is in the run (proofs/views.py), else it proves everything.
declare -A opts_of=() smoke_steps_of=()
for name in "${goal_jobs[@]}"; do
    opts_of[$name]=$(frama_opts "${extra_of[$name]}")
    smoke_steps_of[$name]=$(smoke_steps "${extra_of[$name]}") || exit 2
    base=$(unit_tag "${extra_of[$name]}" view-of)
    if [ -z "$base" ] || [ -z "${files_of[$base]:-}" ]; then continue; fi
    view=$(cd "$root" && python3 "$root/proofs/report.py" --view-plan "$build/proofs" "$base" "$name") \
        || { echo "prove: report.py --view-plan failed" >&2; exit 2; }
    opts_of[$name]="${opts_of[$name]} $view"
    echo "prove: unit $name leaves out what unit $base proves of the same code:" \
        "$(printf '%s' "$view" | sed -n 's/.*-wp-skip-fct \([^ ]*\).*/\1/p' | tr ',' '\n' | grep -c .) functions," \
        "$(printf '%s' "$view" | sed -n 's/.*-wp-prop=\([^ ]*\).*/\1/p' | tr ',' '\n' | grep -c .) clause names"
done
key_of() {  # key_of NAME KIND SELECT: the job's cache key, or nothing (no cache)
    [ "$cache_on" != 0 ] && [ -n "${inputs_of[$1]}" ] || return 0
    job_key "$2" "$3" "files=${files_of[$1]} extra=${opts_of[$1]}
${inputs_of[$1]}"
}

# The jobs, longest first, so that no long job starts late and leaves one core idle at the
# end: each unit's goals and smoke tests, the units by their number of ACSL clauses (in the
# code the audit printed: a rough size of the goals job; no list of units to keep by hand),
# then all the lemma jobs (the audit prints the run-time checks too). With 2 cores, on the jobs
# of the ci9 run (1715 s), this order gives 858 s, the hand-kept order of the former single
# units list 858 s, the file order 865 s.
run_order=$(for name in "${goal_jobs[@]}"; do
    printf '%s %s\n' "$(grep -oE '\b(requires|ensures|assigns|assert|invariant)\b' \
        "$build/proofs/$name.ast.c" 2>/dev/null | wc -l)" "$name"
done | sort -s -k1,1nr | cut -d' ' -f2)
dirs=""
launch() {  # launch CMD...: run in the background, at most jobs_max at a time
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    "$@" &
}
t_start=$(now_ms)
echo "prove: ${#goal_jobs[@]} units, $jobs_max jobs side by side, $par prover(s) per job"
for name in $run_order; do
    files=${files_of[$name]}; extra=${opts_of[$name]}
    out="$build/proofs/$name.goals"
    launch cached_job "$(key_of "$name" goals "-wp-prop=-@lemma")" "$out" \
        run_goals "$root" "$name" "$files" "$extra" "-wp-prop=-@lemma" "$out"
    dirs="$dirs $out"
    out="$build/proofs/$name.smoke"
    launch cached_job "$(key_of "$name" smoke "steps=${smoke_steps_of[$name]}")" "$out" \
        run_smoke "$root" "$name" "$files" "$extra" "$out" "${smoke_steps_of[$name]}"
    dirs="$dirs $out"
done
for name in $run_order; do
    out="$build/proofs/$name.lemmas"
    rm -rf "$out"
    [ -n "${lemmas_of[$name]:-}" ] || continue   # it owns no lemma: no lemma job
    sel="${lemmas_of[$name]} -wp-auto wp:range,wp:bitrange"
    launch cached_job "$(key_of "$name" lemmas "$sel")" "$out" \
        run_goals "$root" "$name" "${files_of[$name]}" "$(goals_only_out "${extra_of[$name]}")" "$sel" "$out"
    dirs="$dirs $out"
done
wait
for name in "${goal_jobs[@]}"; do  # the lemma lists of this tree, for the gate (also on reused jobs)
    [ ! -f "$build/proofs/$name.lemmas-used" ] || cp "$build/proofs/$name.lemmas-used" "$build/proofs/$name.goals/lemmas-used"
    [ ! -d "$build/proofs/$name.lemmas" ] || [ ! -f "$build/proofs/$name.lemmas-owned" ] \
        || cp "$build/proofs/$name.lemmas-owned" "$build/proofs/$name.lemmas/lemmas-owned"
done
t_end=$(now_ms)
echo "prove: all jobs done in $(( (t_end - t_start) / 1000 )) s wall"

# shellcheck disable=SC2086
cd "$root" && python3 "$root/proofs/report.py" "$build/proof-report.json" $all_units \
    --wall "$(( (t_end - t_start) / 1000 ))" $dirs
gate=$?
# shellcheck disable=SC2086
[ "$gate" -ne 0 ] || [ "$cache_on" = 0 ] || cache_store $dirs
exit $gate
