# tests: owned by its area; see Makefile.am
# autograder: `cairn grade --format gradescope|prairielearn`, the schemas
# of those systems' results.json, and the contrib/ autograder folders run
# on a temporary layout.  e2e.sh (a Debian 12 root, from setup.sh to
# results.json) is .ci/run's optional step, not part of make check.
TESTS += tests/autograder/autograder.sh tests/autograder/contrib.sh
dist_check_SCRIPTS += tests/autograder/autograder.sh tests/autograder/contrib.sh
EXTRA_DIST += tests/autograder/data tests/autograder/validate.py \
	tests/autograder/student_view.py tests/autograder/prairielearn-question.schema.json \
	tests/autograder/gradescope.schema.json tests/autograder/prairielearn.schema.json \
	tests/autograder/e2e.sh contrib
