/* Fuzz the quotient filter loader: any bytes, then the same bytes with the checksum
 * recomputed.  Oracle: a file that loads saves back byte for byte (fingerprints in
 * increasing order, every field kept) and its table satisfies the kernel invariant.
 * Files announcing q > 16 are skipped: their tables (9 * 2^(q+1) bytes at most) are an
 * honest consequence of q (tests/test_load_limits.c covers them), but would exceed the
 * fuzzer's memory limit and make each run slow. */
#include "fuzz_support.h"
#include <amq/quotient.h>
#include <internal/quotient_check.h>

static void load_once(const uint8_t *data, size_t len)
{
    amq_quotient *f = NULL;
    if (amq_quotient_load(&f, fuzz_file("in", data, len)) != AMQ_OK) {
        if (f || !*amq_last_error())
            abort();
        return;
    }
    const char *out = fuzz_path("out");
    if (amq_quotient_kernel_check_invariant(amq_quotient_table(f)) != 0 || amq_quotient_save(f, out) != AMQ_OK ||
        !fuzz_same_bytes(out, data, len))
        abort();
    amq_quotient_free(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    if (len >= 40 && amq_get_u64(data + 32) > 16 && amq_get_u64(data + 32) <= 63)
        return 0;
    load_once(data, len);
    uint8_t *sealed = fuzz_resealed(data, len);
    if (sealed)
        load_once(sealed, len);
    free(sealed);
    return 0;
}
