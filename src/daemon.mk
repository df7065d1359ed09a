# daemon-ops: configuration, logging, systemd notification, size units.
src_libcairn_la_SOURCES += src/cairn_conf.c src/cairn_log.c \
	src/cairn_notify.c src/cairn_notify.h \
	src/cairn_size.c src/cairn_size.h

# src: owned by its area; see Makefile.am
