/*
 * entry - one harness as a libFuzzer target.
 *
 * Compiled once per harness with CAIRN_FUZZ_ENTRY naming its function
 * (fuzz/fuzz.mk), so that the harnesses themselves stay plain functions
 * that the replay program can call too.
 */
#include "config.h"

#include "cairn_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	return CAIRN_FUZZ_ENTRY(data, len);
}
