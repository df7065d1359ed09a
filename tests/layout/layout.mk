# layout: the shape of src/ (doc/layout.md): no include cycle, names
# declared where they are defined, one libyaml parser, the table's rows.
TESTS += tests/layout/layout.sh
dist_check_SCRIPTS += tests/layout/layout.sh
EXTRA_DIST += tests/layout/layout.py
