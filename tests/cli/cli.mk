# cli: `cairn solve` and `cairn plugins` as a user runs them.
TESTS += tests/cli/cli_solve.sh
dist_check_SCRIPTS += tests/cli/cli_solve.sh
EXTRA_DIST += tests/data/solve
TESTS += tests/cli/cli_options.sh
dist_check_SCRIPTS += tests/cli/cli_options.sh
TESTS += tests/cli/cli_json.sh
dist_check_SCRIPTS += tests/cli/cli_json.sh
EXTRA_DIST += tests/data/json
TESTS += tests/cli/cli_check.sh
dist_check_SCRIPTS += tests/cli/cli_check.sh
EXTRA_DIST += tests/data/check
TESTS += tests/cli/generate.sh
dist_check_SCRIPTS += tests/cli/generate.sh
TESTS += tests/cli/cli_policy.sh
dist_check_SCRIPTS += tests/cli/cli_policy.sh
# Issue 27: cairn status on a spool cairnd made, and beside a running one
# (stop_shim, from tests/daemon/daemon.mk, holds its file).
TESTS += tests/cli/status.sh tests/cli/status_daemon.sh
dist_check_SCRIPTS += tests/cli/status.sh tests/cli/status_daemon.sh
# The bash completion of cairn and cairnd (completion/).
TESTS += tests/cli/completion.sh
dist_check_SCRIPTS += tests/cli/completion.sh
