/* Includes the template AMQ_CW_TEMPLATE (a header name) once per counter width, with AMQ_CW
 * defined to 8, then to 4: the one place that lists the widths.  A template is written for
 * one width AMQ_CW and names its functions with AMQ_CW_FN / AMQ_CW_FN2
 * (lib_internal/counting_kernel.h); WP reads the preprocessed text, so each width is proved as
 * if written out.  No include guard, on purpose. */
#ifndef AMQ_CW_TEMPLATE
#error "lib_internal/counting_widths.h: define AMQ_CW_TEMPLATE to the template's header name"
#endif
#define AMQ_CW 8
#include AMQ_CW_TEMPLATE
#undef AMQ_CW
#define AMQ_CW 4
#include AMQ_CW_TEMPLATE
#undef AMQ_CW
#undef AMQ_CW_TEMPLATE
