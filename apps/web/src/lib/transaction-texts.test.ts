import { describe, expect, it } from 'vitest';
import type { TWalletTransaction } from '@contrail/domain/wallet/wallet-contract';
import { i18n } from './i18n';
import { transactionDescription, transactionLabel } from './transaction-texts';

const fr = i18n.cloneInstance({ lng: 'fr' });
const es = i18n.cloneInstance({ lng: 'es' });

const purchase = (itemNames: string): Pick<TWalletTransaction, 'description' | 'transactionCategory'> => ({
  description: `Store order: ${itemNames}`,
  transactionCategory: { category: 'ITEM_PURCHASE', itemNames },
});

describe('wallet transaction texts', () => {
  it("names a store order's catalogue items in the reader's language, quantities kept", () => {
    expect(transactionDescription(fr, purchase('Small hangar x2, Night owl badge'))).toBe('Petit hangar x2, Badge oiseau de nuit');
    expect(transactionLabel(fr, purchase('Night owl badge'))).toBe('Achat d’objet · Badge oiseau de nuit');
    expect(transactionDescription(es, purchase('Small hangar'))).not.toBe('Small hangar');
  });

  it('keeps a name the catalogue does not know (an item an admin created) as the server sent it', () => {
    expect(transactionDescription(fr, purchase('Club jacket x3, Small hangar'))).toBe('Club jacket x3, Petit hangar');
  });

  it('fills the other categories from their data', () => {
    const jumpseat = { description: 'Jumpseat EGLL to LFPG', transactionCategory: { category: 'JUMPSEAT', fromIdent: 'EGLL', toIdent: 'LFPG' } } as const;
    expect(transactionDescription(fr, jumpseat)).toContain('EGLL');
    expect(transactionDescription(fr, jumpseat)).toContain('LFPG');
    expect(transactionDescription(fr, { description: 'Something old', transactionCategory: { category: 'UNKNOWN' } })).toBe('Something old');
  });
});
