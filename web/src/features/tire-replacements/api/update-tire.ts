import { API } from '@itms/contracts/api';
import type { BodyOf } from '@itms/contracts/endpoint';
import { useWrite } from '../../../lib/write';

/** PUT /tire/update/{id}: the tire's own fields (Form Detail Ban of the tire on the unit now). */
export function useUpdateTire() {
  return useWrite(
    API.updateTireDetail,
    ({ tireId, body }: { tireId: number; body: BodyOf<typeof API.updateTireDetail> }) => ({
      params: { id: tireId },
      body,
    }),
  );
}
