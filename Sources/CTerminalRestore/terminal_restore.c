#define _GNU_SOURCE
#include "terminal_restore.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

enum { RESTORE_CAPACITY = 512, ALTERNATE_STACK_SIZE = 64 * 1024 };

/* The signals whose default action ends the process and that the runtime does not handle itself. */
static const int fatal_signals[] = {
    SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGQUIT, SIGSYS,
    SIGXCPU, SIGXFSZ, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGPIPE,
};
enum { FATAL_SIGNAL_COUNT = sizeof fatal_signals / sizeof fatal_signals[0] };

static int terminal_fd = -1;
static struct termios saved_settings;
/* Two buffers: the one in use is never written, so a signal never reads half a string. */
static char restore_bytes[2][RESTORE_CAPACITY];
static size_t restore_lengths[2];
static atomic_int active_bytes = -1;
static atomic_int restored = 0;
static struct sigaction previous_actions[FATAL_SIGNAL_COUNT];
static int installed[FATAL_SIGNAL_COUNT];
static int saved_stderr = -1;
static int captured_stderr = -1;
static void *alternate_stack;

static void write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += written;
        length -= (size_t)written;
    }
}

static void hand_back_stderr(void) {
    if (saved_stderr < 0) return;
    dup2(saved_stderr, STDERR_FILENO);
    if (captured_stderr >= 0 && lseek(captured_stderr, 0, SEEK_SET) == 0) {
        char buffer[4096];
        ssize_t count;
        while ((count = read(captured_stderr, buffer, sizeof buffer)) > 0) write_all(STDERR_FILENO, buffer, (size_t)count);
        close(captured_stderr);
    }
    close(saved_stderr);
    saved_stderr = -1;
    captured_stderr = -1;
}

void ctr_restore_terminal(void) {
    if (atomic_exchange(&restored, 1)) return;
    int index = atomic_load(&active_bytes);
    if (terminal_fd >= 0) {
        if (index >= 0) write_all(terminal_fd, restore_bytes[index], restore_lengths[index]);
        tcsetattr(terminal_fd, TCSANOW, &saved_settings);
    }
    hand_back_stderr();
}

static void on_fatal_signal(int number, siginfo_t *info, void *context) {
    int saved_errno = errno;
    ctr_restore_terminal();
    for (int i = 0; i < FATAL_SIGNAL_COUNT; i++) {
        if (fatal_signals[i] != number || !installed[i]) continue;
        struct sigaction *before = &previous_actions[i];
        if (before->sa_flags & SA_SIGINFO) {
            if (before->sa_sigaction) before->sa_sigaction(number, info, context);
        } else if (before->sa_handler != SIG_DFL && before->sa_handler != SIG_IGN) {
            before->sa_handler(number);
        }
    }
    /* The default action, raised again: it is delivered when this handler returns (the signal is
       blocked until then), so the process ends with this signal as its status. */
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(number, &default_action, NULL);
    raise(number);
    errno = saved_errno;
}

static void store_bytes(const char *restore, size_t length) {
    int next = atomic_load(&active_bytes) == 0 ? 1 : 0;
    if (length > RESTORE_CAPACITY) length = RESTORE_CAPACITY;
    memcpy(restore_bytes[next], restore, length);
    restore_lengths[next] = length;
    atomic_store(&active_bytes, next);
}

int ctr_arm(int fd, const char *restore, size_t length) {
    if (tcgetattr(fd, &saved_settings) != 0) return -1;
    terminal_fd = fd;
    atomic_store(&restored, 0);
    store_bytes(restore, length);

    /* A stack overflow leaves no stack to run the handler on: give it one of its own. */
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        if (!alternate_stack) alternate_stack = malloc(ALTERNATE_STACK_SIZE);
        if (alternate_stack) {
            stack_t stack = { .ss_sp = alternate_stack, .ss_size = ALTERNATE_STACK_SIZE, .ss_flags = 0 };
            sigaltstack(&stack, NULL);
        }
    }

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < FATAL_SIGNAL_COUNT; i++) {
        installed[i] = 0;
        struct sigaction before;
        if (sigaction(fatal_signals[i], NULL, &before) != 0) continue;
        /* An ignored signal stays ignored: it ends nothing. */
        if (!(before.sa_flags & SA_SIGINFO) && before.sa_handler == SIG_IGN) continue;
        if (sigaction(fatal_signals[i], &action, &previous_actions[i]) == 0) installed[i] = 1;
    }
    return 0;
}

void ctr_set_restore_bytes(const char *restore, size_t length) {
    store_bytes(restore, length);
}

int ctr_capture_stderr(void) {
    if (saved_stderr >= 0) return 0;
    const char *directory = getenv("TMPDIR");
    char path[4096];
    const char *base = directory && *directory ? directory : "/tmp";
    const char *name = "/checkout-stderr-XXXXXX";
    size_t base_length = strlen(base), name_length = strlen(name);
    if (base_length + name_length + 1 > sizeof path) return -1;
    memcpy(path, base, base_length);
    memcpy(path + base_length, name, name_length + 1);
    int file = mkostemp(path, O_CLOEXEC);
    if (file < 0) return -1;
    unlink(path);
    int original = dup(STDERR_FILENO);
    if (original < 0) {
        close(file);
        return -1;
    }
    fcntl(original, F_SETFD, FD_CLOEXEC);
    dup2(file, STDERR_FILENO);
    saved_stderr = original;
    captured_stderr = file;
    return 0;
}

void ctr_disarm(void) {
    for (int i = 0; i < FATAL_SIGNAL_COUNT; i++) {
        if (installed[i]) sigaction(fatal_signals[i], &previous_actions[i], NULL);
        installed[i] = 0;
    }
    hand_back_stderr();
    terminal_fd = -1;
    atomic_store(&active_bytes, -1);
}
