/*
 * cairn_result_yaml_read - a YAML or JSON result file read back.
 *
 * Called by cairn_result_read() for every result that is not CSV.
 */
#ifndef CAIRN_RESULT_YAML_READ_H
#define CAIRN_RESULT_YAML_READ_H

#include <stddef.h>

#include "cairn_result_file.h"

/*
 * Fill the empty r from the YAML (or JSON) text data[0..len).  Returns
 * 0, -EINVAL with the reason in err, or -ENOMEM when libyaml ran out of
 * memory; on error r may hold part of the file, for the caller to free.
 */
int cairn_result_yaml_read(struct cairn_result_file *r, const char *data,
			   size_t len, char *err, size_t errlen);
/*
 * The same through libyaml alone, for any text: cairn_result_yaml_read()
 * first tries cairn_result_yaml_fast_read(), which must agree with it.
 */
int cairn_result_yaml_read_full(struct cairn_result_file *r, const char *data,
				size_t len, char *err, size_t errlen);

#endif
