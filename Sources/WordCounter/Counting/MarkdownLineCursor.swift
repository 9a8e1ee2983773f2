/// A position in one line of Markdown that measures indentation in columns, with tab stops every 4 columns as
/// CommonMark has them.
///
/// A container marker may use only part of a tab (`>\tcode`); the columns it leaves are kept as
/// `leftoverTabColumns` and still count as indentation for what follows.
struct MarkdownLineCursor {
    /// The line, without its line ending.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to look at.
    private(set) var position = 0
    /// The column `position` is at.
    private(set) var column = 0
    /// Columns of an already passed tab that are still unconsumed indentation.
    private(set) var leftoverTabColumns = 0
    /// The first byte at or after `position` that is not a space or tab, and its column. Columns are absolute
    /// (tab stops do not depend on where a scan starts), so this stays right until `position` passes it: the many
    /// questions asked of one line with deep containers cost one scan, not one per container.
    private(set) var firstNonSpace = 0
    private var firstNonSpaceColumn = 0

    /// Creates a cursor at the start of `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        findFirstNonSpace()
    }

    /// Columns of spaces and tabs from the cursor to the first other byte.
    var indent: Int { leftoverTabColumns &+ firstNonSpaceColumn &- column }

    /// Whether only spaces and tabs remain.
    var isBlank: Bool { firstNonSpace == bytes.count }

    /// The byte at the first non-space position, if any.
    var firstByte: UInt8? {
        let index = firstNonSpace
        return index < bytes.count ? bytes[index] : nil
    }

    /// Finds the first byte at or after `position` that is not a space or tab, from where the last search
    /// stopped if `position` has not passed it.
    private mutating func findFirstNonSpace() {
        var index = position
        var currentColumn = column
        if firstNonSpace > position {
            index = firstNonSpace
            currentColumn = firstNonSpaceColumn
        }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20: currentColumn &+= 1
            case 0x09: currentColumn &+= 4 &- currentColumn % 4
            default:
                firstNonSpace = index
                firstNonSpaceColumn = currentColumn
                return
            }
            index &+= 1
        }
        firstNonSpace = index
        firstNonSpaceColumn = currentColumn
    }

    /// Consumes up to `columns` columns of indentation, splitting a tab if it is wider than what is left.
    mutating func consumeIndent(_ columns: Int) {
        var remaining = columns
        let fromLeftover = min(remaining, leftoverTabColumns)
        leftoverTabColumns &-= fromLeftover
        remaining &-= fromLeftover
        while remaining > 0, position < bytes.count {
            switch bytes[position] {
            case 0x20:
                remaining &-= 1
                column &+= 1
            case 0x09:
                let width = 4 &- column % 4
                column &+= width
                if width > remaining { leftoverTabColumns = width &- remaining }
                remaining = max(0, remaining &- width)
            default:
                return
            }
            position &+= 1
        }
    }

    /// Consumes all indentation.
    mutating func skipIndent() {
        leftoverTabColumns = 0
        while position < bytes.count {
            switch bytes[position] {
            case 0x20: column &+= 1
            case 0x09: column &+= 4 &- column % 4
            default: return
            }
            position &+= 1
        }
    }

    /// Moves past `count` bytes that are not spaces or tabs (a container marker).
    mutating func advance(_ count: Int) {
        leftoverTabColumns = 0
        position = min(bytes.count, position &+ count)
        column &+= count
        findFirstNonSpace()
    }

    /// Consumes the one optional space after a block quote's `>`; a tab counts as one space and keeps the rest.
    mutating func consumeOptionalSpace() {
        consumeIndent(1)
    }
}
