/* DRAFT (not built, not proved): the cuckoo filter operations over the proved slot layer of
 * src/cuckoo_kernel.c.  See README.md here for the proof status. */
#include <internal/cuckoo_kernel.h>
#include "cuckoo_ops.h"

/* 1 iff slot s (at bit offset o = s * f) is empty.  The contract names the slot, the loop the
 * offset: callers then match the slot term they have, and the loop stays linear. */
/*@ requires f_range: 1 <= f <= 32;
    requires bits:    o == s * f && o + f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures empty:    \result == 1 <==> amq_ck_empty(w, f, s);
    ensures bool:     \result == 0 || \result == 1;
*/
static int amq_ck_slot_empty(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s, uint64_t o)
{
    (void)nbits;
    (void)s;
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant clear:  \forall integer k; 0 <= k < j ==> !amq_bit_set(w, o + k);
        loop assigns j;
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++) {
        const uint64_t p = o + j;
        /*@ assert pos: p < 64 * amq_words(nbits); */
        if (((w[p / 64u] >> (p % 64u)) & 1u) == 1u) {
            /*@ assert on: amq_bit_set(w, o + j); */
            return 0;
        }
        /*@ assert off: !amq_bit_set(w, o + j); */
    }
    /*@ assert all: amq_ck_empty_at(w, f, o); */
    return 1;
}

/* 1 iff slot s (at bit offset o = s * f) holds x. */
/*@ requires f_range: 1 <= f <= 32;
    requires bits:    o == s * f && o + f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures holds:    \result == 1 <==> amq_ck_is(w, f, s, x);
    ensures bool:     \result == 0 || \result == 1;
*/
static int amq_ck_slot_is(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s, uint64_t o, uint64_t x)
{
    (void)nbits;
    (void)s;
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant equal:  \forall integer k; 0 <= k < j ==> (amq_bit_set(w, o + k) <==> AMQ_CK_BIT(x, k));
        loop assigns j;
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++) {
        const uint64_t p = o + j;
        /*@ assert pos: p < 64 * amq_words(nbits); */
        if (((w[p / 64u] >> (p % 64u)) & 1u) != ((x >> j) & 1u))
            return 0;
    }
    /*@ assert all: amq_ck_is_at(w, f, o, x); */
    return 1;
}

/* Ghost lemma: slot t of bucket i lies inside the bucket's bits.  The product facts are
 * ghost functions with empty bodies (proved once, called where needed); assertions of the
 * same facts inside a body did not prove. */
/*@ ghost
  /@ requires t < b && (i * b + b) * f <= nbits && f >= 1;
     assigns \nothing;
     ensures end:  (i * b + t) * f + f <= nbits;
     ensures fits: i * b + t <= (i * b + t) * f;
  @/
  static void amq_ck_slot_in_bucket(uint64_t i, uint64_t b, uint64_t t, uint64_t f, uint64_t nbits) { }
*/

/* Ghost lemma: bucket i < nb lies inside the nb * b * f bits. */
/*@ ghost
  /@ requires i < nb && b >= 1 && f >= 1;
     assigns \nothing;
     ensures (i * b + b) * f <= nb * b * f;
  @/
  static void amq_ck_bucket_in(uint64_t i, uint64_t nb, uint64_t b, uint64_t f) { }
*/

/* The first empty slot of bucket i (its place t < b), or b when the bucket is full. */
/*@ requires f_range: 1 <= f <= 32;
    requires b_pos:   b >= 1;
    requires bucket:  (i * b + b) * f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures range:    \result <= b;
    ensures free:     \result < b ==> amq_ck_empty(w, f, i * b + \result);
    ensures full:     \result == b ==> amq_ck_full(w, f, b, i);
*/
static uint64_t amq_ck_free(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i)
{
    /*@ loop invariant bounds: 0 <= t <= b;
        loop invariant taken:  \forall integer u; 0 <= u < t ==> !amq_ck_empty(w, f, i * b + u);
        loop assigns t;
        loop variant b - t;
    */
    for (uint64_t t = 0; t < b; t++) {
        //@ ghost amq_ck_slot_in_bucket(i, b, t, f, nbits);
        const uint64_t s = i * b + t;
        if (amq_ck_slot_empty(w, nbits, f, s, s * f) == 1)
            return t;
    }
    return b;
}

/* The first slot of bucket i that holds x (its place t < b), or b when none does. */
/*@ requires f_range: 1 <= f <= 32;
    requires b_pos:   b >= 1;
    requires bucket:  (i * b + b) * f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures range:    \result <= b;
    ensures found:    \result < b ==> amq_ck_is(w, f, i * b + \result, x);
    ensures none:     \result == b <==> !amq_ck_in(w, f, b, i, x);
*/
static uint64_t amq_ck_find(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i, uint64_t x)
{
    /*@ loop invariant bounds: 0 <= t <= b;
        loop invariant other:  \forall integer u; 0 <= u < t ==> !amq_ck_is(w, f, i * b + u, x);
        loop assigns t;
        loop variant b - t;
    */
    for (uint64_t t = 0; t < b; t++) {
        //@ ghost amq_ck_slot_in_bucket(i, b, t, f, nbits);
        const uint64_t s = i * b + t;
        if (amq_ck_slot_is(w, nbits, f, s, s * f, x) == 1)
            return t;
    }
    return b;
}

/* Ghost lemma: nb * b fits wherever nb * b * f does. */
/*@ ghost
  /@ requires nb >= 1 && b >= 1 && f >= 1;
     assigns \nothing;
     ensures nb * b <= nb * b * f;
  @/
  static void amq_ck_geom_bounds(uint64_t nb, uint64_t b, uint64_t f) { }
*/

int amq_cuckoo_kernel_query(const uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp)
{
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    const uint64_t nbits = nb * b * f;
    //@ ghost amq_ck_bucket_in(i1, nb, b, f);
    if (amq_ck_find(w, nbits, b, f, i1, fp) < b)
        return 1;
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    //@ ghost amq_ck_bucket_in(i2, nb, b, f);
    return amq_ck_find(w, nbits, b, f, i2, fp) < b;
}

/* Empties slot t of bucket i (the slot of a found copy). */
/*@ requires f_range: 1 <= f <= 32;
    requires b_pos:   b >= 1 && t < b;
    requires bucket:  (i * b + b) * f <= nbits;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
    assigns w[0 .. amq_words(nbits) - 1];
    ensures empty:    amq_ck_empty(w, f, i * b + t);
    ensures only:     amq_ck_only{Pre, Post}(w, f, i * b + t);
*/
static void amq_ck_clear(uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i, uint64_t t)
{
    //@ ghost amq_ck_slot_in_bucket(i, b, t, f, nbits);
    amq_cuckoo_kernel_put(w, nbits, f, i * b + t, 0);
    /*@ assert zero: \forall integer j; 0 <= j < f ==> !amq_ck_bit(0, j); */
}

int amq_cuckoo_kernel_remove(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp)
{
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    const uint64_t nbits = nb * b * f;
    //@ ghost amq_ck_bucket_in(i1, nb, b, f);
    const uint64_t t1 = amq_ck_find(w, nbits, b, f, i1, fp);
    if (t1 < b) {
        amq_ck_clear(w, nbits, b, f, i1, t1);
        /*@ assert one: i1 * b <= i1 * b + t1 < i1 * b + b && amq_ck_is{Pre}(w, f, i1 * b + t1, fp) &&
                        amq_ck_empty(w, f, i1 * b + t1) && amq_ck_only{Pre, Here}(w, f, i1 * b + t1); */
        return AMQ_CUCKOO_OK;
    }
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    //@ ghost amq_ck_bucket_in(i2, nb, b, f);
    const uint64_t t2 = amq_ck_find(w, nbits, b, f, i2, fp);
    if (t2 < b) {
        amq_ck_clear(w, nbits, b, f, i2, t2);
        /*@ assert one: i2 * b <= i2 * b + t2 < i2 * b + b && amq_ck_is{Pre}(w, f, i2 * b + t2, fp) &&
                        amq_ck_empty(w, f, i2 * b + t2) && amq_ck_only{Pre, Here}(w, f, i2 * b + t2); */
        return AMQ_CUCKOO_OK;
    }
    return AMQ_CUCKOO_ABSENT;
}

/* Ghost lemma: two integers with the same low f bits have the same alternate buckets (the
 * hash reads only those bits); a ghost loop does the induction over the bits. */
/*@ ghost
  /@ requires f_range: 1 <= f <= 32;
     assigns \nothing;
     ensures same_alt: \forall integer x, i; amq_ck_same(x, y, f) ==>
                         amq_ck_alt(i, x, f, nb) == amq_ck_alt(i, y, f, nb);
  @/
  static void amq_ck_alt_bits(uint64_t y, uint64_t f, uint64_t nb) {
      /@ loop invariant 0 <= n <= f;
         loop invariant \forall integer x; amq_ck_same(x, y, f) ==> amq_ck_h(x, n) == amq_ck_h(y, n);
         loop assigns n;
         loop variant f - n;
      @/
      for (uint64_t n = 0; n < f; n++) {
          /@ assert \forall integer x; amq_ck_same(x, y, f) ==> amq_ck_xb(x, n) == amq_ck_xb(y, n); @/
      }
  }
*/

/* Ghost lemma: a slot of bucket i (i * b <= s < i * b + b) lies inside the bits. */
/*@ ghost
  /@ requires i * b <= s < i * b + b && (i * b + b) * f <= nbits && f >= 1;
     assigns \nothing;
     ensures end:  s * f + f <= nbits;
     ensures fits: s <= s * f;
  @/
  static void amq_ck_slot_fits(uint64_t s, uint64_t i, uint64_t b, uint64_t f, uint64_t nbits) { }
*/

/* Ghost lemma: the bits of any other slot r lie apart from those of slot s. */
/*@ ghost
  /@ requires f >= 1;
     assigns \nothing;
     ensures apart: \forall integer r; 0 <= r && r != s ==> r * f + f <= s * f || s * f + f <= r * f;
  @/
  static void amq_ck_slots_apart(uint64_t s, uint64_t f) { }
*/

/* Ghost lemma: slot s of bucket i lies in no other bucket. */
/*@ ghost
  /@ requires b >= 1 && i * b <= s < i * b + b;
     assigns \nothing;
     ensures one: \forall integer j; 0 <= j && j * b <= s < j * b + b ==> j == i;
  @/
  static void amq_ck_one_bucket(uint64_t s, uint64_t i, uint64_t b) { }
*/

/* Writes x into the empty slot t of bucket i: x is then in bucket i, and every fingerprint
 * found before is found after (the slot held none). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && i < nb && t < b && (i * b + b) * f <= nbits;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
    requires empty:   amq_ck_empty(w, f, i * b + t);
    assigns w[0 .. amq_words(nbits) - 1];
    ensures holds:    amq_ck_is(w, f, i * b + t, x);
    ensures in:       amq_ck_in(w, f, b, i, x);
    ensures only:     amq_ck_only{Pre, Post}(w, f, i * b + t);
    ensures others:   \forall integer r; 0 <= r && r != i * b + t ==> amq_ck_kept{Pre, Post}(w, f, r);
    ensures kept:     \forall integer j, y; 0 <= j < nb && amq_ck_fp(y, f) &&
                        amq_ck_has{Pre}(w, f, b, nb, j, y) ==> amq_ck_has(w, f, b, nb, j, y);
*/
static void amq_ck_place(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i,
                         uint64_t t, uint64_t x)
{
    (void)nb; /* nb, and i, i_next in amq_ck_step, are used by the contract only */
    //@ ghost amq_ck_slot_in_bucket(i, b, t, f, nbits);
    amq_cuckoo_kernel_put(w, nbits, f, i * b + t, x);
    //@ ghost amq_ck_slots_apart(i * b + t, f);
    /*@ assert no_fp:  \forall integer y; amq_ck_fp(y, f) ==> !amq_ck_is{Pre}(w, f, i * b + t, y); */
    /*@ assert in_kept: \forall integer jj, y; 0 <= jj && amq_ck_fp(y, f) &&
                          amq_ck_in{Pre}(w, f, b, jj, y) ==> amq_ck_in(w, f, b, jj, y); */
}

/* One step of a planned chain: the homeless cur goes into slot s of bucket i, and the
 * fingerprint it evicts (returned) becomes homeless, bound for bucket i_next. */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && i < nb && i_next < nb;
    requires slot:    i * b <= s < i * b + b && s * f + f <= nbits;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
    requires next:    \forall integer x; amq_ck_is(w, f, s, x) ==> i_next == amq_ck_alt(i, x, f, nb);
    assigns w[0 .. amq_words(nbits) - 1];
    ensures evicted:  amq_ck_is{Pre}(w, f, s, \result);
    ensures holds:    amq_ck_is(w, f, s, cur);
    ensures only:     amq_ck_only{Pre, Post}(w, f, s);
    ensures others:   \forall integer r; 0 <= r && r != s ==> amq_ck_kept{Pre, Post}(w, f, r);
    ensures moved:    \forall integer j, x; 0 <= j < nb && amq_ck_fp(x, f) &&
                        amq_ck_has_or{Pre}(w, f, b, nb, j, x, cur, i) ==>
                        amq_ck_has_or(w, f, b, nb, j, x, \result, i_next);
*/
static uint64_t amq_ck_step(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t s,
                            uint64_t i, uint64_t i_next, uint64_t cur)
{
    (void)nb;
    (void)b;
    (void)i;
    (void)i_next;
    const uint64_t y = amq_cuckoo_kernel_get(w, nbits, f, s);
    amq_cuckoo_kernel_put(w, nbits, f, s, cur);
    //@ ghost amq_ck_slots_apart(s, f);
    //@ ghost amq_ck_one_bucket(s, i, b);
    /*@ assert y_same: \forall integer x; amq_ck_is{Pre}(w, f, s, x) ==> amq_ck_same(y, x, f); */
    /*@ assert in_moved: \forall integer jj, x; 0 <= jj < nb && amq_ck_in{Pre}(w, f, b, jj, x) ==>
                           amq_ck_in(w, f, b, jj, x) || (jj == i && amq_ck_is{Pre}(w, f, s, x)); */
    /*@ assert cur_in: \forall integer x; amq_ck_same(cur, x, f) ==> amq_ck_in(w, f, b, i, x); */
    return y;
}

/* Inserts fp for the full bucket i1 by a kick chain whose choices are kicks[0 .. nk-1].
 * Planned first, without writing: slots path[q] (evicted at step q) of buckets pb[q], each
 * evicted fingerprint bound for its alternate bucket pb[q + 1], until pb[K] has a free place
 * t.  A chain that runs out of kicks, or would evict a slot it has already moved, is refused
 * before any write: every word untouched.  Then committed: step q moves the homeless
 * fingerprint into path[q] and evicts the next; the last one goes into the free place.
 * path and pb are local arrays whose address is never taken, so WP keeps them out of the
 * memory model (as values): writing them cannot disturb a fact about w. */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i1 < nb;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
    requires full:    amq_ck_full(w, f, b, i1);
    requires kicks:   nk <= AMQ_CUCKOO_MAX_KICKS && \valid_read(kicks + (0 .. nk - 1)) &&
                      \forall integer k; 0 <= k < nk ==> kicks[k] < b;
    requires sep:     \separated(kicks + (0 .. nk - 1), w + (0 .. amq_words(nbits) - 1));
    assigns w[0 .. amq_words(nbits) - 1];
    ensures status:    \result == AMQ_CUCKOO_OK || \result == AMQ_CUCKOO_FULL;
    ensures inserted:  \result == AMQ_CUCKOO_OK ==> amq_ck_in(w, f, b, i1, fp);
    ensures preserved: \result == AMQ_CUCKOO_OK ==>
                         \forall integer j, x; 0 <= j < nb && amq_ck_fp(x, f) &&
                           amq_ck_has{Pre}(w, f, b, nb, j, x) ==> amq_ck_has(w, f, b, nb, j, x);
    ensures unchanged: \result == AMQ_CUCKOO_FULL ==> amq_ck_words_same{Pre, Post}(w, amq_words(nbits));
*/
static int amq_ck_kick(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1,
                       uint64_t fp, const uint64_t *kicks, size_t nk)
{
    uint64_t path[AMQ_CUCKOO_MAX_KICKS];
    uint64_t pb[AMQ_CUCKOO_MAX_KICKS + 1];
    size_t K = 0;
    uint64_t t;
    pb[0] = i1;
    /*@ loop invariant bounds: 0 <= K <= nk && pb[0] == i1;
        loop invariant pbs:    \forall integer q; 0 <= q <= K ==> pb[q] < nb;
        loop invariant slots:  \forall integer q; 0 <= q < K ==>
                                 pb[q] * b <= path[q] < pb[q] * b + b && !amq_ck_empty(w, f, path[q]);
        loop invariant apart:  \forall integer q, r; 0 <= q < r < K ==> path[q] != path[r];
        loop invariant next:   \forall integer q, x; 0 <= q < K && amq_ck_is(w, f, path[q], x) ==>
                                 pb[q + 1] == amq_ck_alt(pb[q], x, f, nb);
        loop assigns K, t, path[0 .. AMQ_CUCKOO_MAX_KICKS - 1], pb[1 .. AMQ_CUCKOO_MAX_KICKS];
        loop variant nk - K;
    */
    for (;;) {
        //@ ghost amq_ck_bucket_in(pb[K], nb, b, f);
        t = amq_ck_free(w, nbits, b, f, pb[K]);
        if (t < b)
            break;
        if (K == nk)
            return AMQ_CUCKOO_FULL; /* out of kicks: nothing was written */
        const uint64_t s = pb[K] * b + kicks[K];
        //@ ghost amq_ck_slot_fits(s, pb[K], b, f, nbits);
        size_t q = 0;
        /*@ loop invariant 0 <= q <= K && \forall integer r; 0 <= r < q ==> path[r] != s;
            loop assigns q;
            loop variant K - q;
        */
        while (q < K && path[q] != s)
            q++;
        if (q < K)
            return AMQ_CUCKOO_FULL; /* the chain would evict a slot it has moved: refused */
        path[K] = s;
        const uint64_t y = amq_cuckoo_kernel_get(w, nbits, f, s);
        //@ ghost amq_ck_alt_bits(y, f, nb);
        pb[K + 1] = amq_cuckoo_kernel_alt(nb, f, pb[K], y);
        K++;
    }
    //@ ghost uint64_t e = pb[K] * b + t; /* the free slot that ends the chain */
    /*@ assert e_free: amq_ck_empty(w, f, e) && \forall integer q; 0 <= q < K ==> path[q] != e; */
    uint64_t cur = fp;
    /*@ loop invariant bounds: 0 <= c <= K;
        loop invariant rest:   \forall integer q; c <= q < K ==> amq_ck_kept{Pre, Here}(w, f, path[q]);
        loop invariant end:    amq_ck_kept{Pre, Here}(w, f, e);
        loop invariant first:  c >= 1 ==> amq_ck_is(w, f, path[0], fp);
        loop invariant cur:    c == 0 ==> cur == fp;
        loop invariant moved:  \forall integer j, x; 0 <= j < nb && amq_ck_fp(x, f) &&
                                 amq_ck_has{Pre}(w, f, b, nb, j, x) ==>
                                 amq_ck_has_or(w, f, b, nb, j, x, cur, pb[c]);
        loop assigns c, cur, w[0 .. amq_words(nbits) - 1];
        loop variant K - c;
    */
    for (size_t c = 0; c < K; c++) {
        //@ ghost amq_ck_bucket_in(pb[c], nb, b, f);
        //@ ghost amq_ck_slot_fits(path[c], pb[c], b, f, nbits);
        /*@ assert next: \forall integer x; amq_ck_is(w, f, path[c], x) ==> pb[c + 1] == amq_ck_alt(pb[c], x, f, nb); */
        cur = amq_ck_step(w, nbits, nb, b, f, path[c], pb[c], pb[c + 1], cur);
    }
    amq_ck_place(w, nbits, nb, b, f, pb[K], t, cur);
    /*@ assert first: K >= 1 ==> amq_ck_is(w, f, path[0], fp) && pb[0] * b <= path[0] < pb[0] * b + b; */
    /*@ assert in: amq_ck_in(w, f, b, i1, fp); */
    return AMQ_CUCKOO_OK;
}

int amq_cuckoo_kernel_insert(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                             const uint64_t *kicks, size_t nk)
{
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    const uint64_t nbits = nb * b * f;
    //@ ghost amq_ck_bucket_in(i1, nb, b, f);
    const uint64_t t1 = amq_ck_free(w, nbits, b, f, i1);
    if (t1 < b) {
        amq_ck_place(w, nbits, nb, b, f, i1, t1, fp);
        return AMQ_CUCKOO_OK;
    }
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    //@ ghost amq_ck_bucket_in(i2, nb, b, f);
    const uint64_t t2 = amq_ck_free(w, nbits, b, f, i2);
    if (t2 < b) {
        amq_ck_place(w, nbits, nb, b, f, i2, t2, fp);
        return AMQ_CUCKOO_OK;
    }
    return amq_ck_kick(w, nbits, nb, b, f, i1, fp, kicks, nk);
}
