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
    cbyteclasses_masks masks = {0, 0, 0, 0, 0, 0, 0};
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
        if (byte == '*' || byte == '_' || byte == '~') masks.delimiters |= bit;
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
    masks.delimiters =
        (uint16_t)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(equal(v, '*'), equal(v, '_')), equal(v, '~')));
    return masks;
}

cbyteclasses_masks cbyteclasses_classify16(const uint8_t *bytes) { return cbyteclasses_classify16_sse2(bytes); }

#else

int cbyteclasses_has_sse2(void) { return 0; }

cbyteclasses_masks cbyteclasses_classify16_sse2(const uint8_t *bytes) { return cbyteclasses_classify16_scalar(bytes); }

cbyteclasses_masks cbyteclasses_classify16(const uint8_t *bytes) { return cbyteclasses_classify16_scalar(bytes); }

#endif

#if defined(__SSE2__)

// The common non-ASCII characters of WordTokenizer.MixedBlock, for 16 bytes: a character counts only when all
// its bytes lie in the block (one cut by the block's end stops the scan, and the next block reads it whole).
typedef struct {
    uint32_t letters;     // first bytes of U+00C0–U+023F but × and ÷
    uint32_t separators;  // first bytes of the separating U+2000–U+203F, and of ideographs
    uint32_t ideographs;  // first bytes of kana U+3040–U+30FF and ideographs U+4E00–U+9FFF
    uint32_t recognized;  // every byte of every character above and of the other U+2000–U+203F
} utf8_classes;

static uint32_t mask_of(__m128i lanes) { return (uint32_t)_mm_movemask_epi8(lanes); }

// Bytes in lo...hi, both in 0x80...0xFE: signed, these are -128...-2, in the same order, below every ASCII byte.
static __m128i in_high_range(__m128i v, uint8_t lo, uint8_t hi) {
    __m128i below_end = _mm_cmplt_epi8(v, _mm_set1_epi8((char)(hi + 1)));
    if (lo == 0x80) return below_end;
    return _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8((char)(lo - 1))), below_end);
}

static utf8_classes classify_utf8(__m128i v) {
    uint32_t continuation = mask_of(_mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xC0)), _mm_set1_epi8((char)0x80)));
    uint32_t next_continues = continuation >> 1;
    uint32_t next_two_continue = next_continues & continuation >> 2;
    // C3–C8 xx; C3 97 and C3 B7 are × and ÷.
    uint32_t latin = mask_of(in_high_range(v, 0xC3, 0xC8)) & next_continues;
    uint32_t times_or_divide = mask_of(_mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xDF)), _mm_set1_epi8((char)0x97)));
    uint32_t operators = latin & mask_of(equal(v, (char)0xC3)) & times_or_divide >> 1;
    // E2 80 xx: U+2000–U+203F. Third bytes of the spaces U+2000–U+200A, U+2028, U+2029, U+202F and of the
    // separating dashes U+2013–U+2015 and U+2026.
    uint32_t punctuation = mask_of(equal(v, (char)0xE2)) & mask_of(equal(v, (char)0x80)) >> 1 & next_two_continue;
    uint32_t separating_third =
        mask_of(_mm_or_si128(
            _mm_or_si128(in_high_range(v, 0x80, 0x8A), in_high_range(v, 0x93, 0x95)),
            _mm_or_si128(_mm_or_si128(equal(v, (char)0xA6), in_high_range(v, 0xA8, 0xA9)), equal(v, (char)0xAF))));
    // E3 81–83 xx: kana; E4 B8–BF xx and E5–E9 xx xx: U+4E00–U+9FFF.
    uint32_t kana = mask_of(equal(v, (char)0xE3)) & mask_of(in_high_range(v, 0x81, 0x83)) >> 1;
    uint32_t han = mask_of(in_high_range(v, 0xE5, 0xE9))
        | (mask_of(equal(v, (char)0xE4)) & mask_of(in_high_range(v, 0xB8, 0xBF)) >> 1);
    uint32_t ideographs = (kana | han) & next_two_continue;
    uint32_t three_byte = punctuation | ideographs;
    utf8_classes classes;
    classes.letters = latin & ~operators;
    classes.separators = (punctuation & separating_third >> 2) | ideographs;
    classes.ideographs = ideographs;
    classes.recognized = latin | latin << 1 | three_byte | three_byte << 1 | three_byte << 2;
    return classes;
}

#endif

// The scan of WordTokenizer.wordStarts and MixedBlock.wordStarts with one bit per byte instead of one byte
// lane: a word starts at a letter when a separator (white space, a separating character, the second of two
// hyphens, the third of three dots) came since the last letter. Adding the separators to the non-letters
// carries each separator's bit across the non-letters that follow it into the next letter's bit; the carry out
// of the block is the state the next block starts with. An ideograph is a word by itself and separates.
size_t cbyteclasses_scan_words(const uint8_t *bytes, size_t start, size_t count,
                               cbyteclasses_word_state *state) {
#if defined(__SSE2__)
    size_t index = start;
    int64_t words = state->words;
    uint32_t piece_is_empty = (uint32_t)(state->piece_is_empty & 1);
    uint32_t hyphen_last = (uint32_t)(state->hyphens >> 63);
    uint32_t dot_last = (uint32_t)(state->dots >> 63);
    uint32_t dot_second = (uint32_t)(state->dots >> 55) & 1;
    while (index < count && count - index >= 16) {
        cbyteclasses_masks masks = cbyteclasses_classify16(bytes + index);
        uint32_t markup = masks.markup;
        // Emphasis delimiters after neither `-` nor `.`, in a block with neither, count the same removed or kept.
        if ((masks.hyphens | masks.dots) == 0 && !hyphen_last && !dot_last) markup &= ~(uint32_t)masks.delimiters;
        uint32_t letters = masks.letters;
        uint32_t separators = masks.spaces;
        uint32_t ideographs = 0;
        uint32_t stop = markup;
        if (masks.non_ascii != 0) {
            utf8_classes classes = classify_utf8(_mm_loadu_si128((const __m128i *)(bytes + index)));
            letters |= classes.letters;
            separators |= classes.separators;
            ideographs = classes.ideographs;
            stop |= masks.non_ascii & ~classes.recognized;
        }
        unsigned lanes = stop == 0 ? 16 : (unsigned)__builtin_ctz(stop);
        if (lanes == 0) break;
        uint32_t scanned = lanes == 16 ? 0xFFFFu : (1u << lanes) - 1;
        letters &= scanned;
        uint32_t hyphens = masks.hyphens & scanned;
        uint32_t dots = masks.dots & scanned;
        uint32_t hyphen_pairs = hyphens & (hyphens << 1 | hyphen_last);
        uint32_t dot_triples = dots & (dots << 1 | dot_last) & (dots << 2 | dot_last << 1 | dot_second);
        separators = (separators & scanned) | hyphen_pairs | dot_triples;
        uint32_t sum = (~letters & 0xFFFFu) + separators + piece_is_empty;
        words += __builtin_popcount(sum & letters) + __builtin_popcount(ideographs & scanned);
        piece_is_empty = (sum >> 16) & 1;
        hyphen_last = (hyphens >> (lanes - 1)) & 1;
        dot_second = lanes >= 2 ? (dots >> (lanes - 2)) & 1 : dot_last;
        dot_last = (dots >> (lanes - 1)) & 1;
        index += lanes;
        // Stopped at markup: the caller's. At a character the block cut: the next block starts with it.
        if (stop & (0u - stop) & markup) break;
    }
    if (index != start) {
        state->words = words;
        state->piece_is_empty = piece_is_empty;
        state->hyphens = (uint64_t)hyphen_last << 63;
        state->dots = (uint64_t)dot_last << 63 | (uint64_t)dot_second << 55;
    }
    return index;
#else
    (void)bytes;
    (void)count;
    (void)state;
    return start;
#endif
}
