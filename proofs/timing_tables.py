"""The timing tables of proofs/README.md, "Where the time goes", from make prove's report.

usage: timing_tables.py AFTER.json [BEFORE.json]

AFTER.json (and BEFORE.json) are build/proof-report.json of two runs (report.py writes it).
Prints, in Markdown: per unit, its goals, smoke tests and the wall of its goals, smoke and
lemma jobs; per prover, the goals it proved, their prover time and cvc4/cvc5 steps; and the
20 slowest proved goals of AFTER (report.py's list), beside BEFORE's when given.  Times are wall seconds of a
prover call among others in flight (3 per job, 2 jobs side by side), so they move with the
machine's load; the step counts repeat.
"""
import collections
import json
import sys

from report import prover_tally


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def unit_table(rep):
    rows = []
    for u in rep["units"]:
        wall = collections.Counter()
        for run in u["runs"]:
            wall[run["kind"]] += run["wall_s"]
        rows.append((u["jobs_wall_s"], u["name"], u["goals"], u["smoke_tests"], wall))
    rows.sort(key=lambda r: -r[0])
    out = ["| unit | goals | smoke tests | goals jobs s | smoke job s | lemma jobs s | all jobs s |",
           "| --- | --- | --- | --- | --- | --- | --- |"]
    tot = collections.Counter()
    for jobs, name, goals, smoke, wall in rows:
        out.append(f"| {name} | {goals} | {smoke} | {wall['goals']:.1f} | {wall['smoke']:.1f} | "
                   f"{wall['lemmas']:.1f} | {jobs:.1f} |")
        tot.update({"goals": goals, "smoke": smoke, "jobs": jobs})
        tot.update({"w_" + k: v for k, v in wall.items()})
    out.append(f"| all {len(rows)} units | {tot['goals']} | {tot['smoke']} | {tot['w_goals']:.1f} | "
               f"{tot['w_smoke']:.1f} | {tot['w_lemmas']:.1f} | {tot['jobs']:.1f} |")
    return out


def prover_table(rep):
    out = ["| prover | goals proved | prover time s | steps |", "| --- | --- | --- | --- |"]
    for p, (n, secs, steps) in sorted(prover_tally(rep["goals"]).items(), key=lambda kv: -kv[1][0]):
        out.append(f"| {p} | {n} | {secs:.1f} | {steps if steps else '-'} |")
    return out


def slowest_table(after, before=None):
    a = after["slowest_goals"]   # report.py's 20 slowest proved goals
    b = before["slowest_goals"] if before else []
    cell = (lambda g: f"{g['unit']} `{g['goal']}` | {g['time_s']:.2f} | {g['steps'] or '-'}" if g
            else "| |")
    if not b:
        out = ["| # | unit, goal | s | steps |", "| --- | --- | --- | --- |"]
        out += [f"| {i + 1} | {cell(g)} |" for i, g in enumerate(a)]
        return out
    out = ["| # | before: unit, goal | s | steps | after: unit, goal | s | steps |",
           "| --- | --- | --- | --- | --- | --- | --- |"]
    for i in range(max(len(a), len(b))):
        out.append(f"| {i + 1} | {cell(b[i] if i < len(b) else None)} | "
                   f"{cell(a[i] if i < len(a) else None)} |")
    return out


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[2])
    after = load(sys.argv[1])
    before = load(sys.argv[2]) if len(sys.argv) == 3 else None
    print(f"{after['proved']}/{after['total']} goals, {after['smoke_tests'] - after['smoke_failures']}/"
          f"{after['smoke_tests']} smoke tests, {after['wall_s']:.0f} s wall, jobs {after['jobs_wall_s']:.0f} s\n")
    print("\n".join(unit_table(after)) + "\n")
    print("\n".join(prover_table(after)) + "\n")
    print("\n".join(slowest_table(after, before)))


if __name__ == "__main__":
    main()
