/*
 * cairn_conf_print - the effective configuration, as `cairnd -t` shows it.
 *
 * Declared apart from cairn_conf.h (which includes it) because it reads
 * the configuration through the table of keys only.
 */
#ifndef CAIRN_CONF_PRINT_H
#define CAIRN_CONF_PRINT_H

#include "cairn_buf.h"
#include "cairn_conf_key.h"

/* The effective configuration as YAML that cairn_conf_load() reads back. */
void cairn_conf_print(const struct cairn_conf *c, struct cairn_buf *out);

#endif
