/* The registry: every structure amqcert knows, once.  Adding a structure is one line here
 * (and its files: see docs/adding-a-structure.md). */
#include <internal/structure.h>
#include <string.h>

/* X(name): the structure `amq_structure_<name>` defined in src/<name>_structure.c, in the
 * order the CLI lists them. */
#define AMQ_STRUCTURES \
    X(bloom)           \
    X(counting)        \
    X(quotient)        \
    X(blocked_bloom)   \
    X(split_block)     \
    X(partitioned)     \
    X(counting_blocked) \
    X(blocked_quotient) \
    X(window)           \
    X(cuckoo)

#define X(name) extern const amq_structure amq_structure_##name;
AMQ_STRUCTURES
#undef X

static const amq_structure *const registry[] = {
#define X(name) &amq_structure_##name,
    AMQ_STRUCTURES
#undef X
};
#define NREGISTRY (sizeof registry / sizeof registry[0])

size_t amq_structure_count(void) { return NREGISTRY; }

const amq_structure *amq_structure_at(size_t i) { return i < NREGISTRY ? registry[i] : NULL; }

const amq_structure *amq_structure_find(const char *name)
{
    for (size_t i = 0; name && i < NREGISTRY; i++)
        if (!strcmp(registry[i]->name, name))
            return registry[i];
    return NULL;
}

const amq_structure *amq_structure_of_file_type(uint32_t file_type)
{
    for (size_t i = 0; i < NREGISTRY; i++)
        if (registry[i]->file_type == file_type)
            return registry[i];
    return NULL;
}
