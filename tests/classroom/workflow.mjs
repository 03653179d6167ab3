// Reads workflow files with GitHub's own parser, @actions/workflow-parser, and prints what it
// read as JSON, one object per file:
//   {"file", "errors": [...], "workflow": the document as the parser typed it (mappings as
//    objects, sequences as arrays, an expression as "${{ ... }}"), "jobs": [{"id", "steps":
//    [{"id", "uses", "run"}]}] as it converts them}
// Errors are the parser's (schema, YAML) and the converter's (ids, expressions, needs), as
// GitHub reports them for a workflow it refuses.
//   node workflow.mjs FILE...
import { readFile } from "node:fs/promises";
import { register } from "node:module";

register("./json-modules.mjs", import.meta.url);
const { parseWorkflow, convertWorkflowTemplate, NoOperationTraceWriter } = await import(
  "@actions/workflow-parser"
);

// The serialised token (TemplateToken.toJSON) as plain data.
function plain(token) {
  if (token === null || typeof token !== "object") return token;
  if (token.type === 2) return Object.fromEntries(token.map.map(({ Key, Value }) => [plain(Key), plain(Value)]));
  if (token.type === 1) return token.seq.map(plain);
  if (token.type === 3) return "${{ " + token.expr + " }}";
  throw new Error(`unexpected token ${JSON.stringify(token).slice(0, 200)}`);
}

const results = [];
for (const file of process.argv.slice(2)) {
  const content = await readFile(file, "utf8");
  const parsed = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  const template = parsed.value ? await convertWorkflowTemplate(parsed.context, parsed.value) : undefined;
  for (const e of template?.errors ?? []) if (!errors.includes(e.Message)) errors.push(e.Message);
  results.push({
    file,
    errors,
    workflow: parsed.value ? plain(JSON.parse(JSON.stringify(parsed.value))) : null,
    jobs: (template?.jobs ?? []).map((job) => ({
      id: job.id.value,
      steps: (job.steps ?? []).map((step) => ({ id: step.id, uses: step.uses?.value, run: step.run?.value })),
    })),
  });
}
process.stdout.write(JSON.stringify(results, null, 1) + "\n");
