#!/usr/bin/env python3
"""Summarise WP runs made by proofs/prove.sh.

usage: report.py OUT.json [--all-units] [--wall SECONDS] [--functions F,G] JOBDIR...
       report.py --left JOBDIR     (the options that select what a cvc4 pass left)
       report.py --lemma-plan PROOFSDIR NAME...  (which unit's lemma job proves which lemmas:
                                                 proofs/lemmas.py)
       report.py --view-plan PROOFSDIR BASE VIEW (the options that leave BASE's goals out of
                                                 unit VIEW: proofs/views.py)
Each JOBDIR is one job of a unit (proofs/prove.sh): wp.json (-wp-report-json),
frama-c*.log, properties.csv (-report-csv; not for smoke jobs), meta (unit name,
kind goals/lemmas/smoke, files, exit code, wall time). Prints a table per
function and the 20 slowest goals, writes OUT.json (every goal's prover, status,
time and steps), exits 1 unless every goal is proved, no smoke test fails, every
frama-c run exited 0 and every property is Valid in some job of its unit (a
lemma, a fact of its header, in some job of the run).
Run from the tree that was proved, it also fails on any ACSL `axiom`, `admit`
or `check` annotation in acsl/, src/ and proofs/ (WP would take them as given),
and, with --all-units (every unit of proofs/units/*.txt), on any function declared
in a src/lib_internal/*_kernel.h header that no unit proved.
"""
import glob
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # no proofs/__pycache__ in the tree
import lemmas as lemma_once  # noqa: E402 (proofs/lemmas.py: each lemma proved once)
import views  # noqa: E402 (proofs/views.py: two views of one kernel)

SMOKE = "_wp_smoke_"
GOAL_LINE = re.compile(r"^\[wp\] \[([^\]]+)\] Goal (\S+) : (\S+)(.*)$")
SMOKE_FAILED = re.compile(r"^\[wp\] \[Failed\] Smoke-test (\S+)")
TIME = re.compile(r"\((?:Qed:)?([0-9.]+)(ms|s)\)")
MINUTES = re.compile(r"\((\d+)'(?:([0-9.]+)s)?\)")  # WP's "(1')", "(1'11s)", "(5')"


def read_meta(d):
    meta = {}
    with open(os.path.join(d, "meta")) as f:
        for line in f:
            k, _, v = line.rstrip("\n").partition("=")
            meta[k] = v
    return meta


def strip_model(goal):
    # log names carry the memory model prefix ("typed_"), wp.json names do not
    return goal.split("_", 1)[1] if goal.startswith("typed") else goal


STEPS_IN = re.compile(r"\((\d+)\)")


def parse_log(text):
    """The goal lines of a WP log, each (goal, prover, status, seconds, steps), and the
    names of the smoke tests it reports as failed. Seconds are the prover's (or Qed's
    alone) time, "(1'11s)" 71 s; steps the prover's resource count."""
    out, smoke_failed = [], set()
    for line in text.splitlines():
        m = SMOKE_FAILED.match(line)
        if m:
            smoke_failed.add(strip_model(m.group(1)))
        m = GOAL_LINE.match(line)
        if not m:
            continue
        rest = m.group(4)
        secs = sum(float(v) / (1000.0 if u == "ms" else 1.0) for v, u in TIME.findall(rest))
        secs += sum(60.0 * int(mins) + float(sec or 0) for mins, sec in MINUTES.findall(rest))
        steps = [int(x) for x in STEPS_IN.findall(rest)]
        out.append((strip_model(m.group(2)), m.group(1), m.group(3), secs,
                    steps[-1] if steps else None))
    return out, smoke_failed


def owner(goal, names):
    """The longest function name that prefixes goal (wp goal names are fn_...)."""
    best = None
    for n in names:
        if goal.startswith(n + "_") and (best is None or len(n) > len(best)):
            best = n
    return best


def tally(props, times):
    """props: {property_name: {"wp:main": {"total", "valid", ...}}} of one
    function or lemma; times: {goal_name: seconds} of that function's goals."""
    r = {"goals": 0, "proved": 0, "smoke_tests": 0, "smoke_failures": 0,
         "time_s": round(sum(times.values()), 3), "unproved": [], "valid": [], "smoke_failed": [],
         "props": {}}
    for name, st in props.items():
        if name == "wp:section":
            continue
        main = st.get("wp:main", {})
        total, valid = main.get("total", 0), main.get("valid", 0)
        r["props"][name] = (total, valid)
        if SMOKE in name:
            # wp.json counts a smoke test as "valid" when it PASSED (its goal could
            # not be proved); a proved smoke goal (dead code / inconsistent
            # assumptions) is reported as not valid.
            r["smoke_tests"] += total
            if valid < total:
                r["smoke_failures"] += total - valid
                r["smoke_failed"].append(name)
        else:
            r["goals"] += total
            r["proved"] += valid
            if valid < total:
                r["unproved"].append(name)
            else:
                r["valid"].append(name)
    return r


def read_properties(path):
    """Rows of -report-csv (tab separated). A property text may span lines (e.g.
    'complete behaviors'); such continuation lines are joined to their row."""
    rows, header = [], None
    with open(path, errors="replace") as f:
        for line in f:
            cells = line.rstrip("\n").split("\t")
            if header is None:
                header = cells
            elif len(cells) >= len(header):
                rows.append(dict(zip(header, cells[:len(header) - 1] +
                                     ["\t".join(cells[len(header) - 1:])])))
            elif rows:
                rows[-1][header[-1]] += " " + line.strip()
    return rows


def bad_row(row):
    """None when a -report-csv row needs no proof here, else its description."""
    status, d = row.get("status", ""), row.get("directory", "")
    if status == "Valid" or trusted_wrapper(row):
        return None
    # A function's own preconditions with no caller in the unit (a theorem
    # driver's hypotheses, a kernel proved on its own) are never tried.
    if status == "Ignored" and row.get("property kind") in ("precondition",
                                                            "behavior assumption"):
        return None
    # Frama-C's own libc specifications are trusted, not proved here.
    if status in ("Considered valid", "Ignored") and d.startswith("FRAMAC_SHARE"):
        return None
    return "%s/%s:%s %s [%s] %s: %s" % (d, row.get("file"), row.get("line"),
                                         row.get("function"), row.get("property kind"), status,
                                         row.get("property"))


ANNOTATION = re.compile(r"/\*@(.*?)\*/|//@([^\n]*)", re.S)
# `axiom` anywhere in an annotation (an `axiomatic` block holding only definitions
# is fine); `check` and `admit` as clause keywords (at the start of a clause)
TRUSTED = re.compile(r"\baxiom\b|(?:^|[;{}@\n]|\bloop)\s*(?:check|admit)\b")


# The trusted hash model (proofs/README.md): the hash functions as logic functions declared
# without a definition, only in this file, and the C wrappers whose contracts say "the result
# is that function of the key's bytes", the one body-less contract the gate accepts.
HASH_MODEL_FILE = "acsl/amq/hash_model.h"
HASH_MODEL_LOGIC = {"amq_hash_xxh3_64", "amq_hash_xxh3_128_lo", "amq_hash_xxh3_128_hi", "amq_hash_xxh64"}
HASH_MODEL_WRAPPER_FILE = "src/lib_internal/hash_model.h"
# Each wrapper's contract, pinned: the gate trusts exactly this text (whitespace aside), so
# that a stronger claim cannot slip into a contract nobody proves.
_KEY = "requires key_valid: \\valid_read((char *)key + (0 .. len - 1));"
HASH_MODEL_WRAPPERS = {
    "amq_xxh3_64": _KEY + " assigns \\nothing;"
                   " ensures model: \\result == amq_hash_xxh3_64{Pre}((char *)key, len, seed);",
    "amq_xxh3_128": _KEY + " requires out_valid: \\valid(lo) && \\valid(hi) && \\separated(lo, hi);"
                    " assigns *lo, *hi;"
                    " ensures model_lo: *lo == amq_hash_xxh3_128_lo{Pre}((char *)key, len, seed);"
                    " ensures model_hi: *hi == amq_hash_xxh3_128_hi{Pre}((char *)key, len, seed);",
    "amq_xxh64": _KEY + " assigns \\nothing;"
                 " ensures model: \\result == amq_hash_xxh64{Pre}((char *)key, len, seed);",
}
# a logic function or predicate declared without a definition (no `=` before its `;`)
BODYLESS = re.compile(r"\b(?:logic|predicate)\b[^;={}]*?\b(\w+)\s*(?:\{[^{}]*\})?\s*"
                      r"(?:\([^;={}]*\)\s*)?(?:reads\b[^;={}]*)?;")


def trusted_wrapper(row):
    """A property of a hash-model wrapper's contract, assumed because its body is not read."""
    return (row.get("function") in HASH_MODEL_WRAPPERS and row.get("status") == "Considered valid"
            and os.path.join(row.get("directory", ""), row.get("file", "")).endswith(HASH_MODEL_WRAPPER_FILE))


def lint_wrappers():
    """The hash-model wrappers' contracts must be exactly the pinned ones."""
    try:
        text = open(HASH_MODEL_WRAPPER_FILE).read()
    except OSError:
        return []
    have = {m.group(2): " ".join(m.group(1).split())
            for m in re.finditer(r"/\*@(.*?)\*/\s*[\w \*]*?\b(\w+)\s*\(", text, re.S)}
    return ["%s: the contract of %s is not the one report.py pins (HASH_MODEL_WRAPPERS)"
            % (HASH_MODEL_WRAPPER_FILE, name) for name, want in sorted(HASH_MODEL_WRAPPERS.items())
            if name in have and have[name] != " ".join(want.split())]


def lint_annotations():
    """Annotations WP would assume rather than prove, in the sources of this tree."""
    found = lint_wrappers()
    files = sorted(glob.glob("acsl/**/*.h", recursive=True) + glob.glob("src/**/*.[ch]", recursive=True)
                   + glob.glob("proofs/*.[ch]"))
    for path in files:
        text = open(path, errors="replace").read()
        for m in ANNOTATION.finditer(text):
            body = m.group(1) if m.group(1) is not None else m.group(2)
            start = m.start(1) if m.group(1) is not None else m.start(2)
            body = re.sub(r"//[^\n]*", lambda c: " " * len(c.group(0)), body)
            for w in TRUSTED.finditer(body):
                line = text.count("\n", 0, start + w.start()) + 1
                found.append("%s:%d: '%s' annotation (the gate admits only definitions and proved "
                             "lemmas)" % (path, line, w.group(0).strip(" ;{}@\n")))
            for d in BODYLESS.finditer(body):
                if path == HASH_MODEL_FILE and d.group(1) in HASH_MODEL_LOGIC:
                    continue
                line = text.count("\n", 0, start + d.start()) + 1
                found.append("%s:%d: '%s' is declared without a definition (only the hash model of %s "
                             "may be)" % (path, line, d.group(1), HASH_MODEL_FILE))
    return found


def kernel_declarations():
    """Functions declared in the kernel headers: every one must be proved by some unit."""
    names = {}
    for path in sorted(glob.glob("src/lib_internal/*_kernel.h")):
        text = re.sub(r"/\*.*?\*/", "", open(path).read(), flags=re.S)
        text = re.sub(r"//[^\n]*", "", text)
        for m in re.finditer(r"^([A-Za-z_][\w \*]*?)\b(amq_\w+)\s*\(", text, re.M):
            if not re.match(r"\s*(static|typedef)\b", m.group(1)):
                names[m.group(2)] = path
    return names


# The statuses of a property this unit uses but does not prove: the contract of a function
# whose body is in no file of the unit ("Considered valid"; its complete/disjoint clauses
# "Ignored"), or of a function the unit skips (-wp-skip-fct, "Ignored").
USED_NOT_PROVED = ("Considered valid", "Ignored")


def proved_elsewhere(row, unit, valid_in_unit, skips=frozenset()):
    """Whether ROW, used but not proved by UNIT, is Valid in another unit of this run: the
    same property (file, line, kind and text: cross_key) of the same header, proved there on
    the function's body. Each function is proved once, in the one unit that lists its file
    (proofs/units/*.txt), and every unit that calls it rests on that proof, as calls within a
    unit rest on the callee's proved contract. A property never proved in the run fails.
    In a unit that skips functions (SKIPS: -wp-skip-fct), a precondition is Unknown when some
    call sites are in skipped functions (not tried there; a tried one that fails is an unproved
    goal, which fails the gate anyway): it holds when Valid in another unit, which proves it
    at every call site of the same code (a view's skipped functions: proofs/views.py)."""
    if row.get("status") not in USED_NOT_PROVED and not (
            unit in skips and row.get("status") == "Unknown" and row.get("property kind") == "precondition"):
        return False
    keys = {cross_key(prop_key(row)), clause_key(row)} - {None}
    return any(keys & valid for other, valid in valid_in_unit.items() if other != unit)


def clause_key(row):
    """A key for the clauses Frama-C places at the function's definition once it has a body
    ("assigns \\nothing;", "complete" and "disjoint" with the behaviour names dropped) and at
    the header's contract when it has none: the function, the kind and the clause's first
    word. Valid for a unit only when every such clause of the function is (see main)."""
    kind, text = row.get("property kind"), row.get("property", "")
    if kind in ("complete behaviors", "disjoint behaviors") or \
            (kind == "assigns clause" and text.split() == ["assigns", "\\nothing;"]):
        return ("clause", row.get("function"), kind, text.split()[0] if text.split() else "")
    return None


def prop_key(row):
    """A property within one unit. The function is part of it: a header included once per
    counter width (lib_internal/counting_kernel_w.h) gives the 4-bit and the 8-bit function the
    same file, line and often text ("\\result == 1"), and one must not stand for the other."""
    return (row.get("file"), row.get("line"), row.get("function"), row.get("property kind"),
            row.get("property"))


def cross_key(key):
    """A prop_key without the function, to match a property across units: Frama-C renames a
    static inline function that several files of one unit define (amq_hash_stream_next_0).
    Sound because the owning unit must prove each function's property under prop_key."""
    return key[:2] + key[3:] if key is not None and key[0] != "clause" else key


NAMED_PROP = re.compile(r"^(?:loop_invariant|ensures|assert)_([A-Za-z]\w*?)(?:_\d+)?$")


def left_options(d):
    """WP options that select what the cvc4 pass of job D left unproved: the functions
    (-wp-fct) narrowed to the named properties when every one of them has an ACSL name
    (-wp-prop), or the lemmas (-wp-prop); empty when nothing is left."""
    try:
        wp = json.load(open(os.path.join(d, "wp.json")))
    except (OSError, ValueError):
        return ""
    if not isinstance(wp, dict):  # a job with no goals (a lemma job of a unit that skips
        return ""                 # functions) writes null: nothing was left
    fcts, lemmas, names, whole = set(), set(), set(), False
    for fn, props in wp.get("wp:functions", {}).items():
        for name, st in props.items():
            main = st.get("wp:main", {}) if isinstance(st, dict) else {}
            if name == "wp:section" or SMOKE in name or main.get("valid", 0) >= main.get("total", 0):
                continue
            fcts.add(fn)
            m = NAMED_PROP.match(name[len(fn) + 1:]) if name.startswith(fn + "_") else None
            if m and not m.group(1).startswith("rte_"):
                names.add(m.group(1))
            else:
                whole = True
    for ax, lms in wp.get("wp:axiomatics", {}).items():
        for lm, st in lms.items():
            main = st.get("wp:main", {}) if isinstance(st, dict) else {}
            if lm != "wp:section" and main.get("valid", 0) < main.get("total", 0):
                lemmas.add(lm.replace("lemma_", "", 1))
    # a job proves functions (-wp-prop=-@lemma) or lemmas (-wp-prop=@lemma), never both
    if fcts:
        sel = "-wp-fct %s" % ",".join(sorted(fcts))
        return sel + (" -wp-prop=-@lemma" if whole else " -wp-prop=%s" % ",".join(sorted(names)))
    if lemmas:
        return "-wp-prop=%s" % ",".join(sorted(lemmas))
    return ""


def prover_tally(goals):
    """{prover: [goals proved, prover time s, steps]}: a goal rerun by z3/cvc5 counts once, for
    the prover that proved it (timing_tables.py prints the same tally)."""
    by_prover, counted = {}, set()
    for g in goals:
        if g["status"] == "Valid" and (g["unit"], g["goal"]) not in counted:
            counted.add((g["unit"], g["goal"]))
            p = by_prover.setdefault(g["prover"], [0, 0.0, 0])
            p[0] += 1
            p[1] += g["time_s"]
            p[2] += g["steps"] or 0
    return by_prover


def main():
    args = sys.argv[1:]
    if args and args[0] == "--left":
        print(left_options(args[1]))
        return 0
    if args and args[0] == "--lemma-plan":
        print("\n".join(lemma_once.plan(args[1], args[2:])))
        return 0
    if args and args[0] == "--view-plan":
        print(views.plan(args[1], args[2], args[3]))
        return 0
    out = args.pop(0)
    all_units = "--all-units" in args
    # --assume-other-units (prove-mutants): one unit alone; the contracts it uses from other
    # units' functions are taken as proved (make prove proves them)
    assume_others = "--assume-other-units" in args
    args = [a for a in args if a not in ("--all-units", "--assume-other-units")]
    scope = None  # --functions f,g: a run restricted to these functions (prove-mutants)
    if "--functions" in args:
        i = args.index("--functions")
        scope = set(args[i + 1].split(","))
        del args[i:i + 2]
    wall = None
    if "--wall" in args:
        i = args.index("--wall")
        wall = float(args[i + 1])
        del args[i:i + 2]
    dirs, top = [], set(args)
    for d in args:  # a job's other prover runs sit in its folders (proofs/prove.sh, run_goals)
        dirs.append(d)
        for sub in ("first", "first-cvc4", "others"):
            if os.path.exists(os.path.join(d, sub, "meta")):
                dirs.append(os.path.join(d, sub))
    report = {"total": 0, "proved": 0, "smoke_failures": 0, "smoke_tests": 0,
              "functions": [], "units": [], "goals": []}
    failures = []
    units, order = {}, []
    runs = []  # (dir, meta, unit record)
    for d in dirs:
        meta = read_meta(d)
        name = meta["name"]
        if name not in units:
            order.append(name)
            units[name] = {"name": name, "files": meta["files"].split(), "runs": [],
                           "goals": 0, "proved": 0, "smoke_tests": 0, "smoke_failures": 0,
                           "jobs_wall_s": 0.0, "props": {}}
        unit = units[name]
        kind = meta.get("kind", "goals")
        unit["runs"].append({"kind": kind, "dir": d.split("/proofs/")[-1],
                             "frama_c_exit": int(meta["exit"]), "wall_s": float(meta["wall"]),
                             "provers": meta.get("provers", ""), "steps": meta.get("steps", ""),
                             "options": meta.get("options", "")})
        if d in top:  # the sum of its jobs' wall times; a job's wall includes its sub-runs
            unit["jobs_wall_s"] += float(meta["wall"])
        log = "\n".join(open(f, errors="replace").read()
                        for f in sorted(glob.glob(os.path.join(d, "frama-c*.log"))))
        results, smoke_failed = parse_log(log)
        runs.append((d, meta, unit, results, smoke_failed))
        if int(meta["exit"]) != 0:
            failures.append("%s: frama-c exited %s in its %s job; log: %s"
                            % (name, meta["exit"], kind, os.path.join(d, "frama-c.log")))
        for g, prover, status, secs, steps in results:
            report["goals"].append({"unit": name, "job": os.path.basename(d), "goal": g,
                                    "prover": prover, "status": status,
                                    "time_s": round(secs, 3), "steps": steps})
    # Property statuses: a unit's property is proved when some job of that unit proved
    # it; a lemma (a global fact of its header) when some job of the run proved it.
    valid_in_unit, valid_lemma, rows_of, clause_ok = {}, set(), [], {}
    for d, meta, unit, _, _ in runs:
        path = os.path.join(d, "properties.csv")
        if meta.get("kind", "goals") == "smoke":
            continue
        if not os.path.exists(path):
            failures.append("%s: no properties.csv in %s (frama-c did not reach the report)"
                            % (unit["name"], d))
            continue
        for row in read_properties(path):
            rows_of.append((unit["name"], row))
            # "Partially proven": its own goals are proved in this run, resting on other
            # properties as hypotheses; each of those must in turn be established in some
            # run (a run's Unknown root is always reported), so the union is sound. This is
            # how a property proved by the fallback run, or by a rerun, counts.
            ck = clause_key(row)
            if ck is not None:
                clause_ok.setdefault(unit["name"], {}).setdefault(ck, set()).add(prop_key(row))
            if row.get("status") in ("Valid", "Partially proven"):
                valid_in_unit.setdefault(unit["name"], set()).add(prop_key(row))
                if row.get("property kind") == "lemma":
                    valid_lemma.add((row.get("file"), row.get("property")))
    tried = {}  # per unit, the functions it proves (a property tried or proved, not assumed)
    for name, row in rows_of:
        if row.get("status") not in USED_NOT_PROVED and \
                row.get("property kind") not in ("precondition", "behavior assumption"):
            tried.setdefault(name, set()).add(row.get("function"))
    for name, clauses in clause_ok.items():  # a clause key holds when all its clauses do
        valid = valid_in_unit.setdefault(name, set())
        valid.update([k for k, props in clauses.items() if props <= valid])
    valid_across = {name: {cross_key(k) for k in valid} for name, valid in valid_in_unit.items()}
    skips = {u["name"] for u in units.values()
             if any(r["kind"] == "goals" and "-wp-skip-fct" in r["options"] for r in u["runs"])}
    seen_bad = set()
    for name, row in rows_of:
        if prop_key(row) in valid_in_unit.get(name, set()):
            continue
        if proved_elsewhere(row, name, valid_across, skips):
            continue
        if assume_others and row.get("status") in USED_NOT_PROVED and \
                row.get("function") not in tried.get(name, set()):
            continue
        if scope is not None and row.get("function") not in scope:
            continue  # a function outside the run's scope: not tried, by design
        if row.get("property kind") == "lemma" and (row.get("file"), row.get("property")) in valid_lemma:
            continue
        b = bad_row(row)
        if b and (name, b) not in seen_bad:
            seen_bad.add((name, b))
            hint = ""
            if row.get("status") in USED_NOT_PROVED:
                hint = (" (a contract this unit uses, Valid in no other unit of this run: prove its function's"
                        " unit too, or give it a body)")
            failures.append("%s: property not Valid: %s%s" % (name, b, hint))
    # Goals and smoke tests per function, from each job's wp.json.
    unproved, proved_props = {}, {}
    njobs_reused = 0
    for d, meta, unit, results, smoke_failed in runs:
        name = unit["name"]
        times = {}
        for g, _, _, secs, _ in results:
            times[g] = times.get(g, 0.0) + secs
        try:
            wp = json.load(open(os.path.join(d, "wp.json"))) or {}  # null: a job with no goals
        except (OSError, ValueError):
            wp = {}
            failures.append("%s: no readable wp.json in %s (frama-c failed early)" % (name, d))
        entries = []  # (label, goal-name prefix, {property: stats})
        for fn, props in sorted(wp.get("wp:functions", {}).items()):
            entries.append((fn, fn, props))
        for ax, lemmas in sorted(wp.get("wp:axiomatics", {}).items()):
            for lm, st in sorted(lemmas.items()):
                if lm != "wp:section":
                    label = lm.replace("lemma_", "lemma ", 1) + ((" (%s)" % ax) if ax else "")
                    entries.append((label, lm, {lm: st}))
        prefixes = [p for _, p, _ in entries]
        per_owner = {}
        for g, secs in times.items():
            per_owner.setdefault(owner(g, prefixes) if g not in prefixes else g, {})[g] = secs
        rows = [(label, tally(props, per_owner.get(prefix, {}))) for label, prefix, props in entries]
        for _, r in rows:
            for g in r["unproved"]:
                unproved.setdefault(name, set()).add(g)
            for g in r["valid"]:
                proved_props.setdefault(name, set()).add(g)
        flagged = {g for _, r in rows for g in r["smoke_failed"]}
        for g in sorted(smoke_failed - flagged):
            failures.append("%s: smoke test FAILED (from log): %s" % (name, g))
            unit["smoke_failures"] += 1
        kind = meta.get("kind", "goals")
        print("unit %s, %s job %s: %s" % (name, kind, os.path.basename(d), " ".join(unit["files"])))
        print("  %-40s %6s %7s %7s %8s" % ("function", "goals", "proved", "smoke", "time_s"))
        sub = {"goals": 0, "proved": 0, "smoke_tests": 0, "smoke_failures": 0}
        for fn, r in rows:
            if r["goals"] == 0 and r["smoke_tests"] == 0:
                continue
            print("  %-40s %6d %7d %3d/%-3d %8.2f" % (fn, r["goals"], r["proved"],
                  r["smoke_tests"] - r["smoke_failures"], r["smoke_tests"], r["time_s"]))
            for g in r["smoke_failed"]:
                failures.append("%s: smoke test FAILED (dead code or vacuous assumptions): %s"
                                % (name, g))
            report["functions"].append({
                "name": fn, "unit": name, "job": os.path.basename(d), "goals": r["goals"],
                "proved": r["proved"], "smoke_tests": r["smoke_tests"],
                "smoke_failures": r["smoke_failures"], "time_s": r["time_s"]})
            for k in sub:
                sub[k] += r[k]
            for p, (total, valid) in r["props"].items():  # a property rerun by z3/cvc5 counts once
                t0, v0 = unit["props"].get(p, (0, 0))
                unit["props"][p] = (max(t0, total), max(v0, valid))
        reused = os.path.exists(os.path.join(d, "reused"))
        print("  %-40s %6d %7d %3d/%-3d %8.2f  (%s; frama-c exit %s)" % (
            "job total", sub["goals"], sub["proved"], sub["smoke_tests"] - sub["smoke_failures"],
            sub["smoke_tests"], float(meta["wall"]),
            "reused from an earlier green run with the same inputs" if reused else "wall",
            meta["exit"]))
        njobs_reused += reused
    for name in order:
        for g in sorted(unproved.get(name, set()) - proved_props.get(name, set())):
            failures.append("%s: goal not proved: %s" % (name, g))
    for name in order:
        unit = units[name]
        for p, (total, valid) in unit.pop("props").items():
            if SMOKE in p:
                unit["smoke_tests"] += total
                unit["smoke_failures"] += total - valid
            else:
                unit["goals"] += total
                unit["proved"] += valid
        if unit["goals"] == 0:
            failures.append("%s: no proof goals at all" % name)
        if unit["smoke_tests"] == 0:
            failures.append("%s: no smoke tests ran" % name)
        report["units"].append(unit)
        for k in ("goals", "proved", "smoke_tests", "smoke_failures"):
            report[k if k != "goals" else "total"] += unit[k]
    failures.extend(lemma_once.check(dirs, lambda d: read_meta(d)["name"]))
    for msg in lint_annotations():
        failures.append("lint: " + msg)
    if all_units:
        proved = {f["name"] for f in report["functions"]}
        for fn, path in sorted(kernel_declarations().items()):
            if fn not in proved:
                failures.append("lint: %s (declared in %s) is proved by no unit of proofs/units/*.txt"
                                % (fn, path))
    report["jobs_wall_s"] = round(sum(u["jobs_wall_s"] for u in report["units"]), 1)
    report["wall_s"] = wall
    report["ok"] = not failures
    slow = sorted((g for g in report["goals"] if g["status"] == "Valid"),
                  key=lambda g: -g["time_s"])[:20]
    report["slowest_goals"] = slow
    with open(out, "w") as f:
        json.dump(report, f, indent=2)
        f.write("\n")
    print("20 slowest proved goals (prover time):")
    for g in slow:
        print("  %7.2f s  %-10s %-18s %s" % (g["time_s"], g["prover"], g["unit"], g["goal"]))
    by_prover = prover_tally(report["goals"])
    print("proved by: " + ", ".join("%s %d (%.0f s)" % (k, v[0], v[1])
                                    for k, v in sorted(by_prover.items())))
    report["jobs_reused"] = njobs_reused
    reused_note = ("; %d of %d jobs reused from earlier green runs (AMQ_PROVE_CACHE=0 runs all)"
                   % (njobs_reused, len(runs)) if njobs_reused else "")
    print("TOTAL: %d/%d goals proved, %d/%d smoke tests passed, %s s wall (jobs add up to %.0f s%s); "
          "report: %s" % (report["proved"], report["total"],
                          report["smoke_tests"] - report["smoke_failures"], report["smoke_tests"],
                          "%.0f" % wall if wall is not None else "?", report["jobs_wall_s"],
                          reused_note, out))
    # what failed a proof comes first: a goal, then a smoke test, then the rest
    rank = lambda m: 0 if "goal not proved" in m else 1 if "smoke test FAILED" in m else 2
    for msg in sorted(failures, key=rank):
        print("FAIL " + msg)
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
