#define _GNU_SOURCE
#include "terminal_restore.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* The signals the loop takes through the pipe; their default actions are the loop's to decide. */
static const int loop_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGWINCH };
enum { LOOP_SIGNAL_COUNT = sizeof loop_signals / sizeof loop_signals[0] };

static volatile sig_atomic_t write_end = -1;
static int read_end = -1;
static struct sigaction previous[LOOP_SIGNAL_COUNT];

static void on_signal(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    int fd = write_end;
    /* A full pipe already holds enough wake-ups; the byte is dropped rather than blocking. */
    if (fd >= 0) (void)write(fd, &byte, 1);
    errno = saved;
}

int ctr_signal_pipe_start(void) {
    if (read_end >= 0) return read_end;
    int ends[2];
    if (pipe2(ends, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    read_end = ends[0];
    write_end = ends[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    for (int i = 0; i < LOOP_SIGNAL_COUNT; i++) sigaction(loop_signals[i], &action, &previous[i]);
    return read_end;
}

void ctr_signal_pipe_stop(void) {
    if (read_end < 0) return;
    for (int i = 0; i < LOOP_SIGNAL_COUNT; i++) sigaction(loop_signals[i], &previous[i], NULL);
    int fd = write_end;
    write_end = -1;
    close(fd);
    close(read_end);
    read_end = -1;
}
