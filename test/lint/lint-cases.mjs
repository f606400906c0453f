// Lints code placed at given paths with the project's real ESLint config, outside jest (whose
// module system cannot load the config), and prints the boundary rule's findings for each case.
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const cases = JSON.parse(process.argv[2]);
const eslint = new ESLint({ cwd: root });
const results = [];
for (const { file, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  results.push(result.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message));
}
process.stdout.write(JSON.stringify(results));
