#!/usr/bin/env python3
"""Summarise WP runs made by proofs/prove.sh.

usage: report.py OUT.json [--all-units] UNITDIR...
Each UNITDIR holds wp.json (-wp-report-json), frama-c.log, properties.csv
(-report-csv), meta (name, files, exit code, wall time). Prints a table per
function, writes OUT.json, exits 1 unless every goal is proved, no smoke test
fails, every frama-c run exited 0 and every reported property is Valid.
Run from the tree that was proved, it also fails on any ACSL `axiom`, `admit`
or `check` annotation in acsl/, src/ and proofs/ (WP would take them as given),
and, with --all-units (the whole of proofs/units.txt), on any function declared
in a src/internal/*_kernel.h header that no unit proved.
"""
import glob
import json
import os
import re
import sys

SMOKE = "_wp_smoke_"
GOAL_LINE = re.compile(r"^\[wp\] \[([^\]]+)\] Goal (\S+) : (\S+)(.*)$")
SMOKE_FAILED = re.compile(r"^\[wp\] \[Failed\] Smoke-test (\S+)")
TIME = re.compile(r"\((?:Qed:)?([0-9.]+)(ms|s)\)")


def read_meta(d):
    meta = {}
    with open(os.path.join(d, "meta")) as f:
        for line in f:
            k, _, v = line.rstrip("\n").partition("=")
            meta[k] = v
    return meta


def goal_times(log):
    """Seconds WP reports for each goal (Qed + prover), keyed by goal name."""
    times, smoke_failed = {}, set()
    for line in log.splitlines():
        m = GOAL_LINE.match(line)
        if m:
            secs = sum(float(v) / (1000.0 if u == "ms" else 1.0)
                       for v, u in TIME.findall(m.group(4)))
            times[m.group(2)] = times.get(m.group(2), 0.0) + secs
        m = SMOKE_FAILED.match(line)
        if m:
            smoke_failed.add(m.group(1))
    return times, smoke_failed


def strip_model(goal):
    # log names carry the memory model prefix ("typed_"), wp.json names do not
    return goal.split("_", 1)[1] if goal.startswith("typed") else goal


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
         "time_s": round(sum(times.values()), 3), "unproved": [], "smoke_failed": []}
    for name, st in props.items():
        if name == "wp:section":
            continue
        main = st.get("wp:main", {})
        total, valid = main.get("total", 0), main.get("valid", 0)
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


def bad_properties(path):
    if not os.path.exists(path):
        return ["(no properties.csv: frama-c did not reach the report)"]
    bad = []
    for row in read_properties(path):
        status, d = row.get("status", ""), row.get("directory", "")
        if status == "Valid":
            continue
        # A function's own preconditions with no caller in the unit (a theorem
        # driver's hypotheses, a kernel proved on its own) are never tried.
        if status == "Ignored" and row.get("property kind") in ("precondition",
                                                                "behavior assumption"):
            continue
        # Frama-C's own libc specifications are trusted, not proved here.
        if status in ("Considered valid", "Ignored") and d.startswith("FRAMAC_SHARE"):
            continue
        bad.append("%s/%s:%s %s [%s] %s: %s" % (d, row.get("file"), row.get("line"),
                   row.get("function"), row.get("property kind"), status,
                   row.get("property")))
    return bad


ANNOTATION = re.compile(r"/\*@(.*?)\*/|//@([^\n]*)", re.S)
# `axiom` anywhere in an annotation (an `axiomatic` block holding only definitions
# is fine); `check` and `admit` as clause keywords (at the start of a clause)
TRUSTED = re.compile(r"\baxiom\b|(?:^|[;{}@\n]|\bloop)\s*(?:check|admit)\b")


def lint_annotations():
    """Annotations WP would assume rather than prove, in the sources of this tree."""
    found = []
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
    return found


def kernel_declarations():
    """Functions declared in the kernel headers: every one must be proved by some unit."""
    names = {}
    for path in sorted(glob.glob("src/internal/*_kernel.h")):
        text = re.sub(r"/\*.*?\*/", "", open(path).read(), flags=re.S)
        text = re.sub(r"//[^\n]*", "", text)
        for m in re.finditer(r"^([A-Za-z_][\w \*]*?)\b(amq_\w+)\s*\(", text, re.M):
            if not re.match(r"\s*(static|typedef)\b", m.group(1)):
                names[m.group(2)] = path
    return names


def main():
    out, dirs = sys.argv[1], sys.argv[2:]
    all_units = "--all-units" in dirs
    dirs = [d for d in dirs if d != "--all-units"]
    report = {"total": 0, "proved": 0, "smoke_failures": 0, "smoke_tests": 0,
              "functions": [], "units": []}
    failures = []
    for d in dirs:
        meta = read_meta(d)
        name = meta["name"]
        log = open(os.path.join(d, "frama-c.log"), errors="replace").read() \
            if os.path.exists(os.path.join(d, "frama-c.log")) else ""
        times, smoke_failed = goal_times(log)
        times = {strip_model(k): v for k, v in times.items()}
        smoke_failed = {strip_model(k) for k in smoke_failed}
        unit = {"name": name, "files": meta["files"].split(),
                "frama_c_exit": int(meta["exit"]), "wall_s": float(meta["wall"]),
                "provers": meta.get("provers", ""), "timeout_s": int(meta.get("timeout") or 0),
                "extra_options": meta.get("options", ""), "goals": 0, "proved": 0, "smoke_tests": 0, "smoke_failures": 0}
        try:
            wp = json.load(open(os.path.join(d, "wp.json")))
        except (OSError, ValueError):
            wp = {}
            failures.append("%s: no readable wp.json (frama-c failed early)" % name)
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
        # a smoke test WP flagged in the log but not in wp.json still counts
        flagged = {g for _, r in rows for g in r["smoke_failed"]}
        for g in sorted(smoke_failed - flagged):
            failures.append("%s: smoke test FAILED (from log): %s" % (name, g))
            unit["smoke_failures"] += 1
        print("unit %s: %s" % (name, " ".join(unit["files"])))
        print("  %-40s %6s %7s %7s %8s" % ("function", "goals", "proved", "smoke", "time_s"))
        for fn, r in rows:
            print("  %-40s %6d %7d %3d/%-3d %8.2f" % (fn, r["goals"], r["proved"],
                  r["smoke_tests"] - r["smoke_failures"], r["smoke_tests"], r["time_s"]))
            for g in r["unproved"]:
                failures.append("%s: goal not proved: %s" % (name, g))
            for g in r["smoke_failed"]:
                failures.append("%s: smoke test FAILED (dead code or vacuous assumptions): %s"
                                % (name, g))
            report["functions"].append({
                "name": fn, "unit": name, "goals": r["goals"], "proved": r["proved"],
                "smoke_tests": r["smoke_tests"], "smoke_failures": r["smoke_failures"],
                "time_s": r["time_s"]})
            for k in ("goals", "proved", "smoke_tests", "smoke_failures"):
                unit[k] += r[k]
        print("  %-40s %6d %7d %3d/%-3d %8.2f  (wall; frama-c exit %d)" % (
            "unit total", unit["goals"], unit["proved"],
            unit["smoke_tests"] - unit["smoke_failures"], unit["smoke_tests"],
            unit["wall_s"], unit["frama_c_exit"]))
        if unit["frama_c_exit"] != 0:
            failures.append("%s: frama-c exited %d (crash, user error, or report-classify "
                            "found an unknown/invalid/untried property); log: %s"
                            % (name, unit["frama_c_exit"], os.path.join(d, "frama-c.log")))
        if wp and unit["goals"] == 0:
            failures.append("%s: no proof goals at all" % name)
        if wp and unit["smoke_tests"] == 0:
            failures.append("%s: no smoke tests ran (-wp-smoke-tests missing?)" % name)
        for b in bad_properties(os.path.join(d, "properties.csv")):
            failures.append("%s: property not Valid: %s" % (name, b))
        report["units"].append(unit)
        report["total"] += unit["goals"]
        report["proved"] += unit["proved"]
        report["smoke_tests"] += unit["smoke_tests"]
        report["smoke_failures"] += unit["smoke_failures"]
    for msg in lint_annotations():
        failures.append("lint: " + msg)
    if all_units:
        proved = {f["name"] for f in report["functions"]}
        for fn, path in sorted(kernel_declarations().items()):
            if fn not in proved:
                failures.append("lint: %s (declared in %s) is proved by no unit of proofs/units.txt"
                                % (fn, path))
    report["time_s"] = round(sum(u["wall_s"] for u in report["units"]), 2)
    report["ok"] = not failures
    with open(out, "w") as f:
        json.dump(report, f, indent=2)
        f.write("\n")
    print("TOTAL: %d/%d goals proved, %d/%d smoke tests passed, %.1f s wall; report: %s"
          % (report["proved"], report["total"],
             report["smoke_tests"] - report["smoke_failures"], report["smoke_tests"],
             report["time_s"], out))
    for msg in failures:
        print("FAIL " + msg)
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
