/**
 * The playground's WebSocket (socket.ts), spoken to over a plain TCP connection as a browser
 * does: the handshake, masked text frames (short, 16-bit length, fragmented), the server's
 * frames back, the close, and the refusal of a page from another origin.
 */
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { FrameReader, SocketServer, type SocketPeer } from "./socket";

let http: Server | null = null;
const sockets = new SocketServer();

afterEach(async () => {
  sockets.close();
  await new Promise((resolve) => http?.close(resolve));
  http = null;
});

/** A server echoing each text upper-cased; resolves with its port and what it saw. */
async function echoServer(): Promise<{ port: number; ended: Promise<void> }> {
  let ended!: () => void;
  const done = new Promise<void>((resolve) => (ended = resolve));
  http = createServer();
  http.on("upgrade", (req, socket) => sockets.upgrade(req, socket, (peer: SocketPeer) => ({ message: (text) => peer.send(text.toUpperCase()), closed: ended })));
  await new Promise<void>((resolve) => http!.listen(0, "127.0.0.1", resolve));
  return { port: (http.address() as { port: number }).port, ended: done };
}

/** A masked client frame. */
function clientFrame(opcode: number, text: string, fin = true): Buffer {
  const payload = Buffer.from(text, "utf8");
  const mask = Buffer.from([1, 2, 3, 4]);
  const head = payload.length < 126 ? Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | payload.length]) : Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([head, mask, payload.map((b, i) => b ^ mask[i & 3])]);
}

async function open(port: number, origin: string): Promise<{ socket: Socket; head: string; texts: string[] }> {
  const socket = connect(port, "127.0.0.1");
  const texts: string[] = [];
  let head = "";
  const reader = new FrameReader({ text: (t) => texts.push(t), ping: () => undefined, close: () => undefined });
  await new Promise<void>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      if (!head) {
        const end = chunk.indexOf("\r\n\r\n");
        head = chunk.subarray(0, end).toString();
        resolve();
        if (end + 4 < chunk.length) reader.push(chunk.subarray(end + 4));
      } else reader.push(chunk);
    });
    socket.on("end", () => resolve());
    socket.write(`GET /__clockwork/world HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin.replace("PORT", String(port))}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  });
  return { socket, head, texts };
}

describe("the world's WebSocket", () => {
  it("shakes hands, reads masked frames of every length and fragmented ones, answers in order and closes", async () => {
    const { port, ended } = await echoServer();
    const { socket, head, texts } = await open(port, "http://127.0.0.1:PORT");
    expect(head).toContain("101 Switching Protocols");
    // RFC 6455's own example key and accept value.
    expect(head).toContain("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
    const long = "x".repeat(70_000);
    socket.write(Buffer.concat([clientFrame(1, "héllo"), clientFrame(1, "y".repeat(300)), clientFrame(1, "frag", false), clientFrame(0, "ment")]));
    socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]), Buffer.from([0, 0, 0, 0]), Buffer.from(long)]));
    await expect.poll(() => texts.length).toBe(4);
    expect(texts.slice(0, 3)).toEqual(["HÉLLO", "Y".repeat(300), "FRAGMENT"]);
    expect(texts[3]).toBe(long.toUpperCase());
    socket.write(Buffer.from([0x88, 0x80, 0, 0, 0, 0]));
    await ended;
    socket.destroy();
  });

  it("refuses a page from another origin", async () => {
    const { port } = await echoServer();
    const { head } = await open(port, "http://evil.example");
    expect(head).toContain("403 Forbidden");
  });
});
