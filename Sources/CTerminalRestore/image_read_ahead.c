/* The terminal UI's start reads its own file ahead (ctr_read_ahead_image, terminal_restore.h).

   A page of the program that is not in the page cache costs its fault a read from disk, and a
   start that finds several gone reads them one after another: on the machine the figures come from
   the kernel pages cold file pages out by itself (DAMON), and a start 25 s after the last took
   9-14 such faults and 11-20 ms to its first frame, against 6-8 ms warm (Docs/figures.md). */
#define _GNU_SOURCE
#include "terminal_restore.h"

#include <link.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

static int advise_loads(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    int *advised = data;
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0) return 1;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || header->p_filesz == 0) continue;
        uintptr_t start = (uintptr_t)(info->dlpi_addr + header->p_vaddr);
        uintptr_t end = start + header->p_filesz;
        start &= ~(uintptr_t)(page - 1);
        if (madvise((void *)start, end - start, MADV_WILLNEED) == 0) *advised += 1;
    }
    /* The program's own image is the first object listed; the libraries after it (the C library)
       are ones every process keeps warm. */
    return 1;
}

int ctr_advise_image(void) {
    int advised = 0;
    (void)dl_iterate_phdr(advise_loads, &advised);
    return advised;
}

static void *read_ahead(void *unused) {
    (void)unused;
    (void)ctr_advise_image();
    return NULL;
}

void ctr_read_ahead_image(void) {
    pthread_t thread;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return;
    (void)pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    (void)pthread_attr_setstacksize(&attributes, 64 * 1024);
    if (pthread_create(&thread, &attributes, read_ahead, NULL) != 0) (void)ctr_advise_image();
    (void)pthread_attr_destroy(&attributes);
}
