pub const VERSION: &str = env!("BUILT_VERSION");
