// Run notebooks of the built JupyterLite site in Pyodide under Node, as the site's kernel runs them in a tab.
// usage: node run_in_pyodide.mjs SITE NOTEBOOK...   (NOTEBOOK: a path under SITE/files, e.g. lessons/01-x.ipynb)
// Each notebook gets a Python of its own (as each notebook in the site gets its own kernel), loaded with the
// site's jupyter-lite.json options from the site's own files, and its code cells run one by one through the
// Pyodide kernel's `kernel_instance.run` (pyodide_kernel, the kernel's Python half). One JSON line per cell.
import { readFileSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { pathToFileURL } from "node:url";

const [site, ...notebooks] = process.argv.slice(2).map((arg, i) => (i === 0 ? resolve(arg) : arg));
const pyodideDir = join(site, "static", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const config = JSON.parse(readFileSync(join(site, "jupyter-lite.json"), "utf-8"))["jupyter-config-data"];
const options = config.litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"].loadPyodideOptions;

const DRIVER = `
import json, os, time
import pyodide_kernel

kernel = pyodide_kernel.kernel_instance
shell = kernel.interpreter
outputs = []
def stream(name, text):
    outputs.append({"output_type": "stream", "name": name, "text": text})
def display(data, metadata=None, transient=None):
    outputs.append({"output_type": "display_data", "data": dict(data)})
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
shell.send_comm = lambda *args, **kwargs: None  # the page's widget manager is not here: comm messages go nowhere
shell.input = no_input

async def run_cell(source):
    outputs.clear()
    started = time.monotonic()
    reply = await kernel.run(source)
    reply = {key: reply[key] for key in ("status", "ename", "evalue", "traceback") if key in reply}
    return json.dumps({**reply, "seconds": round(time.monotonic() - started, 3), "outputs": outputs})
`;

for (const notebook of notebooks) {
  const started = Date.now();
  const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", packages: options.packages, env: options.env,
                                      stdout: () => {}, stderr: () => {} });
  // the site ships /drive/data/... (the saves' folder) and opens a notebook in its own folder of /drive
  const folder = "/drive/" + dirname(notebook);
  pyodide.FS.mkdirTree(folder);
  pyodide.FS.mkdirTree(options.env.XDG_DATA_HOME + "/epic-cosmos/saves");
  pyodide.FS.chdir(folder);
  await pyodide.runPythonAsync(DRIVER);
  const loaded = (Date.now() - started) / 1000;
  const cells = JSON.parse(readFileSync(join(site, "files", notebook), "utf-8")).cells;
  console.log(JSON.stringify({ notebook, loaded_seconds: loaded, cells: cells.length }));
  const runCell = pyodide.globals.get("run_cell");
  for (const [index, cell] of cells.entries()) {
    if (cell.cell_type !== "code") continue;
    const source = Array.isArray(cell.source) ? cell.source.join("") : cell.source;
    const reply = JSON.parse(await runCell(source));
    console.log(JSON.stringify({ notebook, cell: index, ...reply }));
    if (reply.status !== "ok") break;
  }
  runCell.destroy();
}
