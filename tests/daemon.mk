# tests: owned by its area; see Makefile.am
