/* Theorem drivers for the sliding-window Bloom kernel (lib_internal/window_kernel.h). Not part of
 * the library: WP proves these bodies against the kernel's contracts, and the same frama-c run
 * (unit `window`) proves those contracts on the compiled src/window_kernel.c and
 * src/bloom_kernel.c, with -warn-unsigned-overflow and -warn-unsigned-downcast on.
 *
 *   amq_proof_window_insert_query:    add(x); query(x) == 1.
 *   amq_proof_window_query_preserved: an add that does not rotate keeps every yes.
 *   amq_proof_window_rotation_keeps:  a rotating add keeps the yes of every vector held by a
 *                                     generation h other than the oldest one (the contract
 *                                     of the add states the rest: the oldest is cleared,
 *                                     every other generation keeps every word).
 *   amq_proof_window_nfn:             the window guarantee: add(x), then any count < (g-1)*cap
 *                                     further adds (rotations included), then query(x) == 1;
 *                                     i.e. every key among the last (g-1)*cap >= W insertions
 *                                     is found.
 *   amq_proof_window_forget:          forgetting: add(x), then any count >= g*cap - 1 further
 *                                     adds; every generation has been cleared since x, so a
 *                                     position of x that no later add names is clear
 *                                     everywhere and query(x) == 0.
 * Every driver starts from ANY state the kernel can be in (amq_window_ring_ok): what the ring holds,
 * the current generation and its fill are arbitrary; index vectors may repeat indices and may
 * equal each other or x. */
#include <lib_internal/window_kernel.h>

/* Ghost lemmas: SMT solvers do not instantiate lemmas on arithmetic terms; a ghost call states
 * the exact instance of a product fact the loop of amq_proof_window_nfn needs. */
/*@ ghost
  /@ requires life: r + c - cnt >= a0 * c;
     requires fill: cnt < c;
     requires next: (cnt + 1 == c ==> a1 == a0 + 1) && (cnt + 1 < c ==> a1 == a0);
     assigns \nothing;
     ensures rotated: cnt + 1 == c ==> r + 1 + c >= a1 * c;
     ensures filled:  cnt + 1 < c ==> r + 1 + c - (cnt + 1) >= a1 * c;
  @/
  static void amq_window_life_next(uint64_t a0, uint64_t a1, uint64_t c, uint64_t cnt, uint64_t r) { }
*/
/*@ ghost
  /@ assigns \nothing;
     ensures last: a + 1 == g ==> a * c == (g - 1) * c;
  @/
  static void amq_window_mul_last(uint64_t a, uint64_t g, uint64_t c) { }
*/

int amq_proof_window_insert_query(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                  uint64_t cap, uint64_t m, const uint64_t *x, size_t k)
    /*@ ghost (uint64_t *area, uint64_t n) */;
int amq_proof_window_query_preserved(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                     uint64_t cap, uint64_t m, const uint64_t *x, size_t k,
                                     const uint64_t *j, size_t kj)
    /*@ ghost (uint64_t *area, uint64_t n) */;
int amq_proof_window_rotation_keeps(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                    uint64_t cap, uint64_t m, const uint64_t *x, size_t k,
                                    const uint64_t *j, size_t kj)
    /*@ ghost (uint64_t *area, uint64_t n, uint64_t h) */;
int amq_proof_window_nfn(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t cap,
                         uint64_t m, const uint64_t *x, size_t k, const uint64_t *const *rows, size_t nrows)
    /*@ ghost (uint64_t *area, uint64_t n) */;
int amq_proof_window_forget(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t cap,
                            uint64_t m, const uint64_t *x, size_t k, const uint64_t *const *rows, size_t nrows)
    /*@ ghost (uint64_t *area, uint64_t n, size_t t0, uint64_t p0) */;

/*@ requires g_min:   g >= 2;
    requires m_pos:   m >= 1;
    requires ring:    amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:      amq_window_ring_ok(count, cur, g, cap);
    requires x:       amq_window_ring_vec(count, cur, g, area, n, x, k);
    requires x_range: amq_bloom_in_range(x, k, m);
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_window_insert_query(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                  uint64_t cap, uint64_t m, const uint64_t *x, size_t k)
    /*@ ghost (uint64_t *area, uint64_t n) */
{
    amq_window_kernel_add(gen, count, cur, g, cap, m, x, k) /*@ ghost (area, n) */;
    return amq_window_kernel_query(gen, g, m, x, k);
}

/*@ requires g_min:     g >= 2;
    requires m_pos:     m >= 1;
    requires ring:      amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:        amq_window_ring_ok(count, cur, g, cap);
    requires no_rotate: count[*cur] + 1 < cap;
    requires x:         amq_window_ring_vec(count, cur, g, area, n, x, k);
    requires x_range:   amq_bloom_in_range(x, k, m);
    requires j:         amq_window_ring_vec(count, cur, g, area, n, j, kj);
    requires j_range:   amq_bloom_in_range(j, kj, m);
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures preserved:  \result == 1;
*/
int amq_proof_window_query_preserved(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                     uint64_t cap, uint64_t m, const uint64_t *x, size_t k,
                                     const uint64_t *j, size_t kj)
    /*@ ghost (uint64_t *area, uint64_t n) */
{
    const int before = amq_window_kernel_query(gen, g, m, j, kj);
    amq_window_kernel_add(gen, count, cur, g, cap, m, x, k) /*@ ghost (area, n) */;
    /*@ assert j_kept: \forall integer t; 0 <= t < kj ==> j[t] == \at(j[t], Pre); */
    /*@ assert kept:   \forall integer i; 0 <= i < g ==> amq_bloom_all_set{Pre}(gen[i], j, kj) ==>
                         amq_bloom_all_set(gen[i], j, kj); */
    const int after = amq_window_kernel_query(gen, g, m, j, kj);
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 (no branch) */
}

/*@ requires g_min:   g >= 2;
    requires m_pos:   m >= 1;
    requires ring:    amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:      amq_window_ring_ok(count, cur, g, cap);
    requires rotate:  count[*cur] + 1 == cap;
    requires x:       amq_window_ring_vec(count, cur, g, area, n, x, k);
    requires x_range: amq_bloom_in_range(x, k, m);
    requires j:       amq_window_ring_vec(count, cur, g, area, n, j, kj);
    requires j_range: amq_bloom_in_range(j, kj, m);
    requires held:    h < g && !amq_window_ring_next(*cur, g, h) && amq_bloom_all_set(gen[h], j, kj);
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures kept:     \result == 1;
*/
int amq_proof_window_rotation_keeps(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                    uint64_t cap, uint64_t m, const uint64_t *x, size_t k,
                                    const uint64_t *j, size_t kj)
    /*@ ghost (uint64_t *area, uint64_t n, uint64_t h) */
{
    amq_window_kernel_add(gen, count, cur, g, cap, m, x, k) /*@ ghost (area, n) */;
    /*@ assert j_kept: \forall integer t; 0 <= t < kj ==> j[t] == \at(j[t], Pre); */
    /*@ assert mono:   amq_bloom_monotone{Pre, Here}(gen[h], amq_bloom_words(m)); */
    /*@ assert j_in:   \forall integer t; 0 <= t < kj ==> \at(j[t], Pre) < 64 * amq_bloom_words(m); */
    /*@ assert kept:   amq_bloom_all_set(gen[h], j, kj); */
    return amq_window_kernel_query(gen, g, m, j, kj);
}

/*@ // Ring distance from x's generation gx forward to the current generation c is a: the
    // number of rotations since x was added.
    predicate amq_window_age(integer c, integer gx, integer g, integer a) =
      (c >= gx ==> c - gx == a) && (c < gx ==> c + g - gx == a);
*/

/* x's own add in amq_proof_window_nfn: the kernel's contract, plus "the rows are kept" (one
 * add's frame, proved here in a small context). */
/*@ requires g_min:     g >= 2;
    requires m_pos:     m >= 1;
    requires ring:      amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:        amq_window_ring_ok(count, cur, g, cap);
    requires x:         amq_window_ring_vec(count, cur, g, area, n, x, k) && amq_bloom_in_range(x, k, m);
    requires rows:      \valid_read(rows + (0 .. nrows - 1));
    requires row_valid: \forall integer q; 0 <= q < nrows ==> \valid_read(rows[q] + (0 .. k - 1));
    requires row_sep:   \forall integer q; 0 <= q < nrows ==>
                          \separated(rows[q] + (0 .. k - 1), area + (0 .. n - 1)) &&
                          \separated(rows[q] + (0 .. k - 1), count + (0 .. g - 1)) &&
                          \separated(rows[q] + (0 .. k - 1), cur);
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures ok:         amq_window_ring_ok(count, cur, g, cap);
    ensures inserted:   amq_bloom_all_set(gen[\old(*cur)], x, k);
    ensures x_kept:     \forall integer t; 0 <= t < k ==> x[t] == \old(x[t]);
    ensures rows_kept:  \forall integer q, t; 0 <= q < nrows && 0 <= t < k ==> rows[q][t] == \old(rows[q][t]);
    ensures start:      (*cur == \old(*cur) && count[*cur] >= 1) ||
                        (amq_window_ring_next(\old(*cur), g, *cur) && count[*cur] == 0 &&
                         \forall integer p; 0 <= p < 64 * amq_bloom_words(m) ==> !amq_bloom_bit_set(gen[*cur], p));
*/
static void amq_proof_window_nfn_first(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                       uint64_t cap, uint64_t m, const uint64_t *x, size_t k)
    /*@ ghost (uint64_t *area, uint64_t n, const uint64_t *const *rows, size_t nrows) */
{
    /*@ assert rows_apart: \forall integer q, t; 0 <= q < nrows && 0 <= t < k ==>
                             \separated(rows[q] + t, area + (0 .. n - 1)) &&
                             \separated(rows[q] + t, count + (0 .. g - 1)) && \separated(rows[q] + t, cur); */
    amq_window_kernel_add(gen, count, cur, g, cap, m, x, k) /*@ ghost (area, n) */;
}

/* One add of amq_proof_window_nfn's loop, r adds after x, nrows in all (ghost: nrows, x, gx).  x's generation gx
 * is cleared only by a rotation at age g - 1, which `life` rules out: every rotation since x
 * needed cap adds.  Ghost a0 / a1: the rotations since x before / after this add (the caller
 * knows a1 in advance: the add rotates iff the current generation has one place left). */
/*@ requires g_min:   g >= 2;
    requires m_pos:   m >= 1;
    requires ring:    amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:      amq_window_ring_ok(count, cur, g, cap);
    requires rows:    \valid_read(rows + (0 .. nrows - 1));
    requires row_valid: \forall integer q; 0 <= q < nrows ==> \valid_read(rows[q] + (0 .. k - 1));
    requires row_sep: \forall integer q; 0 <= q < nrows ==>
                        \separated(rows[q] + (0 .. k - 1), area + (0 .. n - 1)) &&
                        \separated(rows[q] + (0 .. k - 1), count + (0 .. g - 1)) &&
                        \separated(rows[q] + (0 .. k - 1), cur);
    requires row:     amq_bloom_in_range(rows[r], k, m);
    requires x:       amq_window_ring_vec(count, cur, g, area, n, x, k) && amq_bloom_in_range(x, k, m);
    requires gx:      gx < g;
    requires x_set:   amq_bloom_all_set(gen[gx], x, k);
    requires age:     a0 <= g - 1 && amq_window_age(*cur, gx, g, a0);
    requires next:    (count[*cur] + 1 == cap ==> a1 == a0 + 1) && (count[*cur] + 1 < cap ==> a1 == a0);
    requires within:  r < nrows && nrows < (g - 1) * cap;
    requires life:    r + cap - count[*cur] >= a0 * cap;
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures ok:       amq_window_ring_ok(count, cur, g, cap);
    ensures x_kept:   \forall integer t; 0 <= t < k ==> x[t] == \old(x[t]);
    ensures rows_kept: \forall integer q, t; 0 <= q < nrows && 0 <= t < k ==> rows[q][t] == \old(rows[q][t]);
    ensures x_set:    amq_bloom_all_set(gen[gx], x, k);
    ensures age:      a1 <= g - 1 && amq_window_age(*cur, gx, g, a1);
    ensures life:     r + 1 + cap - count[*cur] >= a1 * cap;
*/
static void amq_proof_window_nfn_step(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                      uint64_t cap, uint64_t m, const uint64_t *const *rows, size_t r, size_t k)
    /*@ ghost (uint64_t *area, uint64_t n, size_t nrows, const uint64_t *x, uint64_t gx, uint64_t a0, uint64_t a1) */
{
    //@ ghost amq_window_mul_last(a0, g, cap);
    //@ ghost amq_window_life_next(a0, a1, cap, count[*cur], r);
    /*@ assert young: count[*cur] + 1 == cap ==> a0 < g - 1; */
    /*@ assert rows_apart: \forall integer q, t; 0 <= q < nrows && 0 <= t < k ==>
                             \separated(rows[q] + t, area + (0 .. n - 1)) &&
                             \separated(rows[q] + t, count + (0 .. g - 1)) && \separated(rows[q] + t, cur); */
    amq_window_kernel_add(gen, count, cur, g, cap, m, rows[r], k) /*@ ghost (area, n) */;
    /*@ assert x_mono: amq_bloom_monotone{Pre, Here}(gen[gx], amq_bloom_words(m)); */
    /*@ assert x_in:   \forall integer t; 0 <= t < k ==> 0 <= \at(x[t], Pre) < 64 * amq_bloom_words(m); */
    /*@ assert x_same: \forall integer t; 0 <= t < k ==> x[t] == \at(x[t], Pre); */
}

/*@ requires g_min:      g >= 2;
    requires m_pos:      m >= 1;
    requires ring:       amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:         amq_window_ring_ok(count, cur, g, cap);
    requires x:          amq_window_ring_vec(count, cur, g, area, n, x, k);
    requires x_range:    amq_bloom_in_range(x, k, m);
    requires rows_valid: \valid_read(rows + (0 .. nrows - 1));
    requires rows_sep:   \separated(rows + (0 .. nrows - 1), count + (0 .. g - 1)) &&
                         \separated(rows + (0 .. nrows - 1), cur) &&
                         \separated(rows + (0 .. nrows - 1), area + (0 .. n - 1));
    requires row_valid:  \forall integer r; 0 <= r < nrows ==> \valid_read(rows[r] + (0 .. k - 1));
    requires row_sep:    \forall integer r; 0 <= r < nrows ==>
                           \separated(rows[r] + (0 .. k - 1), area + (0 .. n - 1)) &&
                           \separated(rows[r] + (0 .. k - 1), count + (0 .. g - 1)) &&
                           \separated(rows[r] + (0 .. k - 1), cur);
    requires rows_range: \forall integer r; 0 <= r < nrows ==> amq_bloom_in_range(rows[r], k, m);
    requires within:     nrows < (g - 1) * cap;
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_window_nfn(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t cap,
                         uint64_t m, const uint64_t *x, size_t k, const uint64_t *const *rows, size_t nrows)
    /*@ ghost (uint64_t *area, uint64_t n) */
{
    /* gx (ghost): x's generation */
    //@ ghost const uint64_t gx = *cur;
    amq_proof_window_nfn_first(gen, count, cur, g, cap, m, x, k) /*@ ghost (area, n, rows, nrows) */;
    /* age (ghost) = rotations since x's add = the ring distance from gx to *cur. */
    //@ ghost uint64_t age = *cur == gx ? 0u : 1u;
    /*@ loop invariant bounds: 0 <= r <= nrows;
        loop invariant ok:     amq_window_ring_ok(count, cur, g, cap);
        loop invariant x_kept: \forall integer t; 0 <= t < k ==> x[t] == \at(x[t], Pre);
        loop invariant rows_kept: \forall integer q, t; 0 <= q < nrows && 0 <= t < k ==>
                                    rows[q][t] == \at(rows[q][t], Pre);
        loop invariant x_set:  amq_bloom_all_set(gen[gx], x, k);
        loop invariant age:    age <= g - 1 && amq_window_age(*cur, gx, g, age);
        loop invariant life:   r + cap - count[*cur] >= age * cap;
        loop assigns r, age, *cur, count[0 .. g - 1], area[0 .. n - 1];
        loop variant nrows - r;
    */
    for (size_t r = 0; r < nrows; r++) {
        //@ ghost uint64_t next_age = count[*cur] + 1u == cap ? age + 1u : age;
        amq_proof_window_nfn_step(gen, count, cur, g, cap, m, rows, r, k)
            /*@ ghost (area, n, nrows, x, gx, age, next_age) */;
        //@ ghost age = next_age;
    }
    return amq_window_kernel_query(gen, g, m, x, k);
}

/* ---------------- forgetting: after g*cap - 1 further adds, nothing older remains ---------------- */

/*@ // Generation i has been cleared since x was added to generation gx, a rotations ago: the
    // rotations cleared the generations after gx in ring order, gx itself at the g-th.
    predicate amq_window_cleared(integer i, integer gx, integer g, integer a) =
      a >= g || (i != gx && (i >= gx ==> i - gx <= a) && (i < gx ==> i + g - gx <= a));
*/

/*@ ghost
  /@ requires cnt:  cnt < c;
     requires next: (cnt + 1 == c ==> a1 == a0 + 1) && (cnt + 1 < c ==> a1 == a0);
     requires due:  r + 1 <= cnt + a0 * c;
     assigns \nothing;
     ensures rotated: cnt + 1 == c ==> r + 2 <= a1 * c;
     ensures filled:  cnt + 1 < c ==> r + 2 <= cnt + 1 + a1 * c;
  @/
  static void amq_window_due_next(uint64_t a0, uint64_t a1, uint64_t c, uint64_t cnt, uint64_t r) { }
*/
/*@ ghost
  /@ requires cnt: cnt < c;
     requires due: a + 1 <= g ==> r + 1 <= cnt + a * c;
     assigns \nothing;
     ensures early: a + 1 <= g ==> r + 2 <= g * c;
  @/
  static void amq_window_due_end(uint64_t a, uint64_t g, uint64_t c, uint64_t cnt, uint64_t r) {
      /@ assert rest: a + 1 <= g ==> (g - 1 - a) * c >= 0; @/
      /@ assert split: (g - 1) * c == a * c + (g - 1 - a) * c; @/
  }
*/

/* One add of amq_proof_window_forget's loop: r adds after x; a0 / a1 (ghost) the rotations
 * since x before / after it, counted up to g. Keeps "every generation cleared since x has bit
 * p0 clear" (no later row names p0) and "x's generation is cleared by the add r + 1 <= ...":
 * due = count[*cur] + a * cap is at least the adds made since x. */
/*@ requires g_min:     g >= 2;
    requires m_pos:     m >= 1;
    requires ring:      amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:        amq_window_ring_ok(count, cur, g, cap);
    requires rows:      \valid_read(rows + (0 .. nrows - 1));
    requires row_valid: \forall integer q; 0 <= q < nrows ==> \valid_read(rows[q] + (0 .. k - 1));
    requires row_sep:   \forall integer q; 0 <= q < nrows ==>
                          \separated(rows[q] + (0 .. k - 1), area + (0 .. n - 1)) &&
                          \separated(rows[q] + (0 .. k - 1), count + (0 .. g - 1)) &&
                          \separated(rows[q] + (0 .. k - 1), cur);
    requires row:       r < nrows && amq_bloom_in_range(rows[r], k, m);
    requires unnamed:   !amq_bloom_named(rows[r], k, p0);
    requires p0:        p0 < m;
    requires gx:        gx < g;
    requires age:       a0 <= g && (a0 < g ==> amq_window_age(*cur, gx, g, a0));
    requires next:      (a0 < g && count[*cur] + 1 == cap ==> a1 == a0 + 1) &&
                        (a0 == g || count[*cur] + 1 < cap ==> a1 == a0);
    requires due:       a0 < g ==> r + 1 <= count[*cur] + a0 * cap;
    requires clear:     \forall integer i; 0 <= i < g && amq_window_cleared(i, gx, g, a0) ==>
                          !amq_bloom_bit_set(gen[i], p0);
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures ok:         amq_window_ring_ok(count, cur, g, cap);
    ensures rows_kept:  \forall integer q, t; 0 <= q < nrows && 0 <= t < k ==> rows[q][t] == \old(rows[q][t]);
    ensures age:        a1 <= g && (a1 < g ==> amq_window_age(*cur, gx, g, a1));
    ensures due:        a1 < g ==> r + 2 <= count[*cur] + a1 * cap;
    ensures clear:      \forall integer i; 0 <= i < g && amq_window_cleared(i, gx, g, a1) ==>
                          !amq_bloom_bit_set(gen[i], p0);
*/
static void amq_proof_window_forget_step(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g,
                                         uint64_t cap, uint64_t m, const uint64_t *const *rows, size_t r,
                                         size_t k)
    /*@ ghost (uint64_t *area, uint64_t n, size_t nrows, uint64_t p0, uint64_t gx, uint64_t a0, uint64_t a1) */
{
    //@ ghost if (a0 < g) amq_window_due_next(a0, a1, cap, count[*cur], r);
    /*@ assert rows_apart: \forall integer q, t; 0 <= q < nrows && 0 <= t < k ==>
                             \separated(rows[q] + t, area + (0 .. n - 1)) &&
                             \separated(rows[q] + t, count + (0 .. g - 1)) && \separated(rows[q] + t, cur); */
    //@ ghost const uint64_t c0 = *cur;
    amq_window_kernel_add(gen, count, cur, g, cap, m, rows[r], k) /*@ ghost (area, n) */;
    /*@ assert grown: \forall integer i; 0 <= i < g && amq_window_cleared(i, gx, g, a1) ==>
                        (*cur != c0 && i == *cur) || amq_window_cleared(i, gx, g, a0); */
    /*@ assert p0_in: p0 < 64 * amq_bloom_words(m); */
    /*@ assert unnamed_here: !amq_bloom_named(rows[r], k, p0); */
    /*@ assert new_clear: *cur != c0 ==> !amq_bloom_bit_set(gen[*cur], p0); */
    /*@ assert stay: \forall integer i; 0 <= i < g && !amq_bloom_bit_set{Pre}(gen[i], p0) ==> !amq_bloom_bit_set(gen[i], p0); */
}

/* Forgetting: add x, then any nrows >= g*cap - 1 further adds; then every generation has been
 * cleared since x was added, so a position p0 that none of the later adds names has its bit
 * clear in every generation, and a vector containing p0 (x itself: x[t0] == p0) is absent.
 * With the window guarantee (amq_proof_window_nfn) this brackets when x is forgotten: not
 * before (g-1)*cap further adds, always by g*cap - 1. */
/*@ requires g_min:     g >= 2;
    requires m_pos:     m >= 1;
    requires ring:      amq_window_ring(gen, count, cur, g, amq_bloom_words(m), area, n);
    requires ok:        amq_window_ring_ok(count, cur, g, cap);
    requires x:         amq_window_ring_vec(count, cur, g, area, n, x, k) && amq_bloom_in_range(x, k, m);
    requires rows:      \valid_read(rows + (0 .. nrows - 1)) &&
                        \separated(rows + (0 .. nrows - 1), count + (0 .. g - 1)) &&
                        \separated(rows + (0 .. nrows - 1), cur) &&
                        \separated(rows + (0 .. nrows - 1), area + (0 .. n - 1));
    requires row_valid: \forall integer q; 0 <= q < nrows ==> \valid_read(rows[q] + (0 .. k - 1));
    requires row_sep:   \forall integer q; 0 <= q < nrows ==>
                          \separated(rows[q] + (0 .. k - 1), area + (0 .. n - 1)) &&
                          \separated(rows[q] + (0 .. k - 1), count + (0 .. g - 1)) &&
                          \separated(rows[q] + (0 .. k - 1), cur);
    requires row_range: \forall integer q; 0 <= q < nrows ==> amq_bloom_in_range(rows[q], k, m);
    requires x_p0:      t0 < k && x[t0] == p0;
    requires unnamed:   \forall integer q; 0 <= q < nrows ==> !amq_bloom_named(rows[q], k, p0);
    requires late:      nrows + 1 >= g * cap;
    assigns *cur, count[0 .. g - 1], area[0 .. n - 1];
    ensures forgotten:  \result == 0;
*/
int amq_proof_window_forget(uint64_t *const *gen, uint64_t *count, uint64_t *cur, uint64_t g, uint64_t cap,
                            uint64_t m, const uint64_t *x, size_t k, const uint64_t *const *rows, size_t nrows)
    /*@ ghost (uint64_t *area, uint64_t n, size_t t0, uint64_t p0) */
{
    /* gx (ghost): x's generation */
    //@ ghost const uint64_t gx = *cur;
    amq_proof_window_nfn_first(gen, count, cur, g, cap, m, x, k) /*@ ghost (area, n, rows, nrows) */;
    //@ ghost uint64_t age = *cur == gx ? 0u : 1u;
    /*@ assert only_new: \forall integer i; 0 <= i < g && amq_window_cleared(i, gx, g, age) ==> i == *cur && age == 1; */
    /*@ assert p0_in:    p0 < m && p0 < 64 * amq_bloom_words(m); */
    /*@ assert new_gen:  age == 1 ==> !amq_bloom_bit_set(gen[*cur], p0); */
    /*@ loop invariant bounds:    0 <= r <= nrows;
        loop invariant ok:        amq_window_ring_ok(count, cur, g, cap);
        loop invariant x_kept:    \forall integer t; 0 <= t < k ==> x[t] == \at(x[t], Pre);
        loop invariant rows_kept: \forall integer q, t; 0 <= q < nrows && 0 <= t < k ==>
                                    rows[q][t] == \at(rows[q][t], Pre);
        loop invariant age:       age <= g && (age < g ==> amq_window_age(*cur, gx, g, age));
        loop invariant due:       age < g ==> r + 1 <= count[*cur] + age * cap;
        loop invariant clear:     \forall integer i; 0 <= i < g && amq_window_cleared(i, gx, g, age) ==>
                                    !amq_bloom_bit_set(gen[i], p0);
        loop assigns r, age, *cur, count[0 .. g - 1], area[0 .. n - 1];
        loop variant nrows - r;
    */
    for (size_t r = 0; r < nrows; r++) {
        //@ ghost uint64_t next_age = age < g && count[*cur] + 1u == cap ? age + 1u : age;
        amq_proof_window_forget_step(gen, count, cur, g, cap, m, rows, r, k)
            /*@ ghost (area, n, nrows, p0, gx, age, next_age) */;
        //@ ghost age = next_age;
    }
    //@ ghost amq_window_due_end(age, g, cap, count[*cur], nrows);
    /*@ assert all_cleared: age == g; */
    /*@ assert x_t0:   x[t0] == p0; */
    /*@ assert absent: \forall integer i; 0 <= i < g ==> !amq_bloom_all_set(gen[i], x, k); */
    return amq_window_kernel_query(gen, g, m, x, k);
}
