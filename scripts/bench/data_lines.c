/* Reads valgrind lackey's `--trace-mem=yes` trace on standard input and prints, once each, the
   64-byte lines of data in [LO, HI) a program loads or stores from the first time it runs the
   instruction at START on: `data_lines START LO HI` (hexadecimal addresses).

   Why: scripts/bench/link_order.py orders the read-only data a session's keys read (type
   descriptors, metadata patterns) next to each other, as it orders their code; lackey's trace is
   hundreds of megabytes a key, too much to read line by line in Python. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: data_lines START LO HI < lackey-trace\n");
        return 2;
    }
    uint64_t start = strtoull(argv[1], 0, 16), lo = strtoull(argv[2], 0, 16), hi = strtoull(argv[3], 0, 16);
    uint64_t lines = (hi - lo + 63) / 64;
    unsigned char *seen = calloc(lines, 1);
    if (seen == NULL) return 1;
    int started = 0;
    char text[512];
    while (fgets(text, sizeof text, stdin)) {
        uint64_t address;
        int size;
        if (text[0] == 'I') {
            if (!started && sscanf(text + 1, " %lx,%d", &address, &size) == 2 && address == start) started = 1;
            continue;
        }
        if (!started || text[0] != ' ' || (text[1] != 'L' && text[1] != 'S' && text[1] != 'M')) continue;
        if (sscanf(text + 2, " %lx,%d", &address, &size) != 2 || size <= 0) continue;
        for (uint64_t at = address; at < address + (uint64_t)size && at >= lo && at < hi; at = (at | 63) + 1) {
            uint64_t line = (at - lo) / 64;
            if (!seen[line]) {
                seen[line] = 1;
                printf("%lx\n", at & ~(uint64_t)63);
            }
        }
    }
    return 0;
}
