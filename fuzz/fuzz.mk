# fuzz: libFuzzer harnesses for the readers, the configuration, the result
# reader and problem-set submissions (doc/fuzzing.md).  The harnesses
# and their oracle are plain functions in a convenience library, so that
# `make check` replays every saved input (fuzz/replay) with the normal
# compiler; configure --enable-fuzzing (with CC=clang) and `make fuzz`
# build the libFuzzer targets, fuzz/run.sh runs them.
fuzz_cppflags = $(AM_CPPFLAGS) -I$(top_srcdir)/tests/solvers \
	-I$(top_srcdir)/fuzz
check_LTLIBRARIES += fuzz/liboracle.la
fuzz_liboracle_la_SOURCES = fuzz/cairn_oracle.c fuzz/cairn_oracle.h \
	fuzz/cairn_fuzz.c fuzz/cairn_fuzz.h fuzz/fuzz_input.c \
	fuzz/fuzz_conf.c fuzz/fuzz_result.c fuzz/fuzz_submission.c
fuzz_liboracle_la_CPPFLAGS = $(fuzz_cppflags)
fuzz_liboracle_la_LIBADD = tests/solvers/liblinked.la

check_PROGRAMS += fuzz/replay
TESTS += fuzz/replay
fuzz_replay_SOURCES = fuzz/replay.c
fuzz_replay_CPPFLAGS = $(fuzz_cppflags)
fuzz_replay_LDADD = fuzz/liboracle.la $(cairn_libs)
VALGRIND_TESTS += fuzz/replay

EXTRA_DIST += fuzz/entry.c fuzz/run.sh fuzz/corpus fuzz/regress fuzz/dict

# The libFuzzer targets are built only by `make fuzz` (after bench.mk,
# which starts EXTRA_PROGRAMS).
fuzz_programs = fuzz/fuzz_yaml fuzz/fuzz_csv fuzz/fuzz_json fuzz/fuzz_conf \
	fuzz/fuzz_result fuzz/fuzz_submission
EXTRA_PROGRAMS += $(fuzz_programs)
CLEANFILES += $(fuzz_programs)
fuzz_ldadd = fuzz/liboracle.la $(cairn_libs)
fuzz_ldflags = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
fuzz_fuzz_yaml_SOURCES = fuzz/entry.c
fuzz_fuzz_yaml_CPPFLAGS = $(fuzz_cppflags) -DCAIRN_FUZZ_ENTRY=cairn_fuzz_yaml
fuzz_fuzz_yaml_LDFLAGS = $(fuzz_ldflags)
fuzz_fuzz_yaml_LDADD = $(fuzz_ldadd)
fuzz_fuzz_csv_SOURCES = fuzz/entry.c
fuzz_fuzz_csv_CPPFLAGS = $(fuzz_cppflags) -DCAIRN_FUZZ_ENTRY=cairn_fuzz_csv
fuzz_fuzz_csv_LDFLAGS = $(fuzz_ldflags)
fuzz_fuzz_csv_LDADD = $(fuzz_ldadd)
fuzz_fuzz_json_SOURCES = fuzz/entry.c
fuzz_fuzz_json_CPPFLAGS = $(fuzz_cppflags) -DCAIRN_FUZZ_ENTRY=cairn_fuzz_json
fuzz_fuzz_json_LDFLAGS = $(fuzz_ldflags)
fuzz_fuzz_json_LDADD = $(fuzz_ldadd)
fuzz_fuzz_conf_SOURCES = fuzz/entry.c
fuzz_fuzz_conf_CPPFLAGS = $(fuzz_cppflags) -DCAIRN_FUZZ_ENTRY=cairn_fuzz_conf
fuzz_fuzz_conf_LDFLAGS = $(fuzz_ldflags)
fuzz_fuzz_conf_LDADD = $(fuzz_ldadd)
fuzz_fuzz_result_SOURCES = fuzz/entry.c
fuzz_fuzz_result_CPPFLAGS = $(fuzz_cppflags) -DCAIRN_FUZZ_ENTRY=cairn_fuzz_result
fuzz_fuzz_result_LDFLAGS = $(fuzz_ldflags)
fuzz_fuzz_result_LDADD = $(fuzz_ldadd)
fuzz_fuzz_submission_SOURCES = fuzz/entry.c
fuzz_fuzz_submission_CPPFLAGS = $(fuzz_cppflags) -DCAIRN_FUZZ_ENTRY=cairn_fuzz_submission
fuzz_fuzz_submission_LDFLAGS = $(fuzz_ldflags)
fuzz_fuzz_submission_LDADD = $(fuzz_ldadd)

if FUZZING
fuzz: $(fuzz_programs)
else
fuzz:
	@echo "make fuzz: configure with --enable-fuzzing (and CC=clang) first" >&2
	@exit 1
endif
.PHONY: fuzz
