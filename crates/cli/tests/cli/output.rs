//! Files the user names: every kind of destination, as root (the user CI runs as).

use crate::common;
use common::*;

use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("zecklab-output-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const BOARD_3: &str = "0,1,2\n1,2,0\n2,0,1\n";

fn grundy_csv(path: &Path) -> std::process::Output {
    zecklab(&["wythoff", "grundy", "--size", "3", "--csv", path.to_str().unwrap()])
}

#[test]
fn a_regular_file_is_replaced_whole_and_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("regular");
    let file = dir.join("g.csv");
    std::fs::write(&file, "old contents that are longer than the board\n").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(grundy_csv(&file).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), BOARD_3);
    assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    // A new file gets the usual rw-r--r--, and no temporary file is left behind.
    let new = dir.join("new.csv");
    assert_eq!(grundy_csv(&new).status.code(), Some(0));
    assert_eq!(std::fs::metadata(&new).unwrap().permissions().mode() & 0o777, 0o644);
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn dash_is_stdout_and_creates_no_file() {
    let o = zecklab(&["wythoff", "grundy", "--size", "3", "--csv", "-"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), BOARD_3, "only the board on stdout");
    assert!(!Path::new("-").exists());
}

#[test]
fn dev_null_is_written_through_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let o = grundy_csv(Path::new("/dev/null"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
}

#[test]
fn a_fifo_is_written_through() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("fifo");
    let fifo = dir.join("board.fifo");
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    assert_eq!(grundy_csv(&fifo).status.code(), Some(0));
    assert_eq!(reader.join().unwrap(), BOARD_3);
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "still a FIFO");
}

#[test]
fn a_symlink_is_followed_and_left_a_link() {
    let dir = scratch("symlink");
    let target = dir.join("target.csv");
    let link = dir.join("link.csv");
    std::fs::write(&target, "old\n").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    assert_eq!(grundy_csv(&link).status.code(), Some(0));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), BOARD_3);
    // A dangling link creates its target.
    let dangling = dir.join("dangling.csv");
    std::os::unix::fs::symlink(dir.join("made.csv"), &dangling).unwrap();
    assert_eq!(grundy_csv(&dangling).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(dir.join("made.csv")).unwrap(), BOARD_3);
    // A loop is refused.
    let a = dir.join("a");
    let b = dir.join("b");
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    assert_usage_error(&grundy_csv(&a), "symbolic links");
}

#[test]
fn bad_places_are_one_line_errors_naming_the_path_given() {
    let dir = scratch("bad");
    assert_usage_error(&grundy_csv(&dir), "it is a directory");
    assert_usage_error(&grundy_csv(&dir.join("missing/x.csv")), "there is no directory");
    let o = grundy_csv(Path::new("/proc/x"));
    assert_usage_error(&o, "cannot write '/proc/x'");
    assert!(!stderr(&o).contains(".tmp") && !stderr(&o).contains("os error"), "{}", stderr(&o));
    let o = zecklab(&["zgame", "strategy", "--n", "5", "--out", dir.to_str().unwrap()]);
    assert_usage_error(&o, "it is a directory");
}

#[test]
fn a_socket_is_refused() {
    let dir = scratch("socket");
    let socket = dir.join("s.sock");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    assert_usage_error(&grundy_csv(&socket), "socket");
}

#[test]
fn strategies_write_to_stdout_with_dash() {
    let o = zecklab(&["zgame", "strategy", "--n", "5", "--out", "-"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.starts_with("zecklab zgame strategy v1") && text.trim_end().ends_with("end"), "{text}");
}
