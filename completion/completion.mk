# completion: bash completion for cairn and cairnd, installed where the
# bash-completion package looks (configure asks its pkg-config file,
# relative to our prefix; without it, DATADIR/bash-completion/completions).
# Their test is tests/cli/completion.sh (tests/cli/cli.mk).
dist_bashcompletion_DATA = completion/cairn completion/cairnd
