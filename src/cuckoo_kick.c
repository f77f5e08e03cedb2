/* Cuckoo filter insert's bounded kick chain, the one part of insert that moves other
 * fingerprints (contract: lib_internal/cuckoo_steps.h; proof shape: src/cuckoo_ops.c's head and
 * proofs/doc/cuckoo.md).  Its own file so that each kernel file stays short (issue 24); it calls
 * the slot layer of src/cuckoo_ops.c through its contracts. */
#include <lib_internal/cuckoo_steps.h>

/*@ ghost
  // A slot that holds y holds every x with y's low f bits (stated apart: in amq_cuckoo_step_kick's
  // context neither cvc4 nor z3 found it).
  /@ assigns \nothing;
     ensures same: \forall integer s, x, y; amq_cuckoo_is(w, f, s, y) && amq_cuckoo_same(y, x, f) ==> amq_cuckoo_is(w, f, s, x);
  @/
  static void amq_cuckoo_step_is_same(const uint64_t *w, uint64_t f) { }
*/

/*@ ghost
  // Product step: two buckets whose slot ranges share a slot are one bucket.
  /@ requires b >= 1;
     assigns \nothing;
     ensures one: \forall integer s, k, j; 0 <= k && 0 <= j && amq_cuckoo_slot_of(s, k, b) && amq_cuckoo_slot_of(s, j, b) ==>
                    k == j;
  @/
  static void amq_cuckoo_step_same_bucket(uint64_t b) { }
*/

int amq_cuckoo_step_kick(uint64_t *w, uint64_t nbits, uint64_t nb, uint64_t b, uint64_t f, uint64_t i1,
                         uint64_t fp, const uint64_t *kicks, size_t nk)
{
    uint64_t path[AMQ_CUCKOO_MAX_KICKS];
    uint64_t ys[AMQ_CUCKOO_MAX_KICKS];
    uint64_t pb[AMQ_CUCKOO_MAX_KICKS + 1];
    size_t K = 0;
    uint64_t t;
    pb[0] = i1;
    /*@ assert has_slot: amq_cuckoo_has(w, f, b, nb, i1, fp) ==>
                           \exists integer s; 0 <= s && amq_cuckoo_pair_slot(s, i1, fp, f, b, nb) && amq_cuckoo_is(w, f, s, fp); */
    /*@ loop invariant bounds: 0 <= K <= nk && pb[0] == i1;
        loop invariant pbs:    \forall integer q; 0 <= q <= K ==> pb[q] < nb;
        loop invariant slots:  \forall integer q; 0 <= q < K ==> amq_cuckoo_slot_of(path[q], pb[q], b);
        loop invariant holds:  \forall integer q; 0 <= q < K ==> amq_cuckoo_is(w, f, path[q], ys[q]);
        loop invariant taken:  \forall integer q; 0 <= q < K ==> !amq_cuckoo_empty(w, f, path[q]);
        loop invariant apart:  \forall integer q, u; 0 <= q < u < K ==> path[q] != path[u];
        loop invariant next:   \forall integer q; 0 <= q < K ==> pb[q + 1] == amq_cuckoo_alt(pb[q], ys[q], f, nb);
        loop assigns K, t, path[0 .. AMQ_CUCKOO_MAX_KICKS - 1], ys[0 .. AMQ_CUCKOO_MAX_KICKS - 1],
                     pb[1 .. AMQ_CUCKOO_MAX_KICKS];
        loop variant nk - K;
    */
    for (;;) {
        t = amq_cuckoo_step_lookup(w, nbits, nb, b, f, pb[K], 0);
        if (t < b)
            break;
        /*@ assert none: \forall integer s; 0 <= s && amq_cuckoo_slot_of(s, pb[K], b) ==> !amq_cuckoo_is(w, f, s, 0); */
        if (K == nk)
            return AMQ_CUCKOO_FULL; /* out of kicks: nothing was written */
        const uint64_t s = amq_cuckoo_step_slot(nbits, nb, b, f, pb[K], kicks[K]);
        /*@ assert of: 0 <= s && amq_cuckoo_slot_of(s, pb[K], b); */
        /*@ assert not0: !amq_cuckoo_is(w, f, s, 0); */
        /*@ assert taken: !amq_cuckoo_empty(w, f, s); */
        size_t q = 0;
        /*@ loop invariant 0 <= q <= K && \forall integer u; 0 <= u < q ==> path[u] != s;
            loop assigns q;
            loop variant K - q;
        */
        while (q < K && path[q] != s)
            q++;
        if (q < K)
            return AMQ_CUCKOO_FULL; /* the chain would move a slot twice: refused, nothing written */
        //@ ghost amq_cuckoo_step_slot_fits(s, pb[K], b, f, nbits);
        path[K] = s;
        ys[K] = amq_cuckoo_kernel_get(w, nbits, f, s);
        pb[K + 1] = amq_cuckoo_kernel_alt(nb, f, pb[K], ys[K]);
        /*@ assert step: amq_cuckoo_slot_of(path[K], pb[K], b) && amq_cuckoo_is(w, f, path[K], ys[K]) &&
                         !amq_cuckoo_empty(w, f, path[K]) && pb[K + 1] < nb &&
                         pb[K + 1] == amq_cuckoo_alt(pb[K], ys[K], f, nb); */
        K++;
    }
    uint64_t d = amq_cuckoo_step_slot(nbits, nb, b, f, pb[K], t), di = pb[K];
    //@ ghost uint64_t e = d;
    /* The ghosts r, z, rb: the fingerprint z in slot d (bucket di) has its copy in slot r of
     * its other bucket rb, so d is spare (amq_cuckoo_step_move); none of them reads the plan arrays,
     * so the last move's precondition needs no fact about an index. */
    //@ ghost uint64_t r = d;
    //@ ghost uint64_t z = 0;
    //@ ghost uint64_t rb = 0;
    /*@ assert e_out: amq_cuckoo_empty(w, f, e) && \forall integer q; 0 <= q < K ==> path[q] != e; */
    /*@ assert e_in: pb[K] * b <= e < pb[K] * b + b && amq_cuckoo_slot_of(e, pb[K], b); */
    /* For `two`, here where the context is small: the free slot e held no copy of fp. */
    /*@ assert two_e: amq_cuckoo_fp(fp, f) ==> !amq_cuckoo_is{Pre}(w, f, e, fp); */
    /* For `two`, planned against the Pre words (nothing written yet): a copy of fp in a chain
     * slot path[q] means ys[q] is fp, and its buckets are fp's pair. */
    //@ ghost amq_cuckoo_step_alt_bits(fp, f, nb);
    //@ ghost amq_cuckoo_step_same_bucket(b);
    /*@ assert q_same: \forall integer q; 0 <= q < K && amq_cuckoo_is(w, f, path[q], fp) ==> amq_cuckoo_same(ys[q], fp, f); */
    /*@ assert alt_i1: 0 <= amq_cuckoo_alt(i1, fp, f, nb) < nb; */
    /*@ assert q_bucket: \forall integer q; 0 <= q < K && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) ==>
                           pb[q] == i1 || pb[q] == amq_cuckoo_alt(i1, fp, f, nb); */
    /*@ assert q_next: \forall integer q; 0 <= q < K && amq_cuckoo_same(ys[q], fp, f) ==>
                         pb[q + 1] == amq_cuckoo_alt(pb[q], fp, f, nb); */
    /*@ assert q_pair: \forall integer q; 0 <= q < K && (pb[q] == i1 || pb[q] == amq_cuckoo_alt(i1, fp, f, nb)) ==>
                         amq_cuckoo_alt(pb[q], fp, f, nb) == i1 || amq_cuckoo_alt(pb[q], fp, f, nb) == amq_cuckoo_alt(i1, fp, f, nb); */
    /*@ assert q_at: \forall integer q; 0 <= q && q + 1 < K && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) &&
                       amq_cuckoo_is(w, f, path[q], fp) ==>
                       0 <= path[q + 1] && amq_cuckoo_pair_slot(path[q + 1], i1, fp, f, b, nb) && amq_cuckoo_same(ys[q], fp, f); */
    /* For `two`, where each planned fingerprint went: ys[q] from path[q] to path[q + 1] (e for
     * the last), every other slot kept (moved_*, untouched), against the Pre state (pre). */
    /*@ loop invariant bounds: 0 <= c <= K;
        loop invariant at:     di == pb[c] && pb[c] * b <= d < pb[c] * b + b;
        loop invariant end:    c == K ==> d == e && amq_cuckoo_empty(w, f, d) && z == 0;
        loop invariant mid:    c < K ==> d == path[c] && z == ys[c] && 0 <= r && r != d &&
                                 rb == amq_cuckoo_alt(di, z, f, nb) && rb * b <= r < rb * b + b &&
                                 amq_cuckoo_is(w, f, d, z) && amq_cuckoo_is(w, f, r, z);
        loop invariant rest:   \forall integer q; 0 <= q < c ==> amq_cuckoo_is(w, f, path[q], ys[q]);
        loop invariant plan:   (\forall integer q; 0 <= q <= K ==> pb[q] < nb) &&
                               (\forall integer q; 0 <= q < K ==> pb[q] * b <= path[q] < pb[q] * b + b &&
                                  path[q] != e && pb[q + 1] == amq_cuckoo_alt(pb[q], ys[q], f, nb)) &&
                               (\forall integer q, u; 0 <= q < u < K ==> path[q] != path[u]);
        loop invariant kept:   \forall integer j, x; 0 <= j < nb && amq_cuckoo_fp(x, f) &&
                                 amq_cuckoo_has{Pre}(w, f, b, nb, j, x) ==> amq_cuckoo_has(w, f, b, nb, j, x);
        loop invariant pre:    pb[0] == i1 && amq_cuckoo_empty{Pre}(w, f, e) && pb[K] * b <= e < pb[K] * b + b &&
                               \forall integer q; 0 <= q < K ==> amq_cuckoo_is{Pre}(w, f, path[q], ys[q]);
        loop invariant moved_e: c < K ==> amq_cuckoo_is(w, f, e, ys[K - 1]);
        loop invariant moved_p: \forall integer u; c < u < K ==> amq_cuckoo_is(w, f, path[u], ys[u - 1]);
        loop invariant untouched: \forall integer s, x; 0 <= s && s != e && (\forall integer q; 0 <= q < K ==> s != path[q]) &&
                                    amq_cuckoo_is{Pre}(w, f, s, x) ==> amq_cuckoo_is(w, f, s, x);
        AMQ_CUCKOO_COUNT(loop invariant cnt_k:  c == K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) ==>
                                 amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);
        loop invariant cnt_up: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                                 amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb)) ==>
                                 amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1;
        loop invariant cnt_eq: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                                 !(amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb))) ==>
                                 amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x);)
        loop assigns c, d, di, r, z, rb, w[0 .. amq_bloom_words(nbits) - 1];
        loop variant c;
    */
    for (size_t c = K; c != 0; c--) { /* != 0, not > 0: on exit WP then knows c == 0 outright */
        //@ ghost amq_cuckoo_step_bucket_in(di, nb, b, f);
        amq_cuckoo_step_move(w, nbits, nb, b, f, di, d, ys[c - 1]) /*@ ghost (z, r, rb) */;
        /*@ assert e_first: c == K ==> amq_cuckoo_is(w, f, e, ys[K - 1]); */
        /*@ assert e_kept: c < K ==> d != e && amq_cuckoo_is(w, f, e, ys[K - 1]); */
        /*@ assert p_first: c < K ==> amq_cuckoo_is(w, f, path[c], ys[c - 1]); */
        /*@ assert p_kept: \forall integer u; c < u < K ==> path[u] != d && amq_cuckoo_is(w, f, path[u], ys[u - 1]); */
        /* The case u == c apart, written c <= u <= c: stated with u == c, Qed substitutes c for u
         * and cvc4 never relates path[c] to the goal's path[u] (it ran to the 300 s guard); so
         * written, p_c's instance at u is the goal's own atom, and p_all is case arithmetic. */
        /*@ assert p_c: \forall integer u; c <= u <= c && u < K ==> amq_cuckoo_is(w, f, path[u], ys[u - 1]); */
        /*@ assert p_all: \forall integer u; c <= u < K ==> amq_cuckoo_is(w, f, path[u], ys[u - 1]); */
#ifndef AMQ_CUCKOO_NO_COUNT
        /* The counts: ys[c - 1] now has its extra copy (its pair is pb[c - 1] / pb[c]); the
         * overwritten z = ys[c] lost the one it had (none when c == K: e was empty). */
        /*@ assert c_pair: amq_cuckoo_alt(pb[c - 1], ys[c - 1], f, nb) == di && amq_cuckoo_alt(di, ys[c - 1], f, nb) == pb[c - 1]; */
        //@ ghost amq_cuckoo_step_alt_bits(ys[c - 1], f, nb);
        //@ ghost amq_cuckoo_step_alt_bits(z, f, nb);
        /* One assert per case: in kick's context cvc4 did not split them (60 s timeouts). */
        /*@ assert k_up: c == K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, ys[c - 1], f) &&
                           (j == pb[c - 1] || j == di) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
        /*@ assert k_eq: c == K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                           !(amq_cuckoo_same(x, ys[c - 1], f) && (j == pb[c - 1] || j == di)) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
        /*@ assert m_up1: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, ys[c - 1], f) &&
                           (j == pb[c - 1] || j == di) && amq_cuckoo_same(x, z, f) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
        /*@ assert m_up2: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, ys[c - 1], f) &&
                           (j == pb[c - 1] || j == di) && !amq_cuckoo_same(x, z, f) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
        /*@ assert m_dn: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                           !(amq_cuckoo_same(x, ys[c - 1], f) && (j == pb[c - 1] || j == di)) &&
                           amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb)) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
        /*@ assert m_eq: c < K ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                           !(amq_cuckoo_same(x, ys[c - 1], f) && (j == pb[c - 1] || j == di)) &&
                           !(amq_cuckoo_same(x, z, f) && (j == di || j == amq_cuckoo_alt(di, z, f, nb))) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
        /*@ assert c_up: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, ys[c - 1], f) &&
                           (j == pb[c - 1] || j == di) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
        /*@ assert c_eq: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                           !(amq_cuckoo_same(x, ys[c - 1], f) && (j == pb[c - 1] || j == di)) ==>
                           amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
#endif
        //@ ghost r = d;
        //@ ghost z = ys[c - 1];
        //@ ghost rb = di;
        d = path[c - 1];
        di = pb[c - 1];
    }
    /* `two`, before the last write: a copy of fp in a chain slot path[q] has moved to the next
     * chain slot, in fp's pair too. */
    /*@ assert q_last: K > 0 && amq_cuckoo_same(ys[K - 1], fp, f) ==> amq_cuckoo_is(w, f, e, fp); */
    /*@ assert moved_q: \forall integer q; 0 <= q && q + 1 < K ==> amq_cuckoo_is(w, f, path[q + 1], ys[q]); */
    //@ ghost amq_cuckoo_step_is_same(w, f);
    /*@ assert q_mid: \forall integer q; 0 <= q && q + 1 < K && amq_cuckoo_same(ys[q], fp, f) ==> amq_cuckoo_is(w, f, path[q + 1], fp); */
    /*@ assert d_at: di == i1 && (K > 0 ==> d == path[0]) && (K == 0 ==> d == e); */
    //@ ghost amq_cuckoo_step_bucket_in(di, nb, b, f);
    amq_cuckoo_step_move(w, nbits, nb, b, f, di, d, fp) /*@ ghost (z, r, rb) */;
#ifndef AMQ_CUCKOO_NO_COUNT
    /* The counts: fp's class gains its copy; the overwritten z = ys[0] lost its extra one
     * (K == 0: the free slot e is written, it counted nothing).  One assert per case. */
    //@ ghost amq_cuckoo_step_alt_bits(z, f, nb);
    /*@ assert f_k_up: K == 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) ==>
                         amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
    /*@ assert f_k_eq: K == 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) ==>
                         amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
    /*@ assert f_m_up1: K > 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) &&
                          amq_cuckoo_same(x, z, f) ==> amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
    /*@ assert f_m_up2: K > 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) &&
                          !amq_cuckoo_same(x, z, f) ==> amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
    /*@ assert f_m_dn: K > 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) &&
                         amq_cuckoo_same(x, z, f) && (j == i1 || j == amq_cuckoo_alt(i1, z, f, nb)) ==> amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
    /*@ assert f_m_eq: K > 0 ==> \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) &&
                         !(amq_cuckoo_same(x, z, f) && (j == i1 || j == amq_cuckoo_alt(i1, z, f, nb))) ==> amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
    /*@ assert f_up: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) && amq_cuckoo_same(x, fp, f) &&
                       (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb)) ==>
                       amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x) + 1; */
    /*@ assert f_eq: \forall integer j, x; 0 <= j < nb && 0 <= x && amq_cuckoo_fp(x, f) &&
                       !(amq_cuckoo_same(x, fp, f) && (j == i1 || j == amq_cuckoo_alt(i1, fp, f, nb))) ==>
                       amq_cuckoo_pcnt(w, f, b, nb, j, x) == amq_cuckoo_pcnt{Pre}(w, f, b, nb, j, x); */
#endif
    /*@ assert d_fp: amq_cuckoo_is(w, f, d, fp) && i1 * b <= d < i1 * b + b && amq_cuckoo_slot_of(d, i1, b); */
    /*@ assert d_pair: 0 <= d && amq_cuckoo_pair_slot(d, i1, fp, f, b, nb); */
    /*@ assert kept_e: K > 0 && amq_cuckoo_same(ys[K - 1], fp, f) ==> amq_cuckoo_is(w, f, e, fp) && e != d; */
    /*@ assert kept_p: \forall integer q; 0 <= q && q + 1 < K && amq_cuckoo_same(ys[q], fp, f) ==>
                         amq_cuckoo_is(w, f, path[q + 1], fp) && path[q + 1] != d; */
    /*@ assert kept_u: \forall integer s; 0 <= s && s != e && (\forall integer q; 0 <= q < K ==> s != path[q]) &&
                         amq_cuckoo_is{Pre}(w, f, s, fp) ==> amq_cuckoo_is(w, f, s, fp) && s != d; */
    /*@ assert two_u: \forall integer s; 0 <= s && s != e && (\forall integer q; 0 <= q < K ==> s != path[q]) &&
                        amq_cuckoo_pair_slot(s, i1, fp, f, b, nb) && amq_cuckoo_is{Pre}(w, f, s, fp) ==>
                        amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    /*@ assert qm_at: \forall integer q; 0 <= q && q + 1 < K && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) &&
                        amq_cuckoo_is{Pre}(w, f, path[q], fp) ==>
                        0 <= path[q + 1] && amq_cuckoo_pair_slot(path[q + 1], i1, fp, f, b, nb) &&
                        amq_cuckoo_is(w, f, path[q + 1], fp) && path[q + 1] != d; */
    /*@ assert two_qm: \forall integer q; 0 <= q && q + 1 < K && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) &&
                         amq_cuckoo_is{Pre}(w, f, path[q], fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    /* The witnesses of has2 as atoms (d_pair, qe_at): cvc4 instantiates has2's existential
     * with the slots of such atoms (two_qe took 500k steps without them, 50k with). */
    /*@ assert qe_at: K > 0 && amq_cuckoo_pair_slot(path[K - 1], i1, fp, f, b, nb) && amq_cuckoo_is{Pre}(w, f, path[K - 1], fp) ==>
                        0 <= e && amq_cuckoo_pair_slot(e, i1, fp, f, b, nb) && amq_cuckoo_is(w, f, e, fp) && e != d &&
                        0 <= d && amq_cuckoo_pair_slot(d, i1, fp, f, b, nb) && amq_cuckoo_is(w, f, d, fp); */
    /*@ assert two_qe: K > 0 && amq_cuckoo_pair_slot(path[K - 1], i1, fp, f, b, nb) &&
                         amq_cuckoo_is{Pre}(w, f, path[K - 1], fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    /* two_q's case q == K - 1 apart, as a range (see p_c): with == Qed substitutes it into
     * two_qe, and cvc4 did not meet path[K - 1] with two_q's path[q] (300 s guard). */
    /*@ assert two_qk: \forall integer q; K - 1 <= q <= K - 1 && 0 <= q && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) &&
                        amq_cuckoo_is{Pre}(w, f, path[q], fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    /*@ assert two_q: \forall integer q; 0 <= q < K && amq_cuckoo_pair_slot(path[q], i1, fp, f, b, nb) &&
                        amq_cuckoo_is{Pre}(w, f, path[q], fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    /*@ assert two_all: amq_cuckoo_fp(fp, f) ==> \forall integer s; 0 <= s && amq_cuckoo_pair_slot(s, i1, fp, f, b, nb) &&
                          amq_cuckoo_is{Pre}(w, f, s, fp) ==> amq_cuckoo_has2(w, f, b, nb, i1, fp); */
    return AMQ_CUCKOO_OK;
}
