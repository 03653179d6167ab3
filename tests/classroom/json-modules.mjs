// A module-loading hook: a .json file imported without `with { type: "json" }` is loaded as a
// module whose default export is its value. @actions/workflow-parser imports its schemas that
// way, which only a bundler accepts; Node refuses it (ERR_IMPORT_ASSERTION_TYPE_MISSING,
// actions/languageservices issue #387). workflow.mjs registers this hook before it imports the
// parser.
import { readFile } from "node:fs/promises";

export async function load(url, context, nextLoad) {
  if (!url.endsWith(".json")) return nextLoad(url, context);
  const text = await readFile(new URL(url), "utf8");
  return { format: "module", source: `export default ${text};`, shortCircuit: true };
}
