/*
 * cairn_process_puzzle - one puzzle of a file solved, checked and graded,
 * for cairn_process.c.
 */
#ifndef CAIRN_PROCESS_PUZZLE_H
#define CAIRN_PROCESS_PUZZLE_H

#include "cairn_settings.h"
#include "cairn_solve.h"

/*
 * Apply the settings' overrides to p, then fill its outcome or give it an
 * error, and grade its answer; a puzzle with an error gets no verdict.
 * Returns 0, -ENOMEM when an allocation failed (the file is retried), or
 * -ECANCELED when env->cancel became CAIRN_CANCEL_SHUTDOWN.
 */
int cairn_process_puzzle(struct cairn_puzzle *p, const struct cairn_settings *s,
			 const struct cairn_solve_env *env);

#endif
