import type { TSessionUser } from '@itms/contracts/auth';
import type {
  TPasswordChangeBody,
  TPasswordChangeReply,
  TProfile,
  TProfileUpdateBody,
  TProfileUpdateReply,
} from '@itms/contracts/profile';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { credentialQueryKey } from '../../../lib/session';
import { getToken, saveUser } from '../../../lib/storage';

export const PROFILE_KEY = 'profile';

/** GET /api/me: one's own account. */
export function profileQuery() {
  return queryOptions({
    queryKey: [PROFILE_KEY],
    queryFn: ({ signal }) => api.get<TProfile>('/me', { signal }),
    staleTime: 0,
  });
}

/** PUT /api/me ('Profil berhasil disimpan'). */
export function updateProfile(body: TProfileUpdateBody) {
  return api.put<TProfileUpdateReply>('/me', body);
}

/** PUT /api/me/password ('Password berhasil diubah'); this session stays signed in. */
export function changePassword(body: TPasswordChangeBody) {
  return api.put<TPasswordChangeReply>('/me/password', body);
}

/**
 * The saved profile becomes the signed-in user everywhere: the top bar's name and photo, and the
 * stored signature that the validation screens sign with.
 */
export function adoptProfile(queryClient: QueryClient, p: TProfile) {
  queryClient.setQueryData([PROFILE_KEY], p);
  const user: TSessionUser = {
    id: p.id,
    name: p.name,
    email: p.email,
    role: p.role,
    phone: p.phone,
    photo: p.photo,
    signature: p.signature,
    department: p.department,
  };
  saveUser(user);
  const token = getToken();
  if (token) queryClient.setQueryData(credentialQueryKey(token), user);
}
