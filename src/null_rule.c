/* The answers of the NULL rule (amq/error.h) that are not a status; see lib_internal/null_rule.h. */
#include <lib_internal/null_rule.h>
#include <lib_internal/fail.h>

int amq_query_refused(const char *who)
{
    amq_fail(AMQ_E_INVALID_ARG, "%s: NULL filter or key", who);
    return -1;
}

int amq_query_batch_refused(const void *obj, const void *const *keys, const size_t *lens, size_t count,
                            int *results, const char *who)
{
    int bad = !obj || !results || (count && (!keys || !lens));
    for (size_t i = 0; !bad && i < count; i++)
        bad = !keys[i] && lens[i];
    if (!bad)
        return 0;
    amq_fail(AMQ_E_INVALID_ARG, "%s: NULL filter, key array, length array, key or result array", who);
    for (size_t i = 0; results && i < count; i++)
        results[i] = -1;
    return 1;
}
