#!/usr/bin/env python3
"""The README's table of the counting families: the CPU time of plain
`dlx FILE` (no flags: the trial decides between the memo and the search)
beside Knuth's DLX6 and dlx6-nomrv when `KNUTH` names a folder holding
them (his programs are not part of the repository; without `KNUTH`, or
without one of them, its columns say so).

    scripts/counting-table.py [NAME...]
    KNUTH=/path/to/knuth scripts/counting-table.py
    KNUTH=/path/to/knuth LIMIT=60 MEMORY=4G scripts/counting-table.py bell-14

Builds the release `dlx` and the instance generator
(`cargo run --release -p library --example instances -- NAME`), writes
each instance to a temporary folder, runs each program once on it, and
prints a Markdown table (a region the `figures` program writes into
cli/README.md): solutions, our CPU seconds (user + system, from
wait4), peak resident memory (about 11 MB at least: the forked script's
own) and whether the memo or the search counted,
and Knuth's, each of his runs stopped past LIMIT CPU seconds (default
120) or MEMORY resident bytes (default 8G; DLX6 keeps every signature,
and takes gigabytes on boards). Every count is
checked: ours against Bell's triangle, the double factorial or
counts-memo.tsv where they give it, and Knuth's against ours modulo 2^64
(his counter wraps). A mismatch stops the script.

A measurement script, not a test: run it on a quiet machine; the first
line it prints says when, where and how loaded.
"""
import datetime
import os
import platform
import re
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(ROOT, "target", "release")

# The families of library/examples/instances.rs at the sizes of
# counts-memo.tsv and past them: tilings up to where the count passes
# 2^128 (dominoes-18x18, small-pieces-11x11), the others a size past 10 s.
NAMES = [
    "dominoes-8x8", "dominoes-12x12", "dominoes-16x16",
    "small-pieces-8x8", "small-pieces-10x10",
    "triominoes-9x12", "triominoes-12x12", "triominoes-12x15",
    "bell-12", "bell-13", "bell-14", "bell-15",
    "matchings-20", "matchings-30", "matchings-32", "matchings-34",
]


def size(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    if text[-1:] in units:
        return int(text[:-1]) * units[text[-1]]
    return int(text)


def build():
    subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "dlx-cli", "-p", "library",
         "--example", "instances"],
        cwd=ROOT, check=True)


def expected(name):
    """The count of `name` by a method other than ours, if there is one."""
    family, n = name.rsplit("-", 1)
    if family == "bell":
        row = [1]
        for _ in range(int(n) - 1):
            nxt = [row[-1]]
            for above in row:
                nxt.append(nxt[-1] + above)
            row = nxt
        return row[-1]
    if family == "matchings":
        product = 1
        for k in range(1, int(n), 2):
            product *= k
        return product
    with open(os.path.join(ROOT, "library", "instances", "counts-memo.tsv")) as table:
        for line in table:
            fields = line.rstrip("\n").split("\t")
            if fields[0] == name:
                return int(fields[1])
    return None


def resident(pid):
    """The resident memory of process `pid`, in bytes (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def run(command, stdin, limits=None):
    """Runs `command` on the file `stdin`, within `limits` (CPU seconds,
    resident bytes) if given: its output (stdout and stderr), CPU seconds,
    peak resident MB, and why it stopped early (None if it did not)."""
    def limit():
        if limits:
            resource.setrlimit(resource.RLIMIT_CPU, (limits[0], limits[0] + 5))
    with open(stdin, "rb") as source, tempfile.TemporaryFile() as out:
        child = subprocess.Popen(command, stdin=source, stdout=out,
                                 stderr=subprocess.STDOUT, preexec_fn=limit)
        stopped = None
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            # DLX6 reserves 32 GB of address space at once and fills it
            # as it goes: only the resident size can be watched.
            if limits and resident(child.pid) > limits[1] and not stopped:
                stopped = f"over {limits[1] >> 30} GB"
                child.kill()
            time.sleep(0.05)
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode(errors="replace")
    cpu = usage.ru_utime + usage.ru_stime
    if limits and child.returncode != 0 and not stopped and cpu >= limits[0] - 1:
        stopped = f"over {limits[0]} s"
    if child.returncode != 0 and not stopped:
        stopped = f"stopped after {cpu:.0f} s (exit code {child.returncode})"
    return text, cpu, usage.ru_maxrss / 1024, stopped


def ours(path):
    text, cpu, peak, stopped = run([os.path.join(RELEASE, "dlx"), path], path)
    if stopped:
        sys.exit(f"dlx {path}: {text}")
    solutions = int(re.search(r"solutions: (\d+)", text).group(1))
    how = "memo" if "memos:" in text else "search"
    return solutions, cpu, peak, how


def knuth(folder, program, path, limits):
    """What Knuth's `program` counts on `path` (None if it stopped), and
    its cell of the table."""
    binary = os.path.join(folder, program)
    if not os.path.isfile(binary):
        return None, "not in KNUTH"
    text, cpu, peak, stopped = run([binary], path, limits)
    found = re.search(r"Altogether (\d+) solutions", text)
    if stopped or not found:
        return None, stopped or "no count"
    return int(found.group(1)), f"{cpu:.2f} s, {peak:.0f} MB"


def main():
    names = sys.argv[1:] or NAMES
    folder = os.environ.get("KNUTH")
    limits = (int(os.environ.get("LIMIT", "120")), size(os.environ.get("MEMORY", "8G")))
    build()
    load = os.getloadavg()[0]
    date = datetime.date.today().isoformat()
    shown_env = {"KNUTH": "/path/to/knuth"}
    settings = "".join(f"{key}={shown_env.get(key, os.environ[key])} "
                       for key in ["KNUTH", "LIMIT", "MEMORY"] if key in os.environ)
    command = f"{settings}scripts/counting-table.py {' '.join(sys.argv[1:])}".strip()
    # The markers make the table a region of cli/README.md: piped into
    # `cargo run -q -p judge-tests --bin figures -- cli/README.md`, it
    # replaces the page's table and redraws its chart of our column.
    print(f"<!-- figures counting · `{command}` · chart dlx -->")
    print(f"{date}, {platform.node()}: {os.cpu_count()} cores, load {load:.1f}.")
    print()
    print("| instance | solutions | `dlx` | `dlx6` | `dlx6-nomrv` |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for name in names:
            path = os.path.join(work, name + ".dlx")
            with open(path, "w") as out:
                subprocess.run([os.path.join(RELEASE, "examples", "instances"), name],
                               stdout=out, check=True)
            solutions, cpu, peak, how = ours(path)
            known = expected(name)
            if known is not None and known != solutions:
                sys.exit(f"{name}: dlx counts {solutions}, expected {known}")
            columns = []
            for program in ["dlx6", "dlx6-nomrv"]:
                if not folder:
                    columns.append("(KNUTH not set)")
                    continue
                theirs, shown = knuth(folder, program, path, limits)
                if theirs is not None and theirs != solutions % (1 << 64):
                    sys.exit(f"{name}: {program} counts {theirs}, dlx {solutions}")
                columns.append(shown)
            print(f"| {name} | {solutions} | {cpu:.2f} s, {peak:.0f} MB ({how}) | "
                  f"{columns[0]} | {columns[1]} |", flush=True)
            os.remove(path)
    print("<!-- end figures counting -->")


if __name__ == "__main__":
    main()
