//! Standard output. A reader that went away (`ludo-cli … | head`) ends the tool quietly with
//! the status a shell gives a program stopped by SIGPIPE; any other failure to write (a full
//! disk) is an error with exit code 2, never a panic.

use std::io::{ErrorKind, Write};

use crate::input::InputError;

pub fn line(text: &str) -> Result<(), InputError> {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => std::process::exit(141),
        Err(e) => Err(InputError(format!("cannot write to standard output: {e}"))),
    }
}
