#define _GNU_SOURCE
#include "terminal_restore.h"

#include <signal.h>
#include <string.h>
#include <termios.h>

/* Echo off for a hidden answer, and off again after the job is resumed: a shell puts its own
   terminal settings back when the job stops (Ctrl-Z) and does not always give the job's back on
   `fg`, so the SIGCONT handler applies the hidden settings again (tcsetattr is async-signal-safe). */

static volatile sig_atomic_t hidden_fd = -1;
static struct termios original;
static struct termios hidden;
static struct sigaction previous_cont;

static void on_continue(int number) {
    int fd = hidden_fd;
    if (fd >= 0) (void)tcsetattr(fd, TCSANOW, &hidden);
    if (previous_cont.sa_handler != SIG_DFL && previous_cont.sa_handler != SIG_IGN && !(previous_cont.sa_flags & SA_SIGINFO)) {
        previous_cont.sa_handler(number);
    }
}

int ctr_echo_hide(int fd) {
    if (hidden_fd >= 0) return 0;
    if (tcgetattr(fd, &original) != 0) return -1;
    hidden = original;
    hidden.c_lflag &= ~(tcflag_t)ECHO;
    hidden.c_lflag |= (tcflag_t)ECHONL;
    if (tcsetattr(fd, TCSANOW, &hidden) != 0) return -1;
    hidden_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_continue;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGCONT, &action, &previous_cont);
    return 0;
}

void ctr_echo_restore(void) {
    int fd = hidden_fd;
    if (fd < 0) return;
    sigaction(SIGCONT, &previous_cont, NULL);
    hidden_fd = -1;
    (void)tcsetattr(fd, TCSANOW, &original);
}
