import dgram from 'node:dgram';
import { readFileSync } from 'node:fs';

type TChunk = { name: string; type: string; format: string; node: string };

/**
 * Plays FlightGear's generic protocol output: reads the shipped protocol XML (not the tracker's
 * table), formats a property tree chunk by chunk with each chunk's printf format, joins with the
 * declared separator and sends one line per UDP datagram, as FlightGear does.
 */
export class FakeFlightGear {
  readonly chunks: TChunk[];
  private readonly socket = dgram.createSocket('udp4');

  constructor(protocolXmlPath: string) {
    const xml = readFileSync(protocolXmlPath, 'utf8');
    const output = /<output>([\s\S]*?)<\/output>/.exec(xml)?.[1] ?? '';
    if (!/<var_separator>tab<\/var_separator>/.test(output)) throw new Error('expected a tab separator');
    if (!/<line_separator>newline<\/line_separator>/.test(output)) throw new Error('expected newline lines');
    this.chunks = [...output.matchAll(/<chunk>([\s\S]*?)<\/chunk>/g)].map(([, body = '']) => ({
      name: tag(body, 'name'),
      type: tag(body, 'type'),
      format: tag(body, 'format'),
      node: tag(body, 'node'),
    }));
  }

  /** The line FlightGear would print for this property tree (missing properties print empty/0). */
  formatLine(properties: Readonly<Record<string, number | boolean | string>>): string {
    return (
      this.chunks
        .map((chunk) => {
          const value = properties[chunk.node];
          return printf(chunk.format, chunk.type, value);
        })
        .join('\t') + '\n'
    );
  }

  async send(port: number, payload: string): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.socket.send(Buffer.from(payload, 'utf8'), port, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
    );
  }

  close(): void {
    this.socket.close();
  }
}

function tag(body: string, name: string): string {
  const value = new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1];
  if (value === undefined) throw new Error(`chunk without <${name}>`);
  return value;
}

function printf(format: string, type: string, value: number | boolean | string | undefined): string {
  if (format === '%s') {
    // A string chunk prints the node's string value; a missing node is created empty.
    if (value === undefined) return '';
    return typeof value === 'boolean' ? String(value) : String(value);
  }
  const numeric = value === undefined ? 0 : typeof value === 'boolean' ? Number(value) : Number(value);
  if (format === '%d') return String(Math.trunc(numeric));
  const precision = /^%\.(\d)f$/.exec(format)?.[1];
  if (precision === undefined) throw new Error(`unsupported format ${format} (${type})`);
  return numeric.toFixed(Number(precision));
}
