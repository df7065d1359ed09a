/*
 * cairn_input - the puzzle file readers (doc/formats.md).
 *
 * Both readers take the whole file in memory and fill `in` (initialised
 * by the caller with cairn_puzzle_input_init()).  A problem with one puzzle is
 * recorded in that puzzle's `error` and the others are still read; a
 * problem with the file as a whole is recorded with cairn_puzzle_input_fail().
 * Every message starts with its place: "line L, column C: PATH: ..." for
 * YAML, "line L, field F: ..." for CSV.  A leading UTF-8 BOM is skipped.
 * This header gathers the three readers' own headers for their callers.
 */
#ifndef CAIRN_INPUT_H
#define CAIRN_INPUT_H

#include <stddef.h>

/* Each reader is declared beside the file that defines it. */
#include "cairn_csv_in.h"
#include "cairn_json_in.h"
#include "cairn_yaml_in.h"

#endif
