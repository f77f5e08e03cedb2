/* Internal: the Thrift compact protocol for exactly what amqcert reads and writes of Apache
 * Parquet (parquet-format src/main/thrift/parquet.thrift; the protocol: Apache Thrift
 * https://github.com/apache/thrift/blob/master/doc/specs/thrift-compact-protocol.md).  Pure functions over a byte buffer: no I/O, no
 * allocation, every length and count checked against the bytes that remain, nesting at most
 * AMQ_THRIFT_MAX_DEPTH deep; a failure returns a status and leaves a message naming `src`,
 * the byte offset and the problem (lib_internal/fail.h).  Fuzzed by tests/fuzz/fuzz_parquet_import.c.
 *
 * BloomFilterHeader {1: required i32 numBytes; 2: required BloomFilterAlgorithm algorithm;
 * 3: required BloomFilterHash hash; 4: required BloomFilterCompression compression}, each
 * union with the one member {1: SplitBlockAlgorithm BLOCK} / {1: XxHash XXHASH} /
 * {1: Uncompressed UNCOMPRESSED}, each an empty struct.  Encoded, with z = the zigzag varint
 * of numBytes:  15 z  1c 1c 00 00  1c 1c 00 00  1c 1c 00 00  00. */
#ifndef AMQ_PARQUET_THRIFT_H
#define AMQ_PARQUET_THRIFT_H
#include <stddef.h>
#include <stdint.h>
#include <amq/error.h>

#define AMQ_THRIFT_MAX_DEPTH 64u
/* 1 field byte + a 5-byte varint + 3 unions of 4 bytes + the stop byte */
#define AMQ_PARQUET_HEADER_MAX 19u

/* Writes the header of a bitset of num_bytes bytes (1 <= num_bytes <= INT32_MAX) into out;
 * returns its length (15 to 19 bytes). */
size_t amq_parquet_header_encode(uint32_t num_bytes, uint8_t out[AMQ_PARQUET_HEADER_MAX]);

/* Decodes the BloomFilterHeader at the start of buf[0, len): *num_bytes gets numBytes,
 * *header_len the header's length.  Refused with a message: truncation, malformed Thrift,
 * wrong wire types, a required field missing or repeated, an algorithm, hash or
 * compression other than split-block / XXH64 / uncompressed (or a member amqcert does not
 * know), numBytes not a positive multiple of 32.  Unknown fields of the header itself are
 * skipped, as Thrift readers do; the three empty structures must be empty. */
amq_status amq_parquet_header_decode(const uint8_t *buf, size_t len, const char *src, uint32_t *num_bytes,
                                     size_t *header_len);

/* Physical types (parquet.thrift enum Type). */
enum {
    AMQ_PARQUET_BOOLEAN = 0,
    AMQ_PARQUET_INT32 = 1,
    AMQ_PARQUET_INT64 = 2,
    AMQ_PARQUET_INT96 = 3,
    AMQ_PARQUET_FLOAT = 4,
    AMQ_PARQUET_DOUBLE = 5,
    AMQ_PARQUET_BYTE_ARRAY = 6,
    AMQ_PARQUET_FIXED_LEN_BYTE_ARRAY = 7
};
const char *amq_parquet_type_name(int32_t type); /* "INT32", ...; "unknown" */

/* A column chunk of a FileMetaData (parquet.thrift ColumnChunk / ColumnMetaData). */
#define AMQ_PARQUET_PATH_MAX 1024u
typedef struct amq_parquet_chunk {
    uint64_t row_group, column; /* 0-based */
    char path[AMQ_PARQUET_PATH_MAX]; /* path_in_schema joined with '.', NUL-terminated */
    int has_meta;        /* 0: no ColumnMetaData (an encrypted column); the rest is unknown */
    int32_t type;        /* physical type */
    int64_t num_values;  /* values in the chunk, nulls included */
    int64_t bloom_offset; /* bloom_filter_offset, -1 when absent */
    int64_t bloom_length; /* bloom_filter_length, -1 when absent */
} amq_parquet_chunk;

typedef struct amq_parquet_visitor {
    /* each column chunk, in file order; a non-zero return stops the walk and is returned */
    int (*chunk)(void *ctx, const amq_parquet_chunk *c);
    /* after each row group's chunks: its num_rows */
    int (*row_group)(void *ctx, uint64_t row_group, int64_t num_rows);
    void *ctx;
} amq_parquet_visitor;

/* Walks a serialized FileMetaData (the footer of a Parquet file, without its length and
 * magic).  Returns a decoding failure (message naming src and the byte), or AMQ_OK after
 * the whole footer or after a callback returned r != 0 (then *stopped = r; else 0; stopped
 * may be NULL).  A FileMetaData without row_groups is refused; column chunks without
 * metadata are reported with has_meta = 0. */
amq_status amq_parquet_footer_walk(const uint8_t *buf, size_t len, const char *src, const amq_parquet_visitor *v,
                                   int *stopped);

#endif
