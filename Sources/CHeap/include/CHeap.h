// CHeap: how glibc's malloc grows its heaps in Word Counter's command-line process.
//
// Linking this target sets it, before main and before any thread starts (a constructor): every
// malloc arena grows by at least CHEAP_GROWTH_STEP bytes at a time, and keeps as much free at its
// top when trimming (M_TOP_PAD). Without it, glibc grows a thread's arena by the pages each
// allocation needs, one mprotect call each time: some 900 calls in an unchanged `wordcounter
// update` of 10,000 files, 2 ms of its 35 (docs/performance.md). Too late from Swift's main: the
// threads of Swift's concurrency runtime have their arenas by then.
//
// Why C: mallopt is declared in <malloc.h>, which Swift's Glibc module does not include, and a
// constructor runs before Swift code does.
#ifndef CHEAP_H
#define CHEAP_H

#ifdef __cplusplus
extern "C" {
#endif

/// The step, in bytes: 4 MiB.
#define CHEAP_GROWTH_STEP (4 << 20)

/// Whether glibc took the setting at start (1), or not, or this is not glibc (0: nothing changed).
int cheap_growth_step_set(void);

#ifdef __cplusplus
}
#endif

#endif
