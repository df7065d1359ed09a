/*
 * check_run.h - the end of every Check program: run its suite, report,
 * and turn the failure count into the exit status.
 */
#ifndef CAIRN_CHECK_RUN_H
#define CAIRN_CHECK_RUN_H

#include <check.h>
#include <stdlib.h>

static inline int cairn_check_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
