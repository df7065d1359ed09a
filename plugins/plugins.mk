# The solver plugins: libtool modules exporting only their descriptor.
cairn_plugin_ldflags = -module -avoid-version -no-undefined -shared \
	-export-symbols-regex '^cairn_plugin$$'
