/* Shift facts for the unsigned-overflow checks of every unit (-warn-unsigned-overflow).
 * The SMT solvers here have no theory of shifts; WP's range tactic proves each lemma one
 * constant shift at a time (the lemma jobs of proofs/prove.sh), and the provers then use
 * them as hypotheses for `(uint64_t)1 << s` and the like. Lemmas only; no axioms. */
#ifndef AMQ_SHIFT_LOGIC_H
#define AMQ_SHIFT_LOGIC_H

/*@
  // 2^s for s < 64: at least 1 (so 2^s - 1 does not wrap) and below 2^64.
  lemma amq_shift_shl1_u64: \forall integer s; 0 <= s < 64 ==> 1 <= (1 << s) <= 18446744073709551615;

  // 10 * 2^s for s <= 32 (the quotient filter's default slack): below 2^64.
  lemma amq_shift_shl10_u64: \forall integer s; 0 <= s <= 32 ==> (10 << s) <= 18446744073709551615;
*/
#endif
