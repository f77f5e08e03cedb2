/* Cuckoo filter kernel: contracts and design in internal/cuckoo_kernel.h, logic in
 * acsl/amq/cuckoo_logic.h.  Slots are read and written one bit at a time (the bit idioms WP
 * proves); the assertions spell out product and frame steps the solvers do not find alone. */
#include <internal/cuckoo_kernel.h>

uint64_t amq_cuckoo_kernel_get(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s)
{
    (void)nbits;
    const uint64_t base = s * f;
    uint64_t y = 0;
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant low:    \forall integer k; 0 <= k < j ==>
                                 (amq_bit_set(w, s * f + k) <==> AMQ_CK_BIT(y, k));
        loop invariant high:   \forall integer k; j <= k < 64 ==> !AMQ_CK_BIT(y, k);
        loop assigns j, y;
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++) {
        const uint64_t p = base + j;
        /*@ assert pos: p == s * f + j && p < 64 * amq_words(nbits); */
        if (((w[p / 64u] >> (p % 64u)) & 1u) == 1u) {
            y |= (uint64_t)1 << j;
            /*@ assert on: AMQ_CK_BIT(y, j) && amq_bit_set(w, s * f + j); */
        } else {
            /*@ assert off: !AMQ_CK_BIT(y, j) && !amq_bit_set(w, s * f + j); */
        }
        /*@ assert prefix: \forall integer k; 0 <= k < j ==> (AMQ_CK_BIT(y, k) <==> AMQ_CK_BIT(\at(y, LoopCurrent), k)); */
    }
    return y;
}

/* Sets bit p; no other bit moves. */
/*@ requires valid: \valid(w + p / 64);
    assigns w[p / 64];
    ensures on:     amq_bit_set(w, p);
    ensures others: \forall integer q; 0 <= q && q != p ==> (amq_bit_set(w, q) <==> amq_bit_set{Pre}(w, q));
*/
static void amq_ck_bit_on(uint64_t *w, uint64_t p) { w[p / 64u] |= (uint64_t)1 << (p % 64u); }

/* Clears bit p; no other bit moves. */
/*@ requires valid: \valid(w + p / 64);
    assigns w[p / 64];
    ensures off:    !amq_bit_set(w, p);
    ensures others: \forall integer q; 0 <= q && q != p ==> (amq_bit_set(w, q) <==> amq_bit_set{Pre}(w, q));
*/
static void amq_ck_bit_off(uint64_t *w, uint64_t p) { w[p / 64u] &= ~((uint64_t)1 << (p % 64u)); }

void amq_cuckoo_kernel_put(uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s, uint64_t x)
{
    (void)nbits;
    const uint64_t base = s * f;
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant done:   \forall integer k; 0 <= k < j ==>
                                 (amq_bit_set(w, s * f + k) <==> AMQ_CK_BIT(x, k));
        loop invariant others: \forall integer p; 0 <= p && (p < s * f || p >= s * f + j) ==>
                                 (amq_bit_set(w, p) <==> amq_bit_set{Pre}(w, p));
        loop assigns j, w[0 .. amq_words(nbits) - 1];
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++) {
        const uint64_t p = base + j;
        /*@ assert pos: p == s * f + j && p < 64 * amq_words(nbits); */
        if (((x >> j) & 1u) == 1u) {
            amq_ck_bit_on(w, p);
            /*@ assert now: AMQ_CK_BIT(x, j) && amq_bit_set(w, s * f + j); */
        } else {
            amq_ck_bit_off(w, p);
            /*@ assert now: !AMQ_CK_BIT(x, j) && !amq_bit_set(w, s * f + j); */
        }
        /*@ assert prefix: \forall integer k; 0 <= k < j ==>
                             (amq_bit_set(w, s * f + k) <==> amq_bit_set{LoopCurrent}(w, s * f + k)); */
    }
}

uint64_t amq_cuckoo_kernel_alt(uint64_t nb, uint64_t f, uint64_t i, uint64_t x)
{
    uint64_t h = 0;
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant hash:   h == amq_ck_h(x, j) && h < 4294967296;
        loop assigns j, h;
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++)
        h = (h * AMQ_CUCKOO_HASH_K + ((x >> j) & 1u)) % 4294967296u;
    const uint64_t c = h % nb;
    return i <= c ? c - i : c + (nb - i);
}

/* 1 iff slot s is empty. */
/*@ requires f_range: 1 <= f <= 32;
    requires slot:    s * f + f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures \result == 1 <==> amq_ck_empty(w, f, s);
    ensures \result == 0 || \result == 1;
*/
static int amq_ck_slot_empty(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s)
{
    (void)nbits;
    const uint64_t base = s * f;
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant clear:  \forall integer k; 0 <= k < j ==> !amq_bit_set(w, s * f + k);
        loop assigns j;
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++) {
        const uint64_t p = base + j;
        /*@ assert pos: p == s * f + j && p < 64 * amq_words(nbits); */
        if (((w[p / 64u] >> (p % 64u)) & 1u) == 1u)
            return 0;
    }
    return 1;
}

/* 1 iff slot s holds x. */
/*@ requires f_range: 1 <= f <= 32;
    requires slot:    s * f + f <= nbits;
    requires valid:   nbits >= 1 && \valid_read(w + (0 .. amq_words(nbits) - 1));
    assigns \nothing;
    ensures \result == 1 <==> amq_ck_is(w, f, s, x);
    ensures \result == 0 || \result == 1;
*/
static int amq_ck_slot_is(const uint64_t *w, uint64_t nbits, uint64_t f, uint64_t s, uint64_t x)
{
    (void)nbits;
    const uint64_t base = s * f;
    /*@ loop invariant bounds: 0 <= j <= f;
        loop invariant equal:  \forall integer k; 0 <= k < j ==>
                                 (amq_bit_set(w, s * f + k) <==> AMQ_CK_BIT(x, k));
        loop assigns j;
        loop variant f - j;
    */
    for (uint64_t j = 0; j < f; j++) {
        const uint64_t p = base + j;
        /*@ assert pos: p == s * f + j && p < 64 * amq_words(nbits); */
        if (((w[p / 64u] >> (p % 64u)) & 1u) != ((x >> j) & 1u))
            return 0;
    }
    return 1;
}

/* Ghost lemma: slot t of bucket i lies inside the bucket's bits. */
/*@ ghost
  /@ requires t < b && (i * b + b) * f <= nbits && f >= 1 && i >= 0 && b >= 1;
     assigns \nothing;
     ensures (i * b + t) * f + f <= nbits;
  @/
  static void amq_ck_slot_in_bucket(uint64_t i, uint64_t b, uint64_t t, uint64_t f, uint64_t nbits) {
      /@ assert (i * b + t + 1) * f <= (i * b + b) * f; @/
      /@ assert (i * b + t + 1) * f == (i * b + t) * f + f; @/
  }
*/

/* Ghost lemma: bucket i < nb lies inside the nb * b * f bits. */
/*@ ghost
  /@ requires i < nb && b >= 1 && f >= 1;
     assigns \nothing;
     ensures (i * b + b) * f <= nb * b * f;
  @/
  static void amq_ck_bucket_in(uint64_t i, uint64_t nb, uint64_t b, uint64_t f) {
      /@ assert (i + 1) * b <= nb * b; @/
      /@ assert (i + 1) * b == i * b + b; @/
      /@ assert (i * b + b) * f <= (nb * b) * f; @/
  }
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
        /*@ assert fits: i * b + t <= (i * b + t) * f; */
        if (amq_ck_slot_empty(w, nbits, f, i * b + t) == 1)
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
        /*@ assert fits: i * b + t <= (i * b + t) * f; */
        if (amq_ck_slot_is(w, nbits, f, i * b + t, x) == 1)
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
  static void amq_ck_geom_bounds(uint64_t nb, uint64_t b, uint64_t f) {
      /@ assert (nb * b) * 1 <= (nb * b) * f; @/
  }
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
    /*@ assert fits: i * b + t <= (i * b + t) * f; */
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
        return AMQ_CUCKOO_OK;
    }
    const uint64_t i2 = amq_cuckoo_kernel_alt(nb, f, i1, fp);
    //@ ghost amq_ck_bucket_in(i2, nb, b, f);
    const uint64_t t2 = amq_ck_find(w, nbits, b, f, i2, fp);
    if (t2 < b) {
        amq_ck_clear(w, nbits, b, f, i2, t2);
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

/* 1 iff s is one of path[0 .. k-1]. */
/*@ requires \valid_read(path + (0 .. k - 1));
    assigns \nothing;
    ensures \result == 1 <==> (\exists integer q; 0 <= q < k && path[q] == s);
    ensures \result == 0 || \result == 1;
*/
static int amq_ck_seen(const uint64_t *path, size_t k, uint64_t s)
{
    /*@ loop invariant 0 <= q <= k;
        loop invariant \forall integer r; 0 <= r < q ==> path[r] != s;
        loop assigns q;
        loop variant k - q;
    */
    for (size_t q = 0; q < k; q++)
        if (path[q] == s)
            return 1;
    return 0;
}

/* Ghost lemma: a slot of bucket i (i * b <= s < i * b + b) lies inside the bits. */
/*@ ghost
  /@ requires i * b <= s < i * b + b && (i * b + b) * f <= nbits && f >= 1 && i >= 0 && b >= 1;
     assigns \nothing;
     ensures s * f + f <= nbits && s <= s * f;
  @/
  static void amq_ck_slot_fits(uint64_t s, uint64_t i, uint64_t b, uint64_t f, uint64_t nbits) {
      /@ assert (s + 1) * f <= (i * b + b) * f; @/
      /@ assert s * 1 <= s * f; @/
  }
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
    ensures kept:     \forall integer j, y; 0 <= j < nb && amq_ck_fp(y, f) &&
                        amq_ck_has{Pre}(w, f, b, nb, j, y) ==> amq_ck_has(w, f, b, nb, j, y);
*/
static void amq_ck_place(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i,
                         uint64_t t, uint64_t x)
{
    (void)nb; /* nb, and i, i_next in amq_ck_step, are used by the contract only */
    //@ ghost amq_ck_slot_in_bucket(i, b, t, f, nbits);
    /*@ assert fits: i * b + t <= (i * b + t) * f; */
    amq_cuckoo_kernel_put(w, nbits, f, i * b + t, x);
    /*@ assert others: \forall integer r; 0 <= r && r != i * b + t ==> amq_ck_kept{Pre, Here}(w, f, r); */
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
    /*@ assert others: \forall integer r; 0 <= r && r != s ==> amq_ck_kept{Pre, Here}(w, f, r); */
    /*@ assert y_same: \forall integer x; amq_ck_is{Pre}(w, f, s, x) ==> amq_ck_same(y, x, f); */
    /*@ assert in_moved: \forall integer jj, x; 0 <= jj < nb && amq_ck_in{Pre}(w, f, b, jj, x) ==>
                           amq_ck_in(w, f, b, jj, x) || (jj == i && amq_ck_is{Pre}(w, f, s, x)); */
    /*@ assert cur_in: \forall integer x; amq_ck_same(cur, x, f) ==> amq_ck_in(w, f, b, i, x); */
    return y;
}

/* Commits a planned chain of K >= 1 steps ending in the empty slot e of bucket pb[K]. */
/*@ requires f_range: 1 <= f <= 32;
    requires geom:    nb >= 1 && b >= 1 && nb * b * f <= nbits;
    requires valid:   nbits >= 1 && \valid(w + (0 .. amq_words(nbits) - 1));
    requires arrays:  1 <= K <= AMQ_CUCKOO_MAX_KICKS &&
                      \valid_read(path + (0 .. K - 1)) && \valid_read(pb + (0 .. K)) &&
                      \separated(path + (0 .. K - 1), w + (0 .. amq_words(nbits) - 1)) &&
                      \separated(pb + (0 .. K), w + (0 .. amq_words(nbits) - 1));
    requires chain:   amq_ck_chain(w, f, b, nb, path, pb, K);
    requires end:     pb[K] * b <= e < pb[K] * b + b && amq_ck_empty(w, f, e);
    assigns w[0 .. amq_words(nbits) - 1];
    ensures first:    amq_ck_is(w, f, path[0], fp);
    ensures kept:     \forall integer j, x; 0 <= j < nb && amq_ck_fp(x, f) &&
                        amq_ck_has{Pre}(w, f, b, nb, j, x) ==> amq_ck_has(w, f, b, nb, j, x);
*/
static void amq_ck_commit(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t fp,
                          const uint64_t *path, const uint64_t *pb, size_t K, uint64_t e)
{
    uint64_t cur = fp;
    /*@ loop invariant bounds: 0 <= k <= K;
        loop invariant rest:   \forall integer q; k <= q < K ==> amq_ck_kept{Pre, Here}(w, f, path[q]);
        loop invariant end:    amq_ck_kept{Pre, Here}(w, f, e);
        loop invariant first:  k >= 1 ==> amq_ck_is(w, f, path[0], fp);
        loop invariant cur:    k == 0 ==> cur == fp;
        loop invariant moved:  \forall integer j, x; 0 <= j < nb && amq_ck_fp(x, f) &&
                                 amq_ck_has{Pre}(w, f, b, nb, j, x) ==>
                                 amq_ck_has_or(w, f, b, nb, j, x, cur, pb[k]);
        loop assigns k, cur, w[0 .. amq_words(nbits) - 1];
        loop variant K - k;
    */
    for (size_t k = 0; k < K; k++) {
        //@ ghost amq_ck_bucket_in(pb[k], nb, b, f);
        //@ ghost amq_ck_slot_fits(path[k], pb[k], b, f, nbits);
        /*@ assert next: \forall integer x; amq_ck_is(w, f, path[k], x) ==> pb[k + 1] == amq_ck_alt(pb[k], x, f, nb); */
        cur = amq_ck_step(w, nbits, nb, b, f, path[k], pb[k], pb[k + 1], cur);
        /*@ assert apart: \forall integer q; k < q < K ==> path[q] != path[k]; */
        /*@ assert e_apart: e != path[k]; */
    }
    //@ ghost amq_ck_bucket_in(pb[K], nb, b, f);
    //@ ghost amq_ck_slot_fits(e, pb[K], b, f, nbits);
    /*@ assert e_in: e - pb[K] * b < b; */
    amq_ck_place(w, nbits, nb, b, f, pb[K], e - pb[K] * b, cur);
}

/* Plans a kick chain from the full bucket i1 without writing, and commits it if it ends in a
 * free slot; returns AMQ_CUCKOO_FULL, every word untouched, otherwise. */
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
    uint64_t bk = i1;
    /*@ loop invariant bounds: 0 <= k <= nk && bk < nb;
        loop invariant start:  k == 0 ==> bk == i1;
        loop invariant first:  k >= 1 ==> pb[0] == i1;
        loop invariant full:   amq_ck_full(w, f, b, bk);
        loop invariant last:   k >= 1 ==> \forall integer x; amq_ck_is(w, f, path[k - 1], x) ==>
                                 bk == amq_ck_alt(pb[k - 1], x, f, nb);
        loop invariant chain:  k >= 1 ==> amq_ck_chain(w, f, b, nb, &path[0], &pb[0], k - 1);
        loop invariant slots:  k >= 1 ==> pb[k - 1] < nb && pb[k - 1] * b <= path[k - 1] < pb[k - 1] * b + b &&
                                 !amq_ck_empty(w, f, path[k - 1]) &&
                                 \forall integer q; 0 <= q < k - 1 ==> path[q] != path[k - 1];
        loop assigns k, bk, path[0 .. AMQ_CUCKOO_MAX_KICKS - 1], pb[0 .. AMQ_CUCKOO_MAX_KICKS];
        loop variant nk - k;
    */
    for (size_t k = 0; k < nk; k++) {
        //@ ghost amq_ck_bucket_in(bk, nb, b, f);
        const uint64_t s = bk * b + kicks[k];
        //@ ghost amq_ck_slot_fits(s, bk, b, f, nbits);
        if (amq_ck_seen(path, k, s) == 1)
            return AMQ_CUCKOO_FULL; /* the chain would evict a slot it has moved: refused */
        path[k] = s;
        pb[k] = bk;
        const uint64_t y = amq_cuckoo_kernel_get(w, nbits, f, s);
        //@ ghost amq_ck_alt_bits(y, f, nb);
        bk = amq_cuckoo_kernel_alt(nb, f, bk, y);
        //@ ghost amq_ck_bucket_in(bk, nb, b, f);
        const uint64_t t = amq_ck_free(w, nbits, b, f, bk);
        if (t < b) {
            pb[k + 1] = bk;
            /*@ assert chain: amq_ck_chain(w, f, b, nb, &path[0], &pb[0], k + 1); */
            amq_ck_commit(w, nbits, nb, b, f, fp, path, pb, k + 1, bk * b + t);
            /*@ assert in: amq_ck_in(w, f, b, i1, fp); */
            return AMQ_CUCKOO_OK;
        }
    }
    return AMQ_CUCKOO_FULL;
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
