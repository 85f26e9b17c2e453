import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/handle-error';
import type { TAirline } from '../api/airline-mgr';
import { useImportPhpvms, type TPhpvmsImportReport } from '../api/phpvms-import';

const ReportOfFile = ({ report }: { report: TPhpvmsImportReport }) => {
  const { t } = useTranslation('airlineMgr');
  return (
    <li className="flex flex-col gap-1 rounded-md border border-slate-700 p-3 text-sm">
      <p className="font-medium text-slate-50">
        {report.kind === null
          ? t('configuration.phpvms.notAnExport', { file: report.file })
          : t('configuration.phpvms.summary', {
              file: report.file,
              kind: t(`configuration.phpvms.kind.${report.kind}`),
              imported: report.imported,
              updated: report.updated,
              unchanged: report.unchanged,
              refused: report.refused.length,
            })}
      </p>
      {report.refused.length > 0 ? (
        <ul aria-label={t('configuration.phpvms.refusedRows', { file: report.file })} className="list-disc pl-5 text-red-300">
          {report.refused.map((row) => (
            <li key={row.line}>{t('configuration.phpvms.refusedRow', { line: row.line, reason: row.reason })}</li>
          ))}
        </ul>
      ) : null}
      {report.notCarried.length > 0 ? (
        <ul aria-label={t('configuration.phpvms.notCarried', { file: report.file })} className="list-disc pl-5 text-slate-300">
          {report.notCarried.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
};

/** The owner brings the airline's fleet and schedules over from phpVMS's CSV exports, and reads what became of each row. */
export const PhpvmsImport = ({ airline }: { airline: TAirline }) => {
  const { t } = useTranslation('airlineMgr');
  const importFiles = useImportPhpvms(airline.id);
  const [files, setFiles] = useState<File[]>([]);
  if (!airline.isOwner) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (files.length > 0) importFiles.mutate(files);
  };
  return (
    <section aria-labelledby="phpvms-import" className="flex flex-col gap-2">
      <h2 id="phpvms-import" className="text-lg font-semibold text-slate-50">
        {t('configuration.phpvms.title')}
      </h2>
      <p id="phpvms-import-hint" className="text-sm text-slate-200">
        {t('configuration.phpvms.hint')}
      </p>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-100">
          {t('configuration.phpvms.files')}
          <input
            type="file"
            name="files"
            multiple
            accept=".csv,text/csv"
            aria-describedby="phpvms-import-hint"
            onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
          />
        </label>
        <Button type="submit" disabled={files.length === 0 || importFiles.isPending} className="self-start">
          {importFiles.isPending ? t('configuration.phpvms.importing') : t('configuration.phpvms.import')}
        </Button>
      </form>
      {importFiles.isError ? <Alert tone="error">{errorMessage(importFiles.error)}</Alert> : null}
      <div aria-live="polite">
        {importFiles.data ? (
          <ul aria-label={t('configuration.phpvms.results')} className="flex flex-col gap-2">
            {importFiles.data.map((report) => (
              <ReportOfFile key={report.file} report={report} />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
};
