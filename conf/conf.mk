# conf: the sample configuration, installed as SYSCONFDIR/cairn/cairnd.yaml.
cairnconfdir = $(sysconfdir)/cairn
dist_cairnconf_DATA = conf/cairnd.yaml
