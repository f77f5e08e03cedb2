/* Fuzz every loader of the registry through the generic amq_filter_load (see fuzz_support.h:
 * any bytes, then with the checksum recomputed; a file that loads saves back byte for byte),
 * so a structure added to the registry is fuzzed with no new harness.  Its seeds are valid
 * files of every structure (make_seeds).  Files announcing a blocked quotient of more than
 * 2^20 slots are skipped, as fuzz_load_quotient skips large q: such tables are an honest
 * consequence of their parameters, but would make each run slow. */
#include "fuzz_support.h"
#include <amq/filter.h>

static amq_status load(void **o, const char *p) { return amq_filter_load((amq_filter **)o, p); }
static amq_status save(const void *o, const char *p) { return amq_filter_save(o, p); }
static void release(void *o) { amq_filter_free(o); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    static const fuzz_loader l = {load, save, release, NULL};
    /* header: type at 12; blocked quotient (20) parameters: nblocks at 32, home slots at 40 */
    if (len >= 48 && data[12] == 20 && (amq_get_u64(data + 32) > 1024 || amq_get_u64(data + 40) > 1024))
        return 0;
    if (len >= 40 && data[12] == 3 && amq_get_u64(data + 32) > 16 && amq_get_u64(data + 32) <= 63)
        return 0; /* quotient: q > 16, as fuzz_load_quotient */
    fuzz_load(&l, data, len);
    return 0;
}
