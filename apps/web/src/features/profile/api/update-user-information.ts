import { useMutation } from '@tanstack/react-query';
import type { TUpdateUserInformationRequest } from '@contrail/domain/user/user-contract';
import { apiClient } from '../../../lib/api-client';
import { invalidateCurrentUser } from '../../../lib/auth';

export type UpdateUserInformationInput = {
  userId: string;
  fields: TUpdateUserInformationRequest;
  photo?: File | null | undefined;
};

/** PUT /api/v1/user/{id}/information as multipart form fields, with the optional photo file. */
export const updateUserInformation = ({ userId, fields, photo }: UpdateUserInformationInput): Promise<unknown> => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value === null ? '' : String(value));
  }
  if (photo) form.append('photo', photo, photo.name);
  return apiClient.put<unknown>(`/api/v1/user/${encodeURIComponent(userId)}/information`, form);
};

export const useUpdateUserInformation = () =>
  useMutation({ mutationFn: updateUserInformation, onSuccess: () => invalidateCurrentUser() });
