# Entry points. `make help` lists them.
#
#   make submit-p4205    bundle, judge every case like the judge would, print the file
#   make submit-all      the same for every problem
#   make test            every test of the workspace (submissions judged, staleness checked)

CARGO ?= cargo
PROBLEMS := p4205 uva745 uva197 latin

.PHONY: help test check bench submit-all $(addprefix submit-,$(PROBLEMS)) submit-cube \
	$(addprefix stress-,$(PROBLEMS)) stress-cube

help:
	@echo "make submit-<id>   bundle library/src/problems/<id>.rs into submissions/<id>/main.rs,"
	@echo "                   judge it on judge-tests/<id>/ and print its path and size"
	@echo "                   ids: $(PROBLEMS) (cube = uva197)"
	@echo "make submit-all    every problem"
	@echo "make test          every test of the workspace"
	@echo "make check         fmt, clippy and the staleness check, as CI runs them"
	@echo "make stress-<id>   random inputs vs a brute-force reference (COUNT=200 SEED=1)"
	@echo "make bench         race the engines against the dlx crate on every instance"

# Bundle first: the judge compiles the file the bundler wrote.
$(addprefix submit-,$(PROBLEMS)): submit-%:
	@$(CARGO) run -q -p bundler -- $*
	@$(CARGO) run -q --release -p judge-tests --bin judge -- $* --deny-warnings
	@echo "submission: submissions/$*/main.rs ($$(wc -c < submissions/$*/main.rs) bytes)"

submit-cube: submit-uva197

submit-all: $(addprefix submit-,$(PROBLEMS))

$(addprefix stress-,$(PROBLEMS)) stress-cube: stress-%:
	@$(CARGO) run -q --release -p judge-tests --bin judge -- stress $* --count $(or $(COUNT),200) --seed $(or $(SEED),1)

test:
	$(CARGO) test --workspace

check:
	$(CARGO) fmt --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) run -q -p bundler -- all --check

bench:
	$(CARGO) bench -p library --bench engines
