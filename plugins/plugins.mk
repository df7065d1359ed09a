# The solver plugins: libtool modules exporting only their descriptor.
cairn_plugin_ldflags = -module -avoid-version -no-undefined -shared \
	-export-symbols-regex '^cairn_plugin$$'

# Code every solver shares, linked privately into each module.
noinst_LTLIBRARIES += plugins/libsolver.la
plugins_libsolver_la_SOURCES = plugins/solver.h plugins/solver.c \
	plugins/solver_walk.c

pkglib_LTLIBRARIES += plugins/tuple2d.la plugins/diff2d.la \
	plugins/diff1d.la plugins/linear.la

plugins_tuple2d_la_SOURCES = plugins/tuple2d.c
plugins_tuple2d_la_LDFLAGS = $(AM_LDFLAGS) $(cairn_plugin_ldflags)
plugins_tuple2d_la_LIBADD = plugins/libsolver.la

plugins_diff2d_la_SOURCES = plugins/diff2d.c
plugins_diff2d_la_LDFLAGS = $(AM_LDFLAGS) $(cairn_plugin_ldflags)
plugins_diff2d_la_LIBADD = plugins/libsolver.la

plugins_diff1d_la_SOURCES = plugins/diff1d.c plugins/layer.h plugins/layer.c \
	plugins/layer_roll.c
plugins_diff1d_la_LDFLAGS = $(AM_LDFLAGS) $(cairn_plugin_ldflags)
plugins_diff1d_la_LIBADD = plugins/libsolver.la

plugins_linear_la_SOURCES = plugins/linear.c
plugins_linear_la_LDFLAGS = $(AM_LDFLAGS) $(cairn_plugin_ldflags)
plugins_linear_la_LIBADD = plugins/libsolver.la
