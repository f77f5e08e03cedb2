#!/usr/bin/env python3
"""The registry is the only shared place a structure is named (docs/adding-a-structure.md).

usage: check-generic-layer.py [ROOT]      (default: the repository this file is in)

Reads the structures from the registry list (src/lib_internal/registry.h) and checks:
  - the generic layer (GENERIC below: the files that serve every structure through the
    registry) names no structure: no amq_<s>_ symbol, amq_structure_<s> or AMQ_TYPE_<TYPE>;
  - each structure has the files the recipe requires: src/<s>_structure.c defining
    amq_structure_<s>, and include/amq/<s>.h, which the umbrella header include/amq.h includes.
Prints `file:line: ...` for each finding and `N finding(s)`; exits 1 when there is one, 2
when ROOT is not the repository root.  Structure families (the blocked kernels, the checker's
Bloom and counting enumerations) share code on purpose and are not in GENERIC.
"""
import os
import re
import sys

GENERIC = (
    "src/filter.c", "src/filter_rate.c", "src/container.c", "src/registry.c",
    "src/lib_internal/container.h", "src/lib_internal/structure.h", "tools/bench/main.c", "tools/bench/bench.h",
    "tools/cli/cli.c", "tools/cli/params.c", "tools/cli/cmd_build.c", "tools/cli/cmd_query.c",
    "tools/cli/cmd_remove.c", "tools/cli/cmd_info.c", "tools/cli/cmd_rate.c",
    "tools/cli/cmd_structures.c", "tools/cli/cmd_check.c", "tools/adapters/node/install.sh",
)
# A Bloom rate's entry points that the counting filter's entry reuses (structure.h says why).
ALLOWED = {("src/lib_internal/structure.h", "amq_bloom_fp_note"), ("src/lib_internal/structure.h", "amq_bloom_fp_moment"),
           ("src/lib_internal/structure.h", "amq_bloom_fp_moment_work")}
ENTRY = re.compile(r"\bX\((\w+),\s*(\w+),\s*(\d+)\)")


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    registry = os.path.join(root, "src/lib_internal/registry.h")
    if not os.path.isfile(registry):
        print(f"check-generic-layer: '{root}' is not the repository root (no src/lib_internal/registry.h)")
        return 2
    text = open(registry, encoding="utf-8").read()
    entries = ENTRY.findall(text[text.find("#define AMQ_STRUCTURES"):])
    if not entries:
        print("src/lib_internal/registry.h:1: no X(s, TYPE, number) entry after #define AMQ_STRUCTURES")
        return 1
    names = "|".join(sorted((s for s, _, _ in entries), key=len, reverse=True))
    types = "|".join(t for _, t, _ in entries)
    named = re.compile(r"\b(amq_(?:structure_)?(?:%s)(?:_\w+)?|AMQ_TYPE_(?:%s))\b" % (names, types))
    findings = []
    for rel in GENERIC:
        path = os.path.join(root, rel)
        if not os.path.isfile(path):
            continue
        for no, line in enumerate(open(path, encoding="utf-8"), 1):
            for m in named.finditer(line):
                if (rel, m.group(1)) not in ALLOWED:
                    findings.append(f"{rel}:{no}: names the structure symbol '{m.group(1)}' (shared code reads the registry)")
    umbrella = open(os.path.join(root, "include/amq.h"), encoding="utf-8").read()
    for s, _, _ in entries:
        own = os.path.join(root, f"src/{s}_structure.c")
        if not os.path.isfile(own) or f"amq_structure_{s} =" not in open(own, encoding="utf-8").read():
            findings.append(f"src/{s}_structure.c:1: missing, or defines no amq_structure_{s}")
        if not os.path.isfile(os.path.join(root, f"include/amq/{s}.h")):
            findings.append(f"include/amq/{s}.h:1: missing (the structure's public header)")
        elif f"#include <amq/{s}.h>" not in umbrella:
            findings.append(f"include/amq.h:1: does not include <amq/{s}.h>")
    for f in findings:
        print(f)
    print(f"{len(findings)} finding(s) over {len(entries)} structures and {len(GENERIC)} generic files")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
