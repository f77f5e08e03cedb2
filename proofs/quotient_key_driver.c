/* Theorem drivers for the key-level quotient filter (lib_internal/quotient_key.h): the functions
 * that src/quotient.c's amq_quotient_add, _query and _remove run, over the hash model.  Not
 * part of the library: WP proves these bodies against the contracts that unit quotient_key
 * proves on src/quotient_key.c (and unit quotient on the kernel).
 *
 * Every driver starts from ANY table a filter can hold (amq_quotient_key_table: the kernel's
 * invariant, any parameters the filter accepts, any fill, full included); gq is the kernel's
 * ghost quotient array.  Keys may be equal, overlap or be empty, and two keys may share a
 * fingerprint (the same quotient and remainder).
 *
 *   insert_query     (a) add(x) succeeds ==> query(x) == 1.
 *   query_preserved  (b) query(x) == 1 before add(y) ==> query(x) == 1 after (y any key; the
 *                    add may fail or be refused).
 *   nfn              (b) add(x) succeeds, then any number of adds of any keys (any may fail,
 *                    some may be x again) ==> query(x) == 1.
 *   remove_other     (b) query(x) == 1 before remove(y) ==> after, for a key y whose
 *                    fingerprint (quotient, remainder) differs from x's; y need not be stored.
 *   remove_added     (b) query(x) == 1, then a successful add(y), then remove(y): the remove
 *                    succeeds and query(x) == 1, for ANY y: y may be x or share x's
 *                    fingerprint (the add stored a second copy, the remove takes one).
 *   remove_earlier   (b) add(y) succeeds, then add(x) succeeds, then remove(y): the remove
 *                    succeeds and query(x) == 1, for ANY y (Ceramist's Theorem 11 at the key
 *                    level: y may share x's fingerprint, the two adds stored two copies).
 *   nfn_mixed        (b) add(x) succeeds, then any sequence of adds of any keys and removes
 *                    of keys whose fingerprint differs from x's ==> query(x) == 1.
 *   failed_add       (c) an add that fails (AMQ_E_FULL) leaves the count, the stored
 *                    fingerprints and so every query answer as they were.
 *   refused_add      (c) an add of a NULL key with len > 0 fails and writes nothing.
 *   full             a full table (count == nslots) refuses every add: AMQ_E_FULL.
 * Not proved: through a sequence of adds and removes in any order where removes may take
 * copies of x's fingerprint (it needs copy counts; remove_added and remove_earlier are its
 * one-remove cases); a remove of a key sharing x's fingerprint
 * when only one copy is stored does lose x (tests/test_quotient.c, shared_fingerprint).
 * A key must not lie in the table's own memory (sep_*): an add would change the key. */
#include <stddef.h>
#include <lib_internal/quotient_key.h>

int amq_proof_quotient_key_insert_query(amq_qf *qf, uint64_t seed, const void *x, size_t xlen)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_key_query_preserved(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const void *y,
                                     size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_key_nfn(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const void *const *keys,
                         const size_t *lens, size_t count) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_key_remove_other(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const void *y,
                                  size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_key_remove_added(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const void *y,
                                  size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_key_remove_earlier(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const void *y,
                                          size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_key_nfn_mixed(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const unsigned char *ops,
                               const void *const *keys, const size_t *lens, size_t count)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_key_failed_add(amq_qf *qf, uint64_t seed, const void *y, size_t ylen, const void *z,
                                size_t zlen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_key_refused_add(amq_qf *qf, uint64_t seed, size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;
int amq_proof_quotient_key_full(amq_qf *qf, uint64_t seed, const void *y, size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */;

/*@ predicate amq_quotient_key_sep{L}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq, char *key, integer len) =
      \separated(key + (0 .. len - 1), qf, rem + (0 .. qf->nslots - 1), meta + (0 .. qf->nslots - 1),
                 gq + (0 .. qf->nslots - 1));
    // a key argument: refused (NULL with len > 0), or readable outside the table
    predicate amq_quotient_key_arg{L}(amq_qf *qf, uint64_t *rem, uint8_t *meta, uint64_t *gq, char *key, integer len) =
      (key == \null && len > 0) || (\valid_read(key + (0 .. len - 1)) && amq_quotient_key_sep(qf, rem, meta, gq, key, len));
    // a key argument as add and remove take it: refused (NULL with len > 0), or readable
    predicate amq_quotient_key_in(char *key, integer len) =
      (key == \null && len > 0) || \valid_read(key + (0 .. len - 1));
*/

/*@ requires table: amq_quotient_key_table(qf, rem, meta, gq);
    requires x_valid: \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:   amq_quotient_key_sep(qf, rem, meta, gq, (char *)x, xlen);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures inserted_found: \result == 1;
*/
int amq_proof_quotient_key_insert_query(amq_qf *qf, uint64_t seed, const void *x, size_t xlen)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const amq_status added = amq_quotient_key_add(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */;
    const int found = amq_quotient_key_query(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */;
    return (added != AMQ_OK) | (found == 1); /* no branch: both are proved, none is dead code */
}

/*@ requires table:   amq_quotient_key_table(qf, rem, meta, gq);
    requires x_valid: \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:   amq_quotient_key_sep(qf, rem, meta, gq, (char *)x, xlen);
    requires y_arg:   amq_quotient_key_arg(qf, rem, meta, gq, (char *)y, ylen);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures preserved: \result == 1;
*/
int amq_proof_quotient_key_query_preserved(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const void *y,
                                     size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int before = amq_quotient_key_query(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */;
    (void)amq_quotient_key_add(qf, seed, y, ylen) /*@ ghost (rem, meta, gq) */;
    const int after = amq_quotient_key_query(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */;
    return before <= after; /* before, after in {0, 1}: before == 1 ==> after == 1 */
}

/* One step of a sequence: add(y) (op 0) or remove(y) (op != 0) for a y whose fingerprint
 * differs from x's; x stays stored either way. */
/*@ requires table:  amq_quotient_key_table(qf, rem, meta, gq);
    requires sep_x:  amq_quotient_key_sep(qf, rem, meta, gq, (char *)x, xlen);
    requires y_in:   amq_quotient_key_in((char *)y, ylen);
    requires other:  op != 0 ==> (y == \null && ylen > 0) ||
                       !amq_quotient_key_same(qf->q, qf->r, seed, (char *)x, xlen, (char *)y, ylen);
    requires stored: amq_quotient_key_has{Here, Here}(qf, rem, meta, gq, qf->q, qf->r, seed, (char *)x, xlen);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures kept:   amq_quotient_key_kept{Pre, Post}(qf, rem, meta, gq);
    ensures stored: amq_quotient_key_has{Post, Pre}(qf, rem, meta, gq, qf->q, qf->r, seed, (char *)x, xlen);
*/
static void amq_proof_quotient_key_step(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, unsigned char op,
                                  const void *y, size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    (void)x; (void)xlen; /* for the contract */
    if (op == 0u)
        (void)amq_quotient_key_add(qf, seed, y, ylen) /*@ ghost (rem, meta, gq) */;
    else
        (void)amq_quotient_key_remove(qf, seed, y, ylen) /*@ ghost (rem, meta, gq) */;
}

/*@ requires table:      amq_quotient_key_table(qf, rem, meta, gq);
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:      amq_quotient_key_sep(qf, rem, meta, gq, (char *)x, xlen);
    requires rows_valid: \valid_read(keys + (0 .. count - 1)) && \valid_read(lens + (0 .. count - 1));
    requires sep_rows:   \separated(keys + (0 .. count - 1), qf, rem + (0 .. qf->nslots - 1),
                                    meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1)) &&
                         \separated(lens + (0 .. count - 1), qf, rem + (0 .. qf->nslots - 1),
                                    meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1));
    requires row_arg:    \forall integer i; 0 <= i < count ==> amq_quotient_key_arg(qf, rem, meta, gq, (char *)keys[i], lens[i]);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_quotient_key_nfn(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const void *const *keys,
                         const size_t *lens, size_t count) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (amq_quotient_key_add(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */ != AMQ_OK)
        return 1; /* x was not added: nothing to show */
    //@ ghost uint64_t n = qf->nslots;
    /*@ loop invariant bounds: 0 <= i <= count;
        loop invariant kept:   amq_quotient_key_kept{Pre, Here}(qf, rem, meta, gq);
        loop invariant n:      n == qf->nslots;
        loop invariant rows:   \forall integer j; 0 <= j < count ==> amq_quotient_key_in((char *)keys[j], lens[j]);
        loop invariant stored: amq_quotient_key_has{Here, Pre}(qf, rem, meta, gq, qf->q, qf->r, seed, (char *)x, xlen);
        loop assigns i, qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. n - 1], meta[0 .. n - 1], gq[0 .. n - 1];
        loop variant count - i;
    */
    for (size_t i = 0; i < count; i++)
        amq_proof_quotient_key_step(qf, seed, x, xlen, 0u, keys[i], lens[i]) /*@ ghost (rem, meta, gq) */;
    return amq_quotient_key_query(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */;
}

/*@ requires table:   amq_quotient_key_table(qf, rem, meta, gq);
    requires x_valid: \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:   amq_quotient_key_sep(qf, rem, meta, gq, (char *)x, xlen);
    requires y_arg:   amq_quotient_key_arg(qf, rem, meta, gq, (char *)y, ylen);
    requires other:   (y == \null && ylen > 0) ||
                      !amq_quotient_key_same(qf->q, qf->r, seed, (char *)x, xlen, (char *)y, ylen);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures kept: \result == 1;
*/
int amq_proof_quotient_key_remove_other(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const void *y,
                                  size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int before = amq_quotient_key_query(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */;
    (void)amq_quotient_key_remove(qf, seed, y, ylen) /*@ ghost (rem, meta, gq) */;
    const int after = amq_quotient_key_query(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */;
    return before <= after;
}

/*@ requires table:   amq_quotient_key_table(qf, rem, meta, gq);
    requires x_valid: \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:   amq_quotient_key_sep(qf, rem, meta, gq, (char *)x, xlen);
    requires y_valid: \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_y:   amq_quotient_key_sep(qf, rem, meta, gq, (char *)y, ylen);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures kept: \result == 1;
*/
int amq_proof_quotient_key_remove_added(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const void *y,
                                  size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int before = amq_quotient_key_query(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */;
    if (amq_quotient_key_add(qf, seed, y, ylen) /*@ ghost (rem, meta, gq) */ != AMQ_OK)
        return 1; /* y was not added: nothing to show */
    const amq_status removed = amq_quotient_key_remove(qf, seed, y, ylen) /*@ ghost (rem, meta, gq) */;
    const int after = amq_quotient_key_query(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */;
    return (before <= after) & (removed == AMQ_OK);
}

/*@ requires table:   amq_quotient_key_table(qf, rem, meta, gq);
    requires x_valid: \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:   amq_quotient_key_sep(qf, rem, meta, gq, (char *)x, xlen);
    requires y_valid: \valid_read((char *)y + (0 .. ylen - 1));
    requires sep_y:   amq_quotient_key_sep(qf, rem, meta, gq, (char *)y, ylen);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures theorem_11: \result == 1;
*/
int amq_proof_quotient_key_remove_earlier(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const void *y,
                                          size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (amq_quotient_key_add(qf, seed, y, ylen) /*@ ghost (rem, meta, gq) */ != AMQ_OK)
        return 1; /* y was not added: nothing to show */
    if (amq_quotient_key_add(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */ != AMQ_OK)
        return 1; /* x was not added: nothing to show */
    const amq_status removed = amq_quotient_key_remove(qf, seed, y, ylen) /*@ ghost (rem, meta, gq) */;
    const int found = amq_quotient_key_query(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */;
    return (removed == AMQ_OK) & (found == 1);
}

/*@ requires table:      amq_quotient_key_table(qf, rem, meta, gq);
    requires x_valid:    \valid_read((char *)x + (0 .. xlen - 1));
    requires sep_x:      amq_quotient_key_sep(qf, rem, meta, gq, (char *)x, xlen);
    requires rows_valid: \valid_read(ops + (0 .. count - 1)) && \valid_read(keys + (0 .. count - 1)) &&
                         \valid_read(lens + (0 .. count - 1));
    requires sep_rows:   \separated(ops + (0 .. count - 1), qf, rem + (0 .. qf->nslots - 1),
                                    meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1)) &&
                         \separated(keys + (0 .. count - 1), qf, rem + (0 .. qf->nslots - 1),
                                    meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1)) &&
                         \separated(lens + (0 .. count - 1), qf, rem + (0 .. qf->nslots - 1),
                                    meta + (0 .. qf->nslots - 1), gq + (0 .. qf->nslots - 1));
    requires row_arg:    \forall integer i; 0 <= i < count ==> amq_quotient_key_arg(qf, rem, meta, gq, (char *)keys[i], lens[i]);
    requires other:      \forall integer i; 0 <= i < count ==> ops[i] != 0 ==>
                           (keys[i] == \null && lens[i] > 0) ||
                           !amq_quotient_key_same(qf->q, qf->r, seed, (char *)x, xlen, (char *)keys[i], lens[i]);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures no_false_negative: \result == 1;
*/
int amq_proof_quotient_key_nfn_mixed(amq_qf *qf, uint64_t seed, const void *x, size_t xlen, const unsigned char *ops,
                               const void *const *keys, const size_t *lens, size_t count)
    /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    if (amq_quotient_key_add(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */ != AMQ_OK)
        return 1; /* x was not added: nothing to show */
    //@ ghost uint64_t n = qf->nslots;
    /*@ loop invariant bounds: 0 <= i <= count;
        loop invariant kept:   amq_quotient_key_kept{Pre, Here}(qf, rem, meta, gq);
        loop invariant n:      n == qf->nslots;
        loop invariant rows:   \forall integer j; 0 <= j < count ==>
                                 amq_quotient_key_in((char *)\at(keys[j], Pre), \at(lens[j], Pre));
        loop invariant others: \forall integer j; 0 <= j < count ==> \at(ops[j], Pre) != 0 ==>
                                 (\at(keys[j], Pre) == \null && \at(lens[j], Pre) > 0) ||
                                 !amq_quotient_key_same{Pre}(\at(qf->q, Pre), \at(qf->r, Pre), seed, (char *)x, xlen,
                                                             (char *)\at(keys[j], Pre), \at(lens[j], Pre));
        loop invariant ops:    \forall integer j; 0 <= j < count ==> ops[j] == \at(ops[j], Pre);
        loop invariant keys:   \forall integer j; 0 <= j < count ==> keys[j] == \at(keys[j], Pre);
        loop invariant lens:   \forall integer j; 0 <= j < count ==> lens[j] == \at(lens[j], Pre);
        loop invariant stored: amq_quotient_key_has{Here, Pre}(qf, rem, meta, gq, qf->q, qf->r, seed, (char *)x, xlen);
        loop assigns i, qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. n - 1], meta[0 .. n - 1], gq[0 .. n - 1];
        loop variant count - i;
    */
    for (size_t i = 0; i < count; i++)
        amq_proof_quotient_key_step(qf, seed, x, xlen, ops[i], keys[i], lens[i]) /*@ ghost (rem, meta, gq) */;
    return amq_quotient_key_query(qf, seed, x, xlen) /*@ ghost (rem, meta, gq) */;
}

/*@ requires table:   amq_quotient_key_table(qf, rem, meta, gq);
    requires y_arg:   amq_quotient_key_arg(qf, rem, meta, gq, (char *)y, ylen);
    requires z_valid: \valid_read((char *)z + (0 .. zlen - 1));
    requires sep_z:   amq_quotient_key_sep(qf, rem, meta, gq, (char *)z, zlen);
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures same: \result == 1;
*/
int amq_proof_quotient_key_failed_add(amq_qf *qf, uint64_t seed, const void *y, size_t ylen, const void *z,
                                size_t zlen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    const int before = amq_quotient_key_query(qf, seed, z, zlen) /*@ ghost (rem, meta, gq) */;
    if (amq_quotient_key_add(qf, seed, y, ylen) /*@ ghost (rem, meta, gq) */ == AMQ_OK)
        return 1; /* nothing to show: the add succeeded */
    /*@ assert unchanged: qf->count == \at(qf->count, Pre); */
    const int after = amq_quotient_key_query(qf, seed, z, zlen) /*@ ghost (rem, meta, gq) */;
    return before == after;
}

/*@ requires table:   amq_quotient_key_table(qf, rem, meta, gq);
    requires len_pos: ylen > 0;
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures failed:    \result == 1;
    ensures unchanged: qf->count == \old(qf->count) && amq_quotient_same{Pre, Post}(rem, meta, gq, qf->nslots);
*/
int amq_proof_quotient_key_refused_add(amq_qf *qf, uint64_t seed, size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    return amq_quotient_key_add(qf, seed, NULL, ylen) /*@ ghost (rem, meta, gq) */ == AMQ_E_INVALID_ARG;
}

/*@ requires table:   amq_quotient_key_table(qf, rem, meta, gq);
    requires full:    qf->count == qf->nslots;
    requires y_valid: \valid_read((char *)y + (0 .. ylen - 1));
    assigns qf->count, AMQ_QUOTIENT_SLOTS_WORDS(qf->slots), rem[0 .. qf->nslots - 1], meta[0 .. qf->nslots - 1], gq[0 .. qf->nslots - 1];
    ensures refused: \result == 1;
    ensures count:   qf->count == \old(qf->count);
*/
int amq_proof_quotient_key_full(amq_qf *qf, uint64_t seed, const void *y, size_t ylen) /*@ ghost (uint64_t \ghost *rem, uint8_t \ghost *meta, uint64_t \ghost *gq) */
{
    return amq_quotient_key_add(qf, seed, y, ylen) /*@ ghost (rem, meta, gq) */ == AMQ_E_FULL;
}
