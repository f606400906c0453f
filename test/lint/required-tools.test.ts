import path from 'node:path';
import { toolOrSkip } from '../support/required-tools';

describe('toolOrSkip', () => {
  const saved = process.env.CI_REQUIRE_TOOLS;
  let written: string[];
  beforeEach(() => {
    delete process.env.CI_REQUIRE_TOOLS;
    written = [];
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    if (saved === undefined) delete process.env.CI_REQUIRE_TOOLS;
    else process.env.CI_REQUIRE_TOOLS = saved;
  });

  it('lets the tests run when the program is there, by path or by name in PATH', () => {
    expect(toolOrSkip('Node', process.execPath, 'apt-get install nodejs')).toBeUndefined();
    expect(toolOrSkip('Node', path.basename(process.execPath), 'apt-get install nodejs')).toBeUndefined();
    expect(written).toEqual([]);
  });

  it('skips with the reason and the install line, printed once', () => {
    const reason = toolOrSkip('Chromium', '/nonexistent/chromium', 'apt-get install chromium');
    expect(reason).toContain('Chromium is not installed (/nonexistent/chromium not found)');
    expect(reason).toContain('apt-get install chromium');
    expect(toolOrSkip('Chromium', '/nonexistent/chromium', 'apt-get install chromium')).toBe(reason);
    expect(written).toEqual([`${reason}\n`]);
  });

  it('does not take a folder or a file that cannot run for the program', () => {
    expect(toolOrSkip('Folder', __dirname, 'nothing')).toBeDefined();
    expect(toolOrSkip('Plain file', __filename, 'nothing')).toBeDefined();
    expect(toolOrSkip('Unknown', 'no-such-command-anywhere', 'nothing')).toBeDefined();
  });

  it('fails instead when CI requires the tools', () => {
    process.env.CI_REQUIRE_TOOLS = '1';
    expect(() => toolOrSkip('Java', 'no-such-java', 'apt-get install default-jre-headless')).toThrow(
      'Java is required here (CI_REQUIRE_TOOLS=1) but no-such-java was not found. Install it with: apt-get install default-jre-headless',
    );
    expect(toolOrSkip('Node', process.execPath, 'apt-get install nodejs')).toBeUndefined();
  });
});
