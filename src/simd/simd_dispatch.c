/* The run-time choice of the AVX2 paths (lib_internal/simd.h, amq/simd.h): the CPU is asked once,
 * AMQ_SIMD is read once, and amq_simd_force_scalar switches between them at any time. */
#include <lib_internal/simd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

atomic_int amq_simd_state = 0;

/* 0: not read yet; 1: AMQ_SIMD says scalar (or is not understood); 2: it allows AVX2. */
static atomic_int env_state = 0;

static int cpu_has_avx2(void)
{
#if AMQ_SIMD_X86
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
#else
    return 0;
#endif
}

/* AMQ_SIMD: unset, empty or "auto": AVX2 where the CPU has it; "scalar": the scalar path.
 * Anything else is named on stderr and taken as "scalar", the proved path. */
static int env_allows_avx2(void)
{
    int e = atomic_load(&env_state);
    if (e == 0) {
        const char *v = getenv("AMQ_SIMD");
        const int bad = v && *v && strcmp(v, "auto") != 0 && strcmp(v, "scalar") != 0;
        const int want = (!v || !*v || !strcmp(v, "auto")) ? 2 : 1;
        int expected = 0;
        if (atomic_compare_exchange_strong(&env_state, &expected, want) && bad)
            fprintf(stderr, "amqcert: AMQ_SIMD='%s' is not 'auto' or 'scalar': using the scalar path\n", v);
        e = atomic_load(&env_state);
    }
    return e == 2;
}

static int allowed(void) { return env_allows_avx2() && cpu_has_avx2() ? 2 : 1; }

int amq_simd_decide(void)
{
    int expected = 0;
    atomic_compare_exchange_strong(&amq_simd_state, &expected, allowed());
    return atomic_load(&amq_simd_state);
}

void amq_simd_force_scalar(int force) { atomic_store(&amq_simd_state, force ? 1 : allowed()); }

int amq_simd_active(void) { return amq_simd_use_avx2(); }
