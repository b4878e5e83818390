//! The layers' buffers. A layer of a large board holds hundreds of megabytes
//! in a handful of vectors, and whatever writes one of them in one go keeps
//! Ctrl+C waiting. Big buffers are therefore written and moved a slice at a
//! time with a look at the flag between slices, never copied when their
//! items are dead, and backed by 2 MiB pages where the kernel has them.
//! Smaller ones grow as vectors do: copying one takes a few milliseconds.

use super::{Cancel, FrontierError, poll};

/// Bytes from which a buffer is big. The allocator maps these straight from
/// the kernel (glibc does from 32 MiB at the latest) and unmaps them when
/// freed, so replacing one leaves no hole in its heap.
const BIG: usize = 32 << 20;

/// Bytes written between two looks at the flag (a millisecond or two).
const SLICE_BYTES: usize = 4 << 20;

fn is_big<T>(items: usize) -> bool {
    items.saturating_mul(std::mem::size_of::<T>()) >= BIG
}

/// Items of `T` in one slice.
fn slice_len<T>() -> usize {
    (SLICE_BYTES / std::mem::size_of::<T>().max(1)).max(1)
}

/// Empties `v` with room for at least `need` items, and for `room` when the
/// buffer is big. A big buffer without that room is replaced, not grown:
/// growing would copy the items it held, dead by now, and room not yet
/// written is only address space.
pub(super) fn fresh<T>(v: &mut Vec<T>, need: usize, room: usize) {
    v.clear();
    let room = room.max(need);
    if !is_big::<T>(room) {
        v.reserve(need);
    } else if v.capacity() < room {
        // The old buffer goes first, so the two are never held together.
        *v = Vec::new();
        v.reserve_exact(room);
        huge_pages(v);
    }
}

/// Room for `more` items past the length. A buffer that becomes big moves to
/// one twice as large a slice at a time. Not `Vec::reserve`: its `realloc`
/// copies the whole buffer in one go whenever the kernel cannot remap it in
/// place, which is always once `madvise` has split its mapping.
pub(super) fn grow<T: Copy>(v: &mut Vec<T>, more: usize, cancel: Cancel) -> Result<(), FrontierError> {
    if v.capacity() - v.len() >= more {
        return Ok(());
    }
    let room = (v.len() + more).max(2 * v.capacity());
    if !is_big::<T>(room) {
        v.reserve(more);
        return Ok(());
    }
    let mut moved = Vec::new();
    moved.reserve_exact(room);
    huge_pages(&moved);
    for chunk in v.chunks(slice_len::<T>()) {
        moved.extend_from_slice(chunk);
        poll(cancel)?;
    }
    *v = moved;
    Ok(())
}

/// Sets the first `len` items of `v` to `value`, appending where it is
/// shorter (the caller made room), a slice at a time.
pub(super) fn fill<T: Copy>(v: &mut Vec<T>, len: usize, value: T, cancel: Cancel) -> Result<(), FrontierError> {
    let step = slice_len::<T>();
    let reused = len.min(v.len());
    for chunk in v[..reused].chunks_mut(step) {
        chunk.fill(value);
        poll(cancel)?;
    }
    while v.len() < len {
        let more = (len - v.len()).min(step);
        v.extend(std::iter::repeat_n(value, more));
        poll(cancel)?;
    }
    Ok(())
}

/// Asks Linux to back a big buffer with 2 MiB pages, before its pages are
/// first written. The kernel frees a process's memory page by page when it
/// unmaps a buffer or the process ends: for the gigabytes of a large board's
/// layers that took 80–100 ms a gigabyte with 4 KiB pages (150 at exit, so
/// not freeing does not help), most of the wait after Ctrl+C, and a tenth of
/// that with 2 MiB pages, which also fault in 512 times fewer (a count runs
/// an eighth faster). Only a hint: where the kernel has no huge pages
/// nothing changes.
#[allow(unsafe_code)] // libc's madvise
fn huge_pages<T>(v: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = (v.as_ptr() as usize).div_ceil(PAGE) * PAGE;
        let end = (v.as_ptr() as usize + v.capacity() * std::mem::size_of::<T>()) / PAGE * PAGE;
        if end > start {
            // SAFETY: the range lies inside the vector's allocation;
            // MADV_HUGEPAGE changes how the kernel backs it, not its contents.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}
