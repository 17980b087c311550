use std::process::ExitCode;

fn main() -> ExitCode {
    #[cfg(not(target_arch = "wasm32"))]
    let args: Vec<String> = std::env::args().skip(1).collect();
    // In the browser the page's address carries the options; a mistyped
    // link still opens the title screen, the reason in the console.
    #[cfg(target_arch = "wasm32")]
    let args = {
        let args = black_and_white::cli::page_arguments();
        match black_and_white::cli::parse(&args) {
            Ok(_) => args,
            Err(e) => {
                web_sys::console::warn_1(&format!("the page's options are ignored: {e}").into());
                Vec::new()
            }
        }
    };
    black_and_white::cli::main(&args)
}
