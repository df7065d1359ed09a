/*
 * cairn_pipeline_store - the last step of cairn_pipeline.h: an input
 * whose result is published leaves processing/, stored as a file the
 * daemon owns with its arrival record (doc/spool.md, "done/ and
 * failed/"), or removed.
 */
#ifndef CAIRN_PIPELINE_STORE_H
#define CAIRN_PIPELINE_STORE_H

#include <stddef.h>

struct cairn_pipeline;
struct cairn_pipeline_input;

/*
 * Store the input from_fd/HELD (in->held, else its name) into
 * failed/OWNER/ (failed), or into done/OWNER/ (keep), never replacing a
 * stored input (hw1.1.yaml after hw1.yaml), as a copy the daemon owns
 * with its arrival record (in->stored; in->arrival_err when the record
 * could not be made, the input stored all the same), then remove it from
 * from_fd; without either, only remove it.  The copy holds the bytes
 * graded (an input refused unread: none); an input of pl's account and
 * group (pl->euid, pl->egid) graded whole is moved there itself, made
 * what the copy would be.  An input stored before a
 * crash is not stored again (cairn_pipeline_store.c).  0, or a negative
 * errno value with the reason in err.
 */
int cairn_pipeline_store(const struct cairn_pipeline *pl, int from_fd,
			 struct cairn_pipeline_input *in, int failed, int keep,
			 char *err, size_t errlen);

/*
 * Before its result is published, an input that is to be stored as it
 * is (into failed/OWNER/ when failed, done/OWNER/ when keep) is made
 * ready: mode 0640, its arrival record set, and with pl->fsync its bytes
 * sent to the disk, so that the flush of its result carries all of it
 * and the flush before it is stored finds nothing left to write.
 * Needs in->held_st.  Nothing for an input that is to be copied; where a
 * step fails, cairn_pipeline_store() does it again.
 */
void cairn_pipeline_store_ready(const struct cairn_pipeline *pl, int from_fd,
				struct cairn_pipeline_input *in, int failed, int keep);
/* The descriptor the ready input was kept open through, closed. */
void cairn_pipeline_store_unready(struct cairn_pipeline_input *in);

#endif
