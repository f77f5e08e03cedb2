/* The key-level quotient filter's pure part (lib_internal/quotient_key.h): the key's fingerprint
 * through the hash model, its quotient/remainder split, then the proved kernel. */
#include <lib_internal/quotient_key.h>
#include <lib_internal/hash_model.h>

uint64_t amq_quotient_key_fingerprint(uint64_t p, uint64_t seed, const void *key, size_t len)
{
    const uint64_t h = amq_xxh3_64(key, len, seed);
    return h >> (64u - p);
}

uint64_t amq_quotient_key_quot(uint64_t fp, uint64_t r) { return fp >> r; }

uint64_t amq_quotient_key_rem(uint64_t fp, uint64_t r) { return fp & (((uint64_t)1 << r) - 1u); }

amq_status amq_quotient_key_add(amq_qf *qf, uint64_t seed, const void *key, size_t len)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    const uint64_t fp = amq_quotient_key_fingerprint(qf->q + qf->r, seed, key, len);
    const uint64_t fq = amq_quotient_key_quot(fp, qf->r), fr = amq_quotient_key_rem(fp, qf->r);
    /*@ assert key_fq: fq == amq_quotient_key_fq((char *)key, len, seed, qf->q, qf->r); */
    /*@ assert key_fr: fr == amq_quotient_key_fr((char *)key, len, seed, qf->q, qf->r); */
    /* fp >> r is the hash's top q bits (two shifts are one), a home slot: the kernel's fq < nslots */
    /*@ assert top: fq == amq_hash_xxh3_64((char *)key, len, seed) >> (64 - qf->q); */
    /*@ assert place: fq < (1 << qf->q) <= qf->nslots; */
    /*@ assert mask: fr <= (1 << qf->r) - 1; */
    /*@ assert fits: fr <= amq_quotient_rem_max(qf->slots.rbytes); */
    const int st = amq_quotient_kernel_insert(qf, fq, fr) /*@ ghost (rem, meta, gq) */;
    /*@ assert fields: qf->q == \at(qf->q, Pre) && qf->r == \at(qf->r, Pre) && qf->slots.rbytes == \at(qf->slots.rbytes, Pre); */
    /* the table's context again, apart (kept at once: cvc4 past 120 s, cvc5 1.1M steps) */
    /*@ assert mem: amq_quotient_writable(qf, rem, meta, gq); */
    /*@ assert params: amq_quotient_params_ok(qf->q, qf->r, qf->nslots) && qf->r <= 8 * qf->slots.rbytes; */
    return st == 0 ? AMQ_OK : AMQ_E_FULL;
}

int amq_quotient_key_query(const amq_qf *qf, uint64_t seed, const void *key, size_t len)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const uint64_t fp = amq_quotient_key_fingerprint(qf->q + qf->r, seed, key, len);
    const uint64_t fq = amq_quotient_key_quot(fp, qf->r), fr = amq_quotient_key_rem(fp, qf->r);
    /*@ assert key_fq: fq == amq_quotient_key_fq((char *)key, len, seed, qf->q, qf->r); */
    /*@ assert key_fr: fr == amq_quotient_key_fr((char *)key, len, seed, qf->q, qf->r); */
    /*@ assert top: fq == amq_hash_xxh3_64((char *)key, len, seed) >> (64 - qf->q); */
    /*@ assert place: fq < (1 << qf->q) <= qf->nslots; */
    return amq_quotient_kernel_query(qf, fq, fr) /*@ ghost (rem, meta, gq) */;
}

amq_status amq_quotient_key_remove(amq_qf *qf, uint64_t seed, const void *key, size_t len)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (!key && len)
        return AMQ_E_INVALID_ARG;
    const uint64_t fp = amq_quotient_key_fingerprint(qf->q + qf->r, seed, key, len);
    const uint64_t fq = amq_quotient_key_quot(fp, qf->r), fr = amq_quotient_key_rem(fp, qf->r);
    /*@ assert key_fq: fq == amq_quotient_key_fq((char *)key, len, seed, qf->q, qf->r); */
    /*@ assert key_fr: fr == amq_quotient_key_fr((char *)key, len, seed, qf->q, qf->r); */
    /*@ assert top: fq == amq_hash_xxh3_64((char *)key, len, seed) >> (64 - qf->q); */
    /*@ assert place: fq < (1 << qf->q) <= qf->nslots; */
    const int st = amq_quotient_kernel_delete(qf, fq, fr) /*@ ghost (rem, meta, gq) */;
    /*@ assert fields: qf->q == \at(qf->q, Pre) && qf->r == \at(qf->r, Pre) && qf->slots.rbytes == \at(qf->slots.rbytes, Pre); */
    /* the table's context again, apart (kept at once: no prover in 120 s) */
    /*@ assert mem: amq_quotient_writable(qf, rem, meta, gq); */
    /*@ assert params: amq_quotient_params_ok(qf->q, qf->r, qf->nslots) && qf->r <= 8 * qf->slots.rbytes; */
    return st == 0 ? AMQ_OK : AMQ_E_NOT_PRESENT;
}
