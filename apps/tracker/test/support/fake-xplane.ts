import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { encodeRrefAnswer, RREF_PATH_BYTES, RREF_REQUEST_BYTES } from '../../src/connectors/xplane/xplane-rref';

export type TReceivedRref = { frequencyHz: number; index: number; datarefPath: string; from: AddressInfo };

/**
 * A stand-in for X-Plane on 127.0.0.1 (random port): it checks every request's binary layout
 * byte by byte (not through the code under test), records subscriptions by dataref path the way
 * X-Plane does, and answers with real RREF datagrams built from a dataref -> value table.
 */
export class FakeXPlane {
  readonly requests: TReceivedRref[] = [];
  readonly layoutErrors: string[] = [];
  /** Current subscriptions: client index -> dataref path (frequency 0 removes). */
  readonly subscribed = new Map<number, string>();
  private client: AddressInfo | undefined;

  private constructor(private readonly socket: dgram.Socket) {
    socket.on('message', (message, from) => this.receive(message, from));
  }

  static async start(): Promise<FakeXPlane> {
    const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 1 << 20 });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    return new FakeXPlane(socket);
  }

  get port(): number {
    return this.socket.address().port;
  }

  /** Sends one RREF datagram with the values of the subscribed datarefs found in `values`. */
  async sendValues(values: Readonly<Record<string, number>>, onlyIndexes?: (index: number) => boolean): Promise<number> {
    const client = this.client;
    if (client === undefined) throw new Error('No client has subscribed yet');
    const pairs = [...this.subscribed.entries()]
      .filter(([index, path]) => path in values && (onlyIndexes?.(index) ?? true))
      .map(([index, path]) => ({ index, value: values[path] ?? 0 }));
    await this.sendRaw(encodeRrefAnswer(pairs));
    return pairs.length;
  }

  async sendRaw(datagram: Buffer): Promise<void> {
    const client = this.client;
    if (client === undefined) throw new Error('No client has subscribed yet');
    await new Promise<void>((resolve, reject) =>
      this.socket.send(datagram, client.port, client.address, (error) => (error ? reject(error) : resolve())),
    );
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  private receive(message: Buffer, from: AddressInfo): void {
    // Layout: "RREF" NUL | int32 LE freq | int32 LE index | 400 bytes path, NUL padded.
    if (message.length !== RREF_REQUEST_BYTES) this.layoutErrors.push(`length ${message.length}`);
    if (message.subarray(0, 5).toString('latin1') !== 'RREF\u0000') this.layoutErrors.push('header');
    const pathField = message.subarray(13, 13 + RREF_PATH_BYTES);
    const end = pathField.indexOf(0);
    if (end <= 0) this.layoutErrors.push('path not NUL-terminated');
    if (pathField.subarray(end).some((byte) => byte !== 0)) this.layoutErrors.push('padding not NUL');
    const request = {
      frequencyHz: message.readInt32LE(5),
      index: message.readInt32LE(9),
      datarefPath: pathField.subarray(0, end).toString('latin1'),
      from,
    };
    this.requests.push(request);
    this.client = from;
    if (request.frequencyHz === 0) this.subscribed.delete(request.index);
    else this.subscribed.set(request.index, request.datarefPath);
  }
}

/** Byte-array datarefs as X-Plane answers them: one float per character, then zeros. */
export function byteDatarefs(path: string, text: string, length: number): Record<string, number> {
  const values: Record<string, number> = {};
  const bytes = Buffer.from(text, 'utf8');
  for (let position = 0; position < length; position += 1) values[`${path}[${position}]`] = bytes[position] ?? 0;
  return values;
}
