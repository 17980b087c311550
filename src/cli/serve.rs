//! `black-and-white serve [--port N] [--data DIR]`: the online server,
//! headless (docs/online.md).

use std::path::PathBuf;
use std::process::ExitCode;

/// The port a server listens on when none is given.
pub const DEFAULT_PORT: u16 = 7480;

/// The port and the data folder `serve` is given.
pub fn parse(args: &[String]) -> Result<(u16, Option<PathBuf>), String> {
    let mut port = DEFAULT_PORT;
    let mut data = None;
    let mut iter = args.iter();
    while let Some(flag) = iter.next() {
        let mut value = || iter.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--port" => {
                let text = value()?;
                port = text
                    .parse()
                    .map_err(|_| format!("--port takes a port number, 0 to 65535, not `{text}`"))?;
            }
            "--data" => data = Some(PathBuf::from(value()?)),
            other => return Err(format!("serve: unknown option `{other}`")),
        }
    }
    Ok((port, data))
}

pub fn run(port: u16, data: Option<PathBuf>) -> ExitCode {
    let Some(data) = data.or_else(crate::settings::data_folder) else {
        eprintln!("black-and-white serve: no data folder: give one with --data DIR");
        return ExitCode::from(2);
    };
    match crate::online::server::start(&format!("0.0.0.0:{port}"), &data) {
        Ok(running) => {
            eprintln!("black-and-white serve: {}", running.files);
            // One line on standard output, which the tests and the load
            // test read for the port.
            println!(
                "black-and-white serve: listening on ws://{} with {} games carried on from {}",
                running.address,
                running.kept,
                data.join("games.sqlite").display()
            );
            loop {
                std::thread::park();
            }
        }
        Err(e) => {
            eprintln!("black-and-white serve: {e}");
            ExitCode::from(1)
        }
    }
}
