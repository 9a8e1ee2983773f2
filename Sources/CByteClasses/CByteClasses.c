// See include/CByteClasses.h for what the masks mean and why this is C.
#include "CByteClasses.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Whether `byte` may start markup: the same set as MarkdownInlineRenderer.mayStartMarkup.
static int is_markup(uint8_t byte) {
    switch (byte) {
    case '!': case '&': case '*': case '<': case '[': case '\\': case ']': case '_': case '`': case '~':
        return 1;
    default:
        return 0;
    }
}

cbyteclasses_masks cbyteclasses_classify16_scalar(const uint8_t *bytes) {
    cbyteclasses_masks masks = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 16; i++) {
        uint8_t byte = bytes[i];
        uint16_t bit = (uint16_t)(1u << i);
        if (is_markup(byte)) masks.markup |= bit;
        if (byte == ' ' || (byte >= 0x09 && byte <= 0x0D)) masks.spaces |= bit;
        if ((byte >= '0' && byte <= '9') || (byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z'))
            masks.letters |= bit;
        if (byte == '-') masks.hyphens |= bit;
        if (byte == '.') masks.dots |= bit;
        if (byte >= 0x80) masks.non_ascii |= bit;
    }
    return masks;
}

#if defined(__SSE2__)

int cbyteclasses_has_sse2(void) { return 1; }

// Bytes in lo...hi (both ASCII). SSE2 compares only signed bytes, so non-ASCII bytes (negative) fail
// `> lo - 1` and never land in a range.
static __m128i in_range(__m128i v, char lo, char hi) {
    return _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8((char)(lo - 1))),
                         _mm_cmplt_epi8(v, _mm_set1_epi8((char)(hi + 1))));
}

static __m128i equal(__m128i v, char byte) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(byte)); }

cbyteclasses_masks cbyteclasses_classify16_sse2(const uint8_t *bytes) {
    __m128i v = _mm_loadu_si128((const __m128i *)bytes);
    // Setting bit 5 folds upper case onto lower case and moves nothing else into a-z.
    __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
    __m128i markup = _mm_or_si128(
        _mm_or_si128(_mm_or_si128(equal(v, '!'), equal(v, '&')), _mm_or_si128(equal(v, '*'), equal(v, '<'))),
        _mm_or_si128(_mm_andnot_si128(equal(v, '^'), in_range(v, '[', '`')), equal(v, '~')));
    __m128i spaces = _mm_or_si128(equal(v, ' '), in_range(v, 0x09, 0x0D));
    __m128i letters = _mm_or_si128(in_range(v, '0', '9'), in_range(folded, 'a', 'z'));
    cbyteclasses_masks masks;
    masks.markup = (uint16_t)_mm_movemask_epi8(markup);
    masks.spaces = (uint16_t)_mm_movemask_epi8(spaces);
    masks.letters = (uint16_t)_mm_movemask_epi8(letters);
    masks.hyphens = (uint16_t)_mm_movemask_epi8(equal(v, '-'));
    masks.dots = (uint16_t)_mm_movemask_epi8(equal(v, '.'));
    masks.non_ascii = (uint16_t)_mm_movemask_epi8(v);
    return masks;
}

cbyteclasses_masks cbyteclasses_classify16(const uint8_t *bytes) { return cbyteclasses_classify16_sse2(bytes); }

#else

int cbyteclasses_has_sse2(void) { return 0; }

cbyteclasses_masks cbyteclasses_classify16_sse2(const uint8_t *bytes) { return cbyteclasses_classify16_scalar(bytes); }

cbyteclasses_masks cbyteclasses_classify16(const uint8_t *bytes) { return cbyteclasses_classify16_scalar(bytes); }

#endif
