# amqcert — see README.md. `make certify` is the main job, `make check` the tests.
CC      ?= cc
PREFIX  ?= /usr/local
DESTDIR ?=
BUILD   ?= build
WARN    := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
CFLAGS  ?= -O2 -g
CPPFLAGS_AMQ := -D_POSIX_C_SOURCE=200809L -Iinclude -Isrc -Iacsl
LDLIBS_AMQ   := -lmpfi -lmpfr -lgmp -lxxhash -lm
# The shared library exports only what the public headers mark AMQ_API.
VIS := -fvisibility=hidden

# The quotient kernel's four files are compiled as one translation unit (src/unity/quotient_kernel_all.c)
# so that its per-slot steps inline; WP proves the same four files (proofs/units/quotient.txt).
QUOTIENT_PARTS := src/quotient_steps.c src/quotient_kernel.c src/quotient_insert.c src/quotient_delete.c
# The same for the hashes and the Bloom and cuckoo filters (src/unity/keyed_all.c): a query's
# hash, reductions and kernel steps inline (units hash_stream, bloom, bloom_key, cuckoo,
# cuckoo_count and cuckoo_key prove these files).
KEYED_PARTS    := src/hash.c src/hash_stream.c src/bloom_kernel.c src/bloom_key.c src/bloom.c \
                  src/cuckoo_kernel.c src/cuckoo_ops.c src/cuckoo_kick.c src/cuckoo_key.c src/cuckoo.c
LIB_SRC   := $(filter-out $(QUOTIENT_PARTS) $(KEYED_PARTS),$(wildcard src/*.c src/simd/*.c spec/*.c)) \
             src/unity/quotient_kernel_all.c src/unity/keyed_all.c
CLI_SRC   := $(wildcard tools/cli/*.c)
TEST_SRC  := $(wildcard tests/test_*.c)
TSUP_SRC  := $(wildcard tests/support/*.c)
BENCH_SRC := $(wildcard tools/bench/*.c)
DRIVER_SRC:= $(wildcard proofs/*.c)

LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
PIC_OBJ   := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
CLI_OBJ   := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TSUP_OBJ  := $(TSUP_SRC:%.c=$(BUILD)/obj/%.o)
TESTS     := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
ASAN_TESTS:= $(TEST_SRC:tests/%.c=$(BUILD)/asan/tests/%)
ASAN_FLAGS:= -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
ASAN_LIB  := $(LIB_SRC:%.c=$(BUILD)/asan/obj/%.o)
ASAN_TSUP := $(TSUP_SRC:%.c=$(BUILD)/asan/obj/%.o)
ASAN_CLI  := $(CLI_SRC:%.c=$(BUILD)/asan/obj/%.o)

# libFuzzer harnesses (tests/fuzz/README.md): one file tests/fuzz/fuzz_NAME.c each, linked
# with the whole library and the CLI helpers (everything in tools/cli but main.c).
FUZZ_CC    ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_SRC   := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_NAMES := $(FUZZ_SRC:tests/fuzz/fuzz_%.c=%)
FUZZ_OBJ   := $(LIB_SRC:%.c=$(BUILD)/fuzz/obj/%.o) $(filter-out %/main.o,$(CLI_SRC:%.c=$(BUILD)/fuzz/obj/%.o))

# MPI is optional: `make MPI=1` also builds build/amq-mpi, the CLI whose Monte Carlo is
# shared by MPI ranks (docs/mpi.md).  make check and make bench build and use it whenever
# mpicc and mpirun are found, and say so when they are not.
MPICC    ?= mpicc
HAVE_MPI := $(shell command -v $(MPICC) >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1 && echo 1)
MPI_BIN  := $(if $(HAVE_MPI),$(BUILD)/amq-mpi)
MPI_CLI_OBJ := $(filter-out $(BUILD)/obj/tools/cli/team.o,$(CLI_OBJ)) $(BUILD)/mpi/tools/cli/mpi/team_mpi.o
ifeq ($(MPI),1)
ifeq ($(HAVE_MPI),)
$(error MPI=1, but $(MPICC) or mpirun is not on PATH: install them with `sh tools/deps.sh mpi`)
endif
endif

.SECONDARY:
.PHONY: all adapters examples deps deps-prove deps-bench deps-mpi deps-fuzz check prove prove-mutants certify bench bench-instructions install clean fuzz fuzz-build fuzz-replay
all: $(BUILD)/libamq.a $(BUILD)/libamq.so $(BUILD)/amq $(if $(filter 1,$(MPI)),$(BUILD)/amq-mpi)

# make check needs only the build and test packages; the provers come with make prove.
deps:
	@sh tools/deps.sh build
deps-prove:
	@sh tools/deps.sh build prove
deps-bench:
	@sh tools/deps.sh build bench
deps-mpi:
	@sh tools/deps.sh mpi

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(VIS) $(CPPFLAGS_AMQ) -MMD -MP -c $< -o $@
$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(VIS) $(CPPFLAGS_AMQ) -fPIC -MMD -MP -c $< -o $@
$(BUILD)/asan/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(ASAN_FLAGS) $(CPPFLAGS_AMQ) -Itests -MMD -MP -c $< -o $@

$(BUILD)/libamq.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(BUILD)/libamq.so: $(PIC_OBJ)
	$(CC) -shared -Wl,-soname,libamq.so.1 -o $@ $^ $(LDLIBS_AMQ)
$(BUILD)/amq: $(CLI_OBJ) $(BUILD)/libamq.a
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libamq.a $(LDLIBS_AMQ)

# The CLI under ASan+UBSan: the ASan phase of make check runs the bad-input table with it.
$(BUILD)/asan/amq: $(ASAN_CLI) $(ASAN_LIB)
	$(CC) $(ASAN_FLAGS) -o $@ $(ASAN_CLI) $(ASAN_LIB) $(LDLIBS_AMQ)

$(BUILD)/mpi/%.o: %.c
	@mkdir -p $(dir $@)
	$(MPICC) $(WARN) $(CFLAGS) $(CPPFLAGS_AMQ) -MMD -MP -c $< -o $@
$(BUILD)/amq-mpi: $(MPI_CLI_OBJ) $(BUILD)/libamq.a
	$(MPICC) $(CFLAGS) -o $@ $(MPI_CLI_OBJ) $(BUILD)/libamq.a $(LDLIBS_AMQ)

$(BUILD)/tests/%: tests/%.c $(TSUP_OBJ) $(BUILD)/libamq.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS_AMQ) -Itests -o $@ $< $(TSUP_OBJ) $(BUILD)/libamq.a -lcmocka $(LDLIBS_AMQ)
$(BUILD)/asan/tests/%: tests/%.c $(ASAN_TSUP) $(ASAN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(ASAN_FLAGS) $(CPPFLAGS_AMQ) -Itests -o $@ $< $(ASAN_TSUP) $(ASAN_LIB) -lcmocka $(LDLIBS_AMQ)
$(BUILD)/obj/tests/support/%.o: CPPFLAGS_AMQ += -Itests
# Runs mpirun and build/amq-mpi when they exist (no MPI needed to build it); plain phase only.
$(BUILD)/tests/test_mpi_ranks: tests/mpi/test_mpi_ranks.c tests/support/cli_run.c tests/support/tmp_dir.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -D_POSIX_C_SOURCE=200809L -Itests -o $@ $^ -lcmocka

# examples/password-screen: a program on the public API only, as a user would build it
# (-Iinclude, libamq); its test also runs under ASan+UBSan.
SCREEN     := examples/password-screen
SCREEN_LIB := $(SCREEN)/pw_screen.c $(SCREEN)/pw_screen.h
USER_FLAGS := -D_POSIX_C_SOURCE=200809L -Iinclude
$(BUILD)/examples/password-screen: $(SCREEN)/main.c $(SCREEN_LIB) $(BUILD)/libamq.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(USER_FLAGS) -o $@ $(SCREEN)/main.c $(SCREEN)/pw_screen.c $(BUILD)/libamq.a $(LDLIBS_AMQ)
SCREEN_TSUP := tests/support/cli_run.c tests/support/tmp_dir.c tests/support/build_dir.c
$(BUILD)/tests/test_password_screen: $(SCREEN)/test_password_screen.c $(SCREEN_LIB) $(SCREEN_TSUP) $(BUILD)/libamq.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(USER_FLAGS) -Itests -o $@ $< $(SCREEN)/pw_screen.c $(SCREEN_TSUP) $(BUILD)/libamq.a -lcmocka $(LDLIBS_AMQ)
$(BUILD)/asan/tests/test_password_screen: $(SCREEN)/test_password_screen.c $(SCREEN_LIB) $(SCREEN_TSUP) $(ASAN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(ASAN_FLAGS) $(USER_FLAGS) -Itests -o $@ $< $(SCREEN)/pw_screen.c $(SCREEN_TSUP) $(ASAN_LIB) -lcmocka $(LDLIBS_AMQ)
examples: $(BUILD)/examples/password-screen

# The checker's adapters (tools/adapters): plugins, process adapters, the Node peer.
ADAPTERS  := $(BUILD)/adapters/amq-plugin.so $(BUILD)/adapters/libbloom-plugin.so \
             $(BUILD)/adapters/planted-none.so $(BUILD)/adapters/planted-false-negative.so \
             $(BUILD)/adapters/planted-biased-hash.so $(BUILD)/adapters/planted-wrong-k.so \
             $(BUILD)/adapters/planted-wrong-abi.so \
             $(BUILD)/adapters/amq-adapter-no $(BUILD)/adapters/planted-adapter $(BUILD)/adapters/node/status
PLUGIN_CC := $(CC) $(WARN) $(CFLAGS) $(VIS) $(CPPFLAGS_AMQ) -fPIC -shared
$(BUILD)/libamq_pic.a: $(PIC_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(BUILD)/adapters/amq-plugin.so: tools/adapters/amq_plugin.c $(BUILD)/libamq_pic.a
	@mkdir -p $(dir $@)
	$(PLUGIN_CC) -o $@ $< $(BUILD)/libamq_pic.a $(LDLIBS_AMQ)
$(BUILD)/adapters/libbloom-plugin.so: tools/adapters/libbloom_plugin.c include/amq/plugin.h
	@mkdir -p $(dir $@)
	$(PLUGIN_CC) -o $@ $< -lbloom
$(BUILD)/adapters/planted-none.so: BUG := 0
$(BUILD)/adapters/planted-false-negative.so: BUG := 1
$(BUILD)/adapters/planted-biased-hash.so: BUG := 2
$(BUILD)/adapters/planted-wrong-k.so: BUG := 3
$(BUILD)/adapters/planted-wrong-abi.so: BUG := 4
$(BUILD)/adapters/planted-%.so: tools/adapters/planted_bloom.c include/amq/plugin.h
	@mkdir -p $(dir $@)
	$(PLUGIN_CC) -DPLANTED_BUG=$(BUG) -o $@ $< -lxxhash
$(BUILD)/adapters/amq-adapter-no: tools/adapters/adapter_no.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O2 -D_POSIX_C_SOURCE=200809L -o $@ $<
$(BUILD)/adapters/planted-adapter: tests/adapters/planted_adapter.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O2 -D_POSIX_C_SOURCE=200809L -o $@ $< -lxxhash
# Every file of the Node adapter, so that a structure's adapter file needs no edit here.
$(BUILD)/adapters/node/status: tools/adapters/node/package.json tools/adapters/node/package-lock.json \
                               $(wildcard tools/adapters/node/*.js) tools/adapters/node/install.sh
	sh tools/adapters/node/install.sh $(BUILD)/adapters/node
adapters: $(ADAPTERS)

# The theorem drivers are proved, not linked; they must still be warning-free C11.
$(BUILD)/drivers.ok: $(DRIVER_SRC)
	@mkdir -p $(BUILD)
	for f in $(DRIVER_SRC); do $(CC) $(WARN) $(CPPFLAGS_AMQ) -fsyntax-only $$f || exit 1; done
	@touch $@

# The real Parquet writer of tests/test_parquet_duckdb.c (tests/parquet/install.sh): DuckDB
# from a lock file, and the Parquet file it writes; its status says ok, skipped or failed
# (tried again by every make check until it is ok).
PARQUET_DATA := $(BUILD)/parquet/status
$(PARQUET_DATA): tests/parquet/package.json tests/parquet/package-lock.json tests/parquet/write_parquet.mjs \
                 tests/parquet/install.sh $(if $(shell grep -sqx ok $(PARQUET_DATA) && echo ok),,FORCE)
	sh tests/parquet/install.sh $(BUILD)/parquet
.PHONY: FORCE
FORCE:

# The whole suite, then the whole suite again under ASan+UBSan; one summary line.
EXTRA_TESTS      := $(BUILD)/tests/test_password_screen $(BUILD)/tests/test_mpi_ranks
EXTRA_ASAN_TESTS := $(BUILD)/asan/tests/test_password_screen
check: deps all adapters examples $(BUILD)/drivers.ok $(TESTS) $(ASAN_TESTS) $(EXTRA_TESTS) $(EXTRA_ASAN_TESTS) \
       $(MPI_BIN) $(PARQUET_DATA) $(BUILD)/asan/amq
	@sh tools/run-tests.sh $(BUILD) $(TESTS) $(EXTRA_TESTS) -- $(ASAN_TESTS) $(EXTRA_ASAN_TESTS)

# The drivers first, with -Werror as make check compiles them: frama-c accepts a driver
# whose variable only annotations read, and make check then fails on main.
prove: deps-prove $(BUILD)/drivers.ok
	@bash proofs/prove.sh $(BUILD)

# Every mutant of proofs/mutants.txt must fail the proofs on their own (proofs/doc/mutants.md).
prove-mutants: deps-prove
	@bash proofs/prove-mutants.sh $(BUILD)

certify: deps-prove all
	@sh tools/certify.sh $(BUILD)

$(BUILD)/bench: $(BENCH_SRC) $(BUILD)/libamq.a
	$(CC) $(WARN) -O3 -march=native $(CPPFLAGS_AMQ) -o $@ $(BENCH_SRC) $(BUILD)/libamq.a $(LDLIBS_AMQ) -lbloom
# Instructions per negative query under callgrind (tools/bench/instructions.sh; docs/cuckoo.md):
# counts, unlike times, do not move with the machine's load.  Built as the library is (-O2).
$(BUILD)/bench-instructions: tools/bench/instructions/query_instructions.c $(BUILD)/libamq.a
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS_AMQ) -o $@ $< $(BUILD)/libamq.a $(LDLIBS_AMQ)
bench: deps-bench $(BUILD)/bench $(BUILD)/bench-instructions $(BUILD)/amq adapters $(MPI_BIN)
	@AMQ_BUILD=$(BUILD) $(BUILD)/bench
	@sh tools/bench/instructions.sh $(BUILD)
bench-instructions: deps-bench $(BUILD)/bench-instructions
	@sh tools/bench/instructions.sh $(BUILD)

$(BUILD)/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link $(CPPFLAGS_AMQ) -MMD -MP -c $< -o $@
$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_support.h $(FUZZ_OBJ)
	$(FUZZ_CC) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer $(CPPFLAGS_AMQ) -o $@ $< $(FUZZ_OBJ) $(LDLIBS_AMQ)
# the seed corpus is generated by the build: valid files of every structure, CLI samples
$(BUILD)/fuzz/seeds.ok: tests/fuzz/make_seeds.c $(BUILD)/libamq.a
	@mkdir -p $(BUILD)/fuzz
	$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS_AMQ) -o $(BUILD)/fuzz/make_seeds $< $(BUILD)/libamq.a $(LDLIBS_AMQ)
	rm -rf $(BUILD)/fuzz/seeds && $(BUILD)/fuzz/make_seeds $(BUILD)/fuzz/seeds
	@touch $@
deps-fuzz:
	@sh tools/deps.sh build fuzz
fuzz-build: deps-fuzz $(FUZZ_NAMES:%=$(BUILD)/fuzz/fuzz_%) $(BUILD)/fuzz/seeds.ok
# make fuzz: per harness, replay every past crash and the corpus, then fuzz FUZZ_SECONDS
# (make -j2 fuzz runs two harnesses at a time); fuzz-replay only replays.
fuzz: deps-fuzz $(FUZZ_NAMES:%=fuzz-run-%)
fuzz-replay: $(FUZZ_NAMES:%=fuzz-replay-%)
fuzz-run-%: $(BUILD)/fuzz/fuzz_% $(BUILD)/fuzz/seeds.ok
	@sh tools/fuzz.sh $(BUILD) $* run $(FUZZ_SECONDS)
fuzz-replay-%: $(BUILD)/fuzz/fuzz_% $(BUILD)/fuzz/seeds.ok
	@sh tools/fuzz.sh $(BUILD) $* replay

install: all
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/amq $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 $(BUILD)/libamq.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/libamq.so $(DESTDIR)$(PREFIX)/lib/libamq.so.1
	ln -sf libamq.so.1 $(DESTDIR)$(PREFIX)/lib/libamq.so
	install -m 644 include/amq.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 include/amq/*.h $(DESTDIR)$(PREFIX)/include/amq/
	install -m 755 $(BUILD)/amq $(DESTDIR)$(PREFIX)/bin/
	sed -e 's|@PREFIX@|$(PREFIX)|g' tools/amq.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/amq.pc

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
