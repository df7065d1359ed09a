/*
 * replay - every saved fuzz input through its harness, in `make check`.
 *
 * For each harness NAME, the files of fuzz/regress/NAME (inputs that once
 * crashed a harness or failed an oracle; each stays forever) and of
 * fuzz/corpus/NAME (the seeds) are run in name order through the very
 * function libFuzzer calls, built here with the normal compiler.  A harness
 * aborts on a failure, so the file named last on standard output is the
 * one that failed.  With arguments, only those files are run, through the
 * harness named by each file's directory.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cairn_buf.h"
#include "cairn_fuzz.h"
#include "cairn_mem.h"

static const struct {
	const char *name;
	int (*run)(const uint8_t *, size_t);
} harnesses[] = {
	{ "yaml", cairn_fuzz_yaml },
	{ "csv", cairn_fuzz_csv },
	{ "json", cairn_fuzz_json },
	{ "conf", cairn_fuzz_conf },
	{ "result", cairn_fuzz_result },
	{ "submission", cairn_fuzz_submission },
};
#define NHARNESSES (sizeof harnesses / sizeof harnesses[0])

static int slurp(const char *path, struct cairn_buf *b)
{
	char chunk[8192];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (f == NULL)
		return -errno;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		cairn_buf_add(b, chunk, n);
	fclose(f);
	return 0;
}

static void run_file(size_t h, const char *path)
{
	struct cairn_buf b = CAIRN_BUF_INIT;

	if (slurp(path, &b) < 0) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	printf("replay %s %s (%zu bytes)\n", harnesses[h].name, path, b.len);
	fflush(stdout);
	cairn_buf_add(&b, "", 0);
	harnesses[h].run((const uint8_t *)b.data, b.len);
	cairn_buf_free(&b);
}

static int visible(const struct dirent *de)
{
	return de->d_name[0] != '.';
}

/* run_dir - every file of dir through harness h, in name order; how many */
static size_t run_dir(size_t h, const char *dir)
{
	struct dirent **ents;
	char *path;
	int n, i;

	if ((n = scandir(dir, &ents, visible, alphasort)) < 0)
		return 0;
	for (i = 0; i < n; i++) {
		path = cairn_xasprintf("%s/%s", dir, ents[i]->d_name);
		run_file(h, path);
		free(path);
		free(ents[i]);
	}
	free(ents);
	return (size_t)n;
}

/* harness_of - the harness a file's directory names, or NHARNESSES */
static size_t harness_of(const char *path)
{
	const char *end = strrchr(path, '/'), *start;
	size_t h;

	if (end == NULL)
		return NHARNESSES;
	for (start = end; start > path && start[-1] != '/'; start--)
		;
	for (h = 0; h < NHARNESSES; h++)
		if (strlen(harnesses[h].name) == (size_t)(end - start) &&
		    memcmp(harnesses[h].name, start, (size_t)(end - start)) == 0)
			return h;
	return NHARNESSES;
}

int main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir");
	size_t h, n = 0, regress = 0, k;
	char *dir;
	int i;

	for (i = 1; i < argc; i++) {
		if ((h = harness_of(argv[i])) == NHARNESSES) {
			fprintf(stderr, "replay: %s: not in a directory named "
				"after a harness\n", argv[i]);
			return 2;
		}
		run_file(h, argv[i]);
	}
	if (argc > 1)
		return 0;
	for (h = 0; h < NHARNESSES; h++) {
		dir = cairn_xasprintf("%s/fuzz/regress/%s", top ? top : ".",
				      harnesses[h].name);
		regress += k = run_dir(h, dir);
		n += k;
		free(dir);
		dir = cairn_xasprintf("%s/fuzz/corpus/%s", top ? top : ".",
				      harnesses[h].name);
		n += run_dir(h, dir);
		free(dir);
	}
	printf("replay: %zu inputs (%zu saved failures), every oracle held\n",
	       n, regress);
	return n > 0 ? 0 : 1;
}
