import password from '@inquirer/password';

/**
 * The new password: typed at a hidden prompt (twice, with the rules checked as it is typed), or
 * read from standard input when that is piped, for scripts. Only the line ending is dropped
 * from piped input; spaces belong to the password.
 */
export async function readNewPassword(check: (value: string) => string | null): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  }
  const first = await password({ message: 'New password:', mask: true, validate: (value) => check(value) ?? true });
  await password({ message: 'Repeat it:', mask: true, validate: (value) => value === first || 'Passwords do not match.' });
  return first;
}
