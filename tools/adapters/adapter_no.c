/* The trivial process adapter: a "filter" that answers "no" to every query.  It is the
 * smallest complete adapter in C for the line protocol (docs/protocol.md), and what
 * `make bench` measures the pipe's throughput with: its own cost is next to nothing.
 *
 * It reads big chunks, answers every whole line of a chunk into one buffer and writes it
 * before reading again: replies are never held while it waits for input.  It fails a
 * check's false-negative test at once, of course (every added key is answered "no"). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char in[1 << 16], out[5 << 16]; /* a reply is at most 4.4 times its request */

int main(void)
{
    size_t have = 0, o = 0;
    for (;;) {
        ssize_t r = read(0, in + have, sizeof in - have);
        if (r <= 0)
            return 0;
        have += (size_t)r;
        size_t pos = 0;
        for (char *nl; (nl = memchr(in + pos, '\n', have - pos));) {
            const char *line = in + pos;
            const char *reply = !strncmp(line, "hello ", 6) ? "hello 1 always-no\n"
                                : !strncmp(line, "query ", 6) ? "no\n"
                                : !strncmp(line, "new ", 4) || !strncmp(line, "add ", 4) ? "ok\n"
                                                                                         : "error unknown request\n";
            const size_t l = strlen(reply);
            memcpy(out + o, reply, l);
            o += l;
            pos = (size_t)(nl - in) + 1;
        }
        memmove(in, in + pos, have - pos);
        have -= pos;
        if (have == sizeof in) /* a line longer than the buffer: not the protocol */
            return 1;
        for (size_t w = 0; w < o;) {
            ssize_t n = write(1, out + w, o - w);
            if (n <= 0)
                return 1;
            w += (size_t)n;
        }
        o = 0;
    }
}
