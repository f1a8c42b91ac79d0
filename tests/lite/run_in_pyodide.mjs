// Run notebooks of the built JupyterLite site in the site's own Pyodide under Node, as its kernel runs them in a tab.
// usage: node run_in_pyodide.mjs SITE NOTEBOOK...
//   NOTEBOOK: a path under SITE/files (lessons/01-x.ipynb), or PATH=FILE: this machine's FILE opened as the site's PATH
//   (a student's notebook uploaded into that folder, e.g. exercises/01-islands/mine.ipynb=/somewhere/reference.ipynb)
// Pyodide is loaded once from the site's files with the site's jupyter-lite.json options (the same packages, the
// same environment); every code cell runs through the Pyodide kernel's own `kernel_instance.run`. A tab starts a
// Python per notebook; here, to save a start per notebook, each notebook gets a fresh namespace and imports the
// course's packages anew (they are dropped from sys.modules), in its own folder of /drive. One JSON line per cell.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [site, ...notebooks] = process.argv.slice(2).map((arg, i) => (i === 0 ? resolve(arg) : arg));
const pyodideDir = join(site, "static", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const config = JSON.parse(readFileSync(join(site, "jupyter-lite.json"), "utf-8"))["jupyter-config-data"];
const options = config.litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"].loadPyodideOptions;

const DRIVER = `
import json, os, sys, time
import pyodide_kernel

COURSE = ("cosmos", "lessons", "graders", "tents")
kernel = pyodide_kernel.kernel_instance
shell = kernel.interpreter
outputs = []
def stream(name, text):
    outputs.append({"output_type": "stream", "name": name, "text": text})
def display(data, metadata=None, transient=None):
    outputs.append({"output_type": "display_data", "data": data.to_py() if hasattr(data, "to_py") else dict(data)})
def result(count, data, metadata=None):
    outputs.append({"output_type": "execute_result", "data": dict(data)})
def no_input(*args, **kwargs):
    raise RuntimeError("input() was called: the node run has no one to type")
pyodide_kernel.stdout_stream.publish_stream_callback = stream
pyodide_kernel.stderr_stream.publish_stream_callback = stream
shell.display_pub.display_data_callback = display
shell.display_pub.update_display_data_callback = display
shell.display_pub.clear_output_callback = lambda wait=False: None
shell.displayhook.publish_execution_result = result
shell.send_comm = lambda *args, **kwargs: None  # no page, no widget manager: comm messages go nowhere
shell.input = no_input

def open_notebook(folder):
    """A fresh start for the next notebook: its folder, an empty namespace, the course's modules imported anew."""
    os.makedirs(folder, exist_ok=True)
    os.chdir(folder)
    for name in [name for name in sys.modules if name.split(".")[0] in COURSE]:
        del sys.modules[name]
    shell.reset(new_session=True)

async def run_cell(source):
    outputs.clear()
    started = time.monotonic()
    reply = await kernel.run(source)
    reply = {key: reply[key] for key in ("status", "ename", "evalue", "traceback") if key in reply}
    return json.dumps({**reply, "seconds": round(time.monotonic() - started, 3), "outputs": outputs})
`;

const started = Date.now();
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", packages: options.packages, env: options.env,
                                    stdout: () => {}, stderr: () => {} });
pyodide.FS.mkdirTree(options.env.XDG_DATA_HOME + "/epic-cosmos/saves"); // the site ships this folder
await pyodide.runPythonAsync(DRIVER);
console.log(JSON.stringify({ loaded_seconds: (Date.now() - started) / 1000 }));
const openNotebook = pyodide.globals.get("open_notebook");
const runCell = pyodide.globals.get("run_cell");
for (const argument of notebooks) {
  const [notebook, file] = argument.includes("=") ? argument.split("=") : [argument, join(site, "files", argument)];
  const cells = JSON.parse(readFileSync(file, "utf-8")).cells;
  openNotebook("/drive/" + dirname(notebook));
  console.log(JSON.stringify({ notebook, cells: cells.length }));
  for (const [index, cell] of cells.entries()) {
    if (cell.cell_type !== "code") continue;
    const source = Array.isArray(cell.source) ? cell.source.join("") : cell.source;
    const reply = JSON.parse(await runCell(source));
    console.log(JSON.stringify({ notebook, cell: index, ...reply }));
    if (reply.status !== "ok") break; // as Run All stops at an error
  }
}
