/* The CLI's table of structures: one entry per file type, so build/query/info/remove
 * work on every structure without a copy of each command. */
#ifndef AMQ_CLI_FILTERS_H
#define AMQ_CLI_FILTERS_H
#include <amq.h>

typedef struct cli_build_opts {
    amq_hash_strategy strategy;
    uint64_t seed;
    unsigned width; /* counter width, counting filters only */
} cli_build_opts;

typedef struct cli_type {
    const char *name;
    uint32_t file_type;
    amq_status (*create_for)(void **obj, uint64_t n, double fpr, const cli_build_opts *o, double *achieved);
    amq_status (*create)(void **obj, uint64_t m, uint64_t k, const cli_build_opts *o);
    amq_status (*add)(void *obj, const void *key, size_t len);
    int (*query)(const void *obj, const void *key, size_t len);
    amq_status (*remove)(void *obj, const void *key, size_t len); /* NULL: not supported */
    amq_status (*save)(const void *obj, const char *path);
    amq_status (*load)(void **obj, const char *path);
    void (*info)(const void *obj, int json);
    void (*free)(void *obj);
} cli_type;

/* NULL if no structure has that name; the names are listed by cli_type_names(). */
const cli_type *cli_type_by_name(const char *name);
const char *cli_type_names(void);
/* Load any amqcert file: reads its type, then calls that structure's loader. */
amq_status cli_load_any(const char *path, const cli_type **type, void **obj);

#endif
