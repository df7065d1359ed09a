#!/usr/bin/env bash
# setup.sh - Gradescope runs this once, as root, while it builds the
# autograder's image (an Ubuntu image with the zip's contents in
# /autograder/source): build cairn from the source shipped in the zip
# (cairn/) with the distribution's packages, under /usr/local.
set -euo pipefail
source=${CAIRN_AUTOGRADER_ROOT:-/autograder}/source
sh "$source/cairn/contrib/build-cairn.sh" "$source/cairn"
