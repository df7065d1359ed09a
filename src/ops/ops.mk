# ops: what both programs share to be operated: the configuration file,
# logging, systemd notification.  Uses yaml (the configuration) and util.
noinst_LTLIBRARIES += src/ops/libcairn_ops.la
src_ops_libcairn_ops_la_SOURCES = \
	src/ops/cairn_conf.c src/ops/cairn_conf.h \
	src/ops/cairn_conf_key.c src/ops/cairn_conf_key.h \
	src/ops/cairn_conf_print.c src/ops/cairn_conf_print.h \
	src/ops/cairn_log.c src/ops/cairn_log.h \
	src/ops/cairn_notify.c src/ops/cairn_notify.h
src_ops_libcairn_ops_la_CPPFLAGS = $(cairn_base_cppflags) $(cairn_ops_inc)
src_ops_libcairn_ops_la_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
