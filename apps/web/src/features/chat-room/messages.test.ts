import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileView } from '../../ui/files/testFiles';
import { message } from '../../test/chatRoomFixtures';
import {
  draftMessage,
  mergeMessages,
  newestStoredId,
  newUuid,
  storedCount,
  withoutMessage,
  withScanResult,
} from './messages';
import { messageRows } from './messageRows';

afterEach(() => vi.unstubAllGlobals());

const draft = (text: string, now: number) =>
  draftMessage({
    chatId: 7,
    from: { chatUserId: 1, name: 'Pat', image: null },
    sender: { userId: 10, userType: 'USER' },
    text,
    files: [],
    now,
  });

describe('held messages', () => {
  it('merges by uuid, the newest copy winning, in order of creation', () => {
    const held = [message(2), message(1)];
    const merged = mergeMessages(held, [message(3), { ...message(1), message: 'Edited' }]);
    expect(merged.map((one) => [one.id, one.message])).toEqual([
      [1, 'Edited'],
      [2, 'Message 2'],
      [3, 'Message 3'],
    ]);
    expect(withoutMessage(merged, 'uuid-2').map((one) => one.id)).toEqual([1, 3]);
  });

  it('counts and dates only what the server stored', () => {
    const pending = draft('Hi', message(9).createdAt);
    const held = mergeMessages([], [message(1), message(5), pending]);
    expect(storedCount(held)).toBe(2);
    expect(newestStoredId(held)).toBe(5);
    expect(pending.pending).toEqual({
      uuid: pending.uuid,
      userId: 10,
      userType: 'USER',
      message: 'Hi',
      files: [],
      data: null,
    });
  });

  it('applies a scan result to the file of its message', () => {
    const held = [message(1, { files: [fileView({ id: 4, scanStatus: 'scanning', type: '' })] }), message(2)];
    const scanned = withScanResult(held, { messageId: 1, fileId: 4, status: 'clean', type: 'application/pdf' });
    expect(scanned[0].files[0]).toMatchObject({ scanStatus: 'clean', type: 'application/pdf' });
    expect(scanned[1]).toBe(held[1]);
    expect(withScanResult(held, { messageId: 2, fileId: 4, status: 'clean', type: '' })).toBe(held);
  });

  it('makes uuids without randomUUID (pages served over plain http)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xab) });
    expect(newUuid()).toBe('abababab-abab-4bab-abab-abababababab');
  });
});

describe('message rows', () => {
  it('styles runs by sender, ending a run at a new day, after the welcome messages', () => {
    const day = (d: number, h: number) => new Date(2024, 2, d, h).getTime();
    const nina = { chatUserId: 2, name: 'Nina', image: null };
    const rows = messageRows(
      [message(90, { from: null, uuid: 'w' })],
      [
        message(1, { from: nina, createdAt: day(4, 9) }),
        message(2, { from: nina, createdAt: day(5, 9) }),
        message(3, { from: nina, createdAt: day(5, 10) }),
      ],
      1,
      new Date(2024, 2, 5, 12),
    );
    expect(
      rows.map((row) =>
        row.kind === 'day' ? row.label : `${row.message.id}:${row.style}${row.forceTopPadding ? ':top' : ''}`,
      ),
    ).toEqual(['90:SINGLE:top', 'Yesterday', '1:SINGLE', 'Today', '2:GROUP_START', '3:GROUP_END']);
  });
});
