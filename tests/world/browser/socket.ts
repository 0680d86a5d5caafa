/**
 * The WebSocket each tab of the playground keeps open to the one world (tests/world/hub.ts):
 * the server side of RFC 6455 for text messages, on the dev server's own HTTP server, so the
 * page and its world share one address and no dependency is added. Only pages served from the
 * same address may connect (the Origin must be this host): another site open in the browser
 * cannot reach the world.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

export interface SocketPeer {
  send(text: string): void;
  close(): void;
}

export interface SocketHandlers {
  message(text: string): void;
  closed(): void;
}

/** One frame, unmasked (a server never masks). */
function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? Buffer.alloc(2) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  head[0] = 0x80 | opcode;
  if (length < 126) head[1] = length;
  else if (length < 65536) {
    head[1] = 126;
    head.writeUInt16BE(length, 2);
  } else {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([head, payload]);
}

/** Reads the client's frames (masked, maybe fragmented) from a byte stream; text messages out. */
export class FrameReader {
  #buffer: Buffer = Buffer.alloc(0);
  #fragments: Buffer[] = [];

  constructor(private readonly on: { text(text: string): void; ping(payload: Buffer): void; close(): void }) {}

  push(chunk: Buffer): void {
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
    for (;;) {
      const buffer = this.#buffer;
      if (buffer.length < 2) return;
      const fin = (buffer[0] & 0x80) !== 0;
      const opcode = buffer[0] & 0x0f;
      const masked = (buffer[1] & 0x80) !== 0;
      let length = buffer[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffer.length < 10) return;
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      const mask = masked ? buffer.subarray(offset, offset + 4) : null;
      if (masked) offset += 4;
      if (buffer.length < offset + length) return;
      const payload = Buffer.from(buffer.subarray(offset, offset + length));
      if (mask) for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i & 3];
      this.#buffer = buffer.subarray(offset + length);
      if (opcode === 0x8) return this.on.close();
      if (opcode === 0x9) this.on.ping(payload);
      else if (opcode === 0x0 || opcode === 0x1 || opcode === 0x2) {
        this.#fragments.push(payload);
        if (fin) {
          const text = Buffer.concat(this.#fragments).toString("utf8");
          this.#fragments = [];
          this.on.text(text);
        }
      }
    }
  }
}

/** Whether a request may open the world's socket: same host, or no browser origin at all. */
export function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  return origin === undefined || origin === `http://${req.headers.host}`;
}

/**
 * The world's WebSockets: `upgrade` completes the handshake of a request the HTTP server handed
 * over (its "upgrade" event) and gives `connected` the peer; `close` ends every socket.
 */
export class SocketServer {
  readonly #open = new Set<Duplex>();

  upgrade(req: IncomingMessage, socket: Duplex, connected: (peer: SocketPeer) => SocketHandlers): void {
    const key = req.headers["sec-websocket-key"];
    if (!sameOrigin(req) || typeof key !== "string" || req.headers.upgrade?.toLowerCase() !== "websocket") {
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
      return;
    }
    const accept = createHash("sha1").update(key + GUID).digest("base64");
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    this.#open.add(socket);
    let ended = false;
    let handlers: SocketHandlers | null = null;
    const finish = () => {
      if (ended) return;
      ended = true;
      this.#open.delete(socket);
      handlers?.closed();
    };
    const peer: SocketPeer = {
      send: (text) => {
        if (!ended && socket.writable) socket.write(frame(0x1, Buffer.from(text, "utf8")));
      },
      close: () => {
        if (ended) return;
        if (socket.writable) socket.end(frame(0x8, Buffer.alloc(0)));
        finish();
      },
    };
    handlers = connected(peer);
    const reader = new FrameReader({
      text: (text) => handlers?.message(text),
      ping: (payload) => socket.write(frame(0xa, payload)),
      close: () => peer.close(),
    });
    socket.on("data", (chunk: Buffer) => reader.push(chunk));
    socket.on("close", finish);
    socket.on("error", () => {
      finish();
      socket.destroy();
    });
  }

  close(): void {
    for (const socket of this.#open) socket.destroy();
    this.#open.clear();
  }
}
