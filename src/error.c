#include <lib_internal/fail.h>
#include <amq/error.h>
#include <stdarg.h>
#include <stdio.h>

static _Thread_local char last_msg[512];

const char *amq_strerror(amq_status s)
{
    switch (s) {
    case AMQ_OK: return "success";
    case AMQ_E_INVALID_M: return "invalid number of bits m";
    case AMQ_E_INVALID_K: return "invalid number of hash functions k";
    case AMQ_E_INVALID_FPR: return "false-positive target outside (0,1)";
    case AMQ_E_INVALID_N: return "invalid expected item count n";
    case AMQ_E_OVERFLOW: return "size overflow";
    case AMQ_E_NOMEM: return "out of memory";
    case AMQ_E_MISMATCH: return "filter parameters differ";
    case AMQ_E_INVALID_ARG: return "invalid argument";
    case AMQ_E_TOO_LARGE: return "parameters too large for this computation";
    case AMQ_E_IO: return "I/O error";
    case AMQ_E_TRUNCATED: return "file truncated";
    case AMQ_E_BAD_MAGIC: return "bad magic number (not an amqcert file)";
    case AMQ_E_BAD_VERSION: return "unsupported format version";
    case AMQ_E_BAD_PARAMS: return "impossible parameters in file";
    case AMQ_E_SIZE_MISMATCH: return "payload size does not match parameters";
    case AMQ_E_CHECKSUM: return "checksum mismatch (file corrupt)";
    case AMQ_E_BAD_TYPE: return "file holds a different structure type";
    case AMQ_E_NOT_PRESENT: return "key not present";
    case AMQ_E_SATURATED: return "counter saturated";
    case AMQ_E_FULL: return "structure full: no room for the key";
    }
    return "unknown status";
}

const char *amq_last_error(void) { return last_msg; }

amq_status amq_fail(amq_status s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_msg, sizeof last_msg, fmt, ap);
    va_end(ap);
    return s;
}
