/*
 * cairn_result_yaml_fast.h - reading a result file of the writer's own
 * shape without libyaml (cairn_result_yaml_fast.c).
 */
#ifndef CAIRN_RESULT_YAML_FAST_H
#define CAIRN_RESULT_YAML_FAST_H

#include <stddef.h>

#include "cairn_result_file.h"

/*
 * cairn_result_yaml_fast_read - fill the zeroed r from data as the full
 * YAML reader would: 0; or 1, r zeroed again, when the text is not of
 * the shape this reader takes (the full reader then judges it).
 */
int cairn_result_yaml_fast_read(struct cairn_result_file *r, const char *data,
				size_t len);

#endif
