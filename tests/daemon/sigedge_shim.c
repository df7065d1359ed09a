/*
 * sigedge_shim - an LD_PRELOAD module that sends its process signals at
 * the edges of its life: before its event loop exists, or after it has
 * stopped.
 *
 * CAIRN_SIG_WHERE=uv_loop_init or uv_loop_close: right before that call,
 * the process sends itself (kill(2), so any thread may take them) each
 * signal of CAIRN_SIG_SEND, a comma-separated list of TERM, INT and HUP.
 * Before uv_loop_init() no signal handler exists yet; before
 * uv_loop_close() every one is closed and the "stopped" line logged.
 */
#include "config.h"

#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

static void send_at(const char *where)
{
	const char *w = getenv("CAIRN_SIG_WHERE"), *list = getenv("CAIRN_SIG_SEND");

	if (w == NULL || list == NULL || strcmp(w, where) != 0)
		return;
	if (strstr(list, "TERM") != NULL)
		kill(getpid(), SIGTERM);
	if (strstr(list, "INT") != NULL)
		kill(getpid(), SIGINT);
	if (strstr(list, "HUP") != NULL)
		kill(getpid(), SIGHUP);
}

int uv_loop_init(uv_loop_t *loop)
{
	int (*real)(uv_loop_t *) = (int (*)(uv_loop_t *))dlsym(RTLD_NEXT, "uv_loop_init");

	send_at("uv_loop_init");
	return real(loop);
}

int uv_loop_close(uv_loop_t *loop)
{
	int (*real)(uv_loop_t *) = (int (*)(uv_loop_t *))dlsym(RTLD_NEXT, "uv_loop_close");

	send_at("uv_loop_close");
	return real(loop);
}
