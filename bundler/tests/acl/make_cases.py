#!/usr/bin/env python3
"""Writes the inputs of the ACL corpus (bundler/tests/acl/cases/<id>/) and
their expected outputs, computed here by brute force, independently of the
library under test. Where a problem has several right answers (a tiling, a
choice of cells, flag positions, the order of components), the expected
output holds only the determined first line(s): the runner compares that
prefix, and the rest with the unbundled crate's own output.

Run from the repository root: python3 bundler/tests/acl/make_cases.py
"""
import itertools
import os
import random

MOD = 998244353
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")


def write(problem, name, text, answer):
    folder = os.path.join(ROOT, problem)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + ".in"), "w") as f:
        f.write(text)
    with open(os.path.join(folder, name + ".out"), "w") as f:
        f.write(answer)


def dsu(rng, n, q):
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    lines, out = [f"{n} {q}"], []
    for _ in range(q):
        t, u, v = rng.randrange(2), rng.randrange(n), rng.randrange(n)
        lines.append(f"{t} {u} {v}")
        if t == 0:
            parent[find(u)] = find(v)
        else:
            out.append("1" if find(u) == find(v) else "0")
    return "\n".join(lines) + "\n", "".join(o + "\n" for o in out)


def fenwick(rng, n, q):
    a = [rng.randrange(10**9) for _ in range(n)]
    lines, out = [f"{n} {q}", " ".join(map(str, a))], []
    for _ in range(q):
        if rng.randrange(2) == 0:
            p, x = rng.randrange(n), rng.randrange(10**9)
            a[p] += x
            lines.append(f"0 {p} {x}")
        else:
            l = rng.randrange(n)
            r = rng.randrange(l, n + 1)
            lines.append(f"1 {l} {r}")
            out.append(str(sum(a[l:r])))
    return "\n".join(lines) + "\n", "".join(o + "\n" for o in out)


def floor_sum(rng, t):
    lines, out = [str(t)], []
    for _ in range(t):
        n, m = rng.randrange(1, 50), rng.randrange(1, 50)
        a, b = rng.randrange(m * 3), rng.randrange(m * 3)
        lines.append(f"{n} {m} {a} {b}")
        out.append(str(sum((a * i + b) // m for i in range(n))))
    return "\n".join(lines) + "\n", "".join(o + "\n" for o in out)


def tiles(rng, n, m):
    grid = ["".join(rng.choice("...#") for _ in range(m)) for _ in range(n)]
    free = [(i, j) for i in range(n) for j in range(m) if grid[i][j] == "."]
    best = 0

    def search(k, used, count):
        nonlocal best
        best = max(best, count)
        if k == len(free):
            return
        i, j = free[k]
        if (i, j) in used:
            search(k + 1, used, count)
            return
        for (y, x) in ((i, j + 1), (i + 1, j)):
            if y < n and x < m and grid[y][x] == "." and (y, x) not in used:
                search(k + 1, used | {(i, j), (y, x)}, count + 1)
        search(k + 1, used, count)

    search(0, frozenset(), 0)
    return f"{n} {m}\n" + "".join(row + "\n" for row in grid), f"{best}\n"


def choose_cells(rng, n, k):
    a = [[rng.randrange(100) for _ in range(n)] for _ in range(n)]
    cells = [(i, j) for i in range(n) for j in range(n)]
    best = 0
    for mask in range(1 << len(cells)):
        rows, cols, total = [0] * n, [0] * n, 0
        ok = True
        for bit, (i, j) in enumerate(cells):
            if mask >> bit & 1:
                rows[i] += 1
                cols[j] += 1
                total += a[i][j]
                if rows[i] > k or cols[j] > k:
                    ok = False
                    break
        if ok:
            best = max(best, total)
    text = f"{n} {k}\n" + "".join(" ".join(map(str, row)) + "\n" for row in a)
    return text, f"{best}\n"


def convolution(rng, n, m):
    a = [rng.randrange(MOD) for _ in range(n)]
    b = [rng.randrange(MOD) for _ in range(m)]
    c = [0] * (n + m - 1)
    for i in range(n):
        for j in range(m):
            c[i + j] = (c[i + j] + a[i] * b[j]) % MOD
    text = f"{n} {m}\n{' '.join(map(str, a))}\n{' '.join(map(str, b))}\n"
    return text, " ".join(map(str, c)) + "\n"


def scc(rng, n, m):
    edges = [(rng.randrange(n), rng.randrange(n)) for _ in range(m)]
    reach = [[i == j for j in range(n)] for i in range(n)]
    for a, b in edges:
        reach[a][b] = True
    for k in range(n):
        for i in range(n):
            for j in range(n):
                reach[i][j] = reach[i][j] or (reach[i][k] and reach[k][j])
    components = {frozenset(j for j in range(n) if reach[i][j] and reach[j][i]) for i in range(n)}
    text = f"{n} {m}\n" + "".join(f"{a} {b}\n" for a, b in edges)
    return text, f"{len(components)}\n"


def flags(rng, n, d):
    places = [(rng.randrange(30), rng.randrange(30)) for _ in range(n)]
    possible = any(
        all(abs(places[i][c[i]] - places[j][c[j]]) >= d for i in range(n) for j in range(i + 1, n))
        for c in itertools.product((0, 1), repeat=n)
    )
    text = f"{n} {d}\n" + "".join(f"{x} {y}\n" for x, y in places)
    return text, "Yes\n" if possible else "No\n"


def substrings(rng, n, alphabet):
    s = "".join(rng.choice(alphabet) for _ in range(n))
    distinct = {s[i:j] for i in range(n) for j in range(i + 1, n + 1)}
    return s + "\n", f"{len(distinct)}\n"


def segtree(rng, n, q):
    a = [rng.randrange(10) for _ in range(n)]
    lines, out = [f"{n} {q}", " ".join(map(str, a))], []
    for _ in range(q):
        t = rng.randrange(1, 4)
        if t == 1:
            x, v = rng.randrange(1, n + 1), rng.randrange(10)
            a[x - 1] = v
            lines.append(f"1 {x} {v}")
        elif t == 2:
            l = rng.randrange(1, n + 1)
            r = rng.randrange(l, n + 1)
            lines.append(f"2 {l} {r}")
            out.append(str(max(a[l - 1:r])))
        else:
            x, v = rng.randrange(1, n + 1), rng.randrange(10)
            lines.append(f"3 {x} {v}")
            out.append(str(next((j + 1 for j in range(x - 1, n) if a[j] >= v), n + 1)))
    return "\n".join(lines) + "\n", "".join(o + "\n" for o in out)


def affine(rng, n, q):
    a = [rng.randrange(MOD) for _ in range(n)]
    lines, out = [f"{n} {q}", " ".join(map(str, a))], []
    for _ in range(q):
        l = rng.randrange(n)
        r = rng.randrange(l + 1, n + 1)
        if rng.randrange(2) == 0:
            b, c = rng.randrange(1, MOD), rng.randrange(MOD)
            lines.append(f"0 {l} {r} {b} {c}")
            for i in range(l, r):
                a[i] = (b * a[i] + c) % MOD
        else:
            lines.append(f"1 {l} {r}")
            out.append(str(sum(a[l:r]) % MOD))
    return "\n".join(lines) + "\n", "".join(o + "\n" for o in out)


def inversions(rng, n, q):
    a = [rng.randrange(2) for _ in range(n)]
    lines, out = [f"{n} {q}", " ".join(map(str, a))], []
    for _ in range(q):
        l = rng.randrange(1, n + 1)
        r = rng.randrange(l, n + 1)
        if rng.randrange(2) == 0:
            lines.append(f"1 {l} {r}")
            for i in range(l - 1, r):
                a[i] ^= 1
        else:
            lines.append(f"2 {l} {r}")
            seg = a[l - 1:r]
            out.append(str(sum(1 for i in range(len(seg)) for j in range(i + 1, len(seg)) if seg[i] > seg[j])))
    return "\n".join(lines) + "\n", "".join(o + "\n" for o in out)


def number_theory(rng, t):
    lines, out = [str(t)], []
    for _ in range(t):
        m = rng.choice([2, 3, 5, 7, 11, 13, 97, 1009])
        x = rng.randrange(1, 1000)
        while x % m == 0:
            x += 1
        n = rng.randrange(0, 50)
        lines.append(f"{x} {n} {m}")
        power = pow(x, n, m)
        inverse = pow(x % m, -1, m)
        # crt of x mod m and n mod m+1 (coprime): the least such value.
        r = next(v for v in range(m * (m + 1)) if v % m == x % m and v % (m + 1) == n % (m + 1))
        out.append(f"{power} {inverse} {r} {m * (m + 1)}")
    return "\n".join(lines) + "\n", "".join(o + "\n" for o in out)


def dynamic_modint(rng, modulus, k, word):
    values = [rng.randrange(10**12) for _ in range(k)]
    product, total = 1, 0
    for v in values:
        product = product * v % modulus
        total = (total + v) % modulus
    third = (pow(product, 3, modulus) - total) % modulus
    z = [len(word)] + [
        next((k for k in range(len(word) - i) if word[k] != word[i + k]), len(word) - i)
        for i in range(1, len(word))
    ]
    text = f"{modulus} {' '.join(map(str, values))} | {word}\n"
    return text, f"{product} {total} {third}\n{' '.join(map(str, z))}\n"


def main():
    rng = random.Random(2026)
    write("dsu", "small", *dsu(rng, 4, 7))
    write("dsu", "random", *dsu(rng, 30, 200))
    write("fenwick", "small", *fenwick(rng, 5, 8))
    write("fenwick", "random", *fenwick(rng, 40, 200))
    write("floor_sum", "random", *floor_sum(rng, 60))
    write("maxflow", "small", *tiles(rng, 3, 3))
    write("maxflow", "random", *tiles(rng, 4, 5))
    write("mincostflow", "small", *choose_cells(rng, 3, 1))
    write("mincostflow", "random", *choose_cells(rng, 3, 2))
    write("convolution", "small", *convolution(rng, 4, 5))
    write("convolution", "random", *convolution(rng, 60, 45))
    write("scc", "small", *scc(rng, 6, 7))
    write("scc", "random", *scc(rng, 25, 40))
    write("two_sat", "small", *flags(rng, 3, 2))
    write("two_sat", "random", *flags(rng, 8, 4))
    write("substrings", "small", *substrings(rng, 6, "ab"))
    write("substrings", "random", *substrings(rng, 80, "abc"))
    write("segtree", "small", *segtree(rng, 5, 8))
    write("segtree", "random", *segtree(rng, 40, 200))
    write("affine", "small", *affine(rng, 5, 8))
    write("affine", "random", *affine(rng, 30, 150))
    write("inversions", "small", *inversions(rng, 5, 8))
    write("inversions", "random", *inversions(rng, 40, 150))
    write("math", "random", *number_theory(rng, 40))
    write("dynamic_modint", "prime", *dynamic_modint(rng, 1_000_000_007, 9, "abaabaab"))
    write("dynamic_modint", "composite", *dynamic_modint(rng, 360, 5, "aaaa"))


if __name__ == "__main__":
    main()
