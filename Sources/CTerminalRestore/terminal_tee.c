/* A tee of the terminal's output for recordings: ncurses writes into a pipe (it writes with
   write(2) on its stream's descriptor, so the stream must have a real one), and a thread copies
   every block read from it to the terminal, then hands it to a sink. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include "terminal_restore.h"

struct ctr_tee {
    int read_fd;
    int write_fd;
    int terminal_fd;
    ctr_tee_sink sink;
    void *context;
    pthread_t thread;
};

static struct ctr_tee *current;

static void *tee_copy(void *argument) {
    struct ctr_tee *tee = argument;
    char buffer[65536];
    for (;;) {
        ssize_t count = read(tee->read_fd, buffer, sizeof buffer);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        ssize_t done = 0;
        while (done < count) {
            ssize_t written = write(tee->terminal_fd, buffer + done, (size_t)(count - done));
            if (written < 0) {
                if (errno == EINTR) continue;
                break;
            }
            done += written;
        }
        if (tee->sink) tee->sink(tee->context, buffer, (size_t)count);
    }
    return NULL;
}

int ctr_tee_start(int terminal_fd, ctr_tee_sink sink, void *context) {
    if (current) return -1;
    int fds[2];
    if (pipe(fds) != 0) return -1;
    struct ctr_tee *tee = malloc(sizeof *tee);
    if (!tee) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    tee->read_fd = fds[0];
    tee->write_fd = fds[1];
    tee->terminal_fd = terminal_fd;
    tee->sink = sink;
    tee->context = context;
    if (pthread_create(&tee->thread, NULL, tee_copy, tee) != 0) {
        close(fds[0]);
        close(fds[1]);
        free(tee);
        return -1;
    }
    current = tee;
    return fds[1];
}

void ctr_tee_stop(void) {
    struct ctr_tee *tee = current;
    if (!tee) return;
    current = NULL;
    pthread_join(tee->thread, NULL);
    close(tee->read_fd);
    free(tee);
}
