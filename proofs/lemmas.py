"""Each lemma proved once (proofs/doc/running.md, "Each lemma is proved once"): the plan that gives
every lemma to one unit's lemma job, and the gate's check that every lemma a unit's goals
read as hypotheses is Valid in that job of the same run. Used by proofs/report.py.

A lemma's identity is its name and a hash of its text as Frama-C printed it for the unit
(after the preprocessor) together with the printed text of every logic declaration it refers
to, transitively: a macro or an #ifdef that changes what the lemma says, or what one of its
predicates means, makes it another lemma, with its own owner."""
import glob
import hashlib
import json
import os
import re

ANNOT = re.compile(r"/\*@(.*?)\*/", re.S)
DECL = re.compile(r"^\s*(lemma|predicate|logic|inductive|type|axiomatic)\b", re.M)
IDENT = re.compile(r"[A-Za-z_]\w*")
RAW_LEMMA = re.compile(r"\blemma\s+(\w+)")


def declarations(code):
    """[(kind, name, text)] of the global logic declarations of a unit's printed code
    (frama-c -print), in order; an axiomatic block's members one by one."""
    out = []
    for m in ANNOT.finditer(code):
        body = m.group(1)
        starts = [d for d in DECL.finditer(body) if d.group(1) != "axiomatic"]
        for i, d in enumerate(starts):
            end = starts[i + 1].start() if i + 1 < len(starts) else len(body)
            text = " ".join(body[d.start():end].split())
            head = re.split(r"[({=;:]", text, 1)[0]  # up to the parameters or the body
            names = IDENT.findall(head)
            if len(names) >= 2:
                out.append((d.group(1), names[-1], text.rstrip("} ")))
    return out


def lemma_ids(code):
    """[(name, hash)] of the lemmas of a unit's printed code, in declaration order."""
    decls = declarations(code)
    by_name = {}
    for kind, name, text in decls:
        if kind != "lemma":
            by_name.setdefault(name, []).append(text)
    out = []
    for kind, name, text in decls:
        if kind != "lemma":
            continue
        seen, todo, parts = {name}, [text], [text]
        while todo:
            for tok in IDENT.findall(todo.pop()):
                if tok in by_name and tok not in seen:
                    seen.add(tok)
                    parts.extend(sorted(by_name[tok]))
                    todo.extend(by_name[tok])
        out.append((name, hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]))
    return out


def unit_files(path="proofs/units"):
    """{unit: [its files]} from the unit files proofs/units/*.txt, one per structure, in
    file-name order (run from the tree's root)."""
    units = {}
    for unit_file in sorted(glob.glob(os.path.join(path, "*.txt"))):
        for line in open(unit_file):
            line = line.split("#", 1)[0].split("|", 1)[0]
            if ":" in line:
                name, files = line.split(":", 1)
                units[name.strip()] = files.split()
    return units


def where(reads):
    """{lemma name: 'file:line'} from the sources a unit reads (for messages only)."""
    out = {}
    for path in sorted(reads):
        try:
            text = open(path, errors="replace").read()
        except OSError:
            continue
        for m in RAW_LEMMA.finditer(text):
            out.setdefault(m.group(1), "%s:%d" % (path, text.count("\n", 0, m.start()) + 1))
    return out


def acyclic(order_of, owner):
    """WP proves a lemma with the lemmas printed before it as hypotheses. Proved in different
    units, two lemmas could each rest on the other (include orders differ): refuse any cycle
    of 'proved assuming' across the owners' orders. Returns a cycle's names, or None."""
    deps = {}
    for lm, (_, _, u) in owner.items():
        seq = order_of[u]
        deps[lm] = set(seq[:seq.index(lm)])
    state = {}

    def visit(lm, path):
        state[lm] = 1
        for d in deps.get(lm, ()):
            if state.get(d) == 1:
                return path + [d]
            if d not in state:
                c = visit(d, path + [d])
                if c:
                    return c
        state[lm] = 2
        return None

    for lm in deps:
        if lm not in state:
            c = visit(lm, [lm])
            if c:
                return [n for n, _ in c]
    return None


def plan(proofs, names):
    """Which unit proves which lemmas (prove.sh's lemma jobs). Each lemma (name and printed
    text, above) is proved once, by a unit that sees it and rests on no other unit seeing it
    (quotient, not the key-level units over its kernel; among several, the one reading the
    fewest files: bloom for bloom_logic.h; then the order of proofs/units/*.txt). With AMQ_PROVE_UNITS the
    owner is chosen among the units of the run, so a subset proves every lemma it uses.
    Writes PROOFS/NAME.lemmas-used and .lemmas-owned (name, hash, where); returns the lines
    NAME<TAB>WP selection (empty: no lemma job; -wp-prop=@lemma when the unit's printed code
    is missing: that unit proves every lemma it reads itself and is not checked here)."""
    reads, order_of = {}, {}
    for name in names:
        try:
            with open(os.path.join(proofs, name + ".audit.json")) as f:
                reads[name] = [s for s in json.load(f)["sources"] if not s.startswith("FRAMAC_SHARE")]
            with open(os.path.join(proofs, name + ".ast.c"), errors="replace") as f:
                order_of[name] = lemma_ids(f.read())
        except (OSError, ValueError, KeyError):
            reads.pop(name, None)
    listed = unit_files()
    # U rests on V when U reads the header src/lib_internal/X.h of a file src/X.c that V proves
    rests_on = {u: {v for v in names if v != u and any(
        f.startswith("src/") and "src/lib_internal/" + os.path.basename(f)[:-2] + ".h" in reads[u]
        for f in listed.get(v, []))} for u in reads}
    owner = {}
    for lm in {lm for u in reads for lm in order_of[u]}:
        readers = [u for u in names if u in reads and lm in order_of[u]]
        base = [u for u in readers if not any(v in rests_on[u] and u not in rests_on[v] for v in readers)]
        owner[lm] = min((len(reads[u]), names.index(u), u) for u in base or readers)
    cycle = acyclic(order_of, owner)
    if cycle:
        raise SystemExit("report.py --lemma-plan: lemmas proved in different units would rest "
                         "on each other: " + " -> ".join(cycle))
    lines = []
    for name in names:
        if name not in reads:
            lines.append("%s\t-wp-prop=@lemma" % name)
            continue
        at = where(reads[name])
        used = order_of[name]
        owned = [lm for lm in used if owner[lm][2] == name]
        for suffix, rows in (("used", used), ("owned", owned)):
            with open(os.path.join(proofs, "%s.lemmas-%s" % (name, suffix)), "w") as f:
                f.writelines("%s\t%s\t%s\n" % (n, h, at.get(n, "?")) for n, h in rows)
        sel = sorted({n for n, _ in owned})
        lines.append("%s\t%s" % (name, "-wp-prop=" + ",".join(sel) if sel else ""))
    return lines


def read_ids(path):
    with open(path) as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def valid_lemmas(d):
    """Names of the lemmas a job's WP runs proved (wp.json and the fallback's)."""
    valid = set()
    for w in (os.path.join(d, "wp.json"), os.path.join(d, "others", "wp.json")):
        try:
            with open(w) as f:
                wp = json.load(f) or {}
        except (OSError, ValueError):
            continue
        for lms in wp.get("wp:axiomatics", {}).values():
            for lm, st in lms.items():
                main = st.get("wp:main", {}) if isinstance(st, dict) else {}
                if lm != "wp:section" and 0 < main.get("total", 0) <= main.get("valid", 0):
                    valid.add(lm.replace("lemma_", "", 1))
    return valid


def check(dirs, unit_of):
    """Every lemma a unit's goals read (its goals job's lemmas-used) must be Valid in the lemma
    job that owns it (lemmas-owned) in this run: same name, same printed text. Jobs without
    these lists (self-test, prove-mutants, a unit without printed code) prove every lemma they
    read themselves."""
    proved, failures = set(), []
    for d in dirs:
        owned = os.path.join(d, "lemmas-owned")
        if os.path.exists(owned):
            valid = valid_lemmas(d)
            proved.update((n, h) for n, h, _ in read_ids(owned) if n in valid)
    for d in dirs:
        used = os.path.join(d, "lemmas-used")
        if not os.path.exists(used):
            continue
        for n, h, at in read_ids(used):
            if (n, h) not in proved:
                failures.append("%s: lemma %s (%s) is a hypothesis of its goals and Valid in no "
                                "lemma job of this run (with AMQ_PROVE_UNITS, name the unit that "
                                "owns it too, or run every unit)" % (unit_of(d), n, at))
    return failures
