/* Fuzz the quotient filter loader (see fuzz_support.h: any bytes, then with the checksum
 * recomputed; a file that loads saves back byte for byte), and a loaded table must satisfy
 * the kernel invariant.  Files announcing q > 16 are skipped: their tables (at most
 * 18 * 2^q bytes) are an honest consequence of q (tests/test_files.c and test_quotient.c
 * cover large q), but would exceed the fuzzer's memory limit and make each run slow. */
#include "fuzz_support.h"
#include <amq/quotient.h>
#include <lib_internal/quotient_check.h>

static amq_status load(void **o, const char *p) { return amq_quotient_load((amq_quotient **)o, p); }
static amq_status save(const void *o, const char *p) { return amq_quotient_save(o, p); }
static void release(void *o) { amq_quotient_free(o); }
static int valid(const void *o) { return amq_quotient_kernel_check_invariant(amq_quotient_table(o)) == 0; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    static const fuzz_loader l = {load, save, release, valid};
    if (len >= 40 && amq_get_u64(data + 32) > 16 && amq_get_u64(data + 32) <= 63)
        return 0;
    fuzz_load(&l, data, len);
    return 0;
}
