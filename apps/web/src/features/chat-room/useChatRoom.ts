import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { chatRoomApi, type FileView } from '@referwell/contracts';
import { notifyNewMessage } from './backgroundNotification';
import { chatSocketUrl, openChatSocket, type ChatSocket } from './chatSocket';
import { CHAT_TEXTS, type RoomError } from './chatTexts';
import { draftMessage, newestStoredId, storedCount } from './messages';
import { emitToApp } from './mobileBridge';
import { createRoomClient, RoomCallError } from './roomClient';
import { keepDraft, keepPending, readKeep } from './roomKeep';
import { closesToReadOnly, roomReducer } from './roomState';
import { useInfoBanner } from './useInfoBanner';
import { useOlderMessages } from './useOlderMessages';
import { usePageVisible } from './usePageVisible';
import { useTypingExpiry } from './useTypingExpiry';
import { useTypingNotifier } from './useTypingNotifier';

type ClientEvent = chatRoomApi.ClientEvent;
type ServerEvent = chatRoomApi.ServerEvent;

export interface ChatRoomOptions {
  room: string;
  token: string;
  practiceId?: number;
  /** Called when the token is refused (401/403 at loading, close code 4000) instead of showing that access has expired. */
  onUnauthorized?: () => void;
  /** Called when the chat cannot be loaded (for another reason than its token). */
  onClose?: () => void;
}

/**
 * Everything the chat room does (spec 3 §4): loads the chat and its newest messages, keeps the
 * socket, applies what it pushes, sends what the person writes, and recovers after a drop.
 *
 * Messages the person sends appear at once and stay pending until the server's copy (same uuid)
 * replaces them. Pending messages are sent whenever a connection opens, so one written while
 * disconnected, or lost with a dropped connection, still arrives (the server stores a uuid once).
 * They and the text in the box are kept in the tab (roomKeep.ts), so a refresh sends them too.
 * On every opening the messages after the newest one held are fetched, so nothing pushed while
 * the room was away is missed.
 */
export function useChatRoom({ room, token, practiceId, onUnauthorized, onClose }: ChatRoomOptions) {
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const client = useMemo(() => createRoomClient({ token: () => tokenRef.current }), []);
  const callbacks = useRef({ onUnauthorized, onClose });
  callbacks.current = { onUnauthorized, onClose };

  const [state, dispatch] = useReducer(roomReducer, null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const [error, setError] = useState<RoomError | null>(null);
  const [socketWanted, setSocketWanted] = useState(false);
  const [connected, setConnected] = useState(false);
  const [everConnected, setEverConnected] = useState(false);
  const [expiring, setExpiring] = useState(false);
  // Pushed out by the same person opening the chat elsewhere: waits for them to choose this window.
  const [replaced, setReplaced] = useState(false);
  const [banner, showBanner] = useInfoBanner();
  const socketRef = useRef<ChatSocket | null>(null);
  const sentOnThisConnection = useRef(new Set<string>());
  const lastReadSent = useRef(0);
  // A token refused at loading waits for a fresh one (onUnauthorized), which loads the chat again.
  const refusedToken = useRef<string | null>(null);
  const [loadRound, setLoadRound] = useState(0);
  // What the person wrote outlives the footer (the error panel replaces it) and a refresh.
  const kept = useMemo(() => readKeep(room), [room]);
  const [draft, setDraftState] = useState(kept.draft);
  const draftRef = useRef(draft);
  const setDraft = useCallback(
    (text: string) => {
      draftRef.current = text;
      setDraftState(text);
      keepDraft(room, text);
    },
    [room],
  );

  const sendEvent = (event: ClientEvent) => socketRef.current?.send(event) ?? false;

  const older = useOlderMessages(
    (skip) => client.olderMessages(room, skip).then(({ data }) => data),
    () => storedCount(stateRef.current?.messages ?? []),
    (page) => dispatch({ type: 'messages', messages: page }),
  );
  const { started } = older;

  useEffect(() => {
    let cancelled = false;
    Promise.all([client.loadChat(room, practiceId), client.olderMessages(room, 0)]).then(
      ([{ chat, user }, { data }]) => {
        if (cancelled) return;
        const readOnly = chat.status === 'INACTIVE' && closesToReadOnly(chat);
        // Messages still unsent when the page was left go out again (on opening) unless already stored.
        const unsent = readOnly
          ? []
          : kept.pending.filter((message) => !data.some((stored) => stored.uuid === message.uuid));
        dispatch({ type: 'loaded', chat, me: user, messages: [...data, ...unsent] });
        started(data);
        lastReadSent.current = chat.readStatus[String(user.chatUserId)]?.lastId ?? 0;
        // Spec 3 §4: a closed chat that turns read-only has no socket.
        if (readOnly) return;
        emitToApp('openChat', { room });
        setSocketWanted(true);
      },
      (failure: unknown) => {
        if (cancelled) return;
        // An expired or refused token is not a failure to load: it is met as close code 4000 is.
        if (failure instanceof RoomCallError && (failure.status === 401 || failure.status === 403)) {
          console.warn('The chat refused the room token', failure);
          refusedToken.current = tokenRef.current;
          if (callbacks.current.onUnauthorized) return callbacks.current.onUnauthorized();
          return setError('expired');
        }
        console.error('Could not load the chat', failure);
        setError('loadFailed');
        callbacks.current.onClose?.();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, room, practiceId, started, loadRound, kept]);

  useEffect(() => {
    if (refusedToken.current === null || refusedToken.current === token) return;
    refusedToken.current = null;
    setLoadRound((round) => round + 1);
  }, [token]);

  function flushPending() {
    for (const message of stateRef.current?.messages ?? []) {
      if (!message.pending || sentOnThisConnection.current.has(message.uuid)) continue;
      if (sendEvent({ event: 'NEW_MESSAGE', data: message.pending })) sentOnThisConnection.current.add(message.uuid);
    }
  }

  async function recoverMissed() {
    let after = newestStoredId(stateRef.current?.messages ?? []);
    try {
      for (;;) {
        const { data } = await client.messagesAfter(room, after);
        dispatch({ type: 'messages', messages: data });
        if (data.length < chatRoomApi.MISSED_MESSAGES_BATCH) return;
        after = newestStoredId(data);
      }
    } catch (failure) {
      // The next connection tries again from the same message.
      console.warn('Could not fetch the messages missed while disconnected', failure);
    }
  }

  const heardTyping = useTypingExpiry((chatUserId) => dispatch({ type: 'typingExpired', chatUserId }));

  function onServerEvent(event: ServerEvent) {
    dispatch({ type: 'event', event });
    heardTyping(event);
    const me = stateRef.current?.me.chatUserId;
    switch (event.event) {
      case 'NEW_MESSAGE':
        if (event.data.from && event.data.from.chatUserId !== me && document.visibilityState === 'hidden')
          notifyNewMessage(event.data.from.name);
        break;
      case 'FAILED_TO_SEND_MESSAGE': {
        const refused = stateRef.current?.messages.find((message) => message.uuid === event.data.uuid);
        if (event.data.uuid) dispatch({ type: 'removed', uuid: event.data.uuid });
        // The words are not lost: back in the box, unless the person has started another message.
        if (refused?.message && draftRef.current.trim() === '') setDraft(refused.message);
        showBanner(event.data.message.trim() || CHAT_TEXTS.sendFailed);
        break;
      }
      case 'USER_CONNECTED':
        if (event.data.chatUserId !== me) showBanner(CHAT_TEXTS.joined(event.data.name));
        break;
      case 'USER_DISCONNECTED':
        if (event.data.chatUserId !== me) showBanner(CHAT_TEXTS.left(event.data.name));
        break;
      case 'ERROR':
      case 'UNAUTHORIZED':
        console.warn('The chat server reported a problem:', event.data.message);
        break;
    }
  }

  // The socket's callbacks always reach this render's functions.
  const socketEvents = useRef({ opened: () => {}, event: onServerEvent, unauthorized: () => {} });
  socketEvents.current = {
    opened() {
      sentOnThisConnection.current.clear();
      flushPending();
      void recoverMissed();
    },
    event: onServerEvent,
    unauthorized() {
      if (callbacks.current.onUnauthorized) return callbacks.current.onUnauthorized();
      showBanner(CHAT_TEXTS.linkStopped);
      setExpiring(true);
    },
  };

  useEffect(() => {
    if (!socketWanted) return;
    const socket = openChatSocket(chatSocketUrl(room, token), {
      onOpen: () => {
        setConnected(true);
        setEverConnected(true);
        socketEvents.current.opened();
      },
      onEvent: (event) => socketEvents.current.event(event),
      onDrop: () => setConnected(false),
      onUnauthorized: () => {
        setConnected(false);
        socketEvents.current.unauthorized();
      },
      onReplaced: () => {
        setConnected(false);
        setReplaced(true);
      },
      onGaveUp: () => {
        setConnected(false);
        setError('gaveUp');
      },
    });
    socketRef.current = socket;
    return () => {
      socketRef.current = null;
      socket.close();
    };
  }, [socketWanted, room, token]);

  // Spec 3 §8: the invalid-token banner shows first, then the room gives way to the error.
  useEffect(() => {
    if (!expiring) return;
    const timer = setTimeout(() => setError('expired'), chatRoomApi.INFO_BANNER_MS);
    return () => clearTimeout(timer);
  }, [expiring]);

  // The network is back: try at once, and again after giving up (the error gives way to the room).
  useEffect(() => {
    const online = () => {
      if (!socketRef.current) return;
      setError((shown) => (shown === 'gaveUp' ? null : shown));
      socketRef.current.reconnect(true);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  const visible = usePageVisible((nowVisible) => {
    if (!socketRef.current) return;
    if (!nowVisible) {
      sendEvent({ event: 'USER_ENTERED_BACKGROUND' });
      return;
    }
    sendEvent({ event: 'USER_ENTERED_FOREGROUND' });
    socketRef.current.reconnect();
  });

  // What the person can see is read: the newest message, whenever one arrives in view.
  const newestId = state ? newestStoredId(state.messages) : 0;
  useEffect(() => {
    if (!connected || !visible || newestId <= lastReadSent.current) return;
    if (socketRef.current?.send({ event: 'USER_READ_MESSAGE', data: { lastId: newestId } }))
      lastReadSent.current = newestId;
  }, [connected, visible, newestId]);

  const notifyTyping = useTypingNotifier((event) => sendEvent({ event }));
  const onTextChange = useCallback(
    (text: string) => {
      setDraft(text);
      notifyTyping(text);
    },
    [setDraft, notifyTyping],
  );

  const messages = state?.messages;
  useEffect(() => {
    if (messages) keepPending(room, messages);
  }, [room, messages]);

  const send = useCallback((text: string, files: FileView[] = []) => {
    const current = stateRef.current;
    const trimmed = text.trim();
    if (!current || current.readOnly || (!trimmed && files.length === 0)) return false;
    const profile = current.users.find((user) => user.chatUserId === current.me.chatUserId);
    const message = draftMessage({
      chatId: current.chat.id,
      from: { chatUserId: current.me.chatUserId, name: profile?.name ?? '', image: profile?.image ?? null },
      sender: { userId: current.me.userId, userType: current.me.userType },
      text: trimmed,
      files,
      now: Date.now(),
    });
    dispatch({ type: 'messages', messages: [message] });
    if (socketRef.current?.send({ event: 'NEW_MESSAGE', data: message.pending! }))
      sentOnThisConnection.current.add(message.uuid);
    return true;
  }, []);

  // After giving up on the socket it connects afresh; a chat that did not load is loaded again.
  const retry = useCallback(() => {
    setError(null);
    if (socketRef.current) socketRef.current.reconnect(true);
    else setLoadRound((round) => round + 1);
  }, []);

  const continueHere = useCallback(() => {
    setReplaced(false);
    socketRef.current?.resume();
  }, []);

  const loading = !error && !replaced && (!state || (socketWanted && !everConnected));
  const fileLink = useMemo(() => client.fileLinkFor(room), [client, room]);
  return {
    state,
    /** Why the room gave way to an error panel: `expired` when the token was refused and nothing can fetch another (only a new link lets the person in). */
    error,
    /** Tries again after `gaveUp` or `loadFailed`. */
    retry,
    loading,
    /** Connected once, and trying to connect again now. */
    reconnecting: !error && !replaced && everConnected && !connected,
    /** The chat was opened in another window, which took this one's place; nothing is retried until `continueHere`. */
    replaced,
    /** Connects again here (pushing the oldest of the person's other windows out in turn). */
    continueHere,
    connected,
    banner,
    /** Shows a line in the banner for 4 s, as the room's own news does. */
    showBanner,
    readOnly: Boolean(state?.readOnly),
    /** The footer is offered: loaded, connected once, not read-only, token not refused. */
    canWrite: !loading && !error && !replaced && Boolean(state) && !state!.readOnly && !expiring,
    older,
    send,
    /** The text in the message box. */
    draft,
    onTextChange,
    receipts: client.receipts,
    fileLink,
    deleteFile: client.deleteFile,
    freshFile: client.freshFile,
  };
}
