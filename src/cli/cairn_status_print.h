/*
 * cairn_status_print - `cairn status` output (cairn(1)): the text an
 * operator reads, and one JSON object for programs.  Both are made from
 * the same view and give every field, so a script never has to parse
 * the text; the formats are documented in cairn(1), STATUS OUTPUT.
 */
#ifndef CAIRN_STATUS_PRINT_H
#define CAIRN_STATUS_PRINT_H

#include <time.h>

#include "cairn_buf.h"
#include "cairn_spool_status.h"

struct cairn_status_print_view {
	const char *spool;		/* as configured */
	struct timespec now;		/* what ages are counted from */
	const struct cairn_spool_status *st;
	/* per failure: the error its result gives, or NULL when no result
	   of that arrival was found or it has no error */
	char *const *errors;
};

/*
 * Text: sections "Instances:", "Processing:", "Waiting:", "Failures:"
 * and "Directories:", each a table with a header row, its columns
 * aligned, "  (none)" when empty.
 */
void cairn_status_print_text(const struct cairn_status_print_view *v, struct cairn_buf *out);
void cairn_status_print_json(const struct cairn_status_print_view *v, struct cairn_buf *out);

#endif
