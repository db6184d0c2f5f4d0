/**
 * Who calls, as platform sees them: how they came and the little that route() (the CSRF check) and
 * the refusal audit read. Users, sessions and API keys belong to core, whose Caller types are these
 * and more; route() hands each handler the full types of the context it was given, so platform
 * needs nothing from above it.
 */
export type RequestCaller =
  | { via: 'cookie' | 'bearer'; user: { id: number }; session: { uuid: string }; apiKey: null }
  | { via: 'apiKey'; user: { id: number }; session: null; apiKey: { id: number } };

/** Finds the signed-in person behind a session cookie or bearer token (core's session store is one). */
export interface SessionResolver {
  resolve(token: string, via: 'cookie' | 'bearer'): Promise<Extract<RequestCaller, { apiKey: null }> | null>;
}

/** Finds the integration behind an `X-Api-Key` header (core's API-key resolver is one). */
export type ApiKeyResolver = (secret: string) => Promise<RequestCaller | null>;

/** The chat participant behind a room token, as far as the refusal audit reads it. */
export interface RoomParticipant {
  chat: { practiceId: number };
  chatUser: { id: number; userId: number | null };
}

/** Finds the participant behind a room token; the chats module provides it for its room calls. */
export type RoomResolver = (token: string) => Promise<RoomParticipant | null>;
