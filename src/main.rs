use std::process::ExitCode;

fn main() -> ExitCode {
    #[cfg(not(target_arch = "wasm32"))]
    let args: Vec<String> = std::env::args().skip(1).collect();
    // In the browser the page's address carries the options.
    #[cfg(target_arch = "wasm32")]
    let args = black_and_white::web::page_arguments();
    black_and_white::cli::main(&args)
}
