// Lints code placed at given paths with the project's real ESLint config, outside jest (whose
// module system cannot load the config), and prints the import and file-name rules' findings for
// each case.
import { ESLint } from 'eslint';
import path from 'node:path';

const RULES = new Set(['import-x/no-restricted-paths', 'import-x/no-cycle', 'check-file/filename-naming-convention']);
const root = path.resolve(import.meta.dirname, '../..');
const cases = JSON.parse(process.argv[2]);
const eslint = new ESLint({ cwd: root });
const results = [];
for (const { file, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  results.push(result.messages.filter((message) => RULES.has(message.ruleId)).map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
