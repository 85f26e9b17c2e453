import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ledgerProofHolds } from '@contrail/domain/ledger/ledger-proof';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage } from '../../../lib/handle-error';
import { getLedgerProof } from '../api/get-ledger-proof';

/**
 * Where a log's record stands in the ledger, and a check of its proof done here, in the browser:
 * the Merkle path from the record to the block's root, the block's hash and the server's
 * signature (decision 0015). The pilot need not take the server's word for "validated".
 */
export const LedgerProofCheck = ({ recordHash, blockHeight }: { recordHash: string; blockHeight: number | null }) => {
  const { t } = useTranslation('flightLog');
  const check = useMutation({
    mutationFn: async () => {
      const proof = await getLedgerProof(recordHash);
      return { proof, holds: ledgerProofHolds(proof, proof.publicKey) };
    },
  });

  // Pilots meet "block #0" and "leaf 3 of 12" here first: the help page says what they mean.
  const helpLink = <TextLink to="/help/ledger#block">{t('ledgerProof.help')}</TextLink>;
  if (blockHeight === null) {
    return (
      <p className="text-xs text-slate-300">
        {t('ledgerProof.waiting')} {helpLink}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-end gap-1 text-xs text-slate-200">
      <span>{t('ledgerProof.sealedIn', { height: blockHeight })}</span>
      {helpLink}
      <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => check.mutate()} disabled={check.isPending}>
        {check.isPending ? t('ledgerProof.checking') : t('ledgerProof.check')}
      </Button>
      <p role="status" className="max-w-64 text-right">
        {check.isSuccess && check.data.holds ? (
          <span className="text-emerald-200">
            {t('ledgerProof.holds', { index: check.data.proof.index, size: check.data.proof.treeSize, height: check.data.proof.block.height, key: check.data.proof.publicKey.slice(0, 16) })}
          </span>
        ) : null}
        {check.isSuccess && !check.data.holds ? <span className="text-red-200">{t('ledgerProof.fails')}</span> : null}
        {check.isError ? <span className="text-red-200">{errorMessage(check.error)}</span> : null}
      </p>
    </div>
  );
};
