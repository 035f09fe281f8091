#!/usr/bin/env python3
"""The p4929 submission against the `dlx` command on one hard matrix:
Langford pairs for n = 13 (no solution, a large tree), rows and columns
shuffled with a fixed seed, as p4929 input and as a DLX file.

    scripts/langford-p4929.py [N] [SEED]

Compiles submissions/p4929/main.rs with rustc -O, builds `dlx` in release,
runs both on the same matrix and prints their times and answers.
"""
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def langford(n, seed):
    """Columns: values 1..n, then slots 1..2n; a row puts value v in slots
    i and i + v + 1."""
    rows = []
    for v in range(1, n + 1):
        for i in range(1, 2 * n - v):
            rows.append((v - 1, n + i - 1, n + i + v))
    columns = 3 * n
    rng = random.Random(seed)
    rng.shuffle(rows)
    order = list(range(columns))
    rng.shuffle(order)
    return columns, [sorted(order[c] for c in row) for row in rows]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 13
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    columns, rows = langford(n, seed)
    with tempfile.TemporaryDirectory() as tmp:
        matrix = os.path.join(tmp, "langford.in")
        with open(matrix, "w") as f:
            f.write(f"{len(rows)} {columns}\n")
            for row in rows:
                ones = set(row)
                f.write(" ".join("1" if c in ones else "0" for c in range(columns)) + "\n")
        dlx_file = os.path.join(tmp, "langford.dlx")
        with open(dlx_file, "w") as f:
            f.write(" ".join(f"c{c}" for c in range(columns)) + "\n")
            for row in rows:
                f.write(" ".join(f"c{c}" for c in row) + "\n")
        exe = os.path.join(tmp, "p4929")
        subprocess.run(["rustc", "--edition", "2021", "-O", "-o", exe,
                        os.path.join(ROOT, "submissions/p4929/main.rs")], check=True)
        subprocess.run(["cargo", "build", "-q", "--release", "-p", "dlx-cli"], cwd=ROOT, check=True)
        print(f"Langford pairs n = {n}: {len(rows)} rows x {columns} columns, seed {seed}")
        for name, command, stdin in (
            ("p4929 submission", [exe], matrix),
            ("dlx command", [os.path.join(ROOT, "target/release/dlx"), "--no-progress", "--first", dlx_file], None),
            ("dlx command --fast", [os.path.join(ROOT, "target/release/dlx"), "--no-progress", "--first", "--fast", dlx_file], None),
        ):
            start = time.monotonic()
            with open(stdin or os.devnull) as f:
                out = subprocess.run(command, stdin=f, capture_output=True, text=True).stdout
            print(f"  {name:<20} {time.monotonic() - start:6.2f} s   {out.strip()}")


if __name__ == "__main__":
    main()
