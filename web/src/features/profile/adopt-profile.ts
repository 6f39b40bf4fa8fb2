import { API } from '@itms/contracts/api';
import type { TSessionUser } from '@itms/contracts/auth';
import type { TProfile } from '@itms/contracts/profile';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../lib/api-client';
import { credentialQueryKey } from '../../lib/session';
import { getToken, saveUser } from '../../lib/storage';

/**
 * The saved profile becomes the signed-in user everywhere: the top bar's name and photo, and the
 * stored signature that the validation screens sign with.
 */
export function adoptProfile(queryClient: QueryClient, p: TProfile) {
  queryClient.setQueryData(endpointKey(API.getProfile, {}), p);
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
