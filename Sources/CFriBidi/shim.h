#ifndef CFRIBIDI_SHIM_H
#define CFRIBIDI_SHIM_H
/* GNU FriBidi (Debian: libfribidi-dev to build, libfribidi0 to run): the Unicode Bidirectional
   Algorithm and Arabic shaping. Its paragraph directions and flags are macros built from other
   macros, which do not import into Swift: they are wrapped in static inline functions. */
#include <fribidi/fribidi.h>
static inline FriBidiParType cfb_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType cfb_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType cfb_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiFlags cfb_flags_arabic(void) { return FRIBIDI_FLAGS_ARABIC; }
static inline FriBidiFlags cfb_flag_shape_mirroring(void) { return FRIBIDI_FLAG_SHAPE_MIRRORING; }
static inline FriBidiFlags cfb_flag_reorder_nsm(void) { return FRIBIDI_FLAG_REORDER_NSM; }
static inline int cfb_level_is_rtl(FriBidiLevel level) { return FRIBIDI_LEVEL_IS_RTL(level); }
#endif
