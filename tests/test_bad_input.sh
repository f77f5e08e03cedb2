#!/bin/sh
# Runs the bad-input table of docs/bad-input.md against an amq binary.
# usage: test_bad_input.sh AMQ [TABLE]   (prints one line per failing row, then a summary;
# exits 0 iff every row passes)
amq=$1 table=${2:-docs/bad-input.md}
[ -x "$amq" ] || { echo "test_bad_input: no binary '$amq'"; exit 2; }
case $amq in /*) ;; *) amq="$PWD/$amq" ;; esac
[ -r "$table" ] || { echo "test_bad_input: no table '$table'"; exit 2; }
case $table in /*) ;; *) table="$PWD/$table" ;; esac
top=$(mktemp -d /tmp/amq-bad-input-XXXXXX) || exit 2
trap 'rm -rf "$top"' EXIT

fixtures() { # in the current directory
    seq 1 100 > keys.txt
    "$amq" build -m 1000 -k 3 -o f.amq < keys.txt 2>/dev/null || return 1
    "$amq" build --type counting -m 1000 -k 3 -o c.amq < keys.txt 2>/dev/null || return 1
    chmod 0644 c.amq
    cp f.amq corrupt.amq && printf '\377' | dd of=corrupt.amq bs=1 seek=80 conv=notrunc 2>/dev/null
    head -c 40 c.amq > short.amq
    { echo 1; head -c 1048577 /dev/zero | tr '\0' k; echo; } > long-key.txt
    echo never-added > absent.txt
    mkfifo pipe && mkdir dir && ln -s pipe to-pipe && ln -s loop-b loop-a && ln -s loop-a loop-b
}

snapshot() { # kind, mode and link target of every entry; size and modification time (ns) of
    # every regular file, which any write moves (cp -a keeps them): no file is read, and two
    # processes a call instead of six with a content hash (once per row, in two passes)
    find . -path ./out.txt -prune -o -type f -printf '%p %y %m %s %T@\n' -o -printf '%p %y %m %l\n' |
        LC_ALL=C sort
}

mkdir "$top/fixtures" && cd "$top/fixtures" && fixtures || { echo "test_bad_input: fixtures failed"; exit 2; }
# every row starts from a copy (cp -a: same kinds, modes, targets, contents) of this state
before=$(snapshot)
rows=0 failed=0
# rows: | N | command | exit | message | unchanged |, split once by awk into fields
# separated by the unit separator (not whitespace, so an empty field stays a field)
us=$(printf '\037')
awk -F' [|] ' -v us="$us" '/^\| *[0-9]+ *\|/ {
    id = $1; gsub(/[| ]/, "", id); same = $5; gsub(/[| ]/, "", same)
    print id us $2 us $3 us $4 us same }' "$table" > "$top/rows"
while IFS=$us read -r id cmd want msg same; do
    rows=$((rows + 1))
    dir="$top/$id"
    cp -a "$top/fixtures" "$dir" && cd "$dir" || exit 2
    # `amq` in the command is the binary under test, each run under `timeout 60`; a row may be
    # a compound command (parallel writers: `&` and `wait`), its last command's status counts
    (AMQ="$amq"; amq() { timeout 60 "$AMQ" "$@"; }; eval "$cmd") > out.txt 2>&1
    rc=$?
    why=""
    [ "$rc" = "$want" ] || why="exit status $rc, expected $want"
    grep -qF -- "$msg" out.txt || why="${why:+$why; }output lacks '$msg'"
    [ "$same" != yes ] || [ "$before" = "$(snapshot)" ] || why="${why:+$why; }the directory changed"
    if [ -n "$why" ]; then
        failed=$((failed + 1))
        echo "FAIL row $id: $cmd: $why"
        head -c 300 out.txt | head -n 3 | sed 's/^/    | /'
    fi
    cd "$top" && rm -rf "$dir"
done < "$top/rows"
echo "bad input: $rows rows, $((rows - failed)) passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$rows" -gt 0 ]
