import { z } from 'zod';
import { pageNumberField, pageOf, pageSizeField } from '../api/page';

/** What a wallet counts: FlightCoins (the balance), experience points and miles. */
export const WalletCurrency = ['MFC', 'XP', 'MILES'] as const;
export type WalletCurrency = (typeof WalletCurrency)[number];

export const TransactionType = ['CREDIT', 'DEBIT'] as const;
export type TransactionType = (typeof TransactionType)[number];

export const TransactionState = ['PLANNED', 'FAILED', 'SUCCESS'] as const;
export type TransactionState = (typeof TransactionState)[number];

/** Transaction categories, each with its data below. */
export const TransactionCategory = [
  'FLIGHT_REVENUE',
  'PLANE_CREATION_COST',
  'PLANE_REPARATION_COST',
  'HUB_OPENING_FEE',
  'HUB_OPERATIONAL_COST',
  'HANGAR_OPENING_FEE',
  'HANGAR_OPERATIONAL_COST',
  'MEMBER_TRANSFER',
  'BOOSTER_PACK',
  'MF_BONUS',
  'MF_AFFILIATION_USER',
  'MF_AFFILIATION_REFERRAL',
  'ITEM_PURCHASE',
  'TRAFFIC_RIGHT_LICENCE_COST',
  'JUMPSEAT',
  'UNKNOWN',
] as const;
export type TransactionCategory = (typeof TransactionCategory)[number];

/** The category data, one shape per category. */
export const ZTransactionCategoryData = z.discriminatedUnion('category', [
  z.object({ category: z.literal('FLIGHT_REVENUE'), flightNumber: z.string(), departureAirport: z.string(), arrivalAirport: z.string() }),
  z.object({ category: z.literal('PLANE_CREATION_COST'), planeModel: z.string(), planeRegistration: z.string() }),
  z.object({ category: z.literal('PLANE_REPARATION_COST'), planeModel: z.string(), planeRegistration: z.string() }),
  z.object({ category: z.literal('HUB_OPENING_FEE'), hubAirportIdent: z.string() }),
  z.object({ category: z.literal('HUB_OPERATIONAL_COST'), hubAirportIdent: z.string() }),
  z.object({ category: z.literal('HANGAR_OPENING_FEE'), hangarAirport: z.string(), hangarName: z.string() }),
  z.object({ category: z.literal('HANGAR_OPERATIONAL_COST'), hangarAirport: z.string(), hangarName: z.string() }),
  z.object({ category: z.literal('MEMBER_TRANSFER'), fromUsername: z.string(), toUsername: z.string() }),
  z.object({ category: z.literal('BOOSTER_PACK'), packsName: z.string() }),
  z.object({ category: z.literal('MF_BONUS'), reason: z.string() }),
  z.object({ category: z.literal('MF_AFFILIATION_USER'), referralUsername: z.string() }),
  z.object({ category: z.literal('MF_AFFILIATION_REFERRAL'), username: z.string() }),
  z.object({ category: z.literal('ITEM_PURCHASE'), itemNames: z.string() }),
  z.object({ category: z.literal('TRAFFIC_RIGHT_LICENCE_COST'), country: z.string() }),
  z.object({ category: z.literal('JUMPSEAT'), fromIdent: z.string(), toIdent: z.string() }),
  z.object({ category: z.literal('UNKNOWN') }),
]);
export type TTransactionCategoryData = z.infer<typeof ZTransactionCategoryData>;

/** Wallet transaction. Amounts are positive integers; the type gives the sign. */
export const ZWalletTransaction = z.object({
  id: z.string(),
  description: z.string(),
  executionDate: z.string(),
  amount: z.number().int(),
  currency: z.enum(WalletCurrency),
  agent: z.object({ userName: z.string() }).nullable(),
  transactionType: z.enum(TransactionType),
  transactionState: z.enum(TransactionState),
  transactionCategory: ZTransactionCategoryData,
});
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

export const ZWalletTransactionPage = pageOf(ZWalletTransaction);
export type TWalletTransactionPage = z.infer<typeof ZWalletTransactionPage>;

/** GET /v1/wallet/user/{userId}/type/{type}/transaction query: page from 0, optional categories. */
export const ZWalletTransactionQuery = z.object({
  page: pageNumberField(),
  page_size: pageSizeField(),
  /** Comma-separated categories to keep (e.g. the affiliation ones). */
  categories: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const list = value.split(',').map((item) => item.trim()).filter(Boolean);
      const unknown = list.filter((item) => !(TransactionCategory as readonly string[]).includes(item));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown categories: ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return list as TransactionCategory[];
    }),
});
export type TWalletTransactionQuery = z.input<typeof ZWalletTransactionQuery>;
