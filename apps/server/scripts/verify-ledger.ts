// `npm run ledger:verify -- <server URL> [--public-key <hex>] [--record <hash>]`: checks a Contrail
// server's flight ledger from the outside, through its public API. It downloads every block and
// checks each link, Merkle root and signature itself; with --record it checks that record's proof.
// Pin --public-key to the key you kept, so a server that re-signed its history is caught too.
// Exit code: 0 when everything holds, 1 when something does not, 2 on a usage or network error.
import { parseArgs } from 'node:util';
import { checkPublishedLedger, checkPublishedRecord } from '../src/modules/ledger/published-ledger-check';

const USAGE = 'Usage: npm run ledger:verify -- <server URL, e.g. http://localhost:3000> [--public-key <hex>] [--record <record hash>]';

const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'public-key': { type: 'string' }, record: { type: 'string' }, help: { type: 'boolean' } },
  });
  const serverUrl = positionals[0];
  if (values.help || !serverUrl || !URL.canParse(serverUrl)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const pinned = values['public-key'] ? { publicKey: values['public-key'] } : {};
  const chain = await checkPublishedLedger(serverUrl, pinned);
  console.log(`[ledger:verify] public key ${chain.publicKey}${chain.keyMismatch ? ' (pinned: the server publishes another key)' : ''}`);
  if (!chain.valid) {
    console.log(`[ledger:verify] INVALID: block ${chain.invalidHeight} fails its ${chain.problem} check (${chain.blocks} blocks before it hold)`);
    return 1;
  }
  console.log(`[ledger:verify] chain holds: ${chain.blocks} blocks, ${chain.records} records`);
  if (values.record) {
    const { holds, proof } = await checkPublishedRecord(serverUrl, values.record, pinned);
    console.log(
      holds
        ? `[ledger:verify] record ${proof.recordHash} is leaf ${proof.index} of block ${proof.block.height} (${proof.block.hash})`
        : `[ledger:verify] INVALID: the proof of record ${proof.recordHash} does not hold`,
    );
    if (!holds) return 1;
  }
  return 0;
};

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(`[ledger:verify] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  });
