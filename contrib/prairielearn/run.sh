#!/bin/sh
# run.sh - the external grader's entry point, run by PrairieLearn in the
# grading container (the image of ./Dockerfile has it as
# /usr/local/bin/cairn-prairielearn): grade /grade/student/ against the
# problem set of /grade/tests/ (or /grade/serverFilesCourse/cairn/problems/)
# and write /grade/results/results.json (contrib/cairn-autograde).
exec sh "${CAIRN_AUTOGRADE:-/usr/local/share/cairn/cairn-autograde}" prairielearn
