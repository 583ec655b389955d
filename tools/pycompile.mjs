// Compile the Python of zips to bytecode for the browser's Python: run by `make vendor` under Node
// with the vendored Pyodide, so the .pyc carry exactly the magic number the page's Python reads.
//
// Usage: node tools/pycompile.mjs PYODIDE_DIR [--only-imported APP_ZIP MODULES] PREFIX IN.zip OUT.zip
//   PREFIX: where the zip's files sit in the browser's file system (tracebacks name them), e.g.
//           /lib/python314.zip for the standard library, /home/pyodide for thousand.zip.
//   --only-imported APP_ZIP MODULES: compile only the modules that importing MODULES (comma
//           separated, from APP_ZIP unpacked into the working directory) pulls in; the rest of
//           the zip stays source. For the standard library: its .pyc are larger than its sources,
//           so only what every start imports is worth its bytes.
//
// Each compiled foo.py becomes foo.pyc in its place, without the source (the way Pyodide's own
// py-compiled builds ship): the import system loads a lone .pyc straight away, without reading
// and compiling the source at every start. The .pyc are "unchecked hash" ones (PEP 552), so no
// file time is compared and the same sources always give the same bytes. Other files are copied
// unchanged.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const pyodideDir = args.shift();
let only = null;
if (args[0] === "--only-imported") {
  only = { zip: args[1], modules: args[2].split(",") };
  args.splice(0, 3);
}
if (!pyodideDir || args.length !== 3) {
  console.error("usage: node tools/pycompile.mjs PYODIDE_DIR [--only-imported APP_ZIP MODULES] PREFIX IN.zip OUT.zip");
  process.exit(2);
}
const [prefix, input, output] = args;

const COMPILE = `
import importlib._bootstrap_external as external
import importlib.util
import io, sys, zipfile

def imported_entries():
    """Zip entries ("a/b.py", "a/__init__.py") of every module loaded so far."""
    found = set()
    for name in list(sys.modules):
        base = name.replace(".", "/")
        found.update((base + ".py", base + "/__init__.py"))
    return found

def compile_zip(data, prefix, wanted=None):
    out = io.BytesIO()
    count = 0
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as src, \\
            zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info)
            name = info.filename
            if name.endswith(".py") and not info.is_dir() and (wanted is None or name in wanted):
                code = compile(body, f"{prefix}/{name}", "exec", dont_inherit=True, optimize=0)
                body = bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(body), checked=False))
                name = name[:-3] + ".pyc"
                count += 1
            copy = zipfile.ZipInfo(name, date_time=info.date_time)
            copy.external_attr = info.external_attr
            copy.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            dst.writestr(copy, body)
    return out.getvalue(), count
`;

const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
py.runPython(COMPILE);
let wanted;
if (only) {
  py.unpackArchive(new Uint8Array(fs.readFileSync(only.zip)), "zip");
  for (const name of only.modules) py.pyimport(name);
  wanted = py.runPython("imported_entries()");
}
const result = py.globals.get("compile_zip")(new Uint8Array(fs.readFileSync(input)), prefix, wanted);
const [data, count] = result.toJs();
result.destroy();
const bytes = Buffer.from(data);
const unchanged = fs.existsSync(output) && Buffer.compare(fs.readFileSync(output), bytes) === 0;
if (!unchanged) {
  fs.mkdirSync(path.dirname(output), { recursive: true });
  fs.writeFileSync(output + ".tmp", bytes);
  fs.renameSync(output + ".tmp", output);
} else {
  const now = new Date();  // up to date for make, though the bytes (and the worker's revision) stay
  fs.utimesSync(output, now, now);
}
console.log(`pycompile: ${count} modules compiled, ${input} -> ${output} (${(bytes.length / 1e6).toFixed(2)} MB)`
  + (unchanged ? ", unchanged" : ""));
