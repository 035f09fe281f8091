// Uses no CPU but never finishes: only a wall-clock limit stops it.
fn main() {
    std::thread::sleep(std::time::Duration::from_secs(600));
}
