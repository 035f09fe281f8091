# Entry points. `make help` lists them.
#
#   make submit-p4205    bundle, judge every case like the judge would, print the file
#   make submit-all      the same for every problem
#   make test            every test of the workspace (submissions judged, staleness checked)
#   make check           fmt, clippy and the staleness check, as CI runs them
#
# The problems are discovered as the bundler and the judge discover them: an
# id is a file library/src/problems/<id>.rs, an alias a line
# `aliases = ["cube"]` in judge-tests/<id>/.problem.toml. Nothing here names
# a problem; the bundler and the judge both accept an alias for its id.

CARGO ?= cargo
PROBLEMS := $(sort $(basename $(notdir $(wildcard library/src/problems/*.rs))))
# alias=id pairs, from the `aliases = [...]` line of each case folder's settings.
ALIASES := $(foreach toml,$(wildcard judge-tests/*/.problem.toml),\
	$(foreach alias,$(shell sed -n 's/^ *aliases *= *\[\(.*\)\].*/\1/p' $(toml) | tr -d '",'),\
		$(alias)=$(notdir $(patsubst %/,%,$(dir $(toml))))))
# The problem id that an id or an alias names.
id_of = $(or $(patsubst $(1)=%,%,$(filter $(1)=%,$(ALIASES))),$(1))

# The pattern targets are not .PHONY (make never applies a pattern rule to a
# phony target); FORCE makes them run even if a file of that name exists.
.PHONY: help test check check-old-rustc bench submit-all FORCE

help:
	@echo "make submit-<id>   bundle library/src/problems/<id>.rs into submissions/<id>/main.rs,"
	@echo "                   judge it on judge-tests/<id>/ and print its path and size"
	@echo "                   ids: $(PROBLEMS)"
	@echo "                   aliases: $(foreach pair,$(ALIASES),$(subst =, = ,$(pair)))"
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

submit-all: $(addprefix submit-,$(PROBLEMS))

# Bundle first: the judge compiles the file the bundler wrote.
submit-%: FORCE
	@$(CARGO) run -q -p bundler -- $*
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
