# input: the puzzle file readers (doc/formats.md): YAML through libyaml's
# checked events (src/yaml), JSON by a parser of our own feeding the same
# grammar, CSV by a parser of our own, and the value rules they share.
# Uses core, yaml and util.
noinst_LTLIBRARIES += src/input/libcairn_input.la
src_input_libcairn_input_la_SOURCES = \
	src/input/cairn_input.h \
	src/input/cairn_int.c src/input/cairn_int.h \
	src/input/cairn_value.c src/input/cairn_value.h \
	src/input/cairn_policy_in.c src/input/cairn_policy_in.h \
	src/input/cairn_yaml_ev.c src/input/cairn_yaml_ev.h \
	src/input/cairn_yaml_in.c src/input/cairn_yaml_in.h \
	src/input/cairn_yaml_walk.c src/input/cairn_yaml_walk.h \
	src/input/cairn_yaml_policy.c src/input/cairn_yaml_policy.h \
	src/input/cairn_csv_rec.c src/input/cairn_csv_rec.h \
	src/input/cairn_csv_in.c src/input/cairn_csv_in.h \
	src/input/cairn_csv_in_int.h \
	src/input/cairn_csv_head.c src/input/cairn_csv_head.h \
	src/input/cairn_csv_row.c src/input/cairn_csv_row.h \
	src/input/cairn_json_in.c src/input/cairn_json_in.h
src_input_libcairn_input_la_CPPFLAGS = $(cairn_base_cppflags) $(cairn_input_inc)
src_input_libcairn_input_la_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
