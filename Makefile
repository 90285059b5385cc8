# The two commands of the README: `make report` and `make test`.
# Everything else here is a convenience for developers.
PRESET ?= release
BUILD_DIR := build/$(PRESET)
ARBITER := $(BUILD_DIR)/cli/arbiter

.PHONY: all deps configure build test report bench fuzz fuzz-speed rediscover format clean

all: build

deps:
	@bash scripts/install-deps.sh

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET)

test: build
	@ctest --preset $(PRESET)

report: build
	@$(ARBITER) report --out reports/out $(if $(wildcard build/fuzz-findings),--fuzz-findings build/fuzz-findings)
	@echo "report: reports/out/index.html"

bench: build
	@bash bench/compare_perft.sh $(BUILD_DIR)
	@bash bench/compare_existentialist.sh $(BUILD_DIR)
	@bash bench/harness_ratio.sh $(BUILD_DIR)

fuzz: deps
	@bash fuzz/campaign.sh

# The step fuzzers' executions per second under ASan and UBSan, inputs of up
# to 16 steps (FUZZ_SECONDS per target, 20 unless given).
fuzz-speed: deps
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz --target $(patsubst corpus/fuzz/%,fuzz_%,$(wildcard corpus/fuzz/step_*))
	@cmake --preset release >/dev/null
	@cmake --build --preset release --target perft_bench
	@bash bench/fuzz_speed.sh build/fuzz $(or $(FUZZ_SECONDS),20)

# How many declared reading points of the simultaneous games the tools find
# with the scenario files withheld (REDISCOVER_SECONDS per game, 600 unless given).
rediscover: build
	@bash bench/rediscovery.sh $(BUILD_DIR) $(or $(REDISCOVER_SECONDS),600)

format:
	@find model cli tests properties fuzz smt reports bench -name '*.h' -o -name '*.cpp' | xargs clang-format -i

clean:
	@rm -rf build reports/out
