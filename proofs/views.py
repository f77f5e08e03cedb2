"""Two views of one kernel (report.py --view-plan; proofs/units/README.md, "@view-of").

A unit whose line carries `@view-of=BASE` reads the same C code as unit BASE with more
annotations (unit cuckoo_count: the cuckoo kernel with its copy counts; unit cuckoo: without).
What it would prove again of BASE's goals is left out, derived here from the code both audit
runs print (frama-c -print, with the run-time checks), so that no list is kept by hand:
- a function whose printed definition (contract and body) is the same in both views, and every
  function it calls, transitively, with the same contract, is skipped (-wp-skip-fct): its goals
  and smoke tests are BASE's, on the same hypotheses;
- a clause name whose clauses (function, kind, printed text: a multiset) are the same in both
  views, and that names no precondition of a ghost function (whose call sites may be ghost code
  of this view only), is left out of the goals (-wp-prop=-NAME).
The gate (report.py) still requires every property left out to be Valid in BASE in the same run.
"""
import collections
import os
import re

# a definition's head; its parameters may end in a ghost parameter list, /*@ ghost (...) */
C_DEF = re.compile(r"^(?:/\*@(?:(?!\*/).)*?\*/\n)?[^\n;{}]*?\b(\w+)\([^;{}]*\)(?:\s*\*/)?\s*\{", re.S | re.M)
GHOST_DEF = re.compile(r"^/\*@ ghost\s*(?:/@(?:(?!@/).)*?@/)?\s*[^;{}]*?\b(\w+)\s*\([^;{}]*\)\s*\{", re.S | re.M)
CONTRACT = re.compile(r"(?:/\*@((?:(?!\*/).)*?)\*/|/@((?:(?!@/).)*?)@/)\s*(?:static\s+)?(?:inline\s+)?"
                      r"[\w \*]*?\b(\w+)\s*\([^;{}]*\)(?:\s*\*/)?\s*[;{]", re.S)
CALL = re.compile(r"\b(\w+)\s*\(")
KEYWORDS = {"if", "while", "for", "switch", "return", "sizeof", "do"}
LABEL = re.compile(r"\b(requires|ensures|assert|invariant|check|exits|breaks|continues|returns)\s+"
                   r"(?:(rte):\s*)?(\w+)\s*:")
CLAUSE_START = re.compile(r"\b(?:requires|ensures|assigns|assert|loop|invariant|check|exits|breaks|"
                          r"continues|returns|decreases|terminates|behavior|assumes|complete|disjoint)\b")


def _body_end(text, i):
    depth = 1
    while depth:
        c = text[i]
        depth += (c == "{") - (c == "}")
        i += 1
    return i


def functions(text):
    """{name: (ghost?, printed definition)} of the functions defined in a printed unit."""
    out = {}
    for ghost, rx in ((False, C_DEF), (True, GHOST_DEF)):
        for m in rx.finditer(text):
            out[m.group(1)] = (ghost, text[m.start():_body_end(text, m.end())])
    return out


def contracts(text):
    """{function: its contracts' text, every declaration and definition, in order}."""
    out = collections.defaultdict(list)
    for m in CONTRACT.finditer(text):
        if m.group(3) in KEYWORDS:   # a loop's or a statement's annotation
            continue
        out[m.group(3)].append(" ".join((m.group(1) or m.group(2)).split()))
    return out


def clauses(fname, text):
    """[(function, kind, name, text)] of the named clauses of one printed function."""
    flat = " ".join(text.split())
    out = []
    for m in LABEL.finditer(flat):
        nxt = CLAUSE_START.search(flat, m.end())
        end = min(x for x in (nxt.start() if nxt else len(flat), flat.find("*/", m.end()) % (len(flat) + 1),
                              flat.find("@/", m.end()) % (len(flat) + 1)) if x >= m.end())
        name = ("rte_" + m.group(3)) if m.group(2) else m.group(3)
        out.append((fname, m.group(1), name, flat[m.end():end].strip()))
    return out


def plan(proofs, base, view):
    """The options that leave BASE's goals out of unit VIEW, or '' when a printed code is
    missing (then VIEW proves everything it reads)."""
    try:
        a = open(os.path.join(proofs, base + ".ast.c"), errors="replace").read()
        b = open(os.path.join(proofs, view + ".ast.c"), errors="replace").read()
    except OSError:
        return ""
    fa, fb = functions(a), functions(b)
    ca, cb = contracts(a), contracts(b)
    same_def = {f for f in fb if f in fa and fa[f][1] == fb[f][1]}

    def calls(f):
        return {g for g in CALL.findall(fb[f][1])
                if g != f and g not in KEYWORDS and (g in fb or g in cb)}

    def closed(f, seen):
        for g in calls(f):
            if g in seen:
                continue
            seen.add(g)
            if ca.get(g) != cb.get(g) or (g in fb and not closed(g, seen)):
                return False
        return True

    skip = sorted(f for f in same_def if closed(f, {f}))

    def named(fs, cs, scope):
        """The named clauses of the functions of SCOPE in one view: a definition's, or the
        contract of a function only declared there (its preconditions name call-site goals)."""
        found = collections.Counter()
        for f in scope:
            if f in fs:
                found.update(clauses(f, fs[f][1]))
            elif f in cs:
                found.update(clauses(f, " ".join("/*@ %s */" % t for t in cs[f])))
        return found

    scope = [f for f in set(fb) | set(cb) if f not in skip]
    ma, mb = named(fa, ca, scope), named(fb, cb, scope)
    ghost_requires = {c[2] for c in mb if c[1] == "requires" and c[0] in fb and fb[c[0]][0]}
    names = sorted({c[2] for c in mb} - ghost_requires)
    out = [n for n in names
           if {c: k for c, k in mb.items() if c[2] == n} == {c: k for c, k in ma.items() if c[2] == n}]
    opts = []
    if skip:
        opts.append("-wp-skip-fct " + ",".join(skip))
    if out:
        opts.append("-wp-prop=" + ",".join("-" + n for n in out))
    return " ".join(opts)
