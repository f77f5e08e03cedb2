/* Fuzz the Bloom loader (see fuzz_support.h: any bytes, then with the checksum recomputed;
 * a file that loads saves back byte for byte). */
#include "fuzz_support.h"
#include <amq/bloom.h>

static amq_status load(void **o, const char *p) { return amq_bloom_load((amq_bloom **)o, p); }
static amq_status save(const void *o, const char *p) { return amq_bloom_save(o, p); }
static void release(void *o) { amq_bloom_free(o); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    static const fuzz_loader l = {load, save, release, NULL};
    fuzz_load(&l, data, len);
    return 0;
}
