#!/usr/bin/env python3
"""Answers nonograms with a general SAT solver, as a reference for the nonogram solver's speed.

Each line is the regular constraint of its clue, encoded with one variable per (cell boundary,
automaton state) and the clauses that give unit propagation the line rule's strength (forward
and backward supports). The solver looks for a picture, forbids it and looks again, so that it
answers the question ours answers: unique, several, or none.

    pip install python-sat
    python3 scripts/nonogram-sat.py --random 60 0.35 1,2,3 --write /tmp/random
    lockwright solve /tmp/random/random-60x60-d0.35-seed1.non --json   # ours, the same picture
    python3 scripts/nonogram-sat.py ../shared/data/nonograms/*.json templates/nonogram/*.non

Times are the solver's alone (building the clauses in Python is not counted); a puzzle gets
`--timeout` seconds (60 by default), building included.
"""

import argparse
import json
import multiprocessing
import os
import sys
import time

from pysat.solvers import Solver


def random_picture(width, height, density, seed):
    """The picture `random_picture` in engine/tests/nonogram_common.rs draws (xorshift)."""
    mask = (1 << 64) - 1
    s = ((seed * 0x9E3779B97F4A7C15) & mask) | 1

    def next_unit():
        nonlocal s
        s ^= (s << 13) & mask
        s ^= s >> 7
        s ^= (s << 17) & mask
        return (s >> 11) / float(1 << 53)

    return [[1 if next_unit() < density else 0 for _ in range(width)] for _ in range(height)]


def clue_of(line):
    runs, n = [], 0
    for filled in line:
        if filled:
            n += 1
        elif n:
            runs.append(n)
            n = 0
    if n:
        runs.append(n)
    return runs


def read_puzzle(path):
    """Width, height, row clues and column clues of a `.non` file or a `../shared/data` `.json`."""
    if path.endswith(".json"):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        drop_zeros = lambda clues: [[n for n in clue if n] for clue in clues]
        return data["width"], data["height"], drop_zeros(data["rows"]), drop_zeros(data["cols"])
    return read_non(path)


def read_non(path):
    """Width, height, row clues and column clues of a `.non` file (the fields the solver needs)."""
    with open(path, encoding="utf-8") as f:
        lines = [l.strip() for l in f.read().splitlines()]
    fields, rows, columns, i = {}, None, None, 0
    while i < len(lines):
        words = lines[i].split(None, 1)
        key = words[0].lower() if words else ""
        if key in ("width", "height"):
            fields[key] = int(words[1])
        elif key in ("rows", "columns"):
            count = fields["height" if key == "rows" else "width"]
            clues = []
            for text in lines[i + 1 : i + 1 + count]:
                clue = [int(n) for n in text.replace(",", " ").split() if n != "0"]
                clues.append(clue)
            if key == "rows":
                rows = clues
            else:
                columns = clues
            i += count
        i += 1
    return fields["width"], fields["height"], rows, columns


def write_non(path, title, size, rows, columns):
    """The puzzle as a `.non` file, for `lockwright solve` to answer the same question."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    text = lambda clue: ",".join(map(str, clue)) or "0"
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"title {title}\nwidth {size}\nheight {size}\n\nrows\n")
        f.write("".join(text(c) + "\n" for c in rows))
        f.write("\ncolumns\n")
        f.write("".join(text(c) + "\n" for c in columns))


class Clauses:
    def __init__(self):
        self.count = 0
        self.clauses = []

    def variable(self):
        self.count += 1
        return self.count


def encode_line(cnf, cells, runs):
    tight = []
    for k, run in enumerate(runs):
        if k:
            tight.append(0)
        tight += [1] * run
    last = len(tight)

    def step(state, filled):
        if state < last and tight[state] == filled:
            return state + 1
        if not filled and (state == 0 or state == last or tight[state - 1] == 0):
            return state
        return None

    at = [[cnf.variable() for _ in range(last + 1)] for _ in range(len(cells) + 1)]
    cnf.clauses.append([at[0][0]])
    cnf.clauses += [[-at[0][t]] for t in range(1, last + 1)]
    cnf.clauses += [[-at[len(cells)][t]] for t in range(last)]
    for p, cell in enumerate(cells):
        literal = {1: cell, 0: -cell}
        for t in range(last + 1):
            supports = []
            for filled in (0, 1):
                nxt = step(t, filled)
                if nxt is None:
                    cnf.clauses.append([-at[p][t], -literal[filled]])
                else:
                    cnf.clauses.append([-at[p][t], -literal[filled], at[p + 1][nxt]])
                    supports.append(at[p + 1][nxt])
            cnf.clauses.append([-at[p][t]] + supports)
        for nxt in range(last + 1):
            before = {0: [], 1: []}
            for t in range(last + 1):
                for filled in (0, 1):
                    if step(t, filled) == nxt:
                        before[filled].append(at[p][t])
            cnf.clauses.append([-at[p + 1][nxt]] + before[0] + before[1])
            cnf.clauses.append([-at[p + 1][nxt], cell] + before[0])
            cnf.clauses.append([-at[p + 1][nxt], -cell] + before[1])


def encode(width, height, rows, columns):
    cnf = Clauses()
    cell = [[cnf.variable() for _ in range(width)] for _ in range(height)]
    for r in range(height):
        encode_line(cnf, cell[r], rows[r])
    for c in range(width):
        encode_line(cnf, [cell[r][c] for r in range(height)], columns[c])
    return cnf, cell


def answer(name, width, height, rows, columns, solver_name):
    cnf, cell = encode(width, height, rows, columns)
    started = time.perf_counter()
    with Solver(name=solver_name, bootstrap_with=cnf.clauses) as solver:
        if not solver.solve():
            status = "none"
        else:
            model = set(l for l in solver.get_model() if l > 0)
            solver.add_clause([(-v if v in model else v) for row in cell for v in row])
            status = "several" if solver.solve() else "unique"
    seconds = time.perf_counter() - started
    print(f"{name}: {status} in {seconds * 1000:.1f} ms ({solver_name})", flush=True)


def answer_within(timeout, name, *puzzle):
    """`answer` in a process of its own, stopped after `timeout` seconds (the solvers cannot
    all be interrupted from within)."""
    if not timeout:
        answer(name, *puzzle)
        return
    worker = multiprocessing.Process(target=answer, args=(name, *puzzle))
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        worker.terminate()
        worker.join()
        print(f"{name}: no answer in {timeout:g} s (building the clauses included)", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", help=".non or ../shared/data .json files")
    parser.add_argument("--random", nargs=3, metavar=("SIZE", "DENSITY", "SEEDS"))
    parser.add_argument("--solver", default="cadical195")
    parser.add_argument("--timeout", type=float, default=60, help="seconds a puzzle (0: none)")
    parser.add_argument("--write", metavar="DIR", help="also write each random puzzle as a .non file")
    args = parser.parse_args()
    puzzles = [(path, *read_puzzle(path)) for path in args.files]
    if args.random:
        size, density = int(args.random[0]), float(args.random[1])
        for seed in (int(s) for s in args.random[2].split(",")):
            picture = random_picture(size, size, density, seed)
            rows = [clue_of(r) for r in picture]
            columns = [clue_of([picture[r][c] for r in range(size)]) for c in range(size)]
            name = f"random-{size}x{size}-d{density}-seed{seed}"
            if args.write:
                write_non(os.path.join(args.write, name + ".non"), name, size, rows, columns)
            puzzles.append((name, size, size, rows, columns))
    for name, width, height, rows, columns in puzzles:
        answer_within(args.timeout, name, width, height, rows, columns, args.solver)
    return 0


if __name__ == "__main__":
    sys.exit(main())
