//! The process's limit of open files, raised as far as the system allows:
//! every WebSocket connection is one file, the server's and the load
//! test's clients' alike.

/// Raises the process's soft limit of open files towards `wanted`, no
/// further than its hard limit; the limit before and after.
pub fn raise_to(wanted: u64) -> (u64, u64) {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return (0, 0);
        }
        let before = limit.rlim_cur;
        if limit.rlim_cur < wanted {
            limit.rlim_cur = wanted.min(limit.rlim_max);
            if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) != 0 {
                return (before, before);
            }
        }
        (before, limit.rlim_cur)
    }
}
