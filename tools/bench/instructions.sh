#!/bin/sh
# make bench's instruction counts (docs/cuckoo.md, speed): runs BUILD/bench-instructions
# (tools/bench/instructions/query_instructions.c) under callgrind, once per measured function,
# with collection on only inside it, so a run's total is that function's inclusive count over
# the queries; divides by the number of queries.  Instruction counts do not depend on the
# machine's load, unlike the times of build/bench.  Without valgrind: one line saying so.
#   sh tools/bench/instructions.sh [BUILD]
BUILD=${1:-build}
BIN=$BUILD/bench-instructions
echo "Instructions per negative query (callgrind, inclusive; tools/bench/instructions.sh)"
if ! command -v valgrind >/dev/null 2>&1 || ! command -v callgrind_annotate >/dev/null 2>&1; then
    echo "  skipped: valgrind (with callgrind_annotate) is not installed; sh tools/deps.sh bench installs it"
    echo
    exit 0
fi
[ -x "$BIN" ] || { echo "instructions.sh: $BIN is missing (make $BIN)" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
[ -n "$KEEP" ] || trap 'rm -rf "$tmp"' EXIT

# count FUNCTION: the annotated profile of the queries, collected only inside FUNCTION
count() {
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect="$1" \
        --callgrind-out-file="$tmp/$1.cg" "$BIN" >"$tmp/$1.out" 2>"$tmp/$1.err" ||
        { echo "instructions.sh: valgrind $BIN failed:" >&2; cat "$tmp/$1.err" >&2; exit 1; }
    callgrind_annotate --inclusive=yes --threshold=100 --auto=no "$tmp/$1.cg" >"$tmp/$1.txt" 2>/dev/null ||
        { echo "instructions.sh: callgrind_annotate $tmp/$1.cg failed" >&2; exit 1; }
}
# per FILE FUNCTION QUERIES: FUNCTION's inclusive count in the annotation FILE per query, one
# decimal; "inlined" when it is not listed (the kernel's query and alternate bucket, counted
# apart before 6d304e0, are inlined into the flattened amq_cuckoo_query, so no row names them).
# callgrind_annotate may list a function once per spelling of its source path (absolute,
# relative), each line with the whole inclusive count: the largest is taken, not the sum.
per() {
    awk -v fn="$2" -v q="$3" '
        { line = $0; sub(/ \[.*$/, "", line); name = line; sub(/^.*:/, "", name); sub(/\.isra\.[0-9]+$/, "", name)
          if (name == fn) { v = $1; gsub(/,/, "", v); if (v + 0 > s) s = v + 0; seen = 1 } }
        END { if (seen) printf "%.1f", s / q; else printf "inlined" }' "$1"
}

count amq_cuckoo_query || exit 1
count amq_bloom_query || exit 1
q=$(awk '$1 == "queries" { print $2 }' "$tmp/amq_cuckoo_query.out")
[ -n "$q" ] || { echo "instructions.sh: no 'queries N' line from $BIN" >&2; exit 1; }
ck=$tmp/amq_cuckoo_query.txt
bf=$tmp/amq_bloom_query.txt
sed -n 's/^/  /; 2,3p' "$tmp/amq_cuckoo_query.out"
echo "  $q queries of the keys neg0 .. neg$((q - 1)) against each filter; instructions per query:"
printf '  %-44s %8s\n' amq_cuckoo_query "$(per "$ck" amq_cuckoo_query "$q")"
printf '  %-44s %8s\n' amq_bloom_query "$(per "$bf" amq_bloom_query "$q")"
echo
