/* Fuzz the counting Bloom loader: any bytes, then the same bytes with the checksum recomputed.
 * Oracle: a file that loads saves back byte for byte (the format has one encoding). */
#include "fuzz_support.h"
#include <amq/counting.h>

static void load_once(const uint8_t *data, size_t len)
{
    amq_counting *f = NULL;
    if (amq_counting_load(&f, fuzz_file("in", data, len)) != AMQ_OK) {
        if (f || !*amq_last_error())
            abort(); /* a failed load leaves no object and always a message */
        return;
    }
    const char *out = fuzz_path("out");
    if (amq_counting_save(f, out) != AMQ_OK || !fuzz_same_bytes(out, data, len))
        abort();
    amq_counting_free(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    load_once(data, len);
    uint8_t *sealed = fuzz_resealed(data, len);
    if (sealed)
        load_once(sealed, len);
    free(sealed);
    return 0;
}
