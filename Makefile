# Entry points. `make help` lists them.
#
#   make submit-p4205    bundle, judge every case like the judge would, print the file
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
	@echo "make bench         race the engines against the dlx crate on every instance,"
	@echo "                   then against each other on the sudoku family's judge cases"
	@echo "make aliases       every problem id, then its aliases (the judge's catalog)"

aliases:
	@$(JUDGE) list

submit-all: $(addprefix submit-,$(PROBLEMS))

# Bundle first: the judge compiles the file the bundler wrote.
submit-%: FORCE
	@$(CARGO) run -q -p bundler -- $(call id_of,$*)
	@$(CARGO) run -q --release -p judge-tests --bin judge -- $* --deny-warnings
	@echo "submission: submissions/$(call id_of,$*)/main.rs ($$(wc -c < submissions/$(call id_of,$*)/main.rs) bytes)"

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
