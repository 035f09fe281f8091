#!/usr/bin/env python3
"""Before/after figures for the hardening issue, in one run: the library as
it was (a commit, default 4ffcb6d) against the working tree.

    scripts/hardening-figures.py [--before COMMIT]

Builds the `dlx` command of both versions (a git worktree of COMMIT under
target/hardening/) and compiles both versions of the latin and uva745
submissions with rustc -O, then runs each on the same inputs and prints
wall time, peak memory (the kernel's ru_maxrss, from wait4) and output
bytes side by side:

1. latin with 812 million solutions (groups = rows, no givens), stopped
   after 10 s: how soon output starts, and how memory grows;
2. 50 MB of line ends to latin, one 50 MB piece line to uva745;
5. `dlx` reading one option of 200 000 distinct items;
6. `dlx` searching 100 000 (before) and 1 000 000 (after) primary items of
   one option each.

A measurement script, not a test: run it on a quiet machine.
"""
import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "target", "hardening")


def sh(*args, cwd=ROOT):
    subprocess.run(args, cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def build(before):
    old = os.path.join(WORK, "before")
    if not os.path.isdir(old):
        os.makedirs(WORK, exist_ok=True)
        sh("git", "worktree", "add", "--detach", old, before)
    sh("cargo", "build", "-q", "--release", "-p", "dlx-cli", cwd=old)
    sh("cargo", "build", "-q", "--release", "-p", "dlx-cli")
    programs = {"dlx": (os.path.join(old, "target/release/dlx"),
                        os.path.join(ROOT, "target/release/dlx"))}
    for problem in ("latin", "uva745"):
        pair = []
        for tag, source in (("before", os.path.join(old, "submissions", problem, "main.rs")),
                            ("after", os.path.join(ROOT, "submissions", problem, "main.rs"))):
            exe = os.path.join(WORK, f"{problem}-{tag}")
            sh("rustc", "--edition", "2021", "-O", "-o", exe, source)
            pair.append(exe)
        programs[problem] = tuple(pair)
    return programs


def measure(command, input_path, limit):
    """Wall seconds, seconds to the first output byte, output bytes; the
    run is killed after `limit` seconds."""
    with open(input_path, "rb") as stdin:
        start = time.monotonic()
        child = subprocess.Popen(command, stdin=stdin, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, start_new_session=True)
        os.set_blocking(child.stdout.fileno(), False)
        first, total = None, 0
        while True:
            chunk = child.stdout.read(1 << 16)
            if chunk:
                first = first if first is not None else time.monotonic() - start
                total += len(chunk)
            elif child.poll() is not None:
                break
            else:
                if time.monotonic() - start > limit:
                    os.killpg(child.pid, signal.SIGKILL)
                time.sleep(0.005)
        return time.monotonic() - start, first, total


def run_measured(command, input_path, limit):
    """`measure` in a forked helper, so RUSAGE_CHILDREN is this run's alone."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        import resource
        wall, first, total = measure(command, input_path, limit)
        # This helper's only child: its peak, in MiB (ru_maxrss is in KiB).
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        os.write(write, repr((wall, first, peak, total)).encode())
        os._exit(0)
    os.close(write)
    data = b""
    while True:
        chunk = os.read(read, 4096)
        if not chunk:
            break
        data += chunk
    os.waitpid(pid, 0)
    return eval(data.decode())


def show(label, before, after):
    def cell(m):
        wall, first, peak, total = m
        start = "never" if first is None else f"{first:.2f}s"
        return f"{wall:7.2f}s {peak:8.0f} MiB  first byte {start:>6}  out {total / 2**20:8.1f} MiB"
    print(f"{label}\n  before {cell(before)}\n  after  {cell(after)}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", default="4ffcb6d")
    args = parser.parse_args()
    programs = build(args.before)
    with tempfile.TemporaryDirectory() as tmp:
        def write(name, data):
            path = os.path.join(tmp, name)
            with open(path, "wb") as f:
                f.write(data)
            return path

        rows = write("rows.in", b"000000\n111111\n222222\n333333\n444444\n555555\n0\n")
        old, new = programs["latin"]
        show("1. latin, groups = rows, no givens (812 million solutions), stopped at 10 s",
             run_measured([old], rows, 10), run_measured([new], rows, 10))

        ends = write("ends.in", b"\n" * (50 << 20))
        show("2. latin, 50 MB of line ends",
             run_measured([old], ends, 60), run_measured([new], ends, 60))
        piece = write("piece.in", b"20\n1\n" + b"1" * (50 << 20) + b"\n")
        old, new = programs["uva745"]
        show("2. uva745, one piece line of 50 MB",
             run_measured([old], piece, 60), run_measured([new], piece, 60))

        old, new = programs["dlx"]
        names = " ".join(f"i{k}" for k in range(200_000)).encode()
        wide = write("wide.dlx", names + b"\n" + names + b"\n")
        show("5. dlx, one option naming 200 000 distinct items",
             run_measured([old, "--no-progress"], wide, 600),
             run_measured([new, "--no-progress"], wide, 600))

        def singles(n):
            items = " ".join(f"i{k}" for k in range(n)).encode()
            return items + b"\n" + b"".join(f"i{k}\n".encode() for k in range(n))
        hundred = write("singles-100k.dlx", singles(100_000))
        million = write("singles-1m.dlx", singles(1_000_000))
        show("6. dlx, 100 000 primary items of one option each",
             run_measured([old, "--no-progress"], hundred, 600),
             run_measured([new, "--no-progress"], hundred, 600))
        print("6. dlx, 1 000 000 primary items of one option each (after only)")
        wall, first, peak, total = run_measured([new, "--no-progress"], million, 600)
        print(f"  after  {wall:7.2f}s {peak:8.0f} MiB")


if __name__ == "__main__":
    sys.exit(main())
