/* The key-level blocked quotient filter's pure part (lib_internal/blocked_quotient_key.h): the
 * key's block, quotient and remainder, then the proved kernel on that block.  The kernel's
 * contracts speak of one block; the key-level ones of the whole structure, so each operation
 * frames the other blocks, one concrete block at a time, with the ghost lemmas of
 * lib_internal/blocked_quotient_ghost.h (as proofs/blocked_quotient_driver.c does): no prover
 * has to frame a quantified set of windows c * nslots. */
#include <lib_internal/blocked_quotient_key.h>
#include <lib_internal/blocked_quotient_ghost.h>
#include <amq/shift_logic.h>
#include <lib_internal/prefetch.h>

void amq_blocked_quotient_key_place(uint64_t nblocks, uint64_t q, uint64_t r, uint64_t seed, const void *key,
                                    size_t len, uint64_t *block, uint64_t *fq, uint64_t *fr)
{
    const uint64_t h = amq_xxh3_64(key, len, seed);
    const uint64_t b = amq_blocked_key_block(seed, key, len, nblocks);
    /*@ assert top: (h >> (64 - q)) < (1 << q); */
    /* the fingerprint's top q + r bits, named so that WP gives the lemma amq_quotient_mask_low
     * a uint64_t to instantiate with (fr_max below) */
    const uint64_t top = h >> (64u - (q + r));
    *block = b;
    *fq = h >> (64u - q);
    *fr = top & ((UINT64_C(1) << r) - 1u);
    /*@ assert fr_max: *fr <= (1 << r) - 1; */
}

/* Insert (del == 0) or delete (fq, fr) in block b: the kernel, as one call with one contract,
 * so that the frame below reasons about a single call. */
/*@ requires mem:      amq_blocked_quotient_writable(rem, meta, gq, counts, nslots, b);
    requires fits:     b * nslots + nslots <= 18446744073709551615;
    requires store:    amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, b);
    requires hold:     amq_quotient_slots_hold(st, rem, meta);
    requires inv:      amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, b);
    requires fq_range: fq < nslots;
    requires fr_fits:  fr <= amq_quotient_rem_max(st.rbytes);
    assigns counts[b], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[b * nslots .. b * nslots + nslots - 1],
            meta[b * nslots .. b * nslots + nslots - 1], gq[b * nslots .. b * nslots + nslots - 1];
    ensures hold:   amq_quotient_slots_hold(st, rem, meta);
    ensures inv:    amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, b);
    ensures same:   \result != 0 ==> counts[b] == \old(counts[b]) &&
                      \forall integer g, h; amq_blocked_quotient_has(rem, meta, gq, nslots, b, g, h) ==>
                        amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, g, h);
    behavior insert:
      assumes del == 0;
      ensures kept:   \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, g, h) ==>
                        amq_blocked_quotient_has(rem, meta, gq, nslots, b, g, h);
      ensures status: \result == 0 || \result == 1 || \result == 2;
      ensures found:  \result == 0 ==> amq_blocked_quotient_has(rem, meta, gq, nslots, b, fq, fr);
      ensures only:   \result == 0 ==> \forall integer g, h; amq_blocked_quotient_has(rem, meta, gq, nslots, b, g, h) ==>
                        amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, g, h) || (g == fq && h == fr);
      ensures twice:  \result == 0 ==> amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, fq, fr) ==>
                        amq_blocked_quotient_has2(rem, meta, gq, nslots, b, fq, fr);
    behavior delete:
      assumes del != 0;
      ensures kept:   \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, g, h) ==>
                        (g != fq || h != fr) ==> amq_blocked_quotient_has(rem, meta, gq, nslots, b, g, h);
      ensures status: \result == 0 || \result == 1;
      ensures iff:    \result == 0 <==> amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, fq, fr);
      ensures only:   \forall integer g, h; amq_blocked_quotient_has(rem, meta, gq, nslots, b, g, h) ==>
                        amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, g, h);
      ensures twice:  amq_blocked_quotient_has2{Pre}(rem, meta, gq, nslots, b, fq, fr) ==>
                        amq_blocked_quotient_has(rem, meta, gq, nslots, b, fq, fr);
    complete behaviors;
    disjoint behaviors;
*/
static int amq_blocked_quotient_key_step(const amq_quotient_slots st, uint64_t *counts, uint64_t nslots, uint64_t q, uint64_t r,
                          int del, uint64_t b, uint64_t fq, uint64_t fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (del)
        return amq_blocked_quotient_kernel_delete(st, counts, nslots, q, r, b, fq, fr) /*@ ghost (rem, meta, gq) */;
    return amq_blocked_quotient_kernel_insert(st, counts, nslots, q, r, b, fq, fr) /*@ ghost (rem, meta, gq) */;
}

/* The kernel on block b (above), then every other block framed: its content, count and
 * invariant are those of Pre. */
/*@ requires state:    amq_blocked_quotient_key_state(rem, meta, gq, counts, nblocks, nslots);
    requires store:    amq_blocked_quotient_store_all(st, rem, meta, gq, nblocks, nslots);
    requires hold:     amq_quotient_slots_hold(st, rem, meta);
    requires b_range:  b < nblocks;
    requires fq_range: fq < nslots;
    requires fr_fits:  fr <= amq_quotient_rem_max(st.rbytes);
    assigns counts[b], AMQ_QUOTIENT_SLOTS_WORDS(st), rem[b * nslots .. b * nslots + nslots - 1],
            meta[b * nslots .. b * nslots + nslots - 1], gq[b * nslots .. b * nslots + nslots - 1];
    ensures state:  amq_blocked_quotient_key_state(rem, meta, gq, counts, nblocks, nslots);
    ensures hold:      amq_quotient_slots_hold(st, rem, meta);
    ensures others: \forall integer c; 0 <= c < nblocks ==> c != b ==>
                      amq_blocked_quotient_key_same{Pre, Post}(rem, meta, gq, nslots, c) && counts[c] == \old(counts[c]);
    ensures kept:   \forall integer g, h; amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, g, h) ==>
                      (del == 0 || g != fq || h != fr) ==> amq_blocked_quotient_has(rem, meta, gq, nslots, b, g, h);
    ensures same:   \result != 0 ==> counts[b] == \old(counts[b]) &&
                      \forall integer g, h; amq_blocked_quotient_has(rem, meta, gq, nslots, b, g, h) ==>
                        amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, g, h);
    behavior insert:
      assumes del == 0;
      ensures status: \result == 0 || \result == 1 || \result == 2;
      ensures found:  \result == 0 ==> amq_blocked_quotient_has(rem, meta, gq, nslots, b, fq, fr);
      ensures only:   \result == 0 ==> \forall integer g, h; amq_blocked_quotient_has(rem, meta, gq, nslots, b, g, h) ==>
                        amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, g, h) || (g == fq && h == fr);
      ensures twice:  \result == 0 ==> amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, fq, fr) ==>
                        amq_blocked_quotient_has2(rem, meta, gq, nslots, b, fq, fr);
    behavior delete:
      assumes del != 0;
      ensures status: \result == 0 || \result == 1;
      ensures iff:    \result == 0 <==> amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, fq, fr);
      ensures only:   \forall integer g, h; amq_blocked_quotient_has(rem, meta, gq, nslots, b, g, h) ==>
                        amq_blocked_quotient_has{Pre}(rem, meta, gq, nslots, b, g, h);
      ensures twice:  amq_blocked_quotient_has2{Pre}(rem, meta, gq, nslots, b, fq, fr) ==>
                        amq_blocked_quotient_has(rem, meta, gq, nslots, b, fq, fr);
    complete behaviors;
    disjoint behaviors;
*/
static int amq_blocked_quotient_key_apply(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                         uint64_t q, uint64_t r, int del, uint64_t b, uint64_t fq, uint64_t fr)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)nblocks; /* read by the contract and the ghost code only */
    //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, counts, nblocks, nslots, b);
    /*@ assert store_b: amq_blocked_quotient_store(st, rem, meta, gq, counts, nslots, b); */
    const int status = amq_blocked_quotient_key_step(st, counts, nslots, q, r, del, b, fq, fr) /*@ ghost (rem, meta, gq) */;
    /*@ ghost
      /@ loop invariant range:  0 <= c <= nblocks;
         loop invariant ok:     \forall integer d; 0 <= d < c ==> amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, d);
         loop invariant others: \forall integer d; 0 <= d < c ==> d != b ==>
                                  amq_blocked_quotient_key_same{Pre, Here}(rem, meta, gq, nslots, d);
         loop invariant counts: \forall integer d; 0 <= d < c ==> d != b ==> counts[d] == \at(counts[d], Pre);
         loop assigns c;
         loop variant nblocks - c;
      @/
      for (uint64_t c = 0; c < nblocks; c++) {
        if (c != b) {
          amq_blocked_quotient_two_blocks(rem, meta, gq, counts, nblocks, nslots, c, b);
          /@ assert cnt:  \forall integer d; d == c ==> counts[d] == \at(counts[d], Pre); @/
          /@ assert same: amq_quotient_same{Pre, Here}(rem + c * nslots, meta + c * nslots,
                                                 gq + c * nslots, nslots); @/
          /@ loop invariant range: 0 <= i <= nslots;
             loop invariant count: amq_quotient_nused(meta + c * nslots, i) ==
                                   amq_quotient_nused{Pre}(meta + c * nslots, i);
             loop assigns i;
             loop variant nslots - i;
          @/
          for (uint64_t i = 0; i < nslots; i++) { }
          /@ assert frame: amq_blocked_quotient_frame{Pre, Here}(rem + c * nslots, meta + c * nslots,
                                                   gq + c * nslots, nslots); @/
          /@ assert pre:   amq_blocked_quotient_ok{Pre}(rem, meta, gq, counts, nslots, c); @/
          /@ assert ok:    amq_blocked_quotient_ok(rem, meta, gq, counts, nslots, c); @/
          /@ assert same_c: amq_blocked_quotient_key_same{Pre, Here}(rem, meta, gq, nslots, c); @/
        }
      }
    */
    return status;
}

int amq_blocked_quotient_key_add(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                                 uint64_t q, uint64_t r, uint64_t seed, const void *key,
                                 size_t len) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    uint64_t b, fq, fr;
    amq_blocked_quotient_key_place(nblocks, q, r, seed, key, len, &b, &fq, &fr);
    //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, counts, nblocks, nslots, b);
    /*@ assert mask: fr <= (1 << r) - 1; */
    /*@ assert fits: fr <= amq_quotient_rem_max(st.rbytes); */
    return amq_blocked_quotient_key_apply(st, counts, nblocks, nslots, q, r, 0, b, fq, fr) /*@ ghost (rem, meta, gq) */;
}

int amq_blocked_quotient_key_query(const amq_quotient_slots st, const uint64_t *counts, uint64_t nblocks,
                                   uint64_t nslots, uint64_t q, uint64_t r, uint64_t seed, const void *key,
                                   size_t len) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    uint64_t b, fq, fr;
    amq_blocked_quotient_key_place(nblocks, q, r, seed, key, len, &b, &fq, &fr);
    //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, (uint64_t *)counts, nblocks, nslots, b);
    /*@ assert store_b: amq_blocked_quotient_store(st, rem, meta, gq, (uint64_t *)counts, nslots, b); */
    return amq_blocked_quotient_kernel_query(st, counts, nslots, q, r, b, fq, fr) /*@ ghost (rem, meta, gq) */;
}

int amq_blocked_quotient_key_remove(const amq_quotient_slots st, uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                                    uint64_t q, uint64_t r, uint64_t seed, const void *key,
                                    size_t len) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    uint64_t b, fq, fr;
    amq_blocked_quotient_key_place(nblocks, q, r, seed, key, len, &b, &fq, &fr);
    //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, counts, nblocks, nslots, b);
    /*@ assert mask: fr <= (1 << r) - 1; */
    /*@ assert fits: fr <= amq_quotient_rem_max(st.rbytes); */
    return amq_blocked_quotient_key_apply(st, counts, nblocks, nslots, q, r, 1, b, fq, fr) /*@ ghost (rem, meta, gq) */;
}

/* The batch: rounds of up to BATCH keys, as amq_blocked_key_query_batch (src/blocked_key.c):
 * locate (the key's place, the metadata byte of its home slot prefetched), then answer (the
 * kernel's query on that place).  Stated at Pre (kept, lens_kept, at_pre; results indexed
 * absolutely). */
#define BATCH 16u

/* (*blk, *fq, *fr) = the key's place; the metadata byte of its home slot prefetched. */
/*@ requires geom:      amq_blocked_quotient_key_geom(q, r, nslots);
    requires table:     amq_blocked_quotient_table(rem, meta, gq, (uint64_t *)counts, nblocks, nslots);
    requires key_valid: \valid_read((char *)key + (0 .. len - 1));
    requires out_valid: \valid(blk) && \valid(fq) && \valid(fr) && \separated(blk, fq, fr);
    requires sep:       \separated(blk, (char *)key + (0 .. len - 1)) && \separated(fq, (char *)key + (0 .. len - 1)) &&
                        \separated(fr, (char *)key + (0 .. len - 1));
    assigns *blk, *fq, *fr;
    ensures at:    amq_blocked_quotient_key_at{Pre}(*blk, *fq, *fr, nblocks, q, r, seed, (char *)key, len);
    ensures range: *blk < nblocks && *fq < (1 << q);
*/
static void locate(const amq_quotient_slots st, const uint64_t *counts, uint64_t nblocks,
                   uint64_t nslots, uint64_t q, uint64_t r, uint64_t seed, const void *key, size_t len,
                   uint64_t *blk, uint64_t *fq, uint64_t *fr) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)counts;
    amq_blocked_quotient_key_place(nblocks, q, r, seed, key, len, blk, fq, fr);
    //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, (uint64_t *)counts, nblocks, nslots, *blk);
    AMQ_PREFETCH(st.meta + (*blk * nslots + *fq) / 4u);
}

/* The answer for the key at place (b, g, h); the key itself is ghost. */
/*@ requires geom:  amq_blocked_quotient_key_geom(q, r, nslots);
    requires state: amq_blocked_quotient_key_state(rem, meta, gq, (uint64_t *)counts, nblocks, nslots);
    requires store: amq_blocked_quotient_store_all(st, rem, meta, gq, nblocks, nslots);
    requires hold:  amq_quotient_slots_hold(st, rem, meta);
    requires at:    amq_blocked_quotient_key_at(b, g, h, nblocks, q, r, seed, key, len);
    requires range: b < nblocks && g < (1 << q);
    assigns \nothing;
    ensures answer: amq_blocked_quotient_key_answer{Pre, Pre}(\result, rem, meta, gq, nslots, nblocks,
                                                             q, r, seed, key, len);
*/
static int answer(const amq_quotient_slots st, const uint64_t *counts, uint64_t nblocks, uint64_t nslots,
                  uint64_t q, uint64_t r, uint64_t b, uint64_t g, uint64_t h)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq, uint64_t seed, char *key, size_t len) */
{
    (void)nblocks;
    //@ ghost amq_blocked_quotient_block_of(rem, meta, gq, (uint64_t *)counts, nblocks, nslots, b);
    /*@ assert store_b: amq_blocked_quotient_store(st, rem, meta, gq, (uint64_t *)counts, nslots, b); */
    return amq_blocked_quotient_kernel_query(st, counts, nslots, q, r, b, g, h) /*@ ghost (rem, meta, gq) */;
}

void amq_blocked_quotient_key_query_batch(const amq_quotient_slots st, const uint64_t *counts,
                                          uint64_t nblocks, uint64_t nslots, uint64_t q, uint64_t r, uint64_t seed,
                                          const void *const *keys, const size_t *lens, size_t count,
                                          int *results) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    uint64_t blk[BATCH], fq[BATCH], fr[BATCH]; /* the round's places: key j's in blk[j], fq[j], fr[j] */
    /*@ loop invariant done:      base <= count;
        loop invariant state:     amq_blocked_quotient_key_state(rem, meta, gq, (uint64_t *)counts, nblocks, nslots);
        loop invariant hold:      amq_quotient_slots_hold(st, rem, meta);
        loop invariant lens_kept: \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
        loop invariant kept:      \forall integer p; rem[p] == \at(rem[p], Pre) && meta[p] == \at(meta[p], Pre) && gq[p] == \at(gq[p], Pre) &&
                                                     counts[p] == \at(counts[p], Pre);
        loop invariant answered:  \forall integer j; 0 <= j < base ==>
          amq_blocked_quotient_key_answer{Pre, Pre}(results[j], rem, meta, gq, nslots, nblocks, q, r,
                                                    seed, (char *)\at(keys[j], Pre), \at(lens[j], Pre));
        loop assigns base, results[0 .. count - 1], blk[0 .. BATCH - 1], fq[0 .. BATCH - 1], fr[0 .. BATCH - 1];
        loop variant count - base;
    */
    for (size_t base = 0; base < count;) {
        size_t n = 0;
        /*@ loop invariant n_range: n <= BATCH && n <= count - base;
            loop invariant state:   amq_blocked_quotient_key_state(rem, meta, gq, (uint64_t *)counts, nblocks, nslots);
            loop invariant hold:      amq_quotient_slots_hold(st, rem, meta);
            loop invariant kept:    \forall integer p; rem[p] == \at(rem[p], Pre) && meta[p] == \at(meta[p], Pre) && gq[p] == \at(gq[p], Pre) &&
                                                   counts[p] == \at(counts[p], Pre);
            loop invariant placed:  \forall integer j; 0 <= j < n ==>
              amq_blocked_quotient_key_at(blk[j], fq[j], fr[j], nblocks, q, r, seed, (char *)keys[base + j], lens[base + j]) &&
              blk[j] < nblocks && fq[j] < (1 << q);
            loop assigns n, blk[0 .. BATCH - 1], fq[0 .. BATCH - 1], fr[0 .. BATCH - 1];
            loop variant BATCH - n;
        */
        while (n < BATCH && n < count - base) {
            locate(st, counts, nblocks, nslots, q, r, seed, keys[base + n], lens[base + n], &blk[n], &fq[n], &fr[n])
                /*@ ghost (rem, meta, gq) */;
            n++;
        }
        /*@ loop invariant i_range:   i <= n;
            loop invariant state:     amq_blocked_quotient_key_state(rem, meta, gq, (uint64_t *)counts, nblocks, nslots);
            loop invariant hold:      amq_quotient_slots_hold(st, rem, meta);
            loop invariant lens_kept: \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
            loop invariant kept:      \forall integer p; rem[p] == \at(rem[p], Pre) && meta[p] == \at(meta[p], Pre) && gq[p] == \at(gq[p], Pre) &&
                                                     counts[p] == \at(counts[p], Pre);
            loop invariant answered:  \forall integer j; 0 <= j < base + i ==>
              amq_blocked_quotient_key_answer{Pre, Pre}(results[j], rem, meta, gq, nslots, nblocks, q, r,
                                                        seed, (char *)\at(keys[j], Pre), \at(lens[j], Pre));
            loop invariant placed:    \forall integer j; 0 <= j < n ==>
              amq_blocked_quotient_key_at(blk[j], fq[j], fr[j], nblocks, q, r, seed, (char *)keys[base + j], lens[base + j]) &&
              blk[j] < nblocks && fq[j] < (1 << q);
            loop assigns i, results[base .. base + n - 1];
            loop variant n - i;
        */
        for (size_t i = 0; i < n; i++) {
            const int a = answer(st, counts, nblocks, nslots, q, r, blk[i], fq[i], fr[i])
                /*@ ghost (rem, meta, gq, seed, (char *)keys[base + i], lens[base + i]) */;
            /*@ assert at_pre: amq_blocked_quotient_key_answer{Here, Here}(a, rem, meta, gq, nslots,
                                 nblocks, q, r, seed, (char *)keys[base + i], lens[base + i]) <==>
                               amq_blocked_quotient_key_answer{Pre, Pre}(a, rem, meta, gq, nslots,
                                 nblocks, q, r, seed, (char *)keys[base + i], lens[base + i]); */
            results[base + i] = a;
        }
        base += n;
    }
}
