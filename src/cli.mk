# The cairn command line.
