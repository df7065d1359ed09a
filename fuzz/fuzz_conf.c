/*
 * fuzz_conf - the configuration reader, from memory.
 *
 * What loads prints as YAML that loads again to the same print (a fixed
 * point), and a configuration that does not load leaves the defaults as
 * they were and says why, naming the file.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_conf.h"
#include "cairn_fuzz.h"
#include "cairn_mem.h"

static char *printed(const struct cairn_conf *c)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	cairn_conf_print(c, &b);
	return cairn_buf_steal(&b);
}

static char *check(const char *data, size_t len)
{
	struct cairn_conf c, again;
	char err[1024], *a, *b, *msg = NULL;

	cairn_conf_defaults(&c);
	b = printed(&c);
	if (cairn_conf_load_mem(&c, "fuzz.yaml", data, len, err,
				sizeof err) != 0) {
		a = printed(&c);
		if (strncmp(err, "fuzz.yaml: ", 11) != 0)
			msg = cairn_xasprintf("error without the file: %s", err);
		else if (strcmp(a, b) != 0)
			msg = cairn_xasprintf("a failed load changed the "
					      "configuration (%s)", err);
		free(a);
		free(b);
		cairn_conf_free(&c);
		return msg;
	}
	free(b);
	a = printed(&c);
	cairn_conf_defaults(&again);
	if (cairn_conf_load_mem(&again, "printed", a, strlen(a), err,
				sizeof err) != 0) {
		msg = cairn_xasprintf("the printed configuration does not "
				      "load: %s\n%s", err, a);
	} else {
		b = printed(&again);
		if (strcmp(a, b) != 0)
			msg = cairn_xasprintf("printed, loaded and printed "
					      "again changed:\n%s---\n%s", a, b);
		free(b);
	}
	free(a);
	cairn_conf_free(&c);
	cairn_conf_free(&again);
	return msg;
}

int cairn_fuzz_conf(const uint8_t *data, size_t len)
{
	char *msg = check((const char *)data, len);

	if (msg != NULL)
		cairn_fuzz_fail("conf", msg);
	return 0;
}
