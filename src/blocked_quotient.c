/* Blocked quotient filter (amq/blocked_quotient.h) over the proved blocked quotient kernel
 * (lib_internal/blocked_quotient_kernel.h).  The tables of all blocks lie side by side in one
 * compact slot store (lib_internal/quotient_slots.h): block b's slots are [b * nslots,
 * (b + 1) * nslots), its count counts[b].  nslots is 2^q + slack rounded up to a multiple of
 * 4 (the kernel no longer needs it: it reads the whole store at slot b * nslots + i; the key
 * level's amq_blocked_quotient_store_all still states it).
 *
 * File (container type AMQ_TYPE_BLOCKED_QUOTIENT).  Parameters, six u64 little-endian:
 * nblocks, home slots per block (2^q), r, 3 (a fixed value: the hashing strategy number
 * the one-type amq_blocked wrote there; fingerprints use no strategy), seed, slack.
 * Payload: the stored fingerprints, not the tables: u64 count N, then N records (u64 block,
 * u64 quotient, u64 remainder), blocks in order and each block in slot order.  Loading
 * re-inserts them through the proved kernel, so a loaded table is always one the kernel
 * built, whatever the file says.  Files of the one-type amq_blocked are these. */
#include <lib_internal/fail.h>
#include <amq/blocked_quotient.h>
#include <lib_internal/blocked_check.h>
#include <lib_internal/blocked_block.h>
#include <lib_internal/blocked_layer.h>
#include <lib_internal/blocked_quotient_kernel.h>
#include <lib_internal/blocked_quotient_key.h>
#include <lib_internal/blocked_state.h>
#include <lib_internal/container.h>
#include <amq/spec_blocked.h>
#include <stdlib.h>
#include <string.h>
#include <lib_internal/null_rule.h>

#define NAME "blocked-quotient"
#define PARAMS 48u
#define FIXED_FIELD 3u /* parameter field 24 */
#define RECORD 24u

uint64_t amq_blocked_quotient_block_slots(uint64_t q, uint64_t slack)
{
    const uint64_t n = (UINT64_C(1) << q) + slack;
    return n + (4u - n % 4u) % 4u;
}

struct amq_blocked_quotient {
    uint64_t nblocks, q, r, slack, nslots, seed;
    uint64_t *counts;        /* stored fingerprints per block   */
    amq_quotient_slots st;   /* nblocks * nslots slots         */
};

static amq_status check(uint64_t nblocks, uint64_t q, uint64_t r, uint64_t slack)
{
    if (nblocks == 0)
        return amq_fail(AMQ_E_INVALID_M, NAME ": needs at least one block");
    if (q == 0 || q > AMQ_BLOCKED_QUOTIENT_MAX_Q)
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": q = %llu quotient bits per block must be in [1, %u]",
                        (unsigned long long)q, AMQ_BLOCKED_QUOTIENT_MAX_Q);
    if (r == 0 || r > 64 - q)
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": r = %llu remainder bits: need r >= 1 and q + r <= 64 (q = %llu)",
                        (unsigned long long)r, (unsigned long long)q);
    const uint64_t home = UINT64_C(1) << q;
    if (slack > home)
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": slack %llu exceeds the %llu home slots of a block",
                        (unsigned long long)slack, (unsigned long long)home);
    if (nblocks > (SIZE_MAX / 16) / (home + slack + 3) || nblocks * (home + slack + 3) > AMQ_QUOTIENT_SLOTS_MAX)
        return amq_fail(AMQ_E_OVERFLOW, NAME ": %llu blocks of %llu slots do not fit in memory",
                        (unsigned long long)nblocks, (unsigned long long)(home + slack));
    return AMQ_OK;
}

amq_status amq_blocked_quotient_create(amq_blocked_quotient **out, uint64_t nblocks, uint64_t q, uint64_t r,
                                       uint64_t slack, uint64_t seed)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, NAME ": NULL output pointer");
    amq_status s = check(nblocks, q, r, slack);
    if (s != AMQ_OK)
        return s;
    const uint64_t nslots = amq_blocked_quotient_block_slots(q, slack), n = nblocks * nslots, rb = amq_quotient_slots_rem_bytes(r);
    const uint64_t w16 = amq_quotient_slots_rem16_words(rb, n), w32 = amq_quotient_slots_rem32_words(rb, n);
    amq_blocked_quotient *b = malloc(sizeof *b);
    uint64_t *counts = calloc((size_t)nblocks, sizeof(uint64_t));
    amq_quotient_slots st = {.n = n, .rbytes = rb};
    st.rem16 = w16 ? calloc((size_t)w16, sizeof(uint16_t)) : NULL;
    st.rem32 = w32 ? calloc((size_t)w32, sizeof(uint32_t)) : NULL;
    st.meta = calloc((size_t)amq_quotient_slots_meta_words(n), sizeof(uint16_t));
    if (!b || !counts || (w16 && !st.rem16) || (w32 && !st.rem32) || !st.meta) {
        free(b);
        free(counts);
        free(st.rem16);
        free(st.rem32);
        free(st.meta);
        return amq_fail(AMQ_E_NOMEM, NAME ": cannot allocate %llu blocks of %llu slots", (unsigned long long)nblocks,
                        (unsigned long long)nslots);
    }
    *b = (amq_blocked_quotient){.nblocks = nblocks, .q = q, .r = r, .slack = slack, .nslots = nslots,
                                .seed = seed, .counts = counts, .st = st};
    *out = b;
    return AMQ_OK;
}

uint64_t amq_blocked_quotient_default_slack(uint64_t q)
{
    const uint64_t home = q >= 1 && q <= AMQ_BLOCKED_QUOTIENT_MAX_Q ? UINT64_C(1) << q : 2;
    return home / 2 > 16 ? home / 2 : (home < 16 ? home : 16);
}

void amq_blocked_quotient_free(amq_blocked_quotient *b)
{
    if (b) {
        free(b->counts);
        free(b->st.rem16);
        free(b->st.rem32);
        free(b->st.meta);
        free(b);
    }
}

/* The key's block, quotient and remainder: the proved place of lib_internal/blocked_quotient_key.h
 * (the top q + r bits of the key's XXH3-64, quotient first; the block from the salted hash). */
void amq_blocked_quotient_locate(const amq_blocked_quotient *b, const void *key, size_t len, uint64_t *block,
                                 uint64_t *qr)
{
    amq_blocked_quotient_key_place(b->nblocks, b->q, b->r, b->seed, key, len, block, &qr[0], &qr[1]);
}

/* 0 stored, 1 the block is full, 2 no free slot at or after the quotient; on 1 and 2 the
 * filter is unchanged (the kernel's contract).  For the loader's records. */
static int insert(amq_blocked_quotient *b, uint64_t block, const uint64_t *qr)
{
    return amq_blocked_quotient_kernel_insert(b->st, b->counts, b->nslots, b->q, b->r, block, qr[0],
                                              qr[1]);
}

/* The key's place and the kernel: amq_blocked_quotient_key_add (proved, unit
 * blocked_quotient_key); here only the NULL checks and the message. */
amq_status amq_blocked_quotient_add(amq_blocked_quotient *b, const void *key, size_t len)
{
    if (!b || (!key && len))
        return amq_fail(AMQ_E_INVALID_ARG, NAME " add: NULL filter or key");
    const int st = amq_blocked_quotient_key_add(b->st, b->counts, b->nblocks, b->nslots, b->q, b->r,
                                                b->seed, key, len);
    uint64_t block, qr[2];
    if (st != 0) { /* the key's block, for the message only */
        amq_blocked_quotient_locate(b, key, len, &block, qr);
        return amq_fail(AMQ_E_FULL, NAME " add: block %llu is %s; nothing changed", (unsigned long long)block,
                        st == 1 ? "full" : "out of slack slots after the key's quotient");
    }
    return AMQ_OK;
}

int amq_blocked_quotient_query(const amq_blocked_quotient *b, const void *key, size_t len)
{
    if (!b || (!key && len))
        return amq_query_refused("amq_blocked_quotient_query");
    return amq_blocked_quotient_key_query(b->st, b->counts, b->nblocks, b->nslots, b->q, b->r, b->seed,
                                          key, len);
}

/* The proved batch (lib_internal/blocked_quotient_key.h, unit blocked_quotient_key). */
void amq_blocked_quotient_query_batch(const amq_blocked_quotient *b, const void *const *keys, const size_t *lens,
                                      size_t count, int *results)
{
    if (amq_query_batch_refused(b, keys, lens, count, results, "amq_blocked_quotient_query_batch"))
        return;
    amq_blocked_quotient_key_query_batch(b->st, b->counts, b->nblocks, b->nslots, b->q, b->r, b->seed, keys,
                                         lens, count, results);
}

amq_status amq_blocked_quotient_remove(amq_blocked_quotient *b, const void *key, size_t len)
{
    if (!b || (!key && len))
        return amq_fail(AMQ_E_INVALID_ARG, NAME " remove: NULL filter or key");
    if (amq_blocked_quotient_key_remove(b->st, b->counts, b->nblocks, b->nslots, b->q, b->r, b->seed, key,
                                        len))
        return amq_fail(AMQ_E_NOT_PRESENT, NAME " remove: key not present (its fingerprint is not stored in its "
                                           "block); nothing changed");
    return AMQ_OK;
}

void amq_blocked_quotient_clear(amq_blocked_quotient *b)
{
    if (!b)
        return;
    memset(b->counts, 0, (size_t)b->nblocks * sizeof(uint64_t));
    memset(b->st.meta, 0, (size_t)amq_quotient_slots_meta_words(b->st.n) * sizeof *b->st.meta);
}

uint64_t amq_blocked_quotient_count(const amq_blocked_quotient *b)
{
    if (!b)
        return 0;
    uint64_t c = 0;
    for (uint64_t i = 0; i < b->nblocks; i++)
        c += b->counts[i];
    return c;
}

/* A copy sits right after its twin in the same run (runs are sorted by remainder). */
uint64_t amq_blocked_quotient_distinct(const amq_blocked_quotient *b)
{
    uint64_t d = 0;
    const uint64_t slots = b->nblocks * b->nslots;
    for (uint64_t i = 0; i < slots; i++) {
        const uint8_t m = amq_quotient_slots_meta(b->st, i);
        d += m != 0 && !((m & AMQ_QF_CONTINUATION) && i % b->nslots != 0 &&
                         amq_quotient_slots_rem(b->st, i) == amq_quotient_slots_rem(b->st, i - 1));
    }
    return d;
}

uint64_t amq_blocked_quotient_nblocks(const amq_blocked_quotient *b) { return b ? b->nblocks : 0; }
uint64_t amq_blocked_quotient_q(const amq_blocked_quotient *b) { return b ? b->q : 0; }
uint64_t amq_blocked_quotient_r(const amq_blocked_quotient *b) { return b ? b->r : 0; }
uint64_t amq_blocked_quotient_slack(const amq_blocked_quotient *b) { return b ? b->slack : 0; }
uint64_t amq_blocked_quotient_seed(const amq_blocked_quotient *b) { return b ? b->seed : 0; }

/* ---- persistence ---- */

/* Appends the records of one block (a table the kernel built) to out: slots in order, each
 * run's quotient taken from the queue of occupied home slots of its cluster. */
static uint8_t *block_records(const amq_blocked_quotient *b, uint64_t blk, uint8_t *out, uint64_t *queue)
{
    const uint64_t base = blk * b->nslots;
    uint64_t head = 0, tail = 0, quot = 0;
    for (uint64_t i = 0; i < b->nslots; i++) {
        const uint8_t m = amq_quotient_slots_meta(b->st, base + i);
        if (m == 0) { /* between clusters */
            head = tail = 0;
            continue;
        }
        if (m & AMQ_QF_OCCUPIED) /* quotient i has a run, in quotient order */
            queue[tail++] = i;
        if (!(m & AMQ_QF_CONTINUATION) && head < tail) /* a run starts here */
            quot = queue[head++];
        amq_put_u64(out, blk);
        amq_put_u64(out + 8, quot);
        amq_put_u64(out + 16, amq_quotient_slots_rem(b->st, base + i));
        out += RECORD;
    }
    return out;
}

amq_status amq_blocked_quotient_save(const amq_blocked_quotient *b, const char *path)
{
    if (!b)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " save: NULL filter");
    uint8_t params[PARAMS];
    amq_put_u64(params, b->nblocks);
    amq_put_u64(params + 8, UINT64_C(1) << b->q);
    amq_put_u64(params + 16, b->r);
    amq_put_u64(params + 24, FIXED_FIELD);
    amq_put_u64(params + 32, b->seed);
    amq_put_u64(params + 40, b->slack);
    const uint64_t n = amq_blocked_quotient_count(b);
    uint8_t *buf = malloc((size_t)(8 + n * RECORD));
    uint64_t *queue = malloc((size_t)b->nslots * sizeof *queue);
    if (!buf || !queue) {
        free(buf);
        free(queue);
        return amq_fail(AMQ_E_NOMEM, NAME " save: out of memory for %llu fingerprints", (unsigned long long)n);
    }
    amq_put_u64(buf, n);
    uint8_t *end = buf + 8;
    for (uint64_t blk = 0; blk < b->nblocks; blk++)
        end = block_records(b, blk, end, queue);
    amq_status s = amq_container_save_bytes(path, AMQ_TYPE_BLOCKED_QUOTIENT, params, PARAMS, buf,
                                            (uint64_t)(end - buf));
    free(buf);
    free(queue);
    return s;
}

/* Reads the records of a blocked quotient file and re-inserts them into b (empty). */
/* Reads the records (bounded by the file's real length) and checks the checksum and the count:
 * *buf holds them on success.  Nothing as large as the tables is allocated before this. */
static amq_status read_records(amq_reader *r, const char *path, uint8_t **buf, uint64_t *n)
{
    if (r->payload_len < 8 || (r->payload_len - 8) % RECORD != 0)
        return amq_fail(AMQ_E_SIZE_MISMATCH, "load: '%s': a " NAME " payload is 8 + %u n bytes, not %llu", path,
                        RECORD, (unsigned long long)r->payload_len);
    *buf = malloc((size_t)r->payload_len);
    if (!*buf)
        return amq_fail(AMQ_E_NOMEM, "load: out of memory");
    amq_status s = amq_reader_bytes(r, *buf, r->payload_len);
    *n = s == AMQ_OK ? amq_get_u64(*buf) : 0;
    if (s == AMQ_OK && *n != (r->payload_len - 8) / RECORD)
        s = amq_fail(AMQ_E_SIZE_MISMATCH, "load: '%s': %llu fingerprints announced, %llu stored", path,
                     (unsigned long long)*n, (unsigned long long)((r->payload_len - 8) / RECORD));
    return s;
}

/* Re-inserts the n records of buf through the proved kernel into b (empty).  A file holds
 * them in the order save writes them, by (block, quotient, remainder) - the slot order of
 * each block - so that a file that loads is the one file of its content. */
static amq_status insert_records(amq_blocked_quotient *b, const uint8_t *buf, uint64_t n, const char *path)
{
    uint64_t prev[3] = {0, 0, 0};
    for (uint64_t i = 0; i < n; i++) {
        const uint8_t *rec = buf + 8 + i * RECORD;
        const uint64_t blk = amq_get_u64(rec), qr[2] = {amq_get_u64(rec + 8), amq_get_u64(rec + 16)};
        if (blk >= b->nblocks || qr[0] >> b->q != 0 || qr[1] >> b->r != 0)
            return amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': fingerprint %llu (block %llu, quotient %llu) is out of "
                                              "range", path, (unsigned long long)i, (unsigned long long)blk,
                            (unsigned long long)qr[0]);
        const int before = blk != prev[0] ? blk < prev[0] : qr[0] != prev[1] ? qr[0] < prev[1] : qr[1] < prev[2];
        if (i > 0 && before)
            return amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': fingerprint %llu is out of order (records are sorted by "
                                              "block, quotient, remainder)", path, (unsigned long long)i);
        prev[0] = blk, prev[1] = qr[0], prev[2] = qr[1];
        if (insert(b, blk, qr) != 0)
            return amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': block %llu cannot hold its stored fingerprints", path,
                            (unsigned long long)blk);
    }
    return AMQ_OK;
}

amq_status amq_blocked_quotient_load(amq_blocked_quotient **out, const char *path)
{
    if (!out)
        return amq_fail(AMQ_E_INVALID_ARG, NAME " load: NULL output pointer");
    amq_reader r;
    amq_status s = amq_reader_open_as(&r, path, AMQ_TYPE_BLOCKED_QUOTIENT, PARAMS);
    if (s != AMQ_OK)
        return s;
    const uint64_t nblocks = amq_get_u64(r.params), home = amq_get_u64(r.params + 8);
    const uint64_t rbits = amq_get_u64(r.params + 16), fixed = amq_get_u64(r.params + 24);
    const uint64_t seed = amq_get_u64(r.params + 32), slack = amq_get_u64(r.params + 40);
    uint64_t q = 0;
    while (q < 64 && (UINT64_C(1) << q) < home)
        q++;
    amq_blocked_quotient *b = NULL;
    uint8_t *buf = NULL;
    uint64_t n = 0;
    if (home == 0 || q >= 64 || (UINT64_C(1) << q) != home)
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible " NAME " parameters: %llu home slots per block is "
                                       "not a power of two", path, (unsigned long long)home);
    else if (fixed != FIXED_FIELD)
        s = amq_fail(AMQ_E_BAD_PARAMS, "load: '%s': impossible " NAME " parameters: the field after r holds %llu, "
                                       "blocked quotient files hold %u there", path, (unsigned long long)fixed,
                     FIXED_FIELD);
    else if (check(nblocks, q, rbits, slack) != AMQ_OK)
        s = amq_blocked_layer_impossible(path);
    else if ((s = read_records(&r, path, &buf, &n)) == AMQ_OK &&
             (s = amq_blocked_quotient_create(&b, nblocks, q, rbits, slack, seed)) == AMQ_OK)
        s = insert_records(b, buf, n, path);
    free(buf);
    amq_reader_close(&r);
    if (s != AMQ_OK) {
        amq_blocked_quotient_free(b);
        return s;
    }
    *out = b;
    return AMQ_OK;
}

/* ---- kernel descriptor (lib_internal/blocked_check.h) ----
 * State, the layout of the key-level filter: nblocks count words, then the compact store of
 * nblocks * nslots slots (lib_internal/quotient_slots.h): its remainder words, then its
 * metadata words, each part starting on a state word (the enumeration copies states with
 * memcpy, so the store's narrower words are read through their own types only).  The
 * operations are the proved kernel's, so enumeration and Monte Carlo test the code WP
 * proves. */

typedef struct desc_view {
    uint64_t *counts;
    amq_quotient_slots st;
    uint64_t nslots, block, qr[2];
} desc_view;

/* State words of the store's remainder part and of its metadata part (bytes rounded up). */
static uint64_t desc_rem_words(uint64_t rbytes, uint64_t n)
{
    return (amq_quotient_slots_rem16_words(rbytes, n) * sizeof(uint16_t) +
            amq_quotient_slots_rem32_words(rbytes, n) * sizeof(uint32_t) + 7) / 8;
}
static uint64_t desc_meta_words(uint64_t n) { return (amq_quotient_slots_meta_words(n) * sizeof(uint16_t) + 7) / 8; }

/* The state's arrays, and the block and fingerprint of digit d (top: the block; low q + r
 * bits: quotient, then remainder). */
static desc_view desc_split(const amq_blocked_quotient_geom *g, const uint64_t *st, uint64_t d)
{
    const uint64_t p = g->q + g->r, nslots = amq_blocked_quotient_block_slots(g->q, g->slack), n = g->nblocks * nslots;
    const uint64_t f = d & ((UINT64_C(1) << p) - 1), rb = amq_quotient_slots_rem_bytes(g->r);
    uint64_t *counts = (uint64_t *)st, *words = counts + g->nblocks;
    amq_quotient_slots s = {.n = n, .rbytes = rb, .meta = (uint16_t *)(void *)(words + desc_rem_words(rb, n))};
    if (rb <= 2u)
        s.rem16 = (uint16_t *)(void *)words;
    else
        s.rem32 = (uint32_t *)(void *)words;
    return (desc_view){counts, s, nslots, d >> p, {f >> g->r, f & ((UINT64_C(1) << g->r) - 1)}};
}

static void desc_add(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    const amq_blocked_quotient_geom *g = kn->ctx;
    const desc_view v = desc_split(g, st, d[0]);
    /* a refusal leaves the state as it was */
    (void)amq_blocked_quotient_kernel_insert(v.st, v.counts, v.nslots, g->q, g->r, v.block, v.qr[0], v.qr[1]);
}

static int desc_query(const amq_ops *kn, const uint64_t *st, const uint64_t *d)
{
    const amq_blocked_quotient_geom *g = kn->ctx;
    const desc_view v = desc_split(g, st, d[0]);
    return amq_blocked_quotient_kernel_query(v.st, v.counts, v.nslots, g->q, g->r, v.block, v.qr[0], v.qr[1]);
}

static int desc_remove(const amq_ops *kn, uint64_t *st, const uint64_t *d)
{
    const amq_blocked_quotient_geom *g = kn->ctx;
    const desc_view v = desc_split(g, st, d[0]);
    return amq_blocked_quotient_kernel_delete(v.st, v.counts, v.nslots, g->q, g->r, v.block, v.qr[0], v.qr[1]);
}

amq_status amq_ops_blocked_quotient(amq_ops *out, amq_blocked_quotient_geom *g)
{
    if (!out || !g)
        return amq_fail(AMQ_E_INVALID_ARG, "blocked quotient check model: NULL descriptor or geometry");
    if (g->nblocks == 0 || g->q == 0 || g->q > AMQ_BLOCKED_QUOTIENT_MAX_Q || g->r == 0 || g->r > 62 - g->q ||
        g->slack > (UINT64_C(1) << g->q))
        return amq_fail(AMQ_E_INVALID_ARG, NAME " kernel: needs blocks >= 1, 1 <= q <= %u, r >= 1, q + r <= 62, "
                                          "slack <= 2^q", AMQ_BLOCKED_QUOTIENT_MAX_Q);
    if (g->nblocks > (UINT64_C(1) << (62 - g->q - g->r)))
        return amq_fail(AMQ_E_OVERFLOW, NAME " kernel: %llu blocks x 2^%llu fingerprints overflow the digits",
                        (unsigned long long)g->nblocks, (unsigned long long)(g->q + g->r));
    /* words <= nblocks * (1 + nslots) + ceil(nblocks * nslots / 16); nslots <= 2^(q+1) + 3 */
    const uint64_t nslots = amq_blocked_quotient_block_slots(g->q, g->slack), limit = SIZE_MAX / sizeof(uint64_t) / 2;
    if (g->nblocks > limit / (1 + nslots))
        return amq_fail(AMQ_E_OVERFLOW, NAME " kernel: state does not fit in memory");
    g->alphabet = g->nblocks << (g->q + g->r);
    g->m = g->nblocks << g->q;
    *out = (amq_ops){.name = NAME, .m = g->alphabet, .k = 1,
                        .state_words = (size_t)(g->nblocks + desc_rem_words(amq_quotient_slots_rem_bytes(g->r), g->nblocks * nslots) +
                                                desc_meta_words(g->nblocks * nslots)),
                        .add_ctx = desc_add, .query_ctx = desc_query, .remove_ctx = desc_remove, .ctx = g};
    return AMQ_OK;
}
