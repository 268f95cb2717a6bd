// `npm run lint` reads the types, so a forgotten `await` is a lint error rather than a write nobody
// waits for or a rejection nobody sees. ESLint runs here with the repo's own eslint.config.mjs. The
// typed rules need a file some tsconfig holds, so each snippet is linted as the text of a real file of
// that project (lintText lints the given text in the file's place; the file itself is not touched).
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
// One file of each typed project: main's (with tests and bench), the renderer's, the chromium-driving tests'.
const FILES = ['main/index.ts', 'renderer/App.tsx', 'tests/e2e/broker-day.test.ts'];
let eslint: ESLint;

// The first lint in a project builds its TypeScript program, tens of seconds on a busy machine: done
// once here, so that each test times only its own lint.
beforeAll(async () => {
  eslint = new ESLint({
    cwd: REPO_ROOT,
    // Under CI=true typescript-eslint takes the run for a one-off lint of the files on disk and types
    // them as they are there, not as the text given here; this test lints text in a file's place.
    overrideConfig: { languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } } },
  });
  for (const file of FILES) await eslint.lintText('', { filePath: file });
}, 180_000);

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map(({ ruleId, line, severity }) => ({ ruleId, line, severity }));
}

/** A write that returns a promise, and a caller of it: `body` is the caller's one statement (line 4). */
const caller = (body: string) => `async function write(): Promise<void> {}

export async function save(): Promise<void> {
  ${body}
}
`;

describe('a forgotten await', () => {
  it.each(FILES)('is a no-floating-promises error in %s', async (file) => {
    expect(await problems(file, caller('write();'))).toEqual([{ ruleId: '@typescript-eslint/no-floating-promises', line: 4, severity: 2 }]);
  });

  it.each(FILES)('is nothing once the call is awaited, in %s', async (file) => {
    expect(await problems(file, caller('await write();'))).toEqual([]);
  });

  it('is nothing when the promise is left on purpose with its rejection handled', async () => {
    expect(await problems('main/index.ts', caller('write().catch((error: unknown) => console.error(error));'))).toEqual([]);
  });
});

describe('an await or a callback that misreads a promise', () => {
  it('refuses an await of what is no promise: the function, its call forgotten', async () => {
    expect(await problems('main/index.ts', caller('await write;'))).toEqual([{ ruleId: '@typescript-eslint/await-thenable', line: 4, severity: 2 }]);
  });

  it('refuses an async callback where the caller expects none, so nothing would see its rejection', async () => {
    expect(await problems('main/index.ts', caller('setTimeout(async () => write(), 10);'))).toEqual([
      { ruleId: '@typescript-eslint/no-misused-promises', line: 4, severity: 2 },
    ]);
  });
});
