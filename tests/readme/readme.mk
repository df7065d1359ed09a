# readme: the README as a newcomer follows it, on a fresh Debian 12 root
# (tests/readme/fresh.sh, which .ci/run runs; it needs root, debootstrap
# and a mirror, so it is not part of `make check`).
EXTRA_DIST += tests/readme/fresh.sh tests/readme/tour.sh
