/* Apache Parquet bloom filters in and out of amqcert (docs/parquet.md).
 *
 * Parquet stores a column chunk's bloom filter (parquet-format BloomFilter.md) as a blob:
 * the Thrift compact-protocol BloomFilterHeader (numBytes; the split-block algorithm, XXH64,
 * no compression), then the numBytes-byte bitset, which is exactly the bit array of an
 * amq_split_block with seed 0 (amq/split_block.h).  A column chunk's blob starts at its
 * ColumnMetaData.bloom_filter_offset.  The keys are the column's values in Parquet's PLAIN
 * encoding (the key encoders below).  No GMP here.  Every failing call returns a status,
 * leaves a message in amq_last_error() naming the problem, and changes nothing.  NULL
 * arguments follow the rule of amq/error.h (AMQ_E_INVALID_ARG; blob size 0; the plain
 * encoders write nothing); optional: used. */
#ifndef AMQ_PARQUET_H
#define AMQ_PARQUET_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>
#include <amq/split_block.h>

/* ---- blobs: BloomFilterHeader + bitset ---- */

/* Bytes of f's blob: its header (15 to 19 bytes) and 32 bytes per block. */
AMQ_API uint64_t amq_parquet_blob_size(const amq_split_block *f);
/* Writes f's blob into buf (cap >= amq_parquet_blob_size(f) bytes); its size to *len.
 * f must have seed 0: Parquet hashes with XXH64 seed 0 (AMQ_E_INVALID_ARG otherwise). */
AMQ_API amq_status amq_parquet_export(const amq_split_block *f, void *buf, size_t cap, size_t *len);
/* The same into a file, written as amqcert writes its own (a temporary file, synced, then
 * renamed over the target: the old file or the new one, never a mix). */
AMQ_API amq_status amq_parquet_export_file(const amq_split_block *f, const char *path);
/* A filter (seed 0) from the blob at the start of blob[0, len); bytes after it are not
 * read; its length goes to *used (may be NULL).  The header is validated: malformed
 * Thrift, a missing or repeated field, another algorithm, hash or compression, numBytes
 * not a positive multiple of 32 or beyond AMQ_SPLIT_BLOCK_MAX_BLOCKS blocks, a bitset
 * shorter than numBytes are refused, each with its own message. */
AMQ_API amq_status amq_parquet_import(amq_split_block **out, const void *blob, size_t len, size_t *used);
/* A file that holds exactly one blob (trailing bytes are refused). */
AMQ_API amq_status amq_parquet_import_file(amq_split_block **out, const char *path);

/* ---- Parquet files ---- */

/* A column chunk as the file's footer (FileMetaData) describes it. */
typedef struct amq_parquet_column {
    uint64_t row_group, column; /* 0-based */
    const char *path;           /* path_in_schema joined with '.' ("a.b"); valid during the call */
    const char *type;           /* physical type: "INT32", "BYTE_ARRAY", ...; "unknown" */
    const char *key_type;       /* the --key-type of its values (amq_parquet_key_type_name), or NULL */
    int64_t num_values;         /* values in the chunk, nulls included; -1 when unknown */
    int64_t bloom_offset;       /* bloom_filter_offset; -1: the chunk has no bloom filter */
    int64_t bloom_length;       /* bloom_filter_length; -1 when the writer left it out */
} amq_parquet_column;

/* Calls fn for every column chunk of the Parquet file, in file order; a non-zero return
 * stops the walk (AMQ_OK).  The file must end with its footer and "PAR1"; an encrypted
 * footer ("PARE") is refused. */
AMQ_API amq_status amq_parquet_file_columns(const char *path, int (*fn)(void *ctx, const amq_parquet_column *c),
                                    void *ctx);
/* The bloom filter of column `column` (its dotted path) in row group `row_group` of a
 * Parquet file.  The blob must lie inside the file, before the footer, and agree with
 * bloom_filter_length when the writer gave it. */
AMQ_API amq_status amq_parquet_import_column(amq_split_block **out, const char *path, const char *column,
                                     uint64_t row_group);

/* ---- keys: Parquet's PLAIN encoding of a value, which is what the filter hashes ----
 * Text forms (docs/parquet.md), each the whole text, no spaces:
 *   bytes   BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY (strings, binary): the text's bytes as they are
 *           (no length prefix)
 *   hex     the same bytes written as hex digit pairs ("00ff", any case; "" is no bytes):
 *           for values holding newlines, INT96, or a NaN with other bits
 *   int32   INT32 (also DATE, TIME_MILLIS, DECIMAL of <= 9 digits as the unscaled integer):
 *           ['-'] digits, in [-2^31, 2^31 - 1]; 4 bytes little-endian two's complement
 *   int64   INT64 (TIMESTAMP, TIME_MICROS, DECIMAL of <= 18 digits unscaled): ['-'] digits,
 *           in [-2^63, 2^63 - 1]; 8 bytes
 *   float   FLOAT: a decimal or hex float as strtof reads it (correctly rounded), "inf",
 *           "-inf", "nan" (0x7FC00000); 4 bytes IEEE 754 little-endian
 *   double  DOUBLE: the same through strtod, "nan" is 0x7FF8000000000000; 8 bytes.  A value
 *           printed with 17 significant digits (or shortest round-trip) reads back exactly.
 * Unsigned logical types (UINT_32, UINT_64) are stored as the same bits: give the signed
 * value, or the bytes with hex. */
typedef enum amq_parquet_key_type {
    AMQ_PARQUET_KEY_BYTES,
    AMQ_PARQUET_KEY_HEX,
    AMQ_PARQUET_KEY_INT32,
    AMQ_PARQUET_KEY_INT64,
    AMQ_PARQUET_KEY_FLOAT,
    AMQ_PARQUET_KEY_DOUBLE
} amq_parquet_key_type;
#define AMQ_PARQUET_KEY_TYPES 6

AMQ_API const char *amq_parquet_key_type_name(amq_parquet_key_type t); /* "bytes", ...; NULL if unknown */
/* AMQ_E_INVALID_ARG naming the known types when `name` is none of them. */
AMQ_API amq_status amq_parquet_key_type_parse(const char *name, amq_parquet_key_type *t);
/* The plain encoding of a value written as text (len bytes, need not be NUL-terminated)
 * into out (cap bytes: len for bytes, len / 2 for hex, 4 or 8 for numbers), its length to
 * *out_len.  AMQ_E_INVALID_ARG with the reason (not a number, out of range, odd hex
 * length, ...) when the text is not a value of the type. */
AMQ_API amq_status amq_parquet_key_encode(amq_parquet_key_type t, const char *text, size_t len, void *out,
                                  size_t cap, size_t *out_len);
/* The plain encodings of values held in C types. */
AMQ_API void amq_parquet_plain_int32(int32_t v, unsigned char out[4]);
AMQ_API void amq_parquet_plain_int64(int64_t v, unsigned char out[8]);
AMQ_API void amq_parquet_plain_float(float v, unsigned char out[4]);
AMQ_API void amq_parquet_plain_double(double v, unsigned char out[8]);

#endif
