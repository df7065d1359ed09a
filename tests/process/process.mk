# process: one file in, one result out; the result writers.
if HAVE_CHECK
check_PROGRAMS += tests/process/check_result tests/process/check_process \
	tests/process/check_budget
TESTS += tests/process/check_result tests/process/check_process \
	tests/process/check_budget
VALGRIND_TESTS += tests/process/check_result tests/process/check_process \
	tests/process/check_budget
endif
tests_process_check_result_CFLAGS = $(tests_check_cflags)
tests_process_check_result_LDADD = $(tests_check_libs)
tests_process_check_process_CFLAGS = $(tests_check_cflags)
tests_process_check_process_LDADD = $(tests_check_libs)
tests_process_check_budget_CFLAGS = $(tests_check_cflags)
tests_process_check_budget_LDADD = $(tests_check_libs)
