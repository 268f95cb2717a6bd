// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftInput } from '../../shared/drafts';
import { fakeBridge } from '../test-support/fake-bridge';
import { journalDraft, readDraftWithJournal, settleJournal } from './draft-journal';

let fake: ReturnType<typeof fakeBridge>;
vi.mock('../bridge/bridge', () => ({
  get bridge() {
    return fake.bridge;
  },
}));

const ID = '44444444-4444-4444-8444-444444444444';
const draft = (title: string): DraftInput => ({ id: ID, form: 'plan', title, detail: '', state: { title } });

beforeEach(() => {
  fake = fakeBridge();
  localStorage.clear();
  vi.useRealTimers();
});

describe('the draft journal', () => {
  it('brings back typing the service never saved (a crash, a killed backend), and saves it now', async () => {
    await fake.bridge.saveDraft(draft('Gold'));
    vi.useFakeTimers({ now: Date.now() + 1000, toFake: ['Date'] });
    journalDraft(draft('Gold PPO'));
    expect((await readDraftWithJournal(ID))?.title).toBe('Gold PPO');
    expect(fake.drafts.get(ID)?.title).toBe('Gold PPO');
    expect(localStorage.length).toBe(0);
  });

  it('keeps the stored draft when it is newer than the journal', async () => {
    journalDraft(draft('Gold'));
    vi.useFakeTimers({ now: Date.now() + 1000, toFake: ['Date'] });
    await fake.bridge.saveDraft(draft('Gold PPO 2027'));
    expect((await readDraftWithJournal(ID))?.title).toBe('Gold PPO 2027');
  });

  it('never brings back a draft that was saved or discarded', async () => {
    journalDraft(draft('Gold'));
    expect(await readDraftWithJournal(ID)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('drops an entry once the service saved the same text, not when typing went on', () => {
    journalDraft(draft('Gold PPO'));
    settleJournal(ID, JSON.stringify(draft('Gold')));
    expect(localStorage.length).toBe(1);
    settleJournal(ID, JSON.stringify(draft('Gold PPO')));
    expect(localStorage.length).toBe(0);
  });
});
