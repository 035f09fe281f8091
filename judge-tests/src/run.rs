//! Compiling a submission like a judge does, and running it under limits.
//!
//! ```no_run
//! use judge_tests::run::{compile, run, Limits};
//! use std::{path::Path, time::Duration};
//! let dir = tempfile::tempdir().unwrap();
//! let exe = compile(Path::new("submissions/p4205/main.rs"), dir.path()).unwrap().exe;
//! let limits = Limits { time: Duration::from_secs(1), memory: 125 << 20, output: 64 << 20 };
//! let outcome = run(&exe, Path::new("judge-tests/p4205/sample-1.in"), &limits).unwrap();
//! println!("{} ms of CPU, {} KiB", outcome.cpu.as_millis(), outcome.peak_memory >> 10);
//! ```
//!
//! Why this shape: the child gets its own process group (so a submission that
//! forks cannot outlive the kill), an address-space limit (so memory-hungry
//! code fails inside the child, not in the harness or the machine), and the
//! kernel's CPU limit as a backstop. [`crate::watch`] stops it at the time
//! limit (CPU time) or the idle limit (time spent sleeping or blocked); then
//! `wait4` returns the kernel's resource usage of exactly that child (CPU
//! time, peak RSS). Reader threads drain stdout and stderr so a chatty child
//! never blocks on a full pipe; stdout beyond the cap kills the group too.

use crate::watch::{kill_group, reap, watch, Kill};
use bundler::Judge;
use std::io::{self, Read};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// A compiled submission.
#[derive(Debug)]
pub struct Compiled {
    /// The executable.
    pub exe: PathBuf,
    /// Whatever rustc printed (warnings); empty for a clean build.
    pub warnings: String,
}

/// rustc rejected the source (or could not be started).
#[derive(Debug)]
pub struct CompileError {
    /// rustc's diagnostics, or why it could not run.
    pub message: String,
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CompileError {}

/// Compiles one file as the default judge profile's judge does (see
/// [`Compiler`]).
pub fn compile(source: &Path, out_dir: &Path) -> Result<Compiled, CompileError> {
    Compiler::of(Judge::all()[0]).compile(source, out_dir)
}

/// How a judge compiles, from its profile (the bundler's [`Judge`]):
/// `rustc --edition E -O`, no cargo, no crates, with the judge's own rustc
/// where it is installed here (a rustup toolchain of its version, or
/// Debian's 1.63 that `make check-old-rustc` unpacks), else `$RUSTC` or
/// the `rustc` on the path.
#[derive(Clone, Copy, Debug)]
pub struct Compiler {
    pub judge: Judge,
    /// For a submission of LeetCode's shape (no `main`): the driver
    /// appended, with `struct Solution;`, for the local run only
    /// ([`crate::support::driver`]).
    pub driver: Option<&'static str>,
}

/// Compiles the submission `source` of problem `id` as the default
/// profile's judge does, with the problem's driver appended when it is of
/// LeetCode's shape.
pub fn compile_problem(id: &str, source: &Path, out_dir: &Path) -> Result<Compiled, CompileError> {
    Compiler::of(Judge::all()[0])
        .with_driver(crate::support::driver(id))
        .compile(source, out_dir)
}

impl Compiler {
    pub fn of(judge: Judge) -> Compiler {
        Compiler {
            judge,
            driver: None,
        }
    }

    /// The same compiler, appending `driver` (see [`Compiler::driver`]).
    pub fn with_driver(self, driver: Option<&'static str>) -> Compiler {
        Compiler { driver, ..self }
    }

    /// The rustc to run, and how to name it in a message.
    fn rustc(&self) -> (Command, String) {
        let installed = self
            .judge
            .rustc_version()
            .and_then(bundler::installed_rustc);
        installed.unwrap_or_else(|| {
            let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
            let shown = rustc.to_string_lossy().into_owned();
            (Command::new(rustc), shown)
        })
    }

    /// What [`Compiler::compile`] runs, for a message: `rustc --edition
    /// 2021 -O`, with the judge's rustc when it is not the one used.
    pub fn describe(&self) -> String {
        let (_, rustc) = self.rustc();
        let mut line = format!("{rustc} --edition {} -O", self.judge.edition);
        if let Some(version) = self.judge.rustc_version() {
            if !rustc.contains(version) {
                line.push_str(&format!(
                    "; {} runs rustc {version}, not installed here",
                    self.judge.name
                ));
            }
        }
        line
    }

    /// Compiles `source` into `out_dir/main`.
    pub fn compile(&self, source: &Path, out_dir: &Path) -> Result<Compiled, CompileError> {
        if !source.is_file() {
            return Err(CompileError {
                message: format!("{}: no such file", source.display()),
            });
        }
        let exe = out_dir.join("main");
        let Some(driver) = self.driver else {
            return self.run_rustc(source, &exe);
        };
        let text = std::fs::read_to_string(source).map_err(|e| CompileError {
            message: format!("{}: {e}", source.display()),
        })?;
        let driven = out_dir.join("driven.rs");
        let text = crate::support::leetcode::driven(&text, driver);
        std::fs::write(&driven, text).map_err(|e| CompileError {
            message: format!("{}: {e}", driven.display()),
        })?;
        self.run_rustc(&driven, &exe)
    }

    fn run_rustc(&self, source: &Path, exe: &Path) -> Result<Compiled, CompileError> {
        let (mut rustc, _) = self.rustc();
        let output = rustc
            .args([
                "--edition",
                self.judge.edition,
                "-O",
                "--crate-name",
                "main",
                "-o",
            ])
            .arg(exe)
            .arg(source)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| CompileError {
                message: format!("cannot run rustc: {e}"),
            })?;
        let diagnostics = String::from_utf8_lossy(&output.stderr).into_owned();
        if output.status.success() {
            Ok(Compiled {
                exe: exe.to_path_buf(),
                warnings: diagnostics,
            })
        } else {
            Err(CompileError {
                message: diagnostics,
            })
        }
    }
}

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time, user plus system, as the kernel counts it. The idle limit
    /// is [`IDLE_FACTOR`] times this.
    pub time: Duration,
    /// Address space in bytes (`RLIMIT_AS`).
    pub memory: u64,
    /// Bytes of standard output.
    pub output: u64,
}

/// The idle limit is this many times the time limit: enough for a program
/// that reads its input slowly, short enough that a sleeping one is
/// stopped within seconds.
pub const IDLE_FACTOR: u32 = 3;

impl Limits {
    /// How long a program may be idle (sleeping or blocked: neither running
    /// nor waiting for a CPU) before it is stopped.
    pub fn idle(&self) -> Duration {
        self.time * IDLE_FACTOR
    }
}

/// How the process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It returned this exit code.
    Code(i32),
    /// It was killed by this signal (including our own SIGKILL).
    Signal(i32),
}

/// Everything measured about one run; the verdict is decided elsewhere.
#[derive(Debug, Clone)]
pub struct RunOutcome {
    /// How it ended.
    pub exit: Exit,
    /// Whether, and why, we killed it for time: its CPU time reached the
    /// time limit, or its idle time the idle limit.
    pub killed: Option<Kill>,
    /// We killed it because stdout went past the cap.
    pub output_overflow: bool,
    /// Standard output (at most the cap).
    pub stdout: Vec<u8>,
    /// The last bytes of standard error.
    pub stderr_tail: String,
    /// Wall time from spawn to exit.
    pub wall: Duration,
    /// User plus system CPU time, from `wait4`.
    pub cpu: Duration,
    /// The time it spent sleeping or blocked, as the watcher counted it.
    pub idle: Duration,
    /// Peak resident memory in bytes (`ru_maxrss`).
    pub peak_memory: u64,
}

/// How much of stderr is kept: enough for a panic message and a few lines.
const STDERR_TAIL: usize = 2048;

fn set_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: soft as libc::rlim_t,
        rlim_max: hard as libc::rlim_t,
    };
    // SAFETY: setrlimit only reads the struct we pass; it is async-signal-safe.
    if unsafe { libc::setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

fn duration(tv: libc::timeval) -> Duration {
    Duration::from_secs(tv.tv_sec as u64) + Duration::from_micros(tv.tv_usec as u64)
}

/// Runs `exe` with `input` as stdin under `limits`: killed when its CPU time
/// reaches the time limit or its idle time the idle limit (see
/// [`crate::watch`]), so it never waits much past either.
pub fn run(exe: &Path, input: &Path, limits: &Limits) -> io::Result<RunOutcome> {
    let mut command = confined(exe, input, limits)?;
    let start = Instant::now();
    let mut child = command.spawn()?;
    let pid = child.id() as i32;
    let stdout = child.stdout.take().expect("stdout is piped");
    let stderr = child.stderr.take().expect("stderr is piped");
    let overflow = Arc::new(AtomicBool::new(false));
    let stdout_reader = read_capped(stdout, limits.output, pid, Arc::clone(&overflow));
    let stderr_reader = thread::spawn(move || read_tail(stderr));
    let watched = watch(pid, limits.time, limits.idle());
    // Anything the submission forked dies with it, so the pipes close. The
    // child stays a zombie until the readers are done, so `pid` names its
    // group, and no other process, whenever one of them signals it.
    kill_group(pid);
    let stdout = stdout_reader.join().unwrap_or_default();
    let stderr_tail = stderr_reader.join().unwrap_or_default();
    let reaped = reap(pid)?;
    let watched = watched?;
    Ok(RunOutcome {
        exit: exit_of(reaped.status),
        killed: watched.killed,
        output_overflow: overflow.load(Ordering::SeqCst),
        stdout,
        stderr_tail,
        wall: watched.exited_at.duration_since(start),
        cpu: duration(reaped.usage.ru_utime) + duration(reaped.usage.ru_stime),
        idle: watched.idle,
        peak_memory: reaped.usage.ru_maxrss.max(0) as u64 * 1024,
    })
}

/// The command that runs `exe` as a judge would: a bare environment, stdin
/// from `input`, piped output, its own process group and resource limits.
fn confined(exe: &Path, input: &Path, limits: &Limits) -> io::Result<Command> {
    let stdin = std::fs::File::open(input)?;
    let mut command = Command::new(exe);
    // A judge runs submissions in a bare environment: no RUST_BACKTRACE
    // (whose symbolising costs tens of MiB and hides the panic message).
    command.env_clear();
    if let Some(path) = std::env::var_os("PATH") {
        command.env("PATH", path);
    }
    command
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let memory = limits.memory;
    // The kernel's CPU limit (whole seconds, per process, inherited by
    // anything it forks) is a backstop behind the watcher, a second over.
    let cpu_seconds = limits.time.as_millis().div_ceil(1000) as u64 + 1;
    // SAFETY: the closure runs between fork and exec and calls only
    // async-signal-safe functions (setpgid, setrlimit); it allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::setpgid(0, 0) != 0 {
                return Err(io::Error::last_os_error());
            }
            set_limit(libc::RLIMIT_AS, memory, memory)?;
            set_limit(libc::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1)?;
            set_limit(libc::RLIMIT_CORE, 0, 0)?;
            Ok(())
        });
    }
    Ok(command)
}

/// Drains stdout on a thread, keeping at most `cap` bytes; past the cap it
/// raises `overflow` and kills the process group.
fn read_capped(
    mut stdout: impl Read + Send + 'static,
    cap: u64,
    pid: i32,
    overflow: Arc<AtomicBool>,
) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buffer = vec![0u8; 1 << 16];
        loop {
            match stdout.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    let room = (cap as usize).saturating_sub(kept.len());
                    kept.extend_from_slice(&buffer[..n.min(room)]);
                    if n > room {
                        overflow.store(true, Ordering::SeqCst);
                        kill_group(pid);
                        break;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            }
        }
        kept
    })
}

/// Drains stderr to its end, keeping the last [`STDERR_TAIL`] bytes.
fn read_tail(mut stderr: impl Read) -> String {
    let mut tail: Vec<u8> = Vec::new();
    let mut buffer = vec![0u8; 1 << 14];
    loop {
        match stderr.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                tail.extend_from_slice(&buffer[..n]);
                if tail.len() > 2 * STDERR_TAIL {
                    tail.drain(..tail.len() - STDERR_TAIL);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
    }
    let from = tail.len().saturating_sub(STDERR_TAIL);
    String::from_utf8_lossy(&tail[from..]).into_owned()
}

/// How a raw wait status ended.
fn exit_of(status: i32) -> Exit {
    if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    }
}

/// The conventional name of a signal, for reports.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGTRAP => "SIGTRAP",
        _ => return format!("signal {signal}"),
    };
    format!("{name} ({signal})")
}
