# man: manual pages.
dist_man_MANS += man/cairn.1 man/cairnd.8 man/cairnd.yaml.5 man/cairn-formats.5
# ops: the plugin ABI.
dist_man_MANS += man/cairn-plugin.7
