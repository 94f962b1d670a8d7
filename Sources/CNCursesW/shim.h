#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
/* Must come before curses.h: turns on cchar_t, get_wch, mvaddwstr, WACS_* and friends. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <ncursesw/curses.h>
/* Function-like macros and C globals do not import (or are not concurrency-safe in Swift 6):
   they are wrapped in static inline functions. */
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline int cnc_key_f(int n) { return KEY_F(n); }
static inline int cnc_box_wide(WINDOW *w) { return box_set(w, WACS_VLINE, WACS_HLINE); }
static inline int cnc_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }
/* The mouse button bits (macros built from NCURSES_MOUSE_MASK). */
static inline mmask_t cnc_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cnc_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cnc_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cnc_button5_pressed(void) { return BUTTON5_PRESSED; }
/* newterm on the process's own stdin/stdout (Glibc's stdin/stdout are not usable from Swift 6);
   NULL when TERM is unknown, instead of initscr's print-and-exit. */
static inline SCREEN *cnc_newterm_stdio(void) { return newterm(NULL, stdout, stdin); }
/* newterm writing to `out` (a tee of standard output when a demo is recorded), reading stdin. */
static inline SCREEN *cnc_newterm_output(FILE *out) { return newterm(NULL, out, stdin); }
#endif
