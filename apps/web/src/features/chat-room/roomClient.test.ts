import { describe, expect, it, vi } from 'vitest';
import { reply } from '../../test/fakeServer';
import { chatRoom, ROOM } from '../../test/chatRoomFixtures';
import { createRoomClient, RoomCallError, retryDelayMs } from './roomClient';

function clientWith(answers: Array<Response | Error>) {
  const fetch = vi.fn(async () => {
    const next = answers.shift()!;
    if (next instanceof Error) throw next;
    return next;
  });
  const sleep = vi.fn(async (_ms: number) => {});
  let token = 'first';
  const client = createRoomClient({ token: () => token, fetch: fetch, sleep });
  return { client, fetch, sleep, setToken: (value: string) => (token = value) };
}

const user = { userId: 10, userType: 'USER', chatUserId: 1 };

describe('the room client', () => {
  it('sends the room token as a Bearer token, read at each call, and parses the answer', async () => {
    const { client, fetch, setToken } = clientWith([reply(200, { chat: chatRoom(), user }), reply(200, { data: [] })]);
    const loaded = await client.loadChat(ROOM, 5);
    expect(loaded.user.chatUserId).toBe(1);
    setToken('second');
    await client.messagesAfter(ROOM, 12);
    const calls = fetch.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls.map(([url]) => url)).toEqual([
      `/florie/v1/chat/${ROOM}?practiceId=5`,
      `/florie/v1/chat/${ROOM}/messages?after=12`,
    ]);
    expect(calls.map(([, init]) => (init.headers as Record<string, string>).authorization)).toEqual([
      'Bearer first',
      'Bearer second',
    ]);
    expect(calls[0][1].credentials).toBe('omit');
  });

  it('retries reads 3 times after e^n seconds, but never a write', async () => {
    const down = () => reply(503);
    const reads = clientWith([new TypeError('offline'), down(), down(), reply(200, { data: [] })]);
    await expect(reads.client.olderMessages(ROOM, 30)).resolves.toEqual({ data: [] });
    expect(reads.sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2718, 7389]);
    expect(retryDelayMs(0)).toBe(1000);

    const writes = clientWith([down()]);
    const descriptor = {
      name: 'a.pdf',
      size: 1,
      type: 'application/pdf',
      header: '25504446',
      hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
    };
    await expect(writes.client.fileLinkFor(ROOM)(descriptor)).rejects.toMatchObject({ status: 503 });
    expect(writes.fetch).toHaveBeenCalledTimes(1);
  });

  it('rejects with the server’s error, a network failure, or an answer that does not fit the contract', async () => {
    const { client } = clientWith([
      reply(403, { statusCode: 403, code: 'FORBIDDEN', message: 'Not in this chat' }),
      ...Array.from({ length: 4 }, () => new TypeError('offline')),
      reply(200, { data: 'nope' }),
    ]);
    await expect(client.receipts(4)).rejects.toEqual(new RoomCallError(403, 'FORBIDDEN', 'Not in this chat'));
    await expect(client.receipts(4)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    await expect(client.olderMessages(ROOM, 0)).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });
});
