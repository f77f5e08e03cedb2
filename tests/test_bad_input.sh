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

snapshot() { # kind, mode and content of every entry (never opens a FIFO)
    find . -path ./out.txt -prune -o -print | LC_ALL=C sort | while IFS= read -r f; do
        printf '%s %s ' "$f" "$(stat -c '%F %a' "$f")"
        if [ -f "$f" ] && [ ! -L "$f" ]; then sha256sum < "$f"; else echo; fi
    done
}

mkdir "$top/fixtures" && cd "$top/fixtures" && fixtures || { echo "test_bad_input: fixtures failed"; exit 2; }
rows=0 failed=0
# rows: | N | command | exit | message | unchanged |
grep -E '^\| *[0-9]+ *\|' "$table" > "$top/rows"
while IFS= read -r row; do
    id=$(printf '%s' "$row" | awk -F' [|] ' '{print $1}' | tr -d '| ')
    cmd=$(printf '%s' "$row" | awk -F' [|] ' '{print $2}')
    want=$(printf '%s' "$row" | awk -F' [|] ' '{print $3}')
    msg=$(printf '%s' "$row" | awk -F' [|] ' '{print $4}')
    same=$(printf '%s' "$row" | awk -F' [|] ' '{print $5}' | tr -d '| ')
    rows=$((rows + 1))
    dir="$top/$id"
    cp -a "$top/fixtures" "$dir" && cd "$dir" || exit 2
    before=$(snapshot)
    # `amq` in the command is the binary under test, each run under `timeout 60`; a row may be
    # a compound command (parallel writers: `&` and `wait`), its last command's status counts
    (AMQ="$amq"; amq() { timeout 60 "$AMQ" "$@"; }; eval "$cmd") > out.txt 2>&1
    rc=$?
    after=$(snapshot)
    why=""
    [ "$rc" = "$want" ] || why="exit status $rc, expected $want"
    grep -qF -- "$msg" out.txt || why="${why:+$why; }output lacks '$msg'"
    [ "$same" != yes ] || [ "$before" = "$after" ] || why="${why:+$why; }the directory changed"
    if [ -n "$why" ]; then
        failed=$((failed + 1))
        echo "FAIL row $id: $cmd: $why"
        head -c 300 out.txt | head -n 3 | sed 's/^/    | /'
    fi
    cd "$top" && rm -rf "$dir"
done < "$top/rows"
echo "bad input: $rows rows, $((rows - failed)) passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$rows" -gt 0 ]
