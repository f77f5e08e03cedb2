/* ACSL logic for the quotient filter kernel (lib_internal/quotient_kernel.h).
 *
 * A table has n slots.  Slot i holds a remainder rem[i] and a metadata byte meta[i]:
 *   bit 0 is_occupied     (slot attribute: some stored fingerprint has quotient i),
 *   bit 1 is_continuation (element attribute: the element in slot i has the same quotient
 *                          as the element in slot i-1),
 *   bit 2 is_shifted      (element attribute: the element in slot i is not in slot fq).
 * A slot is used (holds an element) iff its byte is nonzero; the invariant keeps the
 * bytes below 8.  On bytes 0 .. 7 the predicates below are exactly bits 0, 1 and 2; they
 * are spelled as lists of values because linear (in)equalities are what the provers
 * handle well (div/mod terms, let alone shifts and masks, swamp them).  The C code reads
 * bits through small accessor functions whose contracts state these predicates.
 *
 * The quotient of the element in slot i is not stored: the kernel decodes it from the
 * metadata.  The logic names it through a ghost array gq (one entry per slot) that the
 * kernel maintains in ghost code; amq_quotient_inv ties gq to the metadata so tightly that
 * query's contract (result == membership) holds for every gq satisfying it.  The abstract
 * content of a table is the multiset { (gq[i], rem[i]) : slot i used }.
 *
 * The table does not wrap around: quotients index slots 0 .. 2^q - 1 and runs may spill
 * into slack slots 2^q .. n - 1.  This is what makes every predicate below linear.
 * Only definitions and lemmas that WP proves; no axioms.  Ignored by C compilers.
 *
 * The logic is split by topic, definitions apart from lemmas, in the order WP reads it:
 *   quotient_state.h          the state and its invariant (definitions)
 *   quotient_insert.h         what insert does (definitions)
 *   quotient_insert_lemmas.h  insert keeps the invariant, adds one element
 *   quotient_delete.h         what delete does (definitions)
 *   quotient_delete_lemmas.h  delete keeps the invariant, removes one element
 *   quotient_frame_lemmas.h   a write elsewhere changes none of it */
#ifndef AMQ_QUOTIENT_LOGIC_H
#define AMQ_QUOTIENT_LOGIC_H
#include <amq/quotient_state.h>
#include <amq/quotient_insert.h>
#include <amq/quotient_insert_lemmas.h>
#include <amq/quotient_delete.h>
#include <amq/quotient_delete_lemmas.h>
#include <amq/quotient_frame_lemmas.h>
#endif
