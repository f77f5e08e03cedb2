/* Implementations under test: anything that makes fresh filters from a seed.
 *
 * An amq_impl is a factory of amq_filter (amq/filter.h).  Three kinds:
 *   - amqcert's own structures (a registry entry and its parameters);
 *   - a C plugin (amq/plugin.h), loaded with dlopen;
 *   - an external process speaking the line protocol of docs/protocol.md.
 * The checker (amq/check_impl.h) drives them all through the same calls.
 *
 * Filters of plugins and processes are amq_filter like any other, with these
 * differences: they cannot be saved, loaded, counted or described beyond one line; and
 * when the implementation fails (a crash, a hang, a malformed reply, an error it reports),
 * amq_filter_query returns -1 and amq_filter_query_batch fills -1, with the reason in
 * amq_last_error() (and in amq_impl_error()); every later call on that implementation fails
 * the same way.  A process holds one filter at a time: amq_impl_new_filter on a process
 * refuses while an earlier filter of it is still alive.  Free every filter of an
 * implementation before the implementation. */
#ifndef AMQ_IMPL_H
#define AMQ_IMPL_H
#include <stdint.h>
#include <amq/error.h>
#include <amq/filter.h>

typedef struct amq_impl amq_impl;

/* Default seconds a process may take to answer before it counts as hung. */
#define AMQ_IMPL_DEFAULT_TIMEOUT 10.0

/* amqcert's own structure s with parameters p (the seed of p is replaced per filter). */
AMQ_API amq_status amq_impl_structure(amq_impl **out, const amq_structure *s, const amq_params *p);
/* A C plugin: the library at path (a path with a '/', or a name dlopen() searches), and the
 * text given to its create (may be NULL).  Refused with AMQ_E_BAD_VERSION when its ABI
 * version differs, AMQ_E_INVALID_ARG when it is not a plugin. */
AMQ_API amq_status amq_impl_plugin(amq_impl **out, const char *path, const char *arg);
/* A process: `/bin/sh -c command`, its stdin and stdout connected to amqcert, its stderr
 * inherited; timeout: seconds without progress before it counts as hung (> 0).  The
 * handshake (hello) is done here. */
AMQ_API amq_status amq_impl_process(amq_impl **out, const char *command, double timeout);
AMQ_API void amq_impl_free(amq_impl *impl);

/* A fresh, empty filter of the implementation, made with this seed. */
AMQ_API amq_status amq_impl_new_filter(amq_impl *impl, uint64_t seed, amq_filter **out);
/* "structure", "plugin" or "process". */
AMQ_API const char *amq_impl_kind(const amq_impl *impl);
/* The implementation's name ("bloom", the plugin's name, the name the process gave). */
AMQ_API const char *amq_impl_name(const amq_impl *impl);
AMQ_API int amq_impl_can_remove(const amq_impl *impl);
/* A process: the line-protocol version its session speaks (1 or 2, docs/protocol.md); 0
 * for the other kinds. */
AMQ_API unsigned amq_impl_protocol(const amq_impl *impl);
/* A process of version 2 that announced "full": it may refuse an add (a full filter). */
AMQ_API int amq_impl_can_refuse(const amq_impl *impl);
/* One line about a filter of this implementation (the plugin's describe, the structure's
 * parameters), or "" when there is nothing to say. */
AMQ_API const char *amq_impl_describe(const amq_impl *impl, const amq_filter *f);
/* The failure that stopped the implementation, or NULL while it works. */
AMQ_API const char *amq_impl_error(const amq_impl *impl);

#endif
