//! Watching a running child until it ends: its CPU time against the time
//! limit, its idle time against the idle limit, both as the kernel counts
//! them, so that a verdict does not depend on how busy the machine is.
//!
//! ```
//! use judge_tests::watch::{reap, watch, Kill};
//! use std::os::unix::process::CommandExt;
//! use std::time::Duration;
//! let child = std::process::Command::new("sleep").arg("9").process_group(0).spawn().unwrap();
//! let pid = child.id() as i32;
//! let watched = watch(pid, Duration::from_secs(1), Duration::from_millis(300)).unwrap();
//! assert_eq!(watched.killed, Some(Kill::Idle));
//! assert!(watched.idle >= Duration::from_millis(300));
//! reap(pid).unwrap();
//! ```
//!
//! Why this shape. A judge limits CPU time (user + system); wall time on a
//! shared machine says more about the other processes than about the
//! submission (a case needing 0.36 s of CPU took over 3 s of wall time here
//! while two builds ran). Every [`POLL`] the watcher reads the child's CPU
//! clock (`clock_getcpuclockid`: the sum over all its threads, in
//! nanoseconds) and kills the process group once it reaches the limit; the
//! verdict itself is decided later from the exact figure `wait4` returns.
//!
//! A program that sleeps or blocks uses no CPU and would never reach that
//! limit, so the watcher also keeps an idle clock: it runs during a poll
//! interval in which the program's CPU time grew by less than a tenth of
//! the interval and none of its threads is running or waiting for a CPU
//! (state `R` in `/proc/<pid>/task/*/stat`). A program starved by a loaded
//! machine stays runnable, so its idle clock stands still: only a program
//! that waits by its own doing is stopped at the idle limit. A plain wall
//! limit was rejected for that reason: any multiple of the CPU limit is
//! passed by an accepted program on a machine busy enough.
//!
//! The child is not reaped until its process group is killed: a waiter
//! thread blocks in `waitid(WNOWAIT)`, which reports the exit but leaves a
//! zombie, and a zombie keeps its pid (and so its process group id) from
//! being reused while we still signal it.

use std::io;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How often the watcher looks at the child. A busy child may overrun the
/// time limit by about this much CPU before it is killed; the verdict is
/// exact anyway.
pub const POLL: Duration = Duration::from_millis(10);

/// Why the watcher killed a child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kill {
    /// Its CPU time reached the time limit.
    CpuTime,
    /// It was idle (sleeping or blocked) for the idle limit.
    Idle,
}

/// How the watch ended.
#[derive(Clone, Copy, Debug)]
pub struct Watched {
    /// When the child was seen to have exited (killed or not).
    pub exited_at: Instant,
    /// Whether, and why, the watcher killed it.
    pub killed: Option<Kill>,
    /// The idle time counted (see the module's documentation).
    pub idle: Duration,
}

/// Watches child `pid` (a process group leader) until it exits, killing its
/// group when its CPU time reaches `cpu_limit` or its idle time
/// `idle_limit`. The child is left unreaped, for [`reap`].
pub fn watch(pid: i32, cpu_limit: Duration, idle_limit: Duration) -> io::Result<Watched> {
    let (sender, exited) = mpsc::channel();
    thread::spawn(move || {
        let _ = sender.send(wait_for_exit(pid));
    });
    let clock = cpu_clock(pid);
    let (mut idle, mut last_cpu, mut last) = (Duration::ZERO, Duration::ZERO, Instant::now());
    let killed = loop {
        match exited.recv_timeout(POLL) {
            Ok(at) => {
                return Ok(Watched {
                    exited_at: at?,
                    killed: None,
                    idle,
                })
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(io::Error::other("the waiter thread vanished"))
            }
        }
        // An unreadable clock means the child is exiting: the waiter says so next.
        let Some(cpu) = clock.as_ref().ok().and_then(|&clock| cpu_time(clock)) else {
            continue;
        };
        if cpu >= cpu_limit {
            break Kill::CpuTime;
        }
        let now = Instant::now();
        let interval = now - last;
        if cpu.saturating_sub(last_cpu) < interval / 10 && !runnable(pid) {
            idle += interval;
        }
        if idle >= idle_limit {
            break Kill::Idle;
        }
        (last_cpu, last) = (cpu, now);
    };
    kill_group(pid);
    let at = exited
        .recv()
        .map_err(|_| io::Error::other("the waiter thread vanished"))??;
    Ok(Watched {
        exited_at: at,
        killed: Some(killed),
        idle,
    })
}

/// Blocks until child `pid` has exited, without reaping it.
fn wait_for_exit(pid: i32) -> io::Result<Instant> {
    loop {
        // SAFETY: siginfo_t is plain old data; zeroed is a valid value.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: pid is our own child and info points to a live local.
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT,
            )
        };
        if r == 0 {
            return Ok(Instant::now());
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// The clock that counts the CPU time of every thread of process `pid`.
fn cpu_clock(pid: i32) -> io::Result<libc::clockid_t> {
    let mut clock: libc::clockid_t = 0;
    // SAFETY: plain call; clock points to a live local.
    match unsafe { libc::clock_getcpuclockid(pid, &mut clock) } {
        0 => Ok(clock),
        error => Err(io::Error::from_raw_os_error(error)),
    }
}

/// The time on a CPU clock, or `None` once its process is gone.
fn cpu_time(clock: libc::clockid_t) -> Option<Duration> {
    // SAFETY: timespec is plain old data; zeroed is a valid value.
    let mut now: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: plain call; now points to a live local.
    if unsafe { libc::clock_gettime(clock, &mut now) } != 0 {
        return None;
    }
    Some(Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
}

/// Whether some thread of process `pid` is running or waiting for a CPU.
/// A process we cannot read is not: it is exiting.
fn runnable(pid: i32) -> bool {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return false;
    };
    tasks.filter_map(Result::ok).any(|task| {
        std::fs::read_to_string(task.path().join("stat"))
            .is_ok_and(|stat| state_of(&stat) == Some('R'))
    })
}

/// The state letter of a `/proc/.../stat` line: the field after the command
/// name, which is in parentheses and may itself hold `)` and spaces.
fn state_of(stat: &str) -> Option<char> {
    let (_, after) = stat.rsplit_once(')')?;
    after.trim_start().chars().next()
}

/// Kills every process of group `pid` (the child and whatever it forked).
pub fn kill_group(pid: i32) {
    // SAFETY: plain syscall; ESRCH (group already gone) is fine to ignore.
    unsafe {
        libc::killpg(pid, libc::SIGKILL);
    }
}

/// A reaped child: its raw wait status and the kernel's resource usage.
pub struct Reaped {
    /// The raw status, for `WIFSIGNALED` and friends.
    pub status: i32,
    /// User and system CPU time, peak resident memory.
    pub usage: libc::rusage,
}

/// Reaps child `pid`, which has exited, with its resource usage.
pub fn reap(pid: i32) -> io::Result<Reaped> {
    let mut status = 0;
    // SAFETY: rusage is plain old data; zeroed is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: pid is our own child, status and usage point to live locals.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            return Ok(Reaped { status, usage });
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_follows_the_last_parenthesis() {
        assert_eq!(state_of("42 (main) R 1 42"), Some('R'));
        assert_eq!(state_of("42 (a) b) S 1 42"), Some('S'));
        assert_eq!(state_of("42 (main"), None);
    }

    #[test]
    fn our_own_thread_is_runnable() {
        // This thread is running while it reads its own state.
        assert!(runnable(std::process::id() as i32));
        assert!(!runnable(i32::MAX));
    }
}
