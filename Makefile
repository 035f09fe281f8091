# Entry points. `make help` lists them.
#
#   make submit-p4205    bundle, judge every case like the judge would, print the file's path and size
#   make submit-all      the same for every problem
#   make test            every test of the workspace (submissions judged, staleness checked)
#   make check           fmt, clippy and the staleness check, as CI runs them
#
# The problems are discovered: an id is a file library/src/problems/<id>.rs.
# Nothing here names a problem, and nothing here reads judge-tests/: the
# judge owns the catalog (case folders, settings, aliases such as `cube`)
# and `judge resolve NAME` turns an alias into its id. The bundler takes
# ids only.

CARGO ?= cargo
PROBLEMS := $(sort $(basename $(notdir $(wildcard library/src/problems/*.rs))))
JUDGE = $(CARGO) run -q --release -p judge-tests --bin judge --
# The problem id that an id or an alias names; make stops after the judge's
# "unknown problem" (with its "did you mean") when there is none.
id_of = $(or $(shell $(JUDGE) resolve $(1)),$(error no problem is named `$(1)`))

# The pattern targets are not .PHONY (make never applies a pattern rule to a
# phony target); FORCE makes them run even if a file of that name exists.
.PHONY: help aliases test check check-old-rustc bench submit-all FORCE

help:
	@echo "make submit-<id>   bundle library/src/problems/<id>.rs into submissions/<id>/main.rs,"
	@echo "                   judge it on judge-tests/<id>/ and print its path and size"
	@echo "                   ids: $(PROBLEMS); aliases: \`make aliases\`"
	@echo "make submit-all    every problem"
	@echo "make test          every test of the workspace"
	@echo "make check         fmt, clippy and the staleness check, as CI runs them"
	@echo "make check-old-rustc  compile every submission with Debian's rustc 1.63 (fetched"
	@echo "                   with apt-get download into target/old-rustc; no system install)"
	@echo "make stress-<id>   random inputs vs a brute-force reference (COUNT=200 SEED=1),"
	@echo "                   for the problems with a generator in judge-tests/src/problems.rs"
	@echo "make bench         race the engines against the dlx, exact-covers and xcc crates on"
	@echo "                   every instance (and Knuth's dlx1/dlx2/dlx3 with KNUTH=their folder),"
	@echo "                   then against each other on the sudoku family's judge cases"
	@echo "make aliases       every problem id, then its aliases (the judge's catalog)"

aliases:
	@$(JUDGE) list

submit-all: $(addprefix submit-,$(PROBLEMS))

# Bundle first: the judge compiles the file the bundler wrote; nothing is
# written for an adapter without a case folder. Cargo's own lines show the
# builds (a minute or two on a fresh clone). The bundler takes ids only.
submit-%: FORCE
	@$(CARGO) build --release -p judge-tests --bin judge
	@id=$$($(JUDGE) resolve $*) || exit 1; \
	if [ ! -d judge-tests/$$id ]; then \
		echo "error: judge-tests/$$id/ is missing: add the problem's cases before submitting (README.md, Adding a problem)" >&2; exit 1; fi; \
	$(CARGO) run -p bundler -- $$id && \
	$(JUDGE) $$id --deny-warnings && \
	echo "submission: submissions/$$id/main.rs ($$(wc -c < submissions/$$id/main.rs) bytes)"

stress-%: FORCE
	@$(CARGO) run -q --release -p judge-tests --bin judge -- stress $* --count $(or $(COUNT),200) --seed $(or $(SEED),1)

FORCE:

test:
	$(CARGO) test --workspace

check:
	$(CARGO) fmt --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) run -q -p bundler -- all --check

check-old-rustc:
	scripts/check-old-rustc.sh

bench:
	$(CARGO) bench -p library --bench engines
	$(CARGO) bench -p library --bench problems
