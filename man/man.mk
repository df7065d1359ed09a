# man: manual pages.
dist_man_MANS += man/cairnd.8 man/cairnd.yaml.5
