import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { AirlineParams, airlineApiBase as base, airlineApiTag as tag } from '../airline/airline-route-parts';

/** The kinds of phpVMS 7 CSV export the import reads, told apart by their header. */
export const PhpvmsFileKind = ['airports', 'subfleets', 'aircraft', 'fares', 'expenses', 'flights'] as const;

/** What became of one uploaded file (docs/decisions/0041-phpvms-import.md). */
export const ZPhpvmsImportReport = z.object({
  file: z.string(),
  /** Null when the file is not a phpVMS export at all (its refusal is on line 1). */
  kind: z.enum(PhpvmsFileKind).nullable(),
  imported: z.number().int(),
  updated: z.number().int(),
  /** Accepted rows that changed nothing: already there, or of a kind Contrail does not keep. */
  unchanged: z.number().int(),
  refused: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** What the accepted rows held that Contrail has no place for, and why; once per file. */
  notCarried: z.array(z.string()),
});
export type TPhpvmsImportReport = z.infer<typeof ZPhpvmsImportReport>;

/** The largest CSV file an upload may carry, and how many files at once (phpVMS exports six kinds). */
export const PHPVMS_UPLOAD_MAX_BYTES = 5_000_000;
export const PHPVMS_UPLOAD_MAX_FILES = 12;

/**
 * The airline owner's phpVMS import. Its body is a multipart form of CSV files (any field name),
 * which a JSON declaration cannot carry: it is declared for its path, access and answer, and
 * served by hand.
 */
export const phpvmsImportRoutes = {
  importFiles: declareRoute({ method: 'POST', path: `${base}/airline/:id/phpvms-import`, tag, params: AirlineParams, response: z.array(ZPhpvmsImportReport) }),
};
