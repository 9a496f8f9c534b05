//! Neovim, headless, as an author's editor: it starts the server, opens a broken lock, shows
//! the diagnostic at its line and column, formats the file once it is mended, and reads a
//! hover. Neovim's own LSP client is the real client; without `nvim` on the machine the test
//! says so and passes, for Neovim is a tool of this check, not of the product.

mod common;

use lockfmt::Text;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SPRING_PULL: &str = include_str!("../../templates/hexlock/starter/spring-pull.lock");

/// The script Neovim runs: each step's result written, one line each, to `OUT`. Written for
/// Neovim 0.7 (Debian's), whose client has `start_client` and `formatting_sync`.
const SCRIPT: &str = r#"
local out = {}
local function say(s) table.insert(out, s) end
local function finish()
  local f = io.open(os.getenv("OUT"), "w")
  f:write(table.concat(out, "\n") .. "\n")
  f:close()
  vim.cmd("qa!")
end
local ok, err = pcall(function()
  vim.cmd("edit " .. os.getenv("LOCK"))
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    cmd = { os.getenv("SERVER") },
    name = "lockwright",
    root_dir = os.getenv("DIR"),
    init_options = { debounceMs = 50, solveSeconds = 5 },
  })
  vim.lsp.buf_attach_client(buf, id)
  vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
    say(string.format("diagnostic %d:%d %s %s", d.lnum + 1, d.col + 1, code, d.message))
  end
  -- Mend the lock, out of its canonical order, and format it.
  local mended = vim.split(os.getenv("MENDED"), "\n", { plain = true })
  if mended[#mended] == "" then table.remove(mended) end
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, mended)
  vim.lsp.buf.formatting_sync(nil, 10000)
  for _, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    say("formatted " .. line)
  end
  local client = vim.lsp.get_client_by_id(id)
  local row = tonumber(os.getenv("SPRING_ROW"))
  local answer = client.request_sync("textDocument/hover", {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = row, character = 9 },
  }, 10000, buf)
  local value = answer and answer.result and answer.result.contents and answer.result.contents.value or "none"
  say("hover " .. value:gsub("\n", " "))
  vim.lsp.stop_client(id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(id) == nil end, 50)
end)
if not ok then say("error " .. tostring(err)) end
finish()
"#;

#[test]
fn neovim_shows_the_diagnostic_formats_and_hovers() {
    if Command::new("nvim").arg("--version").output().is_err() {
        println!("nvim is not installed: the Neovim end-to-end test did not run");
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let broken = SPRING_PULL.replacen(" . . . . A . . .", " . . . . ? . . .", 1);
    let lock = dir.path().join("broken.lock");
    std::fs::write(&lock, &broken).expect("the lock written");
    let script = dir.path().join("script.lua");
    std::fs::write(&script, SCRIPT).expect("the script written");
    let out = dir.path().join("out.txt");
    let mended = SPRING_PULL
        .replace(
            "hook arm E\nwrench momentum none\n",
            "wrench momentum none\nhook arm E\n",
        )
        .replace("size: 4", "size:   4");
    let spring_row = mended
        .lines()
        .position(|l| l.starts_with("spring"))
        .expect("a spring line");

    let mut child = Command::new("nvim")
        .args(["--headless", "--clean", "-n", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("OUT", &out)
        .env("LOCK", &lock)
        .env("DIR", dir.path())
        .env("SERVER", env!("CARGO_BIN_EXE_lockwright-lsp"))
        .env("MENDED", &mended)
        .env("SPRING_ROW", spring_row.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nvim starts");
    let deadline = Instant::now() + Duration::from_secs(90);
    while child.try_wait().expect("a status").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("Neovim did not finish");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut err = String::new();
    child.stderr.take().map(|mut e| e.read_to_string(&mut err));
    let said = std::fs::read_to_string(&out).unwrap_or_else(|_| panic!("no output; {err}"));
    println!("{said}");
    assert!(
        !said.contains("\nerror ") && !said.starts_with("error "),
        "{said}"
    );

    // The diagnostics as lockwright check places them (1-based line and column).
    for d in lockfmt::hexlock::HexLock
        .check(broken.as_bytes())
        .diagnostics
    {
        let line = format!(
            "diagnostic {}:{} {} {}",
            d.span.line, d.span.column, d.code, d.message
        );
        assert!(said.lines().any(|l| l == line), "{line}\n{said}");
    }
    let formatted: Vec<&str> = said
        .lines()
        .filter_map(|l| l.strip_prefix("formatted "))
        .collect();
    let canonical = lockfmt::hexlock::format(&mended).expect("a valid lock");
    assert_eq!(formatted.join("\n") + "\n", canonical);
    let hover = said
        .lines()
        .find_map(|l| l.strip_prefix("hover "))
        .unwrap_or("");
    assert!(
        hover.contains("**Spring**") && hover.contains("natural length 1"),
        "{said}"
    );
}
