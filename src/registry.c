/* The registry: the entries of the list in lib_internal/registry.h, looked up by name and by
 * file type. */
#include <lib_internal/registry.h>
#include <lib_internal/structure.h>
#include <string.h>

#define X(s, TYPE, number) extern const amq_structure amq_structure_##s;
AMQ_STRUCTURES
#undef X

static const amq_structure *const registry[] = {
#define X(s, TYPE, number) &amq_structure_##s,
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
