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

# The SDK as a package ships it: <cairn/plugin.h> (Makefile.am) and
# cairn-plugin.pc, whose plugindir says where plugins go.  Generated at
# make time so that every path is expanded in full.
pkgconfigdir = $(libdir)/pkgconfig
pkgconfig_DATA = plugins/cairn-plugin.pc
EXTRA_DIST += plugins/cairn-plugin.pc.in
CLEANFILES += plugins/cairn-plugin.pc
plugins/cairn-plugin.pc: $(srcdir)/plugins/cairn-plugin.pc.in $(srcdir)/include/cairn/plugin.h Makefile
	$(AM_V_GEN)mkdir -p plugins && \
	abi=`sed -n 's/^#define CAIRN_PLUGIN_ABI \([0-9]*\)$$/\1/p' $(srcdir)/include/cairn/plugin.h` && \
	sed -e 's|@prefix[@]|$(prefix)|g' -e 's|@includedir[@]|$(includedir)|g' \
	    -e 's|@libdir[@]|$(libdir)|g' -e 's|@pkglibdir[@]|$(pkglibdir)|g' \
	    -e 's|@VERSION[@]|$(VERSION)|g' -e "s|@abi[@]|$$abi|g" \
	    $(srcdir)/plugins/cairn-plugin.pc.in > $@.tmp && mv $@.tmp $@
