/*
 * bench_parse.c - the readers against libc and libyaml, and `cairn solve`.
 *
 * CSV: cairn_csv_in_read on a headerless file of 10-digit values, in GB/s,
 * against splitting the same bytes with strtoll per field.  YAML:
 * cairn_yaml_in_read on the same values as flow sequences, against the bare
 * libyaml event loop (yaml_parser_parse and yaml_event_delete only), which
 * sets the bound.  End to end: src/cli/cairn solve as a subprocess on one
 * large puzzle of each format, against reading and parsing that file in
 * this process.  The data stays in memory for the parser timings, so they
 * measure parsing, not the page cache.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <yaml.h>

#include "bench.h"
#include "cairn_input.h"
#include "cairn_puzzle.h"

struct text {
	char *data;
	size_t len, cap;
};

static void put(struct text *t, const char *s, size_t len)
{
	if (t->len + len + 1 > t->cap) {
		t->cap = (t->len + len + 1) * 2;
		if ((t->data = realloc(t->data, t->cap)) == NULL)
			bench_die("out of memory");
	}
	memcpy(t->data + t->len, s, len);
	t->len += len;
	t->data[t->len] = '\0';
}

static void puts_text(struct text *t, const char *s)
{
	put(t, s, strlen(s));
}

/* value - the k-th 10-digit value of the data set, as text */
static size_t value(uint64_t *st, char *buf)
{
	uint64_t v = 1000000000ULL + bench_rand(st) % 9000000000ULL;

	return (size_t)snprintf(buf, 24, "%llu", (unsigned long long)v);
}

/*
 * make_csv, make_yaml - rows x cols values as a headerless CSV file, or
 * as a YAML set of puzzles with flow sequences of piles.
 */
static void make_csv(struct text *t, size_t rows, size_t cols)
{
	uint64_t st = 7;
	char buf[24];
	size_t r, c;

	for (r = 0; r < rows; r++)
		for (c = 0; c < cols; c++) {
			put(t, buf, value(&st, buf));
			put(t, c + 1 < cols ? "," : "\n", 1);
		}
}

static void make_yaml(struct text *t, size_t rows, size_t cols, int set)
{
	uint64_t st = 7;
	char buf[24];
	size_t r, c;

	if (set)
		puts_text(t, "puzzles:\n");
	for (r = 0; r < rows; r++) {
		puts_text(t, set ? "  - piles: [" : "piles: [");
		for (c = 0; c < cols; c++) {
			put(t, buf, value(&st, buf));
			if (c + 1 < cols)
				put(t, ", ", 2);
		}
		puts_text(t, "]\n");
	}
}

struct parse {
	const char *data;
	size_t len;
	const char *path;		/* read the file first, when set */
	size_t values;			/* expected, to check the reader */
	int64_t *out;			/* strtoll's destination */
};

static const struct cairn_limits unlimited = { SIZE_MAX, SIZE_MAX };

static void check(const struct parse *p, const struct cairn_input *in)
{
	size_t i, total = 0;

	for (i = 0; i < in->npuzzles; i++) {
		if (in->puzzles[i].error != NULL)
			bench_die("reader: %s", in->puzzles[i].error);
		total += in->puzzles[i].n;
	}
	if (in->error != NULL || total != p->values)
		bench_die("reader: read %zu values of %zu: %s", total,
			  p->values, in->error ? in->error : "");
}

/* with_file - the parse's bytes: its own, or its file read now */
static const char *with_file(const struct parse *p, size_t *len, char **owned)
{
	*owned = NULL;
	if (p->path == NULL) {
		*len = p->len;
		return p->data;
	}
	return *owned = bench_read_file(p->path, len);
}

static void run_csv(void *ctx)
{
	const struct parse *p = ctx;
	struct cairn_input in;
	size_t len;
	char *owned;
	const char *data = with_file(p, &len, &owned);

	cairn_puzzle_input_init(&in, "bench.csv", CAIRN_FORMAT_CSV);
	cairn_csv_in_read(&in, data, len, &unlimited);
	check(p, &in);
	cairn_puzzle_input_free(&in);
	free(owned);
}

static void run_yaml(void *ctx)
{
	const struct parse *p = ctx;
	struct cairn_input in;

	cairn_puzzle_input_init(&in, "bench.yaml", CAIRN_FORMAT_YAML);
	cairn_yaml_in_read(&in, p->data, p->len, &unlimited);
	check(p, &in);
	cairn_puzzle_input_free(&in);
}

/* run_strtoll - split on commas and newlines, strtoll each field */
static void run_strtoll(void *ctx)
{
	const struct parse *p = ctx;
	const char *s = p->data, *end = p->data + p->len;
	size_t k = 0;
	char *e;

	while (s < end) {
		errno = 0;
		p->out[k] = strtoll(s, &e, 10);
		if (e == s || errno != 0 || (*e != ',' && *e != '\n'))
			bench_die("strtoll baseline: bad field at %zu",
				  (size_t)(s - p->data));
		k++;
		s = e + 1;
	}
	if (k != p->values)
		bench_die("strtoll baseline: %zu fields of %zu", k, p->values);
}

/* run_events - libyaml's own event rate: parse and delete, nothing else */
static void run_events(void *ctx)
{
	const struct parse *p = ctx;
	yaml_parser_t parser;
	yaml_event_t ev;
	size_t len;
	char *owned;
	const char *data = with_file(p, &len, &owned);
	int done = 0;

	yaml_parser_initialize(&parser);
	yaml_parser_set_input_string(&parser, (const unsigned char *)data, len);
	while (!done) {
		if (!yaml_parser_parse(&parser, &ev))
			bench_die("libyaml: %s", parser.problem);
		done = ev.type == YAML_STREAM_END_EVENT;
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	free(owned);
}

static double gbps(size_t bytes, double ns)
{
	return (double)bytes / ns;
}

int bench_parse(const struct bench *b)
{
	size_t rows = b->quick ? 200 : 2000, cols = 1000;
	struct text csv = { 0 }, yml = { 0 };
	struct parse p = { 0 };
	double ns, base_ns;
	FILE *f;

	make_csv(&csv, rows, cols);
	make_yaml(&yml, rows, cols, 1);
	p.values = rows * cols;
	if ((p.out = malloc(p.values * sizeof *p.out)) == NULL)
		bench_die("out of memory");
	f = bench_csv(b, "parse.csv",
		      "format,bytes,values,reader_ns,reader_gb_per_s,baseline,"
		      "baseline_ns,baseline_gb_per_s,ratio");

	p.data = csv.data;
	p.len = csv.len;
	bench_pair(b, run_csv, &p, run_strtoll, &p, &ns, &base_ns);
	fprintf(f, "csv,%zu,%zu,%.0f,%.6g,strtoll per field,%.0f,%.6g,%.6g\n",
		csv.len, p.values, ns, gbps(csv.len, ns), base_ns,
		gbps(csv.len, base_ns), base_ns / ns);
	bench_report(b, &(struct bench_row){ "parse", "CSV 10-digit integers",
		gbps(csv.len, ns), "GB/s", "strtoll per field",
		gbps(csv.len, base_ns), base_ns / ns, ">= 0.5 GB/s",
		gbps(csv.len, ns) >= 0.5 ? BENCH_PASS : BENCH_MISS });

	p.data = yml.data;
	p.len = yml.len;
	bench_pair(b, run_yaml, &p, run_events, &p, &ns, &base_ns);
	fprintf(f, "yaml,%zu,%zu,%.0f,%.6g,libyaml events only,%.0f,%.6g,%.6g\n",
		yml.len, p.values, ns, gbps(yml.len, ns), base_ns,
		gbps(yml.len, base_ns), ns / base_ns);
	bench_report(b, &(struct bench_row){ "parse", "YAML flow sequences",
		gbps(yml.len, ns), "GB/s", "libyaml events only",
		gbps(yml.len, base_ns), ns / base_ns, "<= 1.25",
		ns / base_ns <= 1.25 ? BENCH_PASS : BENCH_MISS });
	fclose(f);
	free(p.out);
	free(csv.data);
	free(yml.data);
	return 0;
}

struct solve_cmd {
	const struct bench *b;
	const char *file;
};

/* run_cairn - src/cli/cairn solve FILE with output to /dev/null; must exit 0 */
static void run_cairn(void *ctx)
{
	const struct solve_cmd *c = ctx;
	char exe[4096], plugins[4096];
	int status, fd;
	pid_t pid;

	snprintf(exe, sizeof exe, "%s/src/cli/cairn", c->b->top_builddir);
	snprintf(plugins, sizeof plugins, "%s/plugins/.libs", c->b->top_builddir);
	fflush(NULL);
	if ((pid = fork()) < 0)
		bench_die("fork: %s", strerror(errno));
	if (pid == 0) {
		if ((fd = open("/dev/null", O_WRONLY)) >= 0)
			dup2(fd, 1);
		execl(exe, exe, "solve", "--plugin-dir", plugins, "-c",
		      "/dev/null", c->file, (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			bench_die("waitpid: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		bench_die("%s solve %s failed (status %d)", exe, c->file, status);
}

static void e2e_one(const struct bench *b, FILE *f, const char *fmt,
		    struct text *t, size_t n, bench_fn base, const char *bname)
{
	char path[4096], name[64];
	struct solve_cmd c = { b, path };
	struct parse p = { 0 };
	double ns, base_ns;

	snprintf(path, sizeof path, "%s/e2e-%zu.%s", b->workdir, n, fmt);
	bench_write_file(path, t->data, t->len);
	p.path = path;
	p.values = n;
	bench_pair(b, run_cairn, &c, base, &p, &ns, &base_ns);
	fprintf(f, "%s,%zu,%zu,%.0f,\"%s\",%.0f,%.6g\n", fmt, n, t->len, ns,
		bname, base_ns, ns / base_ns);
	snprintf(name, sizeof name, "cairn solve %s n=%zu", fmt, n);
	bench_report(b, &(struct bench_row){ "e2e", name, ns / 1e6, "ms",
		bname, base_ns / 1e6, ns / base_ns, "", BENCH_INFO });
	unlink(path);
}

int bench_e2e(const struct bench *b)
{
	size_t n = b->quick ? 100000 : 1000000;
	struct text csv = { 0 }, yml = { 0 };
	FILE *f;

	make_csv(&csv, 1, n);
	make_yaml(&yml, 1, n, 0);
	f = bench_csv(b, "e2e.csv",
		      "format,piles,bytes,cairn_solve_ns,baseline,baseline_ns,ratio");
	e2e_one(b, f, "csv", &csv, n, run_csv, "read + cairn_csv_in_read");
	e2e_one(b, f, "yaml", &yml, n, run_events, "read + libyaml events");
	fclose(f);
	free(csv.data);
	free(yml.data);
	return 0;
}
