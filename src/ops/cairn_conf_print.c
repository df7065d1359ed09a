/*
 * cairn_conf_print - the effective configuration, as `cairnd -t` shows it.
 *
 * Every key of the table (cairn_conf_key.c) is written in the table's
 * order, one line each, in a form that cairn_conf_load() reads back to
 * the same effective settings: a string plain only where it cannot be
 * taken for null (cairn_yaml_plain_ok()), else double-quoted with every
 * escape it needs; sizes in the largest unit that divides them exactly
 * (cairn_size_format()); retain as a flow mapping whose ~ is forever;
 * problems_dir as the directory in effect, SPOOL/problems when unset.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_conf_print.h"
#include "cairn_conf_key.h"
#include "cairn_duration.h"
#include "cairn_log.h"
#include "cairn_mem.h"
#include "cairn_size.h"
#include "cairn_spool_dirs.h"
#include "cairn_yaml.h"

/* print_string - s as a YAML scalar that reads back to exactly s. */
static void print_string(struct cairn_buf *out, const char *s)
{
	if (cairn_yaml_plain_ok(s, CAIRN_YAML_PLAIN_NULL))
		cairn_buf_adds(out, s);
	else
		cairn_yaml_quote(out, s, strlen(s), SIZE_MAX,
				 CAIRN_YAML_ESCAPE_SCALAR);
}

/* problems_dir - the effective problem-set directory. */
static char *problems_dir(const struct cairn_conf *c)
{
	size_t n = strlen(c->spool);

	if (c->problems_dir)
		return cairn_xstrdup(c->problems_dir);
	if (n > 0 && c->spool[n - 1] == '/')
		return cairn_xasprintf("%s" CAIRN_DIR_PROBLEMS, c->spool);
	return cairn_xasprintf("%s/" CAIRN_DIR_PROBLEMS, c->spool);
}

/* print_retain - {done: 180d, failed: ~, history: 365d}: ~ is forever. */
static void print_retain(const struct cairn_conf_retain *r, struct cairn_buf *out)
{
	char d[CAIRN_DURATION_BUFLEN];

	for (size_t i = 0; i < CAIRN_CONF_KEY_NRETAIN; i++) {
		const struct cairn_conf_key_retain *k = &cairn_conf_key_retains[i];
		uint64_t v = *(const uint64_t *)((const char *)r + k->off);

		cairn_buf_addf(out, "%s%s: %s", i ? ", " : "{", k->name,
			       v ? cairn_duration_format(v, d) : "~");
	}
	cairn_buf_addc(out, '}');
}

static void print_key(const struct cairn_conf *c, const struct cairn_conf_key *k,
		      struct cairn_buf *out)
{
	char size[CAIRN_SIZE_BUFLEN];
	const char *s;
	uint64_t n;
	char *dir;

	cairn_buf_addf(out, "%s: ", k->name);
	switch (k->type) {
	case CAIRN_CONF_KEY_OPTPATH:
		if (k->off == offsetof(struct cairn_conf, problems_dir)) {
			dir = problems_dir(c);
			print_string(out, dir);
			free(dir);
			break;
		}
		s = *CAIRN_CONF_KEY_CFIELD(c, k, char *);
		if (s)
			print_string(out, s);
		else
			cairn_buf_adds(out, "~");
		break;
	case CAIRN_CONF_KEY_PATH: case CAIRN_CONF_KEY_INSTANCE:
	case CAIRN_CONF_KEY_SOLVER:
		print_string(out, *CAIRN_CONF_KEY_CFIELD(c, k, char *));
		break;
	case CAIRN_CONF_KEY_UINT:
		cairn_buf_addf(out, "%u", *CAIRN_CONF_KEY_CFIELD(c, k, unsigned));
		break;
	case CAIRN_CONF_KEY_COUNT:
		cairn_buf_addf(out, "%llu", (unsigned long long)
			       *CAIRN_CONF_KEY_CFIELD(c, k, uint64_t));
		break;
	case CAIRN_CONF_KEY_SIZE:
	case CAIRN_CONF_KEY_OPTSIZE:
		n = *CAIRN_CONF_KEY_CFIELD(c, k, uint64_t);
		if (n == 0 && k->type == CAIRN_CONF_KEY_OPTSIZE)
			cairn_buf_adds(out, "~");
		else
			cairn_buf_adds(out, cairn_size_format(n, size));
		break;
	case CAIRN_CONF_KEY_RETAIN:
		print_retain(CAIRN_CONF_KEY_CFIELD(c, k, struct cairn_conf_retain),
			     out);
		break;
	case CAIRN_CONF_KEY_BOOL:
		cairn_buf_adds(out, *CAIRN_CONF_KEY_CFIELD(c, k, int) ? "true" :
			       "false");
		break;
	case CAIRN_CONF_KEY_LEVEL:
		cairn_buf_adds(out, cairn_log_level_name(*CAIRN_CONF_KEY_CFIELD(
				       c, k, enum cairn_log_level)));
		break;
	}
	cairn_buf_addc(out, '\n');
}

void cairn_conf_print(const struct cairn_conf *c, struct cairn_buf *out)
{
	size_t i;

	for (i = 0; i < CAIRN_CONF_KEY_N; i++)
		print_key(c, &cairn_conf_key_table[i], out);
}
