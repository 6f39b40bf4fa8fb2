import type { TCallRow } from '@itms/contracts/storing';

/** A breakdown call as the server lists it: assigned to Slamet, open, no target; `over` sets the rest. */
export function breakdownCall(over: Partial<TCallRow> = {}): TCallRow {
  return {
    id: 1,
    status: 'assigned',
    priority: 'normal',
    cause: 'bocor',
    unit_id: 7,
    plate_number: 'B 1234 XX',
    project_name: 'Distribusi Semen',
    region_name: 'Jabodetabek',
    positions: [],
    location_text: 'Tol Cikampek KM 47',
    lat: null,
    lng: null,
    caller_name: 'Pak Darto',
    caller_phone: '081234567890',
    note: '',
    tireman_id: 5,
    tireman_name: 'Slamet',
    called_at: new Date().toISOString(),
    assigned_at: new Date().toISOString(),
    accepted_at: null,
    departed_at: null,
    arrived_at: null,
    done_at: null,
    cancelled_at: null,
    cancel_reason: null,
    replacement_id: null,
    mismatch_id: null,
    response_minutes: null,
    roll_minutes: null,
    target: null,
    breach: { response: false, roll: false },
    ...over,
  };
}
