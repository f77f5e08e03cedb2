/* Cuckoo filter operations: query, remove and insert, over the proved slot layer of
 * src/cuckoo_kernel.c (contracts in internal/cuckoo_kernel.h, logic in acsl/amq/cuckoo_logic.h).
 *
 * Proof shape.  Bit loops work on a bit offset o (goals linear in o + j); the slot-level
 * contracts name a slot s (bits s * f ..).  Every product fact (a slot lies in its bucket,
 * distinct slots lie apart, a slot is in one bucket) is a ghost function with an empty body,
 * proved once and called where needed: as lemmas of the logic they would be hypotheses of
 * every goal and lead the solvers' nonlinear search astray (proofs/README.md). */
#include <internal/cuckoo_kernel.h>

/* 1 iff the f bits at bit offset o hold the low f bits of x (x = 0: the bits are empty). */
/*@ requires f_range: 1 <= f <= 32;
    requires bits:    o + f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures holds:    \result == 1 <==> amq_ck_is_at(w, f, o, x);
    ensures bool:     \result == 0 || \result == 1;
*/
static int amq_ck_bits_is(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t o, uint64_t x)
{
    (void)nbits;
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

/*@ ghost
  // Product step: bit offset o of slot s (o == s * f) holds x iff slot s does.
  /@ requires o == s * f;
     assigns \nothing;
     ensures is:    amq_ck_is_at(w, f, o, x) <==> amq_ck_is(w, f, s, x);
  @/
  static void amq_ck_at_slot(const uint64_t *w, uint64_t f, uint64_t s, uint64_t o, uint64_t x) { }
*/

/*@ ghost
  // Product step: slot s of bucket i (i * b <= s < i * b + b) lies inside the bits.
  /@ requires i * b <= s < i * b + b && (i * b + b) * f <= nbits && f >= 1;
     assigns \nothing;
     ensures end:  s * f + f <= nbits;
     ensures fits: s <= s * f;
  @/
  static void amq_ck_slot_fits(uint64_t s, uint64_t i, uint64_t b, uint64_t f, uint64_t nbits) { }
*/

/*@ ghost
  // Product step: bucket i < nb lies inside the nb * b * f bits.
  /@ requires i < nb && b >= 1 && f >= 1;
     assigns \nothing;
     ensures in:   (i * b + b) * f <= nb * b * f;
     ensures base: i * b + b <= nb * b;
  @/
  static void amq_ck_bucket_in(uint64_t i, uint64_t nb, uint64_t b, uint64_t f) { }
*/

/*@ ghost
  // Product step: nb * b fits wherever nb * b * f does.
  /@ requires nb >= 1 && b >= 1 && f >= 1;
     assigns \nothing;
     ensures nb * b <= nb * b * f;
  @/
  static void amq_ck_geom_bounds(uint64_t nb, uint64_t b, uint64_t f) { }
*/

/*@ ghost
  // Product step: the bits of any other slot r lie apart from those of slot s.
  /@ requires f >= 1;
     assigns \nothing;
     ensures apart: \forall integer r; 0 <= r && r != s ==> amq_ck_apart(r, s, f);
  @/
  static void amq_ck_slots_apart(uint64_t s, uint64_t f) { }
*/

/* 1 iff slot s of bucket i holds x. */
/*@ requires f_range: 1 <= f <= 32;
    requires slot:    i * b <= s < i * b + b && (i * b + b) * f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures holds:    \result == 1 <==> amq_ck_is(w, f, s, x);
    ensures bool:     \result == 0 || \result == 1;
*/
static int amq_ck_slot_is(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i, uint64_t s,
                          uint64_t x)
{
    (void)b;
    (void)i;
    //@ ghost amq_ck_slot_fits(s, i, b, f, nbits);
    const uint64_t o = s * f;
    //@ ghost amq_ck_at_slot(w, f, s, o, x);
    return amq_ck_bits_is(w, nbits, f, o, x);
}

/* The first slot of bucket i that holds x (its place t < b), or b when none does; x = 0: the
 * first empty slot (amq_ck_empty is "holds 0"). */
/*@ requires f_range: 1 <= f <= 32;
    requires b_pos:   b >= 1;
    requires bucket:  (i * b + b) * f <= nbits && i * b + b <= 18446744073709551615;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures range:    \result <= b;
    ensures found:    \result < b ==> amq_ck_is(w, f, i * b + \result, x);
    ensures none:     \result == b ==> !amq_ck_in(w, f, b, i, x);
    ensures some:     \result < b ==> amq_ck_in(w, f, b, i, x);
*/
static uint64_t amq_ck_find(const uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t i, uint64_t x)
{
    /*@ loop invariant bounds: 0 <= t <= b;
        loop invariant other:  \forall integer s; i * b <= s < i * b + t ==> !amq_ck_is(w, f, s, x);
        loop assigns t;
        loop variant b - t;
    */
    for (uint64_t t = 0; t < b; t++) {
        const uint64_t s = i * b + t;
        /*@ assert s: s == i * b + t; */
        if (amq_ck_slot_is(w, nbits, b, f, i, s, x) == 1)
            return t;
    }
    return b;
}

/* amq_ck_find on bucket i < nb of the nb * b * f bits (the product facts stay here). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i < nb;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures range:    \result <= b;
    ensures found:    \result < b ==> amq_ck_is(w, f, i * b + \result, x) && amq_ck_in(w, f, b, i, x);
    ensures none:     \result == b ==> !amq_ck_in(w, f, b, i, x);
*/
static uint64_t amq_ck_lookup(const uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i,
                              uint64_t x)
{
    (void)nb;
    //@ ghost amq_ck_bucket_in(i, nb, b, f);
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    return amq_ck_find(w, nbits, b, f, i, x);
}

int amq_cuckoo_kernel_query(const uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp)
{
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    const uint64_t nbits = nb * b * f;
    if (amq_ck_lookup(w, nbits, nb, b, f, i1, fp) < b)
        return 1;
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    return amq_ck_lookup(w, nbits, nb, b, f, i2, fp) < b;
}

/* Slot t of bucket i < nb (the product facts stay here). */
/*@ requires geom:  nb >= 1 && b >= 1 && f >= 1 && nb * b * f == nbits && i < nb && t < b;
    assigns \nothing;
    ensures slot:   \result == i * b + t && i * b <= \result < i * b + b;
    ensures of:     0 <= \result && amq_ck_slot_of(\result, i, b);
    ensures bucket: (i * b + b) * f <= nbits;
*/
static uint64_t amq_ck_slot(uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i, uint64_t t)
{
    (void)nbits;
    (void)nb;
    (void)f;
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    //@ ghost amq_ck_bucket_in(i, nb, b, f);
    return i * b + t;
}

/* Writes y into slot d of bucket di: every other slot keeps its content, so whatever a bucket
 * held before it holds after, except what was in d. */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    b >= 1 && (di * b + b) * f <= nbits;
    requires slot:    di * b <= d < di * b + b;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
    assigns w[0 .. amq_words(nbits) - 1];
    ensures holds:    amq_ck_is(w, f, d, y);
    ensures only:     amq_ck_only{Pre, Post}(w, f, d);
    ensures in:       amq_ck_in(w, f, b, di, y);
    ensures others:   \forall integer s, x; 0 <= s && s != d && amq_ck_is{Pre}(w, f, s, x) ==> amq_ck_is(w, f, s, x);
    ensures in_split: \forall integer k, x; 0 <= k && amq_ck_in{Pre}(w, f, b, k, x) ==>
                        amq_ck_in(w, f, b, k, x) || (amq_ck_slot_of(d, k, b) && amq_ck_is{Pre}(w, f, d, x));
*/
static void amq_ck_write_slot(uint64_t *w, uint64_t nbits, uint64_t b, uint64_t f, uint64_t di, uint64_t d,
                              uint64_t y)
{
    (void)b; /* b and di are used by the contract only */
    (void)di;
    //@ ghost amq_ck_slot_fits(d, di, b, f, nbits);
    amq_cuckoo_kernel_put(w, nbits, f, d, y);
    //@ ghost amq_ck_slots_apart(d, f);
    /*@ assert others: \forall integer s, x; 0 <= s && s != d && amq_ck_is{Pre}(w, f, s, x) ==> amq_ck_is(w, f, s, x); */
    /*@ assert moved_in: \forall integer k, s, x; 0 <= k && 0 <= s && k * b <= s < k * b + b && s != d &&
                           amq_ck_is{Pre}(w, f, s, x) ==> amq_ck_in(w, f, b, k, x); */
}

/* Empties slot t of bucket i < nb (the slot of a found copy of fp). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i < nb && t < b;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
    assigns w[0 .. amq_words(nbits) - 1];
    ensures empty:    amq_ck_empty(w, f, i * b + t);
    ensures only:     amq_ck_only{Pre, Post}(w, f, i * b + t);
    ensures slot:     i * b <= i * b + t < i * b + b;
    ensures others:   \forall integer r, x; 0 <= r && r != i * b + t && amq_ck_is{Pre}(w, f, r, x) ==>
                        amq_ck_is(w, f, r, x);
*/
static void amq_ck_clear(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i, uint64_t t)
{
    /* Through amq_ck_slot and amq_ck_write_slot: with the slot spelled i * b + t in the frame
     * step, cvc4 ran to the 300 s guard on `others` (z3 took 0.2 s). */
    amq_ck_write_slot(w, nbits, b, f, i, amq_ck_slot(nbits, nb, b, f, i, t), 0);
}

int amq_cuckoo_kernel_remove(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp)
{
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    const uint64_t nbits = nb * b * f;
    const uint64_t t1 = amq_ck_lookup(w, nbits, nb, b, f, i1, fp);
    if (t1 < b) {
        amq_ck_clear(w, nbits, nb, b, f, i1, t1);
        /*@ assert one: i1 * b <= i1 * b + t1 < i1 * b + b && amq_ck_removed{Pre, Here}(w, f, i1 * b + t1, fp); */
        /*@ assert one_slot: amq_ck_removed_one{Pre, Here}(w, f, b, nb, i1, fp); */
        return AMQ_CUCKOO_OK;
    }
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    const uint64_t t2 = amq_ck_lookup(w, nbits, nb, b, f, i2, fp);
    if (t2 < b) {
        amq_ck_clear(w, nbits, nb, b, f, i2, t2);
        /*@ assert one: i2 * b <= i2 * b + t2 < i2 * b + b && amq_ck_removed{Pre, Here}(w, f, i2 * b + t2, fp); */
        /*@ assert one_slot: amq_ck_removed_one{Pre, Here}(w, f, b, nb, i1, fp); */
        return AMQ_CUCKOO_OK;
    }
    return AMQ_CUCKOO_ABSENT;
}

/*@ ghost
  // Two integers with the same low f bits have the same alternate buckets (the hash reads
  // only those bits); a ghost loop does the induction over the bits.
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

/*@ ghost
  // Product step: slot s of bucket i lies in no other bucket.
  /@ requires b >= 1 && i * b <= s < i * b + b;
     assigns \nothing;
     ensures one: \forall integer j; 0 <= j && amq_ck_slot_of(s, j, b) ==> j == i;
  @/
  static void amq_ck_one_bucket(uint64_t s, uint64_t i, uint64_t b) { }
*/


/* Writes y into slot d of bucket di, whose content is spare: d is empty, or its z has a copy in
 * slot r of z's other bucket rb.  Every fingerprint found before is found after (a lost copy
 * of z is found at r), every other slot keeps its content, and y is in bucket di. */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && di < nb && (di * b + b) * f <= nbits;
    requires slot:    di * b <= d < di * b + b;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
    requires spare:   amq_ck_empty(w, f, d) ||
                      (amq_ck_is(w, f, d, z) && 0 <= r && r != d && rb == amq_ck_alt(di, z, f, nb) &&
                       rb * b <= r < rb * b + b && amq_ck_is(w, f, r, z));
    assigns w[0 .. amq_words(nbits) - 1];
    ensures holds:    amq_ck_is(w, f, d, y);
    ensures in:       amq_ck_in(w, f, b, di, y);
    ensures others:   \forall integer s, x; 0 <= s && s != d && amq_ck_is{Pre}(w, f, s, x) ==> amq_ck_is(w, f, s, x);
    ensures kept:     \forall integer j, x; 0 <= j < nb && amq_ck_fp(x, f) &&
                        amq_ck_has{Pre}(w, f, b, nb, j, x) ==> amq_ck_has(w, f, b, nb, j, x);
*/
static void amq_ck_move(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t di, uint64_t d,
                        uint64_t y) /*@ ghost (uint64_t z, uint64_t r, uint64_t rb) */
{
    (void)nb; /* nb is used by the contract only */
    amq_ck_write_slot(w, nbits, b, f, di, d, y);
    //@ ghost amq_ck_one_bucket(d, di, b);
    /*@ assert in_kept: \forall integer k, x; 0 <= k && amq_ck_in{Pre}(w, f, b, k, x) ==>
                          amq_ck_in(w, f, b, k, x) || (k == di && amq_ck_is{Pre}(w, f, d, x)); */
    //@ ghost amq_ck_alt_bits(z, f, nb);
    /*@ assert lost: \forall integer x; amq_ck_fp(x, f) && amq_ck_is{Pre}(w, f, d, x) ==>
                       amq_ck_same(x, z, f) && amq_ck_is(w, f, r, x) && rb == amq_ck_alt(di, x, f, nb) &&
                       0 <= r && rb * b <= r < rb * b + b; */
    /*@ assert lost_rb: \forall integer x; amq_ck_fp(x, f) && amq_ck_is{Pre}(w, f, d, x) ==> amq_ck_in(w, f, b, rb, x); */
    /*@ assert lost_in: \forall integer x; amq_ck_fp(x, f) && amq_ck_is{Pre}(w, f, d, x) ==>
                       amq_ck_in(w, f, b, amq_ck_alt(di, x, f, nb), x); */
}


/* Inserts fp for bucket i1 by a kick chain whose choices are kicks[0 .. nk-1].  Planned first,
 * without writing: slots path[q] (holding ys[q]) of buckets pb[q], each ys[q] bound for its
 * other bucket pb[q + 1], until pb[K] has a free slot e.  A chain that runs out of kicks, or
 * would evict a slot it has already chosen, is refused before any write.  Then committed from
 * the end: ys[K-1] is copied into e, ys[K-2] into path[K-1], ..., fp into path[0]; before each
 * write the overwritten fingerprint already has its copy in its other bucket, so every state
 * in between finds every fingerprint.  path, pb and ys are local arrays whose address is never
 * taken: WP keeps them out of the memory model, so writing them disturbs no fact about w. */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i1 < nb && nb * b <= nbits;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
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
    uint64_t ys[AMQ_CUCKOO_MAX_KICKS];
    uint64_t pb[AMQ_CUCKOO_MAX_KICKS + 1];
    size_t K = 0;
    uint64_t t;
    pb[0] = i1;
    /*@ loop invariant bounds: 0 <= K <= nk && pb[0] == i1;
        loop invariant pbs:    \forall integer q; 0 <= q <= K ==> pb[q] < nb;
        loop invariant slots:  \forall integer q; 0 <= q < K ==> amq_ck_slot_of(path[q], pb[q], b);
        loop invariant holds:  \forall integer q; 0 <= q < K ==> amq_ck_is(w, f, path[q], ys[q]);
        loop invariant taken:  \forall integer q; 0 <= q < K ==> !amq_ck_empty(w, f, path[q]);
        loop invariant apart:  \forall integer q, u; 0 <= q < u < K ==> path[q] != path[u];
        loop invariant next:   \forall integer q; 0 <= q < K ==> pb[q + 1] == amq_ck_alt(pb[q], ys[q], f, nb);
        loop assigns K, t, path[0 .. AMQ_CUCKOO_MAX_KICKS - 1], ys[0 .. AMQ_CUCKOO_MAX_KICKS - 1],
                     pb[1 .. AMQ_CUCKOO_MAX_KICKS];
        loop variant nk - K;
    */
    for (;;) {
        t = amq_ck_lookup(w, nbits, nb, b, f, pb[K], 0);
        if (t < b)
            break;
        /*@ assert none: \forall integer s; 0 <= s && amq_ck_slot_of(s, pb[K], b) ==> !amq_ck_is(w, f, s, 0); */
        if (K == nk)
            return AMQ_CUCKOO_FULL; /* out of kicks: nothing was written */
        const uint64_t s = amq_ck_slot(nbits, nb, b, f, pb[K], kicks[K]);
        /*@ assert of: 0 <= s && amq_ck_slot_of(s, pb[K], b); */
        /*@ assert not0: !amq_ck_is(w, f, s, 0); */
        /*@ assert taken: !amq_ck_empty(w, f, s); */
        size_t q = 0;
        /*@ loop invariant 0 <= q <= K && \forall integer u; 0 <= u < q ==> path[u] != s;
            loop assigns q;
            loop variant K - q;
        */
        while (q < K && path[q] != s)
            q++;
        if (q < K)
            return AMQ_CUCKOO_FULL; /* the chain would move a slot twice: refused, nothing written */
        //@ ghost amq_ck_slot_fits(s, pb[K], b, f, nbits);
        path[K] = s;
        ys[K] = amq_cuckoo_kernel_get(w, nbits, f, s);
        pb[K + 1] = amq_cuckoo_kernel_alt(nb, f, pb[K], ys[K]);
        /*@ assert step: amq_ck_slot_of(path[K], pb[K], b) && amq_ck_is(w, f, path[K], ys[K]) &&
                         !amq_ck_empty(w, f, path[K]) && pb[K + 1] < nb &&
                         pb[K + 1] == amq_ck_alt(pb[K], ys[K], f, nb); */
        K++;
    }
    uint64_t d = amq_ck_slot(nbits, nb, b, f, pb[K], t), di = pb[K];
    //@ ghost uint64_t e = d;
    /* The ghosts r, z, rb: the fingerprint z in slot d (bucket di) has its copy in slot r of
     * its other bucket rb, so d is spare (amq_ck_move); none of them reads the plan arrays,
     * so the last move's precondition needs no fact about an index. */
    //@ ghost uint64_t r = d;
    //@ ghost uint64_t z = 0;
    //@ ghost uint64_t rb = 0;
    /*@ assert e_out: amq_ck_empty(w, f, e) && \forall integer q; 0 <= q < K ==> path[q] != e; */
    /*@ loop invariant bounds: 0 <= c <= K;
        loop invariant at:     di == pb[c] && pb[c] * b <= d < pb[c] * b + b;
        loop invariant end:    c == K ==> d == e && amq_ck_empty(w, f, d);
        loop invariant mid:    c < K ==> d == path[c] && z == ys[c] && 0 <= r && r != d &&
                                 rb == amq_ck_alt(di, z, f, nb) && rb * b <= r < rb * b + b &&
                                 amq_ck_is(w, f, d, z) && amq_ck_is(w, f, r, z);
        loop invariant rest:   \forall integer q; 0 <= q < c ==> amq_ck_is(w, f, path[q], ys[q]);
        loop invariant plan:   (\forall integer q; 0 <= q <= K ==> pb[q] < nb) &&
                               (\forall integer q; 0 <= q < K ==> pb[q] * b <= path[q] < pb[q] * b + b &&
                                  path[q] != e && pb[q + 1] == amq_ck_alt(pb[q], ys[q], f, nb)) &&
                               (\forall integer q, u; 0 <= q < u < K ==> path[q] != path[u]);
        loop invariant kept:   \forall integer j, x; 0 <= j < nb && amq_ck_fp(x, f) &&
                                 amq_ck_has{Pre}(w, f, b, nb, j, x) ==> amq_ck_has(w, f, b, nb, j, x);
        loop assigns c, d, di, r, z, rb, w[0 .. amq_words(nbits) - 1];
        loop variant c;
    */
    for (size_t c = K; c != 0; c--) { /* != 0, not > 0: on exit WP then knows c == 0 outright */
        //@ ghost amq_ck_bucket_in(di, nb, b, f);
        amq_ck_move(w, nbits, nb, b, f, di, d, ys[c - 1]) /*@ ghost (z, r, rb) */;
        //@ ghost r = d;
        //@ ghost z = ys[c - 1];
        //@ ghost rb = di;
        d = path[c - 1];
        di = pb[c - 1];
    }
    //@ ghost amq_ck_bucket_in(di, nb, b, f);
    amq_ck_move(w, nbits, nb, b, f, di, d, fp) /*@ ghost (z, r, rb) */;
    return AMQ_CUCKOO_OK;
}

/* 1 iff bucket i < nb has a free slot.  A truth value, not lookup's place: when insert falls
 * through to the kick chain, WP then knows no place == b, so it does not write b as a place
 * (it did, and the product facts of the geometry then no longer matched: cvc4 stopped at its
 * budget on kick's precondition `geom`). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i < nb;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures free:     \result == 1 <==> amq_ck_in(w, f, b, i, 0);
    ensures bool:     \result == 0 || \result == 1;
*/
static int amq_ck_free(const uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i)
{
    return amq_ck_lookup(w, nbits, nb, b, f, i, 0) < b;
}

/* Writes fp into a free slot of bucket i < nb (the product facts stay here). */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f == nbits && i < nb;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
    requires free:    amq_ck_in(w, f, b, i, 0);
    assigns w[0 .. amq_words(nbits) - 1];
    ensures in:       amq_ck_in(w, f, b, i, fp);
    ensures kept:     \forall integer j, x; 0 <= j < nb && amq_ck_fp(x, f) &&
                        amq_ck_has{Pre}(w, f, b, nb, j, x) ==> amq_ck_has(w, f, b, nb, j, x);
*/
static void amq_ck_place(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i, uint64_t fp)
{
    const uint64_t t = amq_ck_lookup(w, nbits, nb, b, f, i, 0);
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    //@ ghost amq_ck_bucket_in(i, nb, b, f);
    amq_ck_move(w, nbits, nb, b, f, i, i * b + t, fp) /*@ ghost (0, 0, 0) */;
}

int amq_cuckoo_kernel_insert(uint64_t *w, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1, uint64_t fp,
                             const uint64_t *kicks, size_t nk)
{
    //@ ghost amq_ck_geom_bounds(nb, b, f);
    const uint64_t nbits = nb * b * f;
    if (amq_ck_free(w, nbits, nb, b, f, i1)) {
        amq_ck_place(w, nbits, nb, b, f, i1, fp);
        return AMQ_CUCKOO_OK;
    }
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    if (amq_ck_free(w, nbits, nb, b, f, i2)) {
        amq_ck_place(w, nbits, nb, b, f, i2, fp);
        return AMQ_CUCKOO_OK;
    }
    return amq_ck_kick(w, nbits, nb, b, f, i1, fp, kicks, nk);
}
