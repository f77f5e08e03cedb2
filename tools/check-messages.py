#!/usr/bin/env python3
"""Messages name what the user gave, never an internal function (issue 26, class 9).

usage: check-messages.py [ROOT]      (default: the repository this file is in)

Scans the string literals of the C sources under src, spec and tools (comments skipped) for
two forms that put a C identifier in front of a user:
  - a message that starts "name_with_underscore: ..." where the name is not a function
    declared in include/amq/*.h.  A public name is allowed: it is the function a library
    caller called, used for API misuse (NULL arguments) that no command can reach;
  - in spec/, a literal that is a bare identifier ("bloom_fp_exact"): there such literals are
    the `who` of a message, so they must be words ("exact Bloom rate").
Prints `file:line: "text" ...` for each one and exits 1; exits 0 when there is none.
"""
import os
import re
import sys

TOKENS = re.compile(r"/\*.*?\*/|//[^\n]*|\"((?:\\.|[^\"\\\n])*)\"|'(?:\\.|[^'\\\n])*'", re.S)
PREFIX = re.compile(r"^([a-z][a-z0-9]*(?:_[a-z0-9]+)+): ")
BARE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$")
DECL = re.compile(r"\b(amq_[a-z0-9_]+)\s*\(")


def public_functions(root):
    names = set()
    inc = os.path.join(root, "include", "amq")
    for f in os.listdir(inc):
        if f.endswith(".h"):
            with open(os.path.join(inc, f), errors="replace") as h:
                names.update(DECL.findall(h.read()))
    return names


def literals(text):
    """(line, text) of each string literal; comments and char literals are skipped."""
    for m in TOKENS.finditer(text):
        if m.group(0).startswith('"'):
            yield text.count("\n", 0, m.start()) + 1, m.group(1)


def scan(root):
    public = public_functions(root)
    found = 0
    for top in ("src", "spec", "tools"):
        for dirpath, dirnames, files in os.walk(os.path.join(root, top)):
            dirnames[:] = [d for d in dirnames if d not in ("node_modules", "build")]
            for name in sorted(files):
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                with open(path, errors="replace") as f:
                    text = f.read()
                for line, s in literals(text):
                    m = PREFIX.match(s)
                    bad = (m and m.group(1) not in public) or (top == "spec" and BARE.match(s))
                    if bad:
                        print(f'{rel}:{line}: "{s[:60]}" names an internal function')
                        found += 1
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if not os.path.isdir(os.path.join(root, "include", "amq")):
        print(f"check-messages: '{root}' is not the repository root (no include/amq)")
        return 2
    found = scan(root)
    print(f"{found} message(s) naming an internal function")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
