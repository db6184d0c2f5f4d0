import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.js';

describe('logged URLs', () => {
  it('leave out room tokens and link signatures, and nothing else', () => {
    expect(redactUrl('/florie/v1/chat/socket?token=12.1800000000000.abc&room=r1')).toBe('/florie/v1/chat/socket?token=%5Bredacted%5D&room=r1');
    expect(redactUrl('/api/v1/files/download/u?expires=1&signature=s')).toBe('/api/v1/files/download/u?expires=1&signature=%5Bredacted%5D');
    expect(redactUrl('/api/v1/chats?practiceId=1')).toBe('/api/v1/chats?practiceId=1');
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
  });
});
