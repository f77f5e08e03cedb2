/* Instructions per negative query, counted by callgrind (tools/bench/instructions.sh runs
 * this under it; docs/cuckoo.md quotes the figures).  The setup of docs/cuckoo.md: a cuckoo
 * filter of nb = 26316 buckets, b = 4 slots of f = 10 bits (95% load) and a Bloom filter
 * from amq_bloom_create_for(100000, 0.0074), each holding the keys key0 .. key99999, then
 * 200000 queries of the keys neg0 .. neg199999 against each.  Only the queries are counted:
 * the script starts callgrind with collection off and turns it on inside amq_cuckoo_query
 * and amq_bloom_query.  Figures only: nothing asserts. */
#include <amq/bloom.h>
#include <amq/cuckoo.h>
#include <amq/error.h>
#include <stdio.h>

#define N_KEYS 100000
#define N_QUERIES 200000
#define CK_NB 26316
#define CK_B 4
#define CK_F 10
#define BLOOM_FPR 0.0074

static size_t key(char *buf, size_t size, const char *prefix, unsigned i)
{
    return (size_t)snprintf(buf, size, "%s%u", prefix, i);
}

int main(void)
{
    amq_cuckoo *ck;
    amq_bloom *bf;
    if (amq_cuckoo_create(&ck, CK_NB, CK_B, CK_F, 0) != AMQ_OK ||
        amq_bloom_create_for(&bf, N_KEYS, BLOOM_FPR, AMQ_HASH_ENHANCED, 0, NULL) != AMQ_OK) {
        fprintf(stderr, "bench-instructions: %s\n", amq_last_error());
        return 1;
    }
    char buf[32];
    unsigned refused = 0;
    for (unsigned i = 0; i < N_KEYS; i++) {
        const size_t len = key(buf, sizeof buf, "key", i);
        refused += amq_cuckoo_add(ck, buf, len) != AMQ_OK;
        amq_bloom_add(bf, buf, len);
    }
    unsigned ck_maybe = 0, bf_maybe = 0;
    for (unsigned i = 0; i < N_QUERIES; i++) {
        const size_t len = key(buf, sizeof buf, "neg", i);
        ck_maybe += amq_cuckoo_query(ck, buf, len) == 1;
    }
    for (unsigned i = 0; i < N_QUERIES; i++) {
        const size_t len = key(buf, sizeof buf, "neg", i);
        bf_maybe += amq_bloom_query(bf, buf, len) == 1;
    }
    /* the script divides by this line's count */
    printf("queries %u\n", N_QUERIES);
    printf("cuckoo nb = %u, b = %u, f = %u: %u keys added, %u refused, load %.4f; %u of %u negatives answered maybe\n",
           CK_NB, CK_B, CK_F, N_KEYS - refused, refused, amq_cuckoo_load_factor(ck), ck_maybe, N_QUERIES);
    printf("bloom for (%u, %g): %u of %u negatives answered maybe\n", N_KEYS, BLOOM_FPR, bf_maybe, N_QUERIES);
    amq_cuckoo_free(ck);
    amq_bloom_free(bf);
    return 0;
}
