import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { PHPVMS_UPLOAD_MAX_BYTES, PHPVMS_UPLOAD_MAX_FILES, phpvmsImportRoutes } from '@contrail/domain/phpvms-import/phpvms-import-routes';
import { currentUser } from '../../plugins/authentication';
import { acceptMultipartForms } from '../../plugins/multipart-forms';
import { requireAccess } from '../access/access.service';
import { importPhpvmsFiles, type PhpvmsUpload } from './phpvms-import.service';

/** The uploaded CSV files, whatever their field names; text fields are ignored. */
const readUploads = async (request: FastifyRequest): Promise<PhpvmsUpload[]> => {
  if (!request.isMultipart()) throw new AppError(ErrorCode.validation, 'Send the phpVMS CSV files as multipart/form-data', 'files');
  const uploads: PhpvmsUpload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (bytes.length > 0) uploads.push({ name: part.filename || part.fieldname, content: bytes.toString('utf8') });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.validation, `A file is larger than ${PHPVMS_UPLOAD_MAX_BYTES.toLocaleString('en')} bytes`, 'files');
    if (code === 'FST_FILES_LIMIT') throw new AppError(ErrorCode.validation, `At most ${PHPVMS_UPLOAD_MAX_FILES} files at once`, 'files');
    throw error;
  }
  if (uploads.length === 0) throw new AppError(ErrorCode.validation, 'Send at least one phpVMS CSV file', 'files');
  return uploads;
};

/** The airline owner's import of phpVMS CSV exports, under /api/airline-manager/v1 (docs/decisions/0041-phpvms-import.md). */
export const phpvmsImportModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await acceptMultipartForms(app, { fileSize: PHPVMS_UPLOAD_MAX_BYTES, files: PHPVMS_UPLOAD_MAX_FILES });
  const { db, clock } = app.deps;
  const declaration = phpvmsImportRoutes.importFiles;
  // Served by hand: a multipart body of files, which the declaration cannot describe.
  app.post(
    '/airline/:id/phpvms-import',
    {
      preHandler: app.authenticate,
      schema: {
        tags: [declaration.tag],
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        consumes: ['multipart/form-data'],
        response: { 200: declaration.response },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      // Before the files are read: nobody else's upload is held in memory.
      await requireAccess(db, caller, 'airline.import', { airlineId: request.params.id });
      return importPhpvmsFiles(db, caller, request.params.id, await readUploads(request), clock.now());
    },
  );
};
