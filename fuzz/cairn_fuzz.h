/*
 * cairn_fuzz - the entries of the fuzz harnesses, for libFuzzer and replay.
 *
 * Each harness is one function over one input; fuzz/entry.c makes it a
 * libFuzzer target (LLVMFuzzerTestOneInput), fuzz/replay.c runs it over
 * the saved inputs in `make check`.  A harness returns 0, or aborts with
 * a message on standard error when an oracle fails.
 */
#ifndef CAIRN_FUZZ_H
#define CAIRN_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "cairn_oracle.h"

int cairn_fuzz_yaml(const uint8_t *data, size_t len);
int cairn_fuzz_csv(const uint8_t *data, size_t len);
int cairn_fuzz_json(const uint8_t *data, size_t len);
int cairn_fuzz_conf(const uint8_t *data, size_t len);
int cairn_fuzz_result(const uint8_t *data, size_t len);
int cairn_fuzz_submission(const uint8_t *data, size_t len);

/* The oracle all harnesses share: cross_check on, at most 64 piles. */
struct cairn_oracle *cairn_fuzz_oracle(void);
/* The problem set "hw1" a submission in any harness may name. */
extern const char cairn_fuzz_hw1[];

/* Report that harness `name` failed with msg (freed) and abort. */
__attribute__((noreturn))
void cairn_fuzz_fail(const char *name, char *msg);

#endif
