#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""What userspace needs of the ssdk netlink spec, generated from it.

The kernel's own generators (tools/net/ynl) make the uapi header, the
kernel's policies and the RST reference. This one makes the rest, so that
no consumer types again what the spec holds:

  userspace/lib/spec.h        the table's types and the ids of its enums
                              and attribute sets (public: libssdk.h
                              includes it)
  userspace/lib/spec.c        the table: every attribute of every set
                              with its name, type, enum, nest, limits and
                              default; every enum's names; every
                              operation's request and reply attributes
  userspace/python/ssdk/spec.py  the same for Python: enums, constants,
                              defaults and limits

and, with --uapi, adds to the uapi header that ynl-gen-c made what the
kernel's generators of 6.12 leave out: the spec's structs (a binary
attribute's layout), with their kernel-doc.

Limits come from an attribute's checks, and from the consts named
min-ATTR and max-ATTR; defaults from the consts named default-ATTR (see
the spec's definitions). Every such const must name an attribute of the
run set, and a default of an enum attribute must be one of its values.

  scripts/ynl-gen-ssdk.py --spec SPEC --out DIR   (scripts/ynl-regen runs it)
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass, field
from typing import Any

import yaml

SPEC_REL = "Documentation/netlink/specs/ssdk.yaml"
HEADER = f"""Do not edit directly, auto-generated from:
\t{SPEC_REL}
by scripts/ynl-gen-ssdk.py"""

# Attribute types of the spec, as the C table and Python name them.
TYPES = ["unused", "flag", "u32", "u64", "string", "nest", "pad", "binary"]
FLAG_MIN, FLAG_MAX, FLAG_DEFAULT, FLAG_MULTI = 1, 2, 4, 8


def c_upper(name: str) -> str:
    return name.upper().replace("-", "_")


def c_lower(name: str) -> str:
    return name.lower().replace("-", "_")


def one_line(text: str) -> str:
    """A doc of the spec as one line: its words, blank-separated."""
    return " ".join(text.split())


def c_string(text: str) -> str:
    """A C string literal of one line of text."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def py_class(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("-"))


@dataclass
class Enum:
    name: str
    flags: bool
    entries: list[str]
    values: list[int]
    docs: list[str]


@dataclass
class Member:
    name: str
    type: str
    doc: str


@dataclass
class Struct:
    name: str
    doc: str
    members: list[Member]


@dataclass
class Attr:
    name: str
    value: int
    type: str
    enum: str | None = None
    nested: str | None = None
    multi: bool = False
    min: int | None = None
    max: int | None = None
    default: int | None = None
    doc: str = ""


@dataclass
class AttrSet:
    name: str
    attrs: list[Attr] = field(default_factory=list)

    def by_name(self, name: str) -> Attr:
        for attr in self.attrs:
            if attr.name == name:
                return attr
        raise KeyError(f"no attribute {name} in set {self.name}")


@dataclass
class Op:
    name: str
    value: int
    attr_set: str
    lists: dict[str, list[str]]


class Spec:
    """The parts of the spec that the generated files need."""

    def __init__(self, path: str) -> None:
        with open(path, encoding="utf-8") as f:
            raw: dict[str, Any] = yaml.safe_load(f)
        self.family: str = raw["name"]
        self.consts: dict[str, int] = {}
        self.enums: list[Enum] = []
        self.structs: list[Struct] = []
        for d in raw["definitions"]:
            if d["type"] == "struct":
                self.structs.append(Struct(d["name"], d.get("doc", "").strip(), [
                    Member(m["name"], m["type"], m.get("doc", "").strip())
                    for m in d["members"]]))
            elif d["type"] == "const":
                self.consts[d["name"]] = int(d["value"])
            elif d["type"] in ("enum", "flags"):
                names = [e if isinstance(e, str) else e["name"] for e in d["entries"]]
                docs = [one_line(e.get("doc", "")) if isinstance(e, dict) else ""
                        for e in d["entries"]]
                flags = d["type"] == "flags"
                start = int(d.get("value-start", 0))
                values = [1 << i if flags else start + i for i in range(len(names))]
                self.enums.append(Enum(d["name"], flags, names, values, docs))
        self.sets: list[AttrSet] = []
        for s in raw["attribute-sets"]:
            aset = AttrSet(s["name"])
            value = 1
            for a in s["attributes"]:
                value = int(a.get("value", value))
                checks = a.get("checks", {})
                aset.attrs.append(Attr(
                    name=a["name"], value=value, type=a["type"],
                    enum=a.get("enum"), nested=a.get("nested-attributes"),
                    multi=bool(a.get("multi-attr", False)),
                    min=self._limit(checks.get("min")),
                    max=self._limit(checks.get("max", checks.get("max-len"))),
                    doc=one_line(a.get("doc", ""))))
                value += 1
            self.sets.append(aset)
        self.ops: list[Op] = []
        for value, o in enumerate(raw["operations"]["list"], start=1):
            lists: dict[str, list[str]] = {}
            for mode in ("do", "dump"):
                for part in ("request", "reply"):
                    attrs = (o.get(mode) or {}).get(part, {}).get("attributes")
                    if attrs:
                        lists[f"{mode}_{part}"] = list(attrs)
            attr_set = o.get("attribute-set", "")
            if "notify" in o:
                # A notification is the reply of the op it notifies for.
                of = next(op for op in self.ops if op.name == o["notify"])
                attr_set, lists = of.attr_set, {"do_reply": of.lists["do_reply"]}
            self.ops.append(Op(o["name"], value, attr_set, lists))
        self._apply_named_consts()
        self._enum_limits()

    def _limit(self, v: int | str | None) -> int | None:
        if v is None:
            return None
        return self.consts[v] if isinstance(v, str) else int(v)

    def aset(self, name: str) -> AttrSet:
        for s in self.sets:
            if s.name == name:
                return s
        raise KeyError(f"no attribute set {name}")

    def enum(self, name: str) -> Enum:
        for e in self.enums:
            if e.name == name:
                return e
        raise KeyError(f"no enum {name}")

    def _apply_named_consts(self) -> None:
        run = self.aset("run")
        names = {a.name for a in run.attrs}
        for const, value in self.consts.items():
            m = re.fullmatch(r"(default|min|max)-(.+)", const)
            if not m or m.group(2) not in names:
                continue
            kind, attr = m.group(1), run.by_name(m.group(2))
            if kind == "default":
                if attr.enum and value not in self.enum(attr.enum).values:
                    raise SystemExit(f"{const}: {value} is no value of enum {attr.enum}")
                attr.default = value
            elif kind == "min" and attr.min is None:
                attr.min = value
            elif kind == "max" and attr.max is None:
                attr.max = value
        for const in self.consts:
            m = re.fullmatch(r"default-(.+)", const)
            if m and m.group(1) not in names:
                raise SystemExit(f"{const}: no attribute {m.group(1)} in the run set")

    def _enum_limits(self) -> None:
        # As ynl-gen-c's policies: an enum attribute takes its values only.
        for s in self.sets:
            for a in s.attrs:
                if a.enum and not self.enum(a.enum).flags:
                    values = self.enum(a.enum).values
                    a.min = min(values) if a.min is None else a.min
                    a.max = max(values) if a.max is None else a.max


def c_header(spec: Spec) -> str:
    fam = c_upper(spec.family)
    enums = "".join(f"\tSSDK_SPEC_ENUM_{c_upper(e.name)},\n" for e in spec.enums)
    sets = "".join(f"\tSSDK_SPEC_SET_{c_upper(s.name)},\n" for s in spec.sets)
    types = "".join(f"\tSSDK_SPEC_TYPE_{c_upper(t)},\n" for t in TYPES)
    return f"""/* SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause */
/* {HEADER.replace(chr(10), chr(10) + ' * ')} */
/*
 * The {spec.family} netlink family's spec as a table: every attribute of every
 * set with its name, type, limits and default, every enum's names, every
 * operation's attributes. Read it through libssdk.h's ssdk_spec_*().
 */
#ifndef _{fam}_SPEC_H
#define _{fam}_SPEC_H

#include <stdint.h>

/* The spec's enums and flags, in its order. */
enum ssdk_spec_enum_id {{
{enums}\tSSDK_SPEC_NR_ENUMS
}};

/* The spec's attribute sets, in its order. */
enum ssdk_spec_set_id {{
{sets}\tSSDK_SPEC_NR_SETS
}};

/* An attribute's type in the spec. */
enum ssdk_spec_type {{
{types}}};

#define SSDK_SPEC_HAS_MIN\t{FLAG_MIN}
#define SSDK_SPEC_HAS_MAX\t{FLAG_MAX}
#define SSDK_SPEC_HAS_DEFAULT\t{FLAG_DEFAULT}
#define SSDK_SPEC_MULTI\t\t{FLAG_MULTI}

/**
 * struct ssdk_spec_attr - One attribute of a set.
 * @name: Its name in the spec; NULL for a type the set does not have.
 * @type: &enum ssdk_spec_type.
 * @flags: SSDK_SPEC_HAS_MIN, _MAX, _DEFAULT: which of @min, @max and
 *\t@dflt hold; SSDK_SPEC_MULTI: the attribute may repeat.
 * @enum_id: &enum ssdk_spec_enum_id of its values, or -1.
 * @nested: &enum ssdk_spec_set_id of a nest's attributes, or -1.
 * @min: Smallest value the kernel takes.
 * @max: Largest value the kernel takes.
 * @dflt: What the kernel does when the attribute is left out.
 * @doc: The spec's doc of it, one line; "" when it has none.
 */
struct ssdk_spec_attr {{
\tconst char *name;
\tuint32_t type;
\tuint32_t flags;
\tint32_t enum_id;
\tint32_t nested;
\tuint64_t min;
\tuint64_t max;
\tuint64_t dflt;
\tconst char *doc;
}};

/**
 * struct ssdk_spec_set - An attribute set.
 * @name: Its name in the spec.
 * @max: Its largest attribute type.
 * @attrs: Indexed by type, @max + 1 of them.
 */
struct ssdk_spec_set {{
\tconst char *name;
\tuint32_t max;
\tconst struct ssdk_spec_attr *attrs;
}};

/**
 * struct ssdk_spec_enum - An enum or a set of flags.
 * @name: Its name in the spec.
 * @flags: Its entries are bits (values 1 << i) rather than 0, 1, 2...
 * @nr: Entries.
 * @names: Their names, in the order of their values.
 * @docs: The spec's doc of each, one line; "" when it has none.
 */
struct ssdk_spec_enum {{
\tconst char *name;
\tuint32_t flags;
\tuint32_t nr;
\tconst char *const *names;
\tconst char *const *docs;
}};

/**
 * struct ssdk_spec_op - An operation.
 * @name: Its name in the spec; NULL for a command number it does not use.
 * @set: &enum ssdk_spec_set_id of its attributes.
 * @do_request: The attributes of a do request, 0-terminated.
 * @do_reply: Those of a do reply.
 * @dump_reply: Those of each message of a dump.
 */
struct ssdk_spec_op {{
\tconst char *name;
\tuint32_t set;
\tconst uint16_t *do_request;
\tconst uint16_t *do_reply;
\tconst uint16_t *dump_reply;
}};

extern const struct ssdk_spec_set ssdk_spec_sets[SSDK_SPEC_NR_SETS];
extern const struct ssdk_spec_enum ssdk_spec_enums[SSDK_SPEC_NR_ENUMS];
extern const struct ssdk_spec_op ssdk_spec_ops[{len(spec.ops) + 1}];

#endif /* _{fam}_SPEC_H */
"""


def c_attr_const(spec: Spec, aset: AttrSet, attr: Attr) -> str:
    return f"{c_upper(spec.family)}_A_{c_upper(aset.name)}_{c_upper(attr.name)}"


def c_source(spec: Spec) -> str:
    out = [f"""// SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
/* {HEADER.replace(chr(10), chr(10) + ' * ')} */

#include <stddef.h>

#include <linux/{spec.family}.h>

#include "spec.h"
"""]
    for e in spec.enums:
        entries = "".join(f'\t"{n}",\n' for n in e.entries)
        out.append(f"\nstatic const char *const {c_lower(e.name)}_names[] = {{\n{entries}}};\n")
        docs = "".join(f"\t{c_string(d)},\n" for d in e.docs)
        out.append(f"\nstatic const char *const {c_lower(e.name)}_docs[] = {{\n{docs}}};\n")
    for s in spec.sets:
        rows = []
        for a in s.attrs:
            flags = [f for f, v in (("SSDK_SPEC_HAS_MIN", a.min), ("SSDK_SPEC_HAS_MAX", a.max),
                                    ("SSDK_SPEC_HAS_DEFAULT", a.default)) if v is not None]
            if a.multi:
                flags.append("SSDK_SPEC_MULTI")
            fields = [f'"{a.name}"', f"SSDK_SPEC_TYPE_{c_upper(a.type)}",
                      " | ".join(flags) or "0",
                      f"SSDK_SPEC_ENUM_{c_upper(a.enum)}" if a.enum else "-1",
                      f"SSDK_SPEC_SET_{c_upper(a.nested)}" if a.nested else "-1",
                      *(f"{v or 0}ULL" for v in (a.min, a.max, a.default)),
                      c_string(a.doc)]
            rows.append(f"\t[{c_attr_const(spec, s, a)}] =\n\t\t{{ {', '.join(fields)} }},\n")
        out.append(f"\n/* name, type, flags, enum_id, nested, min, max, dflt, doc */\n"
                   f"static const struct ssdk_spec_attr {c_lower(s.name)}_attrs[] = {{\n"
                   f"{''.join(rows)}}};\n")
    for op in spec.ops:
        aset = spec.aset(op.attr_set)
        for key, names in op.lists.items():
            attrs = "".join(f"\t{c_attr_const(spec, aset, aset.by_name(n))},\n" for n in names)
            out.append(f"\nstatic const uint16_t {c_lower(op.name)}_{key}[] = {{\n{attrs}\t0\n}};\n")
    table = "".join(
        f'\t[SSDK_SPEC_SET_{c_upper(s.name)}] = {{ "{s.name}", '
        f"{c_upper(spec.family)}_A_{c_upper(s.name)}_MAX, {c_lower(s.name)}_attrs }},\n"
        for s in spec.sets)
    out.append(f"\nconst struct ssdk_spec_set ssdk_spec_sets[SSDK_SPEC_NR_SETS] = {{\n{table}}};\n")
    table = "".join(
        f'\t[SSDK_SPEC_ENUM_{c_upper(e.name)}] = {{ "{e.name}", {int(e.flags)}, '
        f"{len(e.entries)}, {c_lower(e.name)}_names, {c_lower(e.name)}_docs }},\n"
        for e in spec.enums)
    out.append(f"\nconst struct ssdk_spec_enum ssdk_spec_enums[SSDK_SPEC_NR_ENUMS] = {{\n{table}}};\n")
    rows = []
    for op in spec.ops:
        lists = ", ".join(
            f".{key} = {c_lower(op.name)}_{key}" if key in op.lists else f".{key} = NULL"
            for key in ("do_request", "do_reply", "dump_reply"))
        rows.append(f'\t[{c_upper(spec.family)}_CMD_{c_upper(op.name)}] = {{ "{op.name}", '
                    f"SSDK_SPEC_SET_{c_upper(op.attr_set)},\n\t\t{lists} }},\n")
    out.append(f"\nconst struct ssdk_spec_op ssdk_spec_ops[{len(spec.ops) + 1}] = {{\n"
               f"{''.join(rows)}}};\n")
    return "".join(out)


def python_module(spec: Spec) -> str:
    out = [f'''# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
# {HEADER.replace(chr(10), chr(10) + '# ').replace(chr(9), '    ')}
"""The {spec.family} netlink family's spec: its enums, constants, and the
attributes of each set with their types, limits and defaults."""

from __future__ import annotations

import enum
from typing import NamedTuple

FAMILY_NAME = "{spec.family}"
''']
    for e in spec.enums:
        base = "enum.IntFlag" if e.flags else "enum.IntEnum"
        members = "".join(f"    {c_upper(n)} = {v}\n" for n, v in zip(e.entries, e.values))
        out.append(f'\n\nclass {py_class(e.name)}({base}):\n    """The spec\'s {e.name} '
                   f'{"flags" if e.flags else "enum"}."""\n\n{members}')
    consts = "".join(f"{c_upper(k)} = {v}\n" for k, v in spec.consts.items())
    out.append(f"\n\n# The spec's constants.\n{consts}")
    out.append('''

class Attr(NamedTuple):
    """One attribute of a set: its type number, type, enum, nest, limits, default."""

    value: int
    type: str
    enum: str | None
    nested: str | None
    multi: bool
    min: int | None
    max: int | None
    default: int | None


# Every attribute set: {attribute name: Attr}.
ATTRS: dict[str, dict[str, Attr]] = {
''')
    for s in spec.sets:
        out.append(f'    "{s.name}": {{\n')
        for a in s.attrs:
            out.append(f'        "{a.name}": Attr({a.value}, "{a.type}", '
                       f'{a.enum!r}, {a.nested!r}, {a.multi}, {a.min}, {a.max}, '
                       f'{a.default}),\n')
        out.append("    },\n")
    out.append("}\n")
    out.append("\n# Every operation: (command number, attribute set, {part: attribute names}).\n"
               "OPS: dict[str, tuple[int, str, dict[str, tuple[str, ...]]]] = {\n")
    for op in spec.ops:
        lists = ", ".join(f'"{k}": ({", ".join(repr(n) for n in v)},)' for k, v in op.lists.items())
        out.append(f'    "{op.name}": ({op.value}, "{op.attr_set}", {{{lists}}}),\n')
    out.append("}\n")
    return "".join(out)


STRUCT_TYPES = {"u8": "__u8", "u16": "__u16", "u32": "__u32", "u64": "__u64"}


def uapi_structs(spec: Spec) -> str:
    """The spec's structs as C, kernel-doc first, as the uapi header has them."""
    out = []
    for st in spec.structs:
        fam = c_lower(spec.family)
        lines = ["/**", f" * struct {fam}_{c_lower(st.name)} - {' '.join(st.doc.split())}"]
        for m in st.members:
            lines.append(f" * @{c_lower(m.name)}: {' '.join(m.doc.split())}")
        lines += [" */", f"struct {fam}_{c_lower(st.name)} {{"]
        for m in st.members:
            if m.type not in STRUCT_TYPES:
                raise SystemExit(f"struct {st.name}: member {m.name} of type {m.type}")
            lines.append(f"\t{STRUCT_TYPES[m.type]} {c_lower(m.name)};")
        lines.append("};")
        out.append("\n".join(lines) + "\n\n")
    return "".join(out)


def add_structs(uapi: str, spec: Spec) -> str:
    """The uapi header with the structs before its attribute enums."""
    if not spec.structs:
        return uapi
    if "#include <linux/types.h>" not in uapi:
        guard = f"#define _UAPI_LINUX_{c_upper(spec.family)}_H\n"
        uapi = uapi.replace(guard, guard + "\n#include <linux/types.h>\n", 1)
    anchor = f"enum {{\n\t{c_upper(spec.family)}_A_"
    at = uapi.index(anchor)
    return uapi[:at] + uapi_structs(spec) + uapi[at:]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--spec", required=True)
    ap.add_argument("--out", required=True, help="root of the tree to write into")
    ap.add_argument("--uapi", help="the uapi header ynl-gen-c made, to add the structs to")
    args = ap.parse_args()
    spec = Spec(args.spec)
    if args.uapi:
        with open(args.uapi, encoding="utf-8") as f:
            uapi = f.read()
        with open(args.uapi, "w", encoding="utf-8") as f:
            f.write(add_structs(uapi, spec))
    files = {
        "userspace/lib/spec.h": c_header(spec),
        "userspace/lib/spec.c": c_source(spec),
        "userspace/python/ssdk/spec.py": python_module(spec),
    }
    for rel, text in files.items():
        path = os.path.join(args.out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
