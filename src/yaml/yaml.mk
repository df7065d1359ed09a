# yaml: libyaml for every reader that takes YAML (the puzzle files, the
# configuration, the result files): the parser loop, its refusals and
# error places and messages, message quoting and plain scalars, and a
# document read whole as a tree (the result reader).  Uses util and libyaml.
noinst_LTLIBRARIES += src/yaml/libcairn_yaml.la
src_yaml_libcairn_yaml_la_SOURCES = \
	src/yaml/cairn_yaml.c src/yaml/cairn_yaml.h \
	src/yaml/cairn_yaml_tree.c src/yaml/cairn_yaml_tree.h
src_yaml_libcairn_yaml_la_CPPFLAGS = $(cairn_base_cppflags) $(cairn_yaml_inc)
src_yaml_libcairn_yaml_la_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
