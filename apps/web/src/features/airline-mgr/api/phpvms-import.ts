import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@contrail/domain/api/route-declaration';
import { phpvmsImportRoutes, type TPhpvmsImportReport } from '@contrail/domain/phpvms-import/phpvms-import-routes';
import { apiClient } from '../../../lib/api-client';
import { airlineMgrKeys } from './query-keys';

export type { TPhpvmsImportReport };

/** POST /airline/{id}/phpvms-import (multipart, so not through `apiClient.call`): the owner's phpVMS CSV exports. */
export const useImportPhpvms = (airlineId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      for (const file of files) form.append('files', file, file.name);
      return apiClient.post<TPhpvmsImportReport[]>(pathOf(phpvmsImportRoutes.importFiles.path, { id: airlineId }), form);
    },
    // Planes and routes may have come in: everything of the airline is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};
