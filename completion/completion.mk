# completion: bash completion for cairn and cairnd, installed where the
# bash-completion package looks (configure asks its pkg-config file,
# relative to our prefix; without it, DATADIR/bash-completion/completions).
dist_bashcompletion_DATA = completion/cairn completion/cairnd
TESTS += tests/cli/completion.sh
dist_check_SCRIPTS += tests/cli/completion.sh
