# systemd: owned by its area; see Makefile.am
