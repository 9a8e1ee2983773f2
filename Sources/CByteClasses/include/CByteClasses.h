// CByteClasses: which of 16 bytes belong to the classes Word Counter's scanners stop or count at, as one
// 16-bit mask per class (bit i for byte i).
//
// Why C: Swift's SIMD16 types compile to byte loops on baseline x86-64, while SSE2 (part of that
// baseline, so no CPU flags or runtime dispatch are needed) classifies 16 bytes in a few instructions
// and `_mm_movemask_epi8` turns each answer into a mask. Elsewhere a scalar loop gives the same masks.
#ifndef CBYTECLASSES_H
#define CBYTECLASSES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The classes of 16 bytes, one bit per byte (bit i for byte i). Classes hold ASCII bytes only.
typedef struct {
    uint16_t markup;       // ! & * < [ \ ] _ ` ~ : bytes that may start Markdown markup
    uint16_t spaces;       // tab, LF, VT, FF, CR, space: ASCII White_Space
    uint16_t letters;      // 0-9 A-Z a-z
    uint16_t hyphens;      // -
    uint16_t dots;         // .
    uint16_t non_ascii;    // >= 0x80: callers decode these bytes as today
    uint16_t delimiters;   // * _ ~ : the markup bytes that may be emphasis delimiters
} cbyteclasses_masks;

/// Word Counter's `words` scanning state, in the form `WordTokenizer` keeps it.
typedef struct {
    int64_t words;            // words counted so far
    uint64_t piece_is_empty;  // 1 when no letter came since the last separator (or since the start)
    uint64_t hyphens;         // bit 63: the last byte scanned was '-' (other bits are ignored)
    uint64_t dots;            // bit 63: the last byte scanned was '.'; bit 55: so was the one before it
} cbyteclasses_word_state;

/// The classes of the 16 bytes at `bytes` (which must all be readable), with SSE2 where the compiler
/// targets it, else with the scalar loop; same answers either way.
cbyteclasses_masks cbyteclasses_classify16(const uint8_t *bytes);

/// The classes of the 16 bytes at `bytes`, one byte at a time: the portable reference.
cbyteclasses_masks cbyteclasses_classify16_scalar(const uint8_t *bytes);

/// 1 when `cbyteclasses_classify16_sse2` exists in this build (x86-64 and other SSE2 targets), else 0.
int cbyteclasses_has_sse2(void);

/// The classes of the 16 bytes at `bytes` with SSE2; only call when `cbyteclasses_has_sse2()` is 1
/// (elsewhere it is the scalar loop, so tests can call it unconditionally).
cbyteclasses_masks cbyteclasses_classify16_sse2(const uint8_t *bytes);

/// `WordTokenizer`'s `words` rules over `bytes[start..<count]`, sixteen bytes at a time with SSE2, up to
/// the first byte that may start markup; returns the index of the first byte not scanned (`start` when
/// none was, and always `start` without SSE2). Besides ASCII it reads the non-ASCII characters that
/// `WordTokenizer.MixedBlock` reads (U+00C0–U+023F, U+2000–U+203F, kana, U+4E00–U+9FFF) when all their
/// bytes lie in one block; any other non-ASCII byte stops it. Emphasis delimiters (`*`, `_`, `~`) in a
/// block with no `-` or `.`, after a byte that was neither, are scanned as text: removing them or
/// keeping them counts the same. What is left (the last bytes of the text, other characters, markup)
/// is the caller's, with `state` brought up to where scanning stopped.
size_t cbyteclasses_scan_words(const uint8_t *bytes, size_t start, size_t count,
                               cbyteclasses_word_state *state);

#ifdef __cplusplus
}
#endif

#endif
