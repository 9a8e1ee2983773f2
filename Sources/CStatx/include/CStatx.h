// CStatx: the file facts Word Counter needs, in one plain C struct, from Linux's statx(2).
//
// Why C: statx gives the birth time (btime) that tells a new file from an old one whose inode
// number was reused, and Swift's Glibc module does not expose it (glibc declares statx only
// under _GNU_SOURCE). Elsewhere, or on a kernel or sandbox that refuses statx, the functions
// fall back to stat(2), which has no birth time.
#ifndef CSTATX_H
#define CSTATX_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The kind of thing a status describes, from the file type bits of its mode.
typedef enum {
    CSTATX_KIND_REGULAR = 0,
    CSTATX_KIND_DIRECTORY = 1,
    CSTATX_KIND_FIFO = 2,
    CSTATX_KIND_DEVICE = 3,  // character or block device
    CSTATX_KIND_SOCKET = 4,
    CSTATX_KIND_SYMLINK = 5, // only when links are not followed
    CSTATX_KIND_OTHER = 6,
} cstatx_kind;

/// What one status call found. When `error` is not 0 it holds errno and nothing else is set.
typedef struct {
    int error;                 // 0 on success, else the errno of the failed call
    uint64_t device;           // makedev(major, minor): the same number stat's st_dev gives
    uint32_t device_major;
    uint32_t device_minor;
    uint64_t inode;
    int64_t size;              // bytes
    int64_t modified_seconds;  // last content change, since 1970
    uint32_t modified_nanoseconds;
    int64_t changed_seconds;   // last status change (content, name, links, owner), since 1970
    uint32_t changed_nanoseconds;
    int has_birth_time;        // 1 when the file system reported a birth time, else 0
    int64_t birth_seconds;     // creation time, since 1970; 0 unless has_birth_time
    uint32_t birth_nanoseconds;
    uint32_t links;            // hard links: 0 once an open file has been deleted
    uint32_t mode;             // the file type and permission bits (st_mode)
    cstatx_kind kind;          // the file type bits, decoded
} cstatx_status;

/// The status of `path` (relative paths against the working directory), following symbolic
/// links unless `follow_symlinks` is 0.
cstatx_status cstatx_path(const char *path, int follow_symlinks);

/// The status of `name` in the open folder `directory` (a name relative to it, found without
/// walking a whole path again), following symbolic links unless `follow_symlinks` is 0.
cstatx_status cstatx_at(int directory, const char *name, int follow_symlinks);

/// The status of the open file `fd`: what was actually opened, whatever its path is now.
cstatx_status cstatx_fd(int fd);

#ifdef __cplusplus
}
#endif

#endif
