/* Theorem drivers for the key-level blocked quotient filter (lib_internal/blocked_quotient_key.h):
 * the functions that src/blocked_quotient.c's amq_blocked_quotient_add, _query and _remove run,
 * over the hash model.  Not part of the library: WP proves these bodies against the contracts
 * that unit blocked_quotient_key proves on src/blocked_quotient_key.c (and unit quotient on the
 * kernel, unit hash_stream on the block choice).  Each driver returns 1 iff its property held
 * on this run; WP proves \result == 1.
 *
 *   insert_query     (a) add(x) succeeds ==> query(x) == 1.
 *   query_preserved  (b) query(x) == 1 before add(y) ==> query(x) == 1 after (y any key; the
 *                    add may fail: its block full, or no room after its quotient).
 *   nfn              (b) add(x) succeeds, then any adds (any keys, x again, failures
 *                    included) ==> query(x) == 1.
 *   remove_other     (b) Ceramist Theorem 11 at the key level: add(y), add(x) succeed, then
 *                    remove(y) succeeds and query(x) == 1, for ANY y: x itself, or a key in
 *                    x's block with x's fingerprint (then two copies were stored).
 *   remove_added     (b) the other order: add(x), add(y) succeed, then remove(y) succeeds and
 *                    query(x) == 1, for ANY y.
 *   remove_apart     (b) query(x) == 1, then remove(y) of a key whose block or fingerprint
 *                    differs from x's (stored or not) ==> query(x) == 1.
 *   failed_add       (c) an add that fails changes no answer: query(z) is the same before and
 *                    after, for any key z (and no count changes: add's contract).
 *   batch_query      the batch query's result for keys[j] is query(keys[j]), any j < count.
 *   batch_nfn        (a) through the batch: add(x) succeeds, then the batch query answers 1
 *                    for every entry i with keys[i] == x.
 * Every driver starts from ANY state the kernel can be in (every block satisfies its
 * invariant; full blocks included) and keeps the keys' bytes outside the structure (apart):
 * an add would change the key it adds. */
#include <lib_internal/blocked_quotient_key.h>

/* In the annotations below: key k is stored at label L (its bytes read there); k's block. */
#define BQK_HAS(L, k, klen) amq_blocked_quotient_key_has{L, L}(rem, meta, gq, nslots, nblocks, q, r, seed, (char *)(k), klen)
#define BQK_HAS2(L, k, klen) amq_blocked_quotient_key_has2{L, L}(rem, meta, gq, nslots, nblocks, q, r, seed, (char *)(k), klen)
/* The structure's compact store holds the ghost arrays, its remainders wide enough for r bits. */
#define BQK_STORE                                                                                                  \
    (amq_blocked_quotient_store_all(st, rem, meta, gq, nblocks, nslots) && amq_quotient_slots_hold(st, rem, meta) && \
     r <= 8 * st.rbytes)
#define BQK_BLK(k, klen) amq_blocked_key_block_of(seed, (char *)(k), klen, nblocks)
#define BQK_SAME_PLACE(k, klen, j, jlen)                                                                           \
    (BQK_BLK(k, klen) == BQK_BLK(j, jlen) &&                                                                       \
     amq_blocked_quotient_key_fq(seed, (char *)(k), klen, q) == amq_blocked_quotient_key_fq(seed, (char *)(j), jlen, q) &&                           \
     amq_blocked_quotient_key_fr(seed, (char *)(k), klen, q, r) == amq_blocked_quotient_key_fr(seed, (char *)(j), jlen, q, r))

int amq_proof_blocked_quotient_key_insert_query(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t seed, const void *x, size_t xlen)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_blocked_quotient_key_query_preserved(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks,
                                  uint64_t nslots, uint64_t q, uint64_t r, uint64_t seed, const void *x,
                                  size_t xlen, const void *y, size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_blocked_quotient_key_nfn(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots, uint64_t q,
                      uint64_t r, uint64_t seed, const void *x, size_t xlen, const void *const *keys,
                      const size_t *lens, size_t count) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_blocked_quotient_key_remove_other(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t seed, const void *x, size_t xlen, const void *y,
                               size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_blocked_quotient_key_remove_added(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t seed, const void *x, size_t xlen, const void *y,
                               size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_blocked_quotient_key_remove_apart(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t seed, const void *x, size_t xlen, const void *y,
                               size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_blocked_quotient_key_failed_add(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                             uint64_t q, uint64_t r, uint64_t seed, const void *y, size_t ylen, const void *z,
                             size_t zlen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_blocked_quotient_key_batch_query(const amq_quotient_slots st, const uint64_t *counts,
                                               uint64_t nblocks, uint64_t nslots, uint64_t q, uint64_t r, uint64_t seed,
                                               const void *const *keys, const size_t *lens, size_t count, int *results,
                                               size_t j) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_blocked_quotient_key_batch_nfn(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                                             uint64_t q, uint64_t r, uint64_t seed, const void *x, size_t xlen,
                                             const void *const *keys, const size_t *lens, size_t count, int *results,
                                             size_t i) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/* The structure and a key: every driver's hypotheses on x (and on y below). */
/*@ predicate amq_blocked_quotient_key_with{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, uint64_t *counts, integer nblocks,
                              integer nslots, integer q, integer r, char *x, integer xlen) =
      amq_blocked_quotient_key_geom(q, r, nslots) && amq_blocked_quotient_key_state(rem, meta, gq, counts, nblocks, nslots) &&
      \valid_read(x + (0 .. xlen - 1)) && amq_blocked_quotient_key_apart(rem, meta, gq, counts, nblocks, nslots, x, xlen);
    predicate amq_blocked_quotient_key_key{L}(uint64_t *rem, uint8_t *meta, uint64_t *gq, uint64_t *counts, integer nblocks,
                             integer nslots, char *y, integer ylen) =
      \valid_read(y + (0 .. ylen - 1)) && amq_blocked_quotient_key_apart(rem, meta, gq, counts, nblocks, nslots, y, ylen);
*/

/*@ requires with: amq_blocked_quotient_key_with(rem, meta, gq, counts, nblocks, nslots, q, r, (char *)x, xlen);
    requires store:BQK_STORE;
    assigns counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1], meta[0 .. nblocks * nslots - 1],
            gq[0 .. nblocks * nslots - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_blocked_quotient_key_insert_query(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t seed, const void *x, size_t xlen)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int added = amq_blocked_quotient_key_add(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    const int found = amq_blocked_quotient_key_query(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    return (added != 0) | (found == 1); /* no branch: both calls are proved, none is dead code */
}

/*@ requires with: amq_blocked_quotient_key_with(rem, meta, gq, counts, nblocks, nslots, q, r, (char *)x, xlen);
    requires store:BQK_STORE;
    requires y:    amq_blocked_quotient_key_key(rem, meta, gq, counts, nblocks, nslots, (char *)y, ylen);
    assigns counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1], meta[0 .. nblocks * nslots - 1],
            gq[0 .. nblocks * nslots - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_blocked_quotient_key_query_preserved(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks,
                                  uint64_t nslots, uint64_t q, uint64_t r, uint64_t seed, const void *x,
                                  size_t xlen, const void *y, size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int before = amq_blocked_quotient_key_query(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    /*@ ghost Before: ; */
    (void)amq_blocked_quotient_key_add(st, counts, nblocks, nslots, q, r, seed, y, ylen) /*@ ghost (rem, meta, gq) */;
    /* x's block is y's (add's kept) or another one (unchanged: add's others) */
    /*@ assert frame_x: BQK_BLK(x, xlen) != BQK_BLK(y, ylen) ==> amq_blocked_quotient_key_same{Before, Here}(rem, meta, gq, nslots, BQK_BLK(x, xlen)); */
    /*@ assert x_kept: BQK_HAS(Before, x, xlen) ==> BQK_HAS(Here, x, xlen); */
    const int after = amq_blocked_quotient_key_query(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/*@ requires with:       amq_blocked_quotient_key_with(rem, meta, gq, counts, nblocks, nslots, q, r, (char *)x, xlen);
    requires store:      BQK_STORE;
    requires rows_valid: \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires row_valid:  \forall integer i; 0 <= i < count ==>
                           amq_blocked_quotient_key_key(rem, meta, gq, counts, nblocks, nslots, (char *)keys[i], lens[i]);
    requires sep_rows:   \separated(keys + (0 .. count - 1), rem + (0 .. nblocks * nslots - 1),
                                    meta + (0 .. nblocks * nslots - 1), gq + (0 .. nblocks * nslots - 1),
                                    counts + (0 .. nblocks - 1)) &&
                         \separated(lens + (0 .. count - 1), rem + (0 .. nblocks * nslots - 1),
                                    meta + (0 .. nblocks * nslots - 1), gq + (0 .. nblocks * nslots - 1),
                                    counts + (0 .. nblocks - 1));
    assigns counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1], meta[0 .. nblocks * nslots - 1],
            gq[0 .. nblocks * nslots - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_blocked_quotient_key_nfn(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots, uint64_t q,
                      uint64_t r, uint64_t seed, const void *x, size_t xlen, const void *const *keys,
                      const size_t *lens, size_t count) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int added = amq_blocked_quotient_key_add(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    /*@ loop invariant bounds: 0 <= i <= count;
        loop invariant state:  amq_blocked_quotient_key_state(rem, meta, gq, counts, nblocks, nslots);
        loop invariant hold:   amq_quotient_slots_hold(st, rem, meta);
        loop invariant place:  amq_blocked_quotient_key_placed(nblocks, q, seed, (char *)x, xlen);
        loop invariant stored: added == 0 ==> BQK_HAS(Here, x, xlen);
        loop assigns i, counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1],
                     meta[0 .. nblocks * nslots - 1], gq[0 .. nblocks * nslots - 1];
        loop variant count - i;
    */
    for (size_t i = 0; i < count; i++) {
        const void *y = keys[i];
        const size_t ylen = lens[i];
        /*@ ghost Before: ; */
        (void)amq_blocked_quotient_key_add(st, counts, nblocks, nslots, q, r, seed, y, ylen) /*@ ghost (rem, meta, gq) */;
        /*@ assert frame_x: BQK_BLK(x, xlen) != BQK_BLK(y, ylen) ==>
                              amq_blocked_quotient_key_same{Before, Here}(rem, meta, gq, nslots, BQK_BLK(x, xlen)); */
        /*@ assert x_kept: BQK_HAS(Before, x, xlen) ==> BQK_HAS(Here, x, xlen); */
    }
    const int found = amq_blocked_quotient_key_query(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    return (added != 0) | (found == 1);
}

/*@ requires with: amq_blocked_quotient_key_with(rem, meta, gq, counts, nblocks, nslots, q, r, (char *)x, xlen);
    requires store:BQK_STORE;
    requires y:    amq_blocked_quotient_key_key(rem, meta, gq, counts, nblocks, nslots, (char *)y, ylen);
    assigns counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1], meta[0 .. nblocks * nslots - 1],
            gq[0 .. nblocks * nslots - 1];
    ensures removed_and_found: \result == 1;
*/
int amq_proof_blocked_quotient_key_remove_other(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t seed, const void *x, size_t xlen, const void *y,
                               size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int ay = amq_blocked_quotient_key_add(st, counts, nblocks, nslots, q, r, seed, y, ylen)
        /*@ ghost (rem, meta, gq) */;
    /*@ ghost AddedY: ; */
    const int ax = amq_blocked_quotient_key_add(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    /*@ ghost AddedX: ; */
    /* y's copy is still there; when x and y share a place, add(x) stored a second copy */
    /*@ assert frame_y: BQK_BLK(y, ylen) != BQK_BLK(x, xlen) ==>
                          amq_blocked_quotient_key_same{AddedY, Here}(rem, meta, gq, nslots, BQK_BLK(y, ylen)); */
    /*@ assert y_kept: ay == 0 ==> BQK_HAS(Here, y, ylen); */
    /*@ assert two: ay == 0 && ax == 0 ==> BQK_SAME_PLACE(x, xlen, y, ylen) ==> BQK_HAS2(Here, x, xlen); */
    const int ry = amq_blocked_quotient_key_remove(st, counts, nblocks, nslots, q, r, seed, y, ylen)
        /*@ ghost (rem, meta, gq) */;
    /* x's block is another one (unchanged), or y's: another fingerprint (kept), or the same
     * place, stored twice (one copy left) */
    /*@ assert frame_x: BQK_BLK(x, xlen) != BQK_BLK(y, ylen) ==>
                          amq_blocked_quotient_key_same{AddedX, Here}(rem, meta, gq, nslots, BQK_BLK(x, xlen)); */
    /*@ assert x_kept: ay == 0 && ax == 0 ==> BQK_HAS(Here, x, xlen); */
    const int found = amq_blocked_quotient_key_query(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    return (ay != 0) | (ax != 0) | ((ry == 0) & (found == 1));
}

/*@ requires with: amq_blocked_quotient_key_with(rem, meta, gq, counts, nblocks, nslots, q, r, (char *)x, xlen);
    requires store:BQK_STORE;
    requires y:    amq_blocked_quotient_key_key(rem, meta, gq, counts, nblocks, nslots, (char *)y, ylen);
    assigns counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1], meta[0 .. nblocks * nslots - 1],
            gq[0 .. nblocks * nslots - 1];
    ensures removed_and_found: \result == 1;
*/
int amq_proof_blocked_quotient_key_remove_added(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t seed, const void *x, size_t xlen, const void *y,
                               size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int ax = amq_blocked_quotient_key_add(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    /*@ ghost AddedX: ; */
    const int ay = amq_blocked_quotient_key_add(st, counts, nblocks, nslots, q, r, seed, y, ylen)
        /*@ ghost (rem, meta, gq) */;
    /*@ ghost AddedY: ; */
    /* x's copy is still there; when x and y share a place, add(y) stored a second copy */
    /*@ assert frame_x: BQK_BLK(x, xlen) != BQK_BLK(y, ylen) ==>
                          amq_blocked_quotient_key_same{AddedX, Here}(rem, meta, gq, nslots, BQK_BLK(x, xlen)); */
    /*@ assert x_kept: ax == 0 ==> BQK_HAS(Here, x, xlen); */
    /*@ assert two: ax == 0 && ay == 0 ==> BQK_SAME_PLACE(x, xlen, y, ylen) ==> BQK_HAS2(Here, y, ylen); */
    const int ry = amq_blocked_quotient_key_remove(st, counts, nblocks, nslots, q, r, seed, y, ylen)
        /*@ ghost (rem, meta, gq) */;
    /*@ assert frame_x2: BQK_BLK(x, xlen) != BQK_BLK(y, ylen) ==>
                           amq_blocked_quotient_key_same{AddedY, Here}(rem, meta, gq, nslots, BQK_BLK(x, xlen)); */
    /*@ assert x_kept2: ax == 0 && ay == 0 ==> BQK_HAS(Here, x, xlen); */
    const int found = amq_blocked_quotient_key_query(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    return (ax != 0) | (ay != 0) | ((ry == 0) & (found == 1));
}

/*@ requires with:  amq_blocked_quotient_key_with(rem, meta, gq, counts, nblocks, nslots, q, r, (char *)x, xlen);
    requires store: BQK_STORE;
    requires y:     amq_blocked_quotient_key_key(rem, meta, gq, counts, nblocks, nslots, (char *)y, ylen);
    requires apart: !BQK_SAME_PLACE(x, xlen, y, ylen);
    assigns counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1], meta[0 .. nblocks * nslots - 1],
            gq[0 .. nblocks * nslots - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_blocked_quotient_key_remove_apart(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                               uint64_t q, uint64_t r, uint64_t seed, const void *x, size_t xlen, const void *y,
                               size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int before = amq_blocked_quotient_key_query(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    /*@ ghost Before: ; */
    (void)amq_blocked_quotient_key_remove(st, counts, nblocks, nslots, q, r, seed, y, ylen) /*@ ghost (rem, meta, gq) */;
    /*@ assert frame_x: BQK_BLK(x, xlen) != BQK_BLK(y, ylen) ==>
                          amq_blocked_quotient_key_same{Before, Here}(rem, meta, gq, nslots, BQK_BLK(x, xlen)); */
    /*@ assert x_kept: BQK_HAS(Before, x, xlen) ==> BQK_HAS(Here, x, xlen); */
    const int after = amq_blocked_quotient_key_query(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    return before <= after;
}

/*@ requires with: amq_blocked_quotient_key_with(rem, meta, gq, counts, nblocks, nslots, q, r, (char *)y, ylen);
    requires store:BQK_STORE;
    requires z:    amq_blocked_quotient_key_key(rem, meta, gq, counts, nblocks, nslots, (char *)z, zlen);
    assigns counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1], meta[0 .. nblocks * nslots - 1],
            gq[0 .. nblocks * nslots - 1];
    ensures unchanged: \result == 1;
*/
int amq_proof_blocked_quotient_key_failed_add(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                             uint64_t q, uint64_t r, uint64_t seed, const void *y, size_t ylen, const void *z,
                             size_t zlen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int before = amq_blocked_quotient_key_query(st, counts, nblocks, nslots, q, r, seed, z, zlen)
        /*@ ghost (rem, meta, gq) */;
    /*@ ghost Before: ; */
    const int added = amq_blocked_quotient_key_add(st, counts, nblocks, nslots, q, r, seed, y, ylen)
        /*@ ghost (rem, meta, gq) */;
    /* z's block is y's (a failed add: the same content) or another one (unchanged) */
    /*@ assert frame_z: BQK_BLK(z, zlen) != BQK_BLK(y, ylen) ==>
                          amq_blocked_quotient_key_same{Before, Here}(rem, meta, gq, nslots, BQK_BLK(z, zlen)); */
    /*@ assert z_same: added != 0 ==> (BQK_HAS(Before, z, zlen) <==> BQK_HAS(Here, z, zlen)); */
    const int after = amq_blocked_quotient_key_query(st, counts, nblocks, nslots, q, r, seed, z, zlen)
        /*@ ghost (rem, meta, gq) */;
    return (added == 0) | (before == after);
}

/* The batch's hypotheses (lib_internal/blocked_quotient_key.h), shared by the two drivers below. */
#define BQK_BATCH_ARGS                                                                                               \
    \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1)) &&                                   \
        (\forall integer t; 0 <= t < count ==> \valid_read((char *)keys[t] + (0 .. lens[t] - 1))) &&                 \
        \valid(results + (0 .. count - 1)) &&                                                                         \
        \separated(results + (0 .. count - 1), keys + (0 .. count - 1), lens + (0 .. count - 1)) &&                   \
        \base_addr(results) != \base_addr(rem) && \base_addr(results) != \base_addr(meta) &&                          \
        \base_addr(results) != \base_addr(counts) && \base_addr(results) != \base_addr(gq) &&                         \
        (\forall integer t; 0 <= t < count ==>                                                                        \
           \separated(results + (0 .. count - 1), (char *)keys[t] + (0 .. lens[t] - 1)))

/*@ requires geom:    amq_blocked_quotient_key_geom(q, r, nslots);
    requires state:   amq_blocked_quotient_key_state(rem, meta, gq, (uint64_t *)counts, nblocks, nslots);
    requires store:   BQK_STORE;
    requires batch:   BQK_BATCH_ARGS;
    requires j_range: j < count;
    assigns results[0 .. count - 1];
    ensures same_answer: \result == 1;
*/
int amq_proof_blocked_quotient_key_batch_query(const amq_quotient_slots st, const uint64_t *counts,
                                               uint64_t nblocks, uint64_t nslots, uint64_t q, uint64_t r, uint64_t seed,
                                               const void *const *keys, const size_t *lens, size_t count, int *results,
                                               size_t j) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    amq_blocked_quotient_key_query_batch(st, counts, nblocks, nslots, q, r, seed, keys, lens, count, results)
        /*@ ghost (rem, meta, gq) */;
    const int one = amq_blocked_quotient_key_query(st, counts, nblocks, nslots, q, r, seed, keys[j], lens[j])
        /*@ ghost (rem, meta, gq) */;
    return results[j] == one;
}

/*@ requires with:     amq_blocked_quotient_key_with(rem, meta, gq, counts, nblocks, nslots, q, r, (char *)x, xlen);
    requires store:    BQK_STORE;
    requires batch:    BQK_BATCH_ARGS;
    requires sep_rows: \separated(keys + (0 .. count - 1), rem + (0 .. nblocks * nslots - 1),
                                  meta + (0 .. nblocks * nslots - 1), gq + (0 .. nblocks * nslots - 1),
                                  counts + (0 .. nblocks - 1)) &&
                       \separated(lens + (0 .. count - 1), rem + (0 .. nblocks * nslots - 1),
                                  meta + (0 .. nblocks * nslots - 1), gq + (0 .. nblocks * nslots - 1),
                                  counts + (0 .. nblocks - 1));
    requires i_range:  i < count;
    requires is_x:     keys[i] == x && lens[i] == xlen;
    assigns counts[0 .. nblocks - 1], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[0 .. nblocks * nslots - 1], meta[0 .. nblocks * nslots - 1],
            gq[0 .. nblocks * nslots - 1], results[0 .. count - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_blocked_quotient_key_batch_nfn(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                                             uint64_t q, uint64_t r, uint64_t seed, const void *x, size_t xlen,
                                             const void *const *keys, const size_t *lens, size_t count, int *results,
                                             size_t i) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int added = amq_blocked_quotient_key_add(st, counts, nblocks, nslots, q, r, seed, x, xlen)
        /*@ ghost (rem, meta, gq) */;
    amq_blocked_quotient_key_query_batch(st, counts, nblocks, nslots, q, r, seed, keys, lens, count, results)
        /*@ ghost (rem, meta, gq) */;
    return (added != 0) | (results[i] == 1);
}
