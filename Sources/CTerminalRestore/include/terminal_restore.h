#ifndef CTERMINAL_RESTORE_H
#define CTERMINAL_RESTORE_H
/* Puts the terminal back when the process dies of a signal while the terminal UI owns the screen.

   Everything the signal handler needs is prepared before the screen starts: the terminal's saved
   settings (termios) and the bytes that leave the alternate screen, show the cursor and turn
   bracketed paste and mouse reporting off. The handler then does only async-signal-safe work:
   write(), tcsetattr(), dup2(), read(), and re-raises the signal with its default action so the
   exit status says what killed the process. A handler that was there before (the Swift runtime's
   crash reporter) runs after the terminal is back, so its report reads on the normal screen. */
#include <stddef.h>

/* Saves the settings of terminal `fd`, keeps `restore` (copied) to write on a crash, and installs
   the handler for every signal whose default action ends the process and that is not handled or
   ignored otherwise (SIGINT, SIGTERM, SIGHUP, SIGWINCH stay with the runtime). Returns 0, or -1
   when `fd` is not a terminal. */
int ctr_arm(int fd, const char *restore, size_t length);

/* Replaces the bytes written on a crash (once the terminal type's own strings are known). */
void ctr_set_restore_bytes(const char *restore, size_t length);

/* Sends what the process writes to standard error to a temporary file until ctr_disarm(), so that
   no message draws over the screen; a crash or ctr_disarm() copies it to the real standard error
   once the terminal is back. Returns 0, or -1 when no temporary file could be made. */
int ctr_capture_stderr(void);

/* Puts the previous signal handlers back and hands standard error back, copying what was captured. */
void ctr_disarm(void);

/* Does what the handler does before re-raising: write the restore bytes, restore the settings,
   hand standard error back. Safe to call more than once; only the first call acts. */
void ctr_restore_terminal(void);

/* Receives a copy of every block of bytes written to the terminal through the tee. */
typedef void (*ctr_tee_sink)(void *context, const char *bytes, size_t count);

/* Starts the tee: returns a descriptor to write the terminal's output to (what ncurses is given);
   a thread copies each block to `terminal_fd` and then to `sink`. -1 on failure or when a tee is
   already running. */
int ctr_tee_start(int terminal_fd, ctr_tee_sink sink, void *context);

/* Ends the tee once the caller has closed the descriptor ctr_tee_start returned: everything written
   to it reaches the terminal and the sink before this returns. */
void ctr_tee_stop(void);

/* The signals the app's loop handles itself (SIGINT, SIGTERM, SIGHUP, SIGWINCH) become bytes on a
   pipe the loop polls beside its input: the handler writes the signal's number and nothing else,
   and is installed without SA_RESTART, so a read blocked on standard input returns at once.
   Returns the pipe's read end (non-blocking), or -1 when no pipe could be made. */
int ctr_signal_pipe_start(void);

/* Puts the previous handlers of those signals back and closes the pipe. */
void ctr_signal_pipe_stop(void);

/* Turns echo off on terminal `fd` for a hidden answer (the newline still echoes), and again each
   time the process is resumed (SIGCONT after Ctrl-Z and `fg`), until ctr_echo_restore(). Returns 0
   (also when echo is already hidden), or -1 when `fd` is not a terminal. */
int ctr_echo_hide(int fd);

/* Puts back the settings ctr_echo_hide() changed and the previous SIGCONT handler; nothing when
   echo is not hidden. */
void ctr_echo_restore(void);

#endif
