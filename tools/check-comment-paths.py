#!/usr/bin/env python3
"""Stale paths in comments: every file path a C comment names must exist.

usage: check-comment-paths.py [ROOT]      (default: the repository this file is in)

Scans the comments of the C sources (src, spec, acsl, include, proofs, tests, tools,
examples) and the '#' comments of proofs/units/*.txt for words that look like paths
(`dir/name.ext`) and resolves each one the way a reader would: from the repository
root, from an include directory (include, src, acsl, spec, tests), or from the folder
of the file that names it.  Prints `file:line: 'path' names no file` for each one that
resolves nowhere and exits 1; exits 0 when there is none.  Build outputs (build/...),
URLs and placeholders in capitals (fuzz_NAME.c) are not paths of the tree.
"""
import os
import re
import sys

DIRS = ("src", "spec", "acsl", "include", "proofs", "tests", "tools", "examples")
INCLUDE_DIRS = ("", "include", "src", "acsl", "spec", "tests")
EXTS = r"(?:h|c|md|txt|py|sh|js|json|drv|in|csv|parquet)"
PATH = re.compile(r"(?<![\w./$@:-])((?:\.\./|\./)?(?:[A-Za-z0-9_.-]+/)+[A-Za-z0-9_.-]+\." + EXTS + r")\b")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.S)
SKIP_DIRS = {"node_modules", "build", ".git", "drafts"}  # drafts: not built, not proved


def is_placeholder(p):
    # NAME, SEED, ... in a path are a pattern for many files, not a file
    return re.search(r"[A-Z]{3,}", os.path.basename(p)) is not None or "*" in p


def resolves(root, here, p):
    if p.startswith("build/") or p.startswith("/"):
        return True
    cands = [os.path.join(root, d, p) for d in INCLUDE_DIRS]
    cands.append(os.path.join(os.path.dirname(here), p))
    return any(os.path.exists(c) for c in cands)


def comments(text):
    """(offset, text) of each comment; string and char literals are skipped."""
    for m in COMMENT.finditer(text):
        if m.group(0)[0] in "\"'":
            continue
        yield m.start(), m.group(0)


def check_file(root, path, found):
    text = open(path, errors="replace").read()
    rel = os.path.relpath(path, root)
    if path.endswith(".txt"):
        spans = [(m.start(), m.group(0)) for m in re.finditer(r"#[^\n]*", text)]
    else:
        spans = comments(text)
    for start, body in spans:
        for m in PATH.finditer(body):
            p = m.group(1)
            if is_placeholder(p) or resolves(root, path, p):
                continue
            line = text.count("\n", 0, start + m.start()) + 1
            found.append("%s:%d: '%s' names no file" % (rel, line, p))


def main():
    given = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    root = os.path.abspath(given)
    if not os.path.isdir(os.path.join(root, "src")):
        print("check-comment-paths: '%s' is not the repository root (no src/)" % given, file=sys.stderr)
        return 2
    found = []
    for d in DIRS:
        for dirpath, dirnames, files in os.walk(os.path.join(root, d)):
            dirnames[:] = sorted(x for x in dirnames if x not in SKIP_DIRS)
            for f in sorted(files):
                if f.endswith((".c", ".h")):
                    check_file(root, os.path.join(dirpath, f), found)
    units = os.path.join(root, "proofs", "units")
    if os.path.isdir(units):
        for f in sorted(os.listdir(units)):
            if f.endswith(".txt"):
                check_file(root, os.path.join(units, f), found)
    for msg in found:
        print(msg)
    print("check-comment-paths: %d stale path(s) in comments" % len(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
