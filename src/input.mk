# The puzzle file readers (SPEC section 2): YAML through libyaml's event
# API, CSV by a parser of our own, and the value rules they share.
src_libcairn_la_SOURCES += \
	src/cairn_int.c \
	src/cairn_yaml_csv.c src/cairn_yaml_csv.h \
	src/cairn_yaml_ev.c src/cairn_yaml_ev.h \
	src/cairn_yaml_in.c \
	src/cairn_csv_rec.c src/cairn_csv_rec.h \
	src/cairn_csv_in.c
