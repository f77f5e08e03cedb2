/* The plugin ABI of `amq check --plugin LIB.so`: how a filter written in C (or anything
 * that can export a C symbol) is checked against amqcert's theory.
 *
 * A plugin is a shared library that exports one function, AMQ_PLUGIN_ENTRY_NAME:
 *
 *     #include <amq/plugin.h>
 *     static const amq_plugin me = { AMQ_PLUGIN_ABI_VERSION, sizeof(amq_plugin), "my-filter",
 *                                    my_create, my_add, my_query, my_remove_or_NULL, my_destroy,
 *                                    my_describe_or_NULL, my_last_error_or_NULL,
 *                                    my_can_remove_or_NULL };
 *     AMQ_PLUGIN_EXPORT const amq_plugin *amq_plugin_entry(void) { return &me; }
 *
 * amqcert dlopen()s the library, calls the entry once, and refuses the plugin (with a
 * message that says why) when the entry is missing, when abi_version is not the version
 * this amqcert speaks, when struct_size is smaller than the version's table, or when a
 * required callback is NULL.  The version changes whenever this table changes
 * incompatibly; a plugin is rebuilt against the new header then.
 *
 * Contract, for every callback:
 *   - keys are byte strings (key, len), len may be 0; distinct byte strings are distinct keys;
 *   - a filter is used by one thread at a time; amqcert makes one filter per seed (create),
 *     fills it, queries it, removes from it, and destroys it;
 *   - the plugin must not print to stdout (amqcert's report goes there); stderr is free.
 * Nothing here needs libamq: a plugin includes this header only.  The ABI is documented
 * with a complete example in docs/checker.md (tools/adapters/amq_plugin.c is another). */
#ifndef AMQ_PLUGIN_H
#define AMQ_PLUGIN_H
#include <stddef.h>
#include <stdint.h>

/* The ABI version of this header.  Version 1: the table below. */
#define AMQ_PLUGIN_ABI_VERSION 1u

/* The symbol a plugin exports, of type amq_plugin_entry_fn. */
#define AMQ_PLUGIN_ENTRY_NAME "amq_plugin_entry"

/* Exports the entry from a library built with -fvisibility=hidden as well. */
#if defined(__GNUC__)
#define AMQ_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define AMQ_PLUGIN_EXPORT
#endif

typedef struct amq_plugin {
    uint32_t abi_version; /* AMQ_PLUGIN_ABI_VERSION, as the plugin was compiled  */
    uint32_t struct_size; /* sizeof(amq_plugin), as the plugin was compiled       */
    const char *name;     /* short name for reports ("libbloom", "my-filter")     */

    /* A fresh, empty filter.  seed: different seeds should give independent hashing
     * (a filter without a seed ignores it; amqcert never reuses a key across filters);
     * arg: the text of --plugin-arg, or NULL.  On failure: NULL, and a message in
     * err[0..errlen) (NUL-terminated).  Required. */
    void *(*create)(uint64_t seed, const char *arg, char *err, size_t errlen);
    /* Insert a key: 0 done, nonzero a failure (a full table, ...).  Required. */
    int (*add)(void *filter, const void *key, size_t len);
    /* 1: maybe present, 0: absent, negative: a failure.  Required. */
    int (*query)(void *filter, const void *key, size_t len);
    /* Delete a key that was inserted: 0 done, nonzero a failure.  NULL: no deletes. */
    int (*remove)(void *filter, const void *key, size_t len);
    /* Free the filter.  Required. */
    void (*destroy)(void *filter);
    /* One line about the filter ("m=9586 k=7 murmur2 double hashing"), or NULL. */
    const char *(*describe)(void *filter);
    /* Why the last add/query/remove of this filter failed, or NULL. */
    const char *(*last_error)(void *filter);
    /* Whether filters made with this --plugin-arg (may be NULL) accept remove, for a plugin
     * whose structures differ in that; NULL: they do exactly when remove is not NULL. */
    int (*can_remove)(const char *arg);
} amq_plugin;

typedef const amq_plugin *(*amq_plugin_entry_fn)(void);

#endif
