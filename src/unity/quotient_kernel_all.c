/* The quotient kernel as the library compiles it: its four proved files, included unchanged,
 * in one translation unit.  The split (steps, query, insert, delete) serves the proofs and
 * the reader; compiled apart, every metadata read in the run and cluster loops became a call
 * across files (no LTO), and adds were about 14% slower.  Here gcc can inline the steps.
 * The text compiled is the text the unit `quotient` proves (proofs/units/quotient.txt); the Makefile
 * leaves the four files out of its own list so that each is compiled once, here. */
#include "../quotient_steps.c"
#include "../quotient_kernel.c"
#include "../quotient_insert.c"
#include "../quotient_delete.c"
