/* Internal: the answers of the NULL rule (amq/error.h) that are not a status, shared by the
 * per-structure files. */
#ifndef AMQ_INTERNAL_NULL_RULE_H
#define AMQ_INTERNAL_NULL_RULE_H
#include <stddef.h>

/* A query given a NULL filter, or a NULL key with len > 0: records the message (who names the
 * public function) and returns -1, the query's error answer. */
int amq_query_refused(const char *who);

/* A batch query's arguments under the rule: 1 (refused) when obj is NULL, keys or lens is NULL
 * with count > 0, a key is NULL with a length > 0, or results is NULL; then every result is -1
 * (none is written without a results array) and the message names who.  0 when the batch can
 * run. */
int amq_query_batch_refused(const void *obj, const void *const *keys, const size_t *lens, size_t count,
                            int *results, const char *who);

#endif
