import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The chat baseline: a bare `ws` server doing the chat socket's fan-out and nothing else. A socket
 * joins the room named in its query string and is told who is online; a NEW_MESSAGE is parsed,
 * stamped with an id and time, and sent to every socket in the room, sender included. No token,
 * no database, no bus. GET /health answers once it listens.
 */
const rooms = new Map<string, Set<WebSocket>>();
let lastId = 0;

const http = createServer((request, response) => {
  response.writeHead(request.url === '/health' ? 200 : 404).end();
});
const wss = new WebSocketServer({ server: http });
wss.on('connection', (socket, request) => {
  const room = new URL(request.url ?? '/', 'http://bare').searchParams.get('room') ?? '';
  const members = rooms.get(room) ?? new Set();
  rooms.set(room, members);
  members.add(socket);
  socket.send(JSON.stringify({ event: 'ONLINE_USERS', data: { chatUserIds: [] } }));
  socket.on('message', (raw) => {
    const { event, data } = JSON.parse((raw as Buffer).toString()) as {
      event: string;
      data: { uuid: string; message: string };
    };
    if (event !== 'NEW_MESSAGE') return;
    const text = JSON.stringify({
      event,
      data: { id: (lastId += 1), uuid: data.uuid, createdAt: Date.now(), from: null, message: data.message, files: [] },
    });
    for (const member of members) member.send(text);
  });
  socket.on('close', () => members.delete(socket));
});
http.listen(Number(process.env.PORT), '127.0.0.1');
