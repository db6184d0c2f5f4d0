import { describe, expect, it } from 'vitest';
import { createLocalChatPresence } from './presence.js';

describe('in-process chat presence', () => {
  it('lists each connected participant once, in ascending order, per chat', async () => {
    const presence = createLocalChatPresence();
    await presence.add(1, 'c1', 9);
    await presence.add(1, 'c2', 4);
    await presence.add(1, 'c3', 9);
    await presence.add(2, 'c4', 5);
    expect(await presence.online(1)).toEqual([4, 9]);
    expect(await presence.online(2)).toEqual([5]);
    expect(await presence.online(3)).toEqual([]);
    expect(await presence.isOnline(1, 9)).toBe(true);
    expect(await presence.isOnline(2, 9)).toBe(false);
  });

  it('keeps a participant online until their last connection to the chat goes', async () => {
    const presence = createLocalChatPresence();
    await presence.add(1, 'phone', 7);
    await presence.add(1, 'desktop', 7);
    await presence.remove(1, 'phone');
    expect(await presence.isOnline(1, 7)).toBe(true);
    await presence.remove(1, 'desktop');
    expect(await presence.isOnline(1, 7)).toBe(false);
    expect(await presence.online(1)).toEqual([]);
  });

  it('ignores removing a connection it never had', async () => {
    const presence = createLocalChatPresence();
    await presence.add(1, 'c1', 7);
    await presence.remove(1, 'unknown');
    await presence.remove(2, 'c1');
    expect(await presence.online(1)).toEqual([7]);
  });

  it('counts a connection re-added under another participant as theirs', async () => {
    const presence = createLocalChatPresence();
    await presence.add(1, 'c1', 7);
    await presence.add(1, 'c1', 8);
    expect(await presence.online(1)).toEqual([8]);
  });

  it('counts a participant in the foreground while any of their connections is, and online either way', async () => {
    const presence = createLocalChatPresence();
    await presence.add(1, 'phone', 7);
    await presence.add(1, 'desktop', 7);
    await presence.add(1, 'c3', 8);
    await presence.setBackground(1, 'phone', true);
    expect(await presence.inForeground(1)).toEqual([7, 8]);
    await presence.setBackground(1, 'desktop', true);
    expect(await presence.inForeground(1)).toEqual([8]);
    expect(await presence.online(1)).toEqual([7, 8]);
    await presence.setBackground(1, 'phone', false);
    expect(await presence.inForeground(1)).toEqual([7, 8]);
    // A connection it does not hold (gone meanwhile) is not brought back.
    await presence.remove(1, 'c3');
    await presence.setBackground(1, 'c3', false);
    expect(await presence.online(1)).toEqual([7]);
  });

  it('forgets everyone at close', async () => {
    const presence = createLocalChatPresence();
    await presence.add(1, 'c1', 7);
    await presence.close();
    expect(await presence.online(1)).toEqual([]);
  });
});
