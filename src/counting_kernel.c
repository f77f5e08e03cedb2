#include <lib_internal/counting_kernel.h>

/* One body per operation, written for a width w in {4, 8}: the public functions call it
 * with a constant w, so after inlining the compiler drops the width tests, and WP proves
 * each body once, on top of the logic counter amq_counting_cell(c, w, p).  Width-specific
 * bit-twiddling lives only in the three accessors below, each with its own contract. */

/* Lemma: occurrence counts are nonnegative, grow with the prefix length and by at most
 * one per entry; an index named by idx occurs at least once, any other index never.
 * This needs induction, hence a ghost lemma function whose loop WP proves. */
/*@ ghost
  /@ requires idx_valid: \valid_read(idx + (0 .. k - 1));
     assigns \nothing;
     ensures occ_bounds:  \forall integer i, j, p; 0 <= i <= j <= k ==>
       0 <= amq_counting_occ(idx, i, p) <= amq_counting_occ(idx, j, p) <= amq_counting_occ(idx, i, p) + (j - i);
     ensures occ_named:   \forall integer t; 0 <= t < k ==> amq_counting_occ(idx, k, idx[t]) >= 1;
     ensures occ_unnamed: \forall integer p; !amq_bloom_named(idx, k, p) ==> amq_counting_occ(idx, k, p) == 0;
  @/
  static void amq_counting_occ_lemma(const uint64_t *idx, size_t k)
  {
    /@ loop invariant bounds:      0 <= n <= k;
       loop invariant occ_bounds:  \forall integer i, j, p; 0 <= i <= j <= n ==>
         0 <= amq_counting_occ(idx, i, p) <= amq_counting_occ(idx, j, p) <= amq_counting_occ(idx, i, p) + (j - i);
       loop invariant occ_named:   \forall integer t; 0 <= t < n ==> amq_counting_occ(idx, n, idx[t]) >= 1;
       loop invariant occ_unnamed: \forall integer p; !amq_bloom_named(idx, n, p) ==> amq_counting_occ(idx, n, p) == 0;
       loop assigns n;
       loop variant k - n;
    @/
    for (size_t n = 0; n < k; n++) { }
  }
*/

/*@ requires width:   amq_counting_width_ok(w);
    requires p_range: p < m;
    requires c_valid: \valid_read(c + (0 .. amq_counting_bytes(w, m) - 1));
    assigns \nothing;
    ensures value:    \result == amq_counting_cell(c, w, p);
*/
static inline unsigned amq_counting_cell_get(const uint8_t *c, unsigned w, uint64_t m, uint64_t p)
{
    (void)m; /* m is for the contract */
    if (w == 8u)
        return c[p];
    /* Select the nibble arithmetically: branching on p's parity (unpredictable for
     * hashed indices) is 2-4x slower, and gcc emits that branch even for `odd ? hi : lo`.
     * One operation per statement keeps each unsigned result visibly in range for WP. */
    const unsigned odd = (unsigned)(p % 2u), even = 1u - odd;
    const unsigned lo = c[p / 2u] % 16u, hi = c[p / 2u] / 16u;
    /*@ assert parity: odd == p % 2 && even == 1 - odd; */
    const unsigned lo_part = lo * even, hi_part = hi * odd;
    /*@ assert parts: lo_part == (odd == 0 ? lo : 0) && hi_part == (odd == 1 ? hi : 0); */
    return lo_part + hi_part;
}

/*@ requires width:   amq_counting_width_ok(w);
    requires p_range: p < m;
    requires c_valid: \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires room:    amq_counting_cell(c, w, p) < amq_counting_max(w);
    assigns c[amq_counting_byte(w, p)];
    ensures bumped:   amq_counting_cell(c, w, p) == amq_counting_cell{Pre}(c, w, p) + 1;
    ensures others:   \forall integer q; 0 <= q < m ==> q != p ==>
                        amq_counting_cell(c, w, q) == amq_counting_cell{Pre}(c, w, q);
    ensures sum:      amq_counting_sum(c, w, m) == amq_counting_sum{Pre}(c, w, m) + 1;
    ensures padding:  amq_counting_pad_same{Pre, Post}(c, w, m);
*/
static inline void amq_counting_cell_inc(uint8_t *c, unsigned w, uint64_t m, uint64_t p)
{
    (void)m; /* m bounds the ghost sum loop only */
    if (w == 8u)
        c[p] = (uint8_t)(c[p] + 1u);
    else {
        const unsigned odd = (unsigned)(p % 2u);
        /*@ assert one:     odd == 0 ==> (1u << (4u * odd)) == 1; */
        /*@ assert sixteen: odd == 1 ==> (1u << (4u * odd)) == 16; */
        const unsigned d = 1u << (4u * odd); /* 1 or 16: the unit of p's nibble, branch-free */
        /*@ assert unit:    d == (p % 2 == 0 ? 1 : 16); */
        /*@ assert no_wrap: 0 <= c[p / 2] + d <= 255; */
        c[p / 2u] = (uint8_t)(c[p / 2u] + d);
        /*@ assert byte:    c[p / 2] == \at(c[p / 2], Pre) + (p % 2 == 0 ? 1 : 16); */
        /* The padding nibble shares a byte only with counter m - 1 (even): a +1 on a low
         * nibble below 15 does not carry into it. */
        /*@ assert pad: m % 2 == 1 ==> c[m / 2] / 16 == \at(c[m / 2], Pre) / 16; */
    }
    /*@ assert bumped: amq_counting_cell(c, w, p) == amq_counting_cell{Pre}(c, w, p) + 1; */
    /*@ assert others: \forall integer q; 0 <= q < m ==> q != p ==>
                         amq_counting_cell(c, w, q) == amq_counting_cell{Pre}(c, w, q); */
    /* Sum lemma: the sum over [0, j) grows by 1 once j passes p.  This ghost loop (never
     * compiled) is the induction over j that proves it, up to j = m. */
    /*@ ghost
      /@ loop invariant bounds: 0 <= j <= m;
         loop invariant sum: amq_counting_sum(c, w, j) == amq_counting_sum{Pre}(c, w, j) + (p < j ? 1 : 0);
         loop assigns j;
         loop variant m - j;
      @/
      for (uint64_t j = 0; j < m; j++) { }
    */
}

/*@ requires width:   amq_counting_width_ok(w);
    requires p_range: p < m;
    requires c_valid: \valid(c + (0 .. amq_counting_bytes(w, m) - 1));
    requires nonzero: amq_counting_cell(c, w, p) > 0;
    assigns c[amq_counting_byte(w, p)];
    ensures dropped:  amq_counting_cell(c, w, p) == amq_counting_cell{Pre}(c, w, p) - 1;
    ensures others:   \forall integer q; 0 <= q < m ==> q != p ==>
                        amq_counting_cell(c, w, q) == amq_counting_cell{Pre}(c, w, q);
    ensures sum:      amq_counting_sum(c, w, m) == amq_counting_sum{Pre}(c, w, m) - 1;
    ensures padding:  amq_counting_pad_same{Pre, Post}(c, w, m);
*/
static inline void amq_counting_cell_dec(uint8_t *c, unsigned w, uint64_t m, uint64_t p)
{
    (void)m; /* m bounds the ghost sum loop only */
    if (w == 8u)
        c[p] = (uint8_t)(c[p] - 1u);
    else {
        const unsigned odd = (unsigned)(p % 2u);
        /*@ assert one:     odd == 0 ==> (1u << (4u * odd)) == 1; */
        /*@ assert sixteen: odd == 1 ==> (1u << (4u * odd)) == 16; */
        const unsigned d = 1u << (4u * odd); /* 1 or 16: the unit of p's nibble, branch-free */
        /*@ assert unit:    d == (p % 2 == 0 ? 1 : 16); */
        /*@ assert no_wrap: 0 <= c[p / 2] - d <= 255; */
        c[p / 2u] = (uint8_t)(c[p / 2u] - d);
        /*@ assert byte:    c[p / 2] == \at(c[p / 2], Pre) - (p % 2 == 0 ? 1 : 16); */
        /* As in amq_counting_cell_inc: a -1 on a nonzero low nibble does not borrow from it. */
        /*@ assert pad: m % 2 == 1 ==> c[m / 2] / 16 == \at(c[m / 2], Pre) / 16; */
    }
    /*@ assert dropped: amq_counting_cell(c, w, p) == amq_counting_cell{Pre}(c, w, p) - 1; */
    /*@ assert others: \forall integer q; 0 <= q < m ==> q != p ==>
                         amq_counting_cell(c, w, q) == amq_counting_cell{Pre}(c, w, q); */
    /* Sum lemma, as in amq_counting_cell_inc. */
    /*@ ghost
      /@ loop invariant bounds: 0 <= j <= m;
         loop invariant sum: amq_counting_sum(c, w, j) == amq_counting_sum{Pre}(c, w, j) - (p < j ? 1 : 0);
         loop assigns j;
         loop variant m - j;
      @/
      for (uint64_t j = 0; j < m; j++) { }
    */
}

/* The bodies: one per operation for both widths.  Their contracts are the public kernels'
 * (lib_internal/counting_kernel_w.h, read here with the width the parameter w) and requires
 * width; the public kernels at the end call them with a constant width. */
#define AMQ_CW_GENERIC
#define AMQ_CW w
#include <lib_internal/counting_kernel_w.h>
#undef AMQ_CW
#undef AMQ_CW_GENERIC

static inline void amq_counting_kernel_addw(uint8_t *c, unsigned w, uint64_t m, const uint64_t *idx, size_t k)
{
    const unsigned max = w == 8u ? 255u : 15u;
    //@ ghost amq_counting_occ_lemma(idx, k);
    /* Only the exact effect is carried; the other postconditions follow from it at the
     * end, by the occurrence lemma. */
    /*@ loop invariant bounds:      0 <= i <= k;
        loop invariant exact:       amq_counting_added{Pre, Here}(c, w, m, idx, i);
        loop invariant padding:     amq_counting_pad_same{Pre, Here}(c, w, m);
        for no_overflow: loop invariant sum: amq_counting_sum(c, w, m) == amq_counting_sum{Pre}(c, w, m) + i;
        loop assigns i, c[0 .. amq_counting_bytes(w, m) - 1];
        loop variant k - i;
    */
    for (size_t i = 0; i < k; i++) {
        const uint64_t p = idx[i];
        //@ ghost Step: ;
        /*@ assert occ_next: amq_counting_occ(idx, i + 1, p) == amq_counting_occ(idx, i, p) + 1; */
        /*@ assert occ_le:   amq_counting_occ(idx, i + 1, p) <= amq_counting_occ(idx, k, p); */
        /*@ assert now:      amq_counting_cell(c, w, p) ==
                               amq_counting_sat_add(w, amq_counting_cell{Pre}(c, w, p), amq_counting_occ(idx, i, p)); */
        /*@ for no_overflow: assert fits: amq_counting_cell{Pre}(c, w, p) + amq_counting_occ(idx, k, p) <= amq_counting_max(w); */
        /*@ for no_overflow: assert room: amq_counting_cell(c, w, p) < amq_counting_max(w); */
        /*@ assert range:    0 <= amq_counting_cell{Pre}(c, w, p) <= amq_counting_cell(c, w, p) <= amq_counting_max(w); */
        /* Sticky saturation: a counter at max stays there, so it can never reach 0 by
         * later removals, whatever was added. */
        if (amq_counting_cell_get(c, w, m, p) < max)
            amq_counting_cell_inc(c, w, m, p);
        /*@ assert stepped: amq_counting_cell(c, w, p) ==
                              amq_counting_sat_add(w, amq_counting_cell{Pre}(c, w, p), amq_counting_occ(idx, i + 1, p)); */
        /*@ assert occ_rest: \forall integer q; q != p ==> amq_counting_occ(idx, i + 1, q) == amq_counting_occ(idx, i, q); */
        /*@ assert rest:    \forall integer q; 0 <= q < m ==> q != p ==>
                              amq_counting_cell(c, w, q) == amq_counting_cell{Step}(c, w, q); */
    }
    /*@ assert named: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, w, idx[t]) == amq_counting_sat_add(w, amq_counting_cell{Pre}(c, w, idx[t]), amq_counting_occ(idx, k, idx[t])) &&
          amq_counting_occ(idx, k, idx[t]) >= 1; */
    /*@ assert unnamed: \forall integer p; 0 <= p < m ==> !amq_bloom_named(idx, k, p) ==>
          amq_counting_cell(c, w, p) == amq_counting_sat_add(w, amq_counting_cell{Pre}(c, w, p), 0); */
}

static inline int amq_counting_kernel_queryw(const uint8_t *c, unsigned w, uint64_t m, const uint64_t *idx, size_t k)
{
    /*@ loop invariant bounds: 0 <= i <= k;
        loop invariant seen:   amq_counting_present(c, w, idx, i);
        loop assigns i;
        loop variant k - i;
    */
    for (size_t i = 0; i < k; i++)
        if (amq_counting_cell_get(c, w, m, idx[i]) == 0u)
            return 0;
    return 1;
}

static inline int amq_counting_kernel_removew(uint8_t *c, unsigned w, uint64_t m, const uint64_t *idx, size_t k)
{
    const unsigned max = w == 8u ? 255u : 15u;
    //@ ghost amq_counting_occ_lemma(idx, k);
    /* Check everything before changing anything, so a refused remove is a no-op. */
    /*@ loop invariant bounds:  0 <= t <= k;
        loop invariant covered: \forall integer u; 0 <= u < t ==>
                                  amq_counting_covered_at(c, w, idx, k, u);
        loop assigns t;
        loop variant k - t;
    */
    for (size_t t = 0; t < k; t++) {
        const uint64_t p = idx[t];
        const unsigned v = amq_counting_cell_get(c, w, m, p);
        if (v == max || v >= k) /* saturated, or cannot be short: p occurs <= k times */
            continue;
        size_t n = 0;
        /*@ loop invariant bounds: 0 <= s <= k;
            loop invariant count:  n == amq_counting_occ(idx, s, p);
            loop invariant small:  n <= s;
            loop assigns s, n;
            loop variant k - s;
        */
        for (size_t s = 0; s < k; s++)
            if (idx[s] == p)
                n++;
        if (n > v) {
            /*@ assert short: !amq_counting_covered_at(c, w, idx, k, t); */
            return 1;
        }
    }
    /* As in add: carry the exact effect only. */
    /*@ loop invariant bounds:      0 <= i <= k;
        loop invariant exact:       amq_counting_removed{Pre, Here}(c, w, m, idx, i);
        loop invariant padding:     amq_counting_pad_same{Pre, Here}(c, w, m);
        for exact_sum: loop invariant sum: amq_counting_sum(c, w, m) == amq_counting_sum{Pre}(c, w, m) - i;
        loop assigns i, c[0 .. amq_counting_bytes(w, m) - 1];
        loop variant k - i;
    */
    for (size_t i = 0; i < k; i++) {
        const uint64_t p = idx[i];
        /*@ assert occ_next: amq_counting_occ(idx, i + 1, p) == amq_counting_occ(idx, i, p) + 1; */
        /*@ assert occ_le:   amq_counting_occ(idx, i + 1, p) <= amq_counting_occ(idx, k, p); */
        /*@ assert covered:  amq_counting_covered_at{Pre}(c, w, idx, k, i); */
        /*@ assert now:      amq_counting_cell(c, w, p) ==
                               amq_counting_sat_sub(w, amq_counting_cell{Pre}(c, w, p), amq_counting_occ(idx, i, p)); */
        /*@ assert range:    0 <= amq_counting_cell{Pre}(c, w, p) <= amq_counting_max(w); */
        /*@ assert sticky:   amq_counting_cell(c, w, p) == amq_counting_max(w) <==>
                               amq_counting_cell{Pre}(c, w, p) == amq_counting_max(w); */
        //@ ghost Step: ;
        if (amq_counting_cell_get(c, w, m, p) != max) /* a saturated counter has lost its count */
            amq_counting_cell_dec(c, w, m, p);
        /*@ assert stepped: amq_counting_cell(c, w, p) ==
                              amq_counting_sat_sub(w, amq_counting_cell{Pre}(c, w, p), amq_counting_occ(idx, i + 1, p)); */
        /*@ assert rest:    \forall integer q; 0 <= q < m ==> q != p ==>
                              amq_counting_cell(c, w, q) == amq_counting_cell{Step}(c, w, q); */
    }
    /*@ assert named: \forall integer t; 0 <= t < k ==>
          amq_counting_cell(c, w, idx[t]) == amq_counting_sat_sub(w, amq_counting_cell{Pre}(c, w, idx[t]), amq_counting_occ(idx, k, idx[t])) &&
          amq_counting_occ(idx, k, idx[t]) >= 1; */
    /*@ assert unnamed: \forall integer p; 0 <= p < m ==> !amq_bloom_named(idx, k, p) ==>
          amq_counting_cell(c, w, p) == amq_counting_cell{Pre}(c, w, p); */
    return 0;
}

/* The public kernels of one width, AMQ_CW (contracts: lib_internal/counting_kernel_w.h), generated
 * for 8 and 4 bits from one text, as their contracts are. */
#define AMQ_COUNTING_KERNELS                                                                 \
    void AMQ_CW_FN(amq_counting_kernel_add)(uint8_t *c, uint64_t m, const uint64_t *idx,     \
                                            size_t k)                                        \
    {                                                                                        \
        amq_counting_kernel_addw(c, (unsigned)AMQ_CW, m, idx, k);                        \
    }                                                                                        \
    int AMQ_CW_FN(amq_counting_kernel_query)(const uint8_t *c, uint64_t m, const uint64_t *idx, \
                                             size_t k)                                       \
    {                                                                                        \
        return amq_counting_kernel_queryw(c, (unsigned)AMQ_CW, m, idx, k);               \
    }                                                                                        \
    int AMQ_CW_FN(amq_counting_kernel_remove)(uint8_t *c, uint64_t m, const uint64_t *idx,   \
                                              size_t k)                                      \
    {                                                                                        \
        return amq_counting_kernel_removew(c, (unsigned)AMQ_CW, m, idx, k);              \
    }

#define AMQ_CW 8
AMQ_COUNTING_KERNELS
#undef AMQ_CW
#define AMQ_CW 4
AMQ_COUNTING_KERNELS
#undef AMQ_CW
