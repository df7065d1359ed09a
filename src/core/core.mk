# core: the puzzle model, the solver plugin loader and solver selection
# (auto).  Uses util and the SDK header.
noinst_LTLIBRARIES += src/core/libcairn_core.la
src_core_libcairn_core_la_SOURCES = \
	src/core/cairn_puzzle.c src/core/cairn_puzzle.h src/core/cairn_policy.c src/core/cairn_policy.h \
	src/core/cairn_plugins.c src/core/cairn_plugins.h \
	src/core/cairn_solve.c src/core/cairn_solve.h
src_core_libcairn_core_la_CPPFLAGS = $(cairn_base_cppflags) $(cairn_core_inc)
