# Entry points. `make help` lists them.
#
#   make submit-p4205    bundle, judge every case like the judge would, print the file's path and size
#   make submit-all      the same for every problem, then a total
#   make test            the tests a change must pass (about 12 minutes of CPU, 7 of wall time, on a fresh clone, 2 cores)
#   make test-all        those and the heavy ones: long stress runs, corpora, every instance
#   make check           fmt, clippy and the staleness check, as CI runs them
#
# Nothing here names a problem or a path of one: the judge owns the ids
# (its catalog: adapters, case folders, aliases such as `cube`) and the
# submission's place, and `judge submit ID` bundles (through the
# bundler's library) and judges.

CARGO ?= cargo
JUDGE = $(CARGO) run -q --release -p judge-tests --bin judge --

# The pattern targets are not .PHONY (make never applies a pattern rule to a
# phony target); FORCE makes them run even if a file of that name exists.
.PHONY: help aliases test test-all check check-old-rustc bench submit-all FORCE

help:
	@echo "make submit-<id>   bundle library/src/problems/<id>.rs into submissions/<id>/main.rs,"
	@echo "                   judge it on judge-tests/<id>/ and print its path and size"
	@echo "                   (ids and aliases: \`make aliases\`)"
	@echo "make submit-all    every problem, then a total"
	@echo "make test          the tests a change must pass (about 12 min of CPU on a fresh clone)"
	@echo "make test-all      those and the heavy ones (long stress runs, corpora, every instance)"
	@echo "make check         fmt, clippy and the staleness check, as CI runs them"
	@echo "make check-old-rustc  compile every submission with Debian's rustc 1.63 (fetched"
	@echo "                   with apt-get download into target/old-rustc; no system install)"
	@echo "make stress-<id>   random inputs vs a brute-force reference (COUNT=200 SEED=1),"
	@echo "                   for the problems with a generator in judge-tests/src/support.rs"
	@echo "make bench         race the engines against the dlx, exact-covers and xcc crates on"
	@echo "                   every instance (and Knuth's dlx1/dlx2/dlx3 with KNUTH=their folder),"
	@echo "                   then against each other on the sudoku family's judge cases"
	@echo "make aliases       every problem id, then its aliases (the judge's catalog)"
	@echo
	@echo "problems: $$(ls judge-tests/*/.problem.toml | cut -d/ -f2 | tr '\n' ' ')"
	@echo
	@echo "your own package:  cargo install --path bundler, then in it: cargo submit --bin NAME [--judge atcoder]"
	@echo "the dlx command:   cargo build --release -p dlx-cli; target/release/dlx --help (docs/dlx.md)"

aliases:
	@$(JUDGE) list

# Cargo's own lines show the build (a minute or two on a fresh clone).
submit-%: FORCE
	@$(CARGO) build --release -p judge-tests --bin judge
	@$(JUDGE) submit $*

# Phony, so the pattern above does not apply to it.
submit-all:
	@$(CARGO) build --release -p judge-tests --bin judge
	@$(JUDGE) submit all

stress-%: FORCE
	@$(CARGO) run -q --release -p judge-tests --bin judge -- stress $* --count $(or $(COUNT),200) --seed $(or $(SEED),1)

FORCE:

test:
	$(CARGO) test --workspace

test-all:
	$(CARGO) fetch --locked --manifest-path bundler/tests/matrix/Cargo.toml
	$(CARGO) fetch --locked --manifest-path bundler/tests/outside/Cargo.toml
	$(CARGO) test --workspace -- --include-ignored

check:
	$(CARGO) fmt --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) run -q -p bundler -- all --check

check-old-rustc:
	scripts/check-old-rustc.sh

bench:
	$(CARGO) bench -p library --bench engines
	$(CARGO) bench -p library --bench problems
