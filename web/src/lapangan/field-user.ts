import type { TSessionUser } from '@itms/contracts/auth';
import { useOutletContext } from 'react-router';

/** The signed-in tire man, on every screen under the signed-in layout (app.tsx). */
export const useFieldUser = () => useOutletContext<TSessionUser>();
