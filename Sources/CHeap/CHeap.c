#include "CHeap.h"

#include <stdlib.h>  // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>

static int growth_step_set = 0;

__attribute__((constructor)) static void set_growth_step(void) {
    growth_step_set = mallopt(M_TOP_PAD, CHEAP_GROWTH_STEP);
}

int cheap_growth_step_set(void) {
    return growth_step_set;
}
#else
int cheap_growth_step_set(void) {
    return 0;
}
#endif
