import type {
  TBeforeTire,
  TReplacementDetail,
  TReplaceRecord,
  TReplaceRecordDetail,
} from '@itms/contracts/tire-replacements';
import type { TTire } from '@itms/contracts/tires';

/** A tire as the API answers it, with overrides. */
export function tire(over: Partial<TTire> = {}): TTire {
  return {
    id: 1,
    position: '1',
    odometer: 100_000,
    serial_number: 'BS2601A0001',
    serial_number_img: '-',
    ir_brand: 'BRIDGESTONE',
    ori_brand: 'BRIDGESTONE',
    pattern: 'R150',
    size: '10.00-20',
    is_original: 'ORI',
    groove_1: 10,
    groove_2: 10,
    groove_3: 9,
    groove_4: 10,
    groove_lowest: 9,
    pressure: 110,
    casing_status: 'NEW ORIGINAL',
    tube_brand: 'SWALLOW',
    tube_size: '10.00-20',
    tube_status: 'NEW',
    flap_brand: 'IRC',
    flap_size: '10.00-20',
    flap_status: 'NEW',
    velg_brand: 'TOPY',
    velg_size: '7.50V-20',
    velg_holes: 10,
    velg_status: 'EKS',
    information: '',
    status: 'INSTALLED',
    condition: '99,99,99,99,99',
    tube_url: '-',
    flap_url: '-',
    inner_tube_url: '-',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export function beforeTire(over: Partial<TBeforeTire> = {}): TBeforeTire {
  return { ...tire(), km_installed: 90_000, installed_at: '2026-01-10T03:00:00.000Z', ...over };
}

let nextRecordId = 100;
/** A replace record at a position; `Tire_ITM` is the record's tire. */
export function record(
  position: string,
  status: TReplaceRecord['status'],
  t: TTire,
  before: TBeforeTire | null,
  over: Partial<TReplaceRecord> = {},
): TReplaceRecord {
  const { id, status: _s, createdAt, updatedAt, ...fields } = t;
  return {
    ...fields,
    id: nextRecordId++,
    tire_replacement_id: 7,
    tire_id: id,
    position,
    status,
    createdAt,
    updatedAt,
    Tire_ITM: t,
    Before: before,
    ...over,
  } as TReplaceRecord;
}

/** A pending tronton replacement: position 1 replaced (remove + replace), position 2 checked. */
export function detail(over: Partial<TReplacementDetail> = {}): TReplacementDetail {
  const old = beforeTire({ id: 11, serial_number: 'DL2542A9691', ir_brand: 'DUNLOP', position: '1' });
  const fresh = tire({
    id: 21,
    serial_number: 'DL2624M5578',
    ir_brand: 'DUNLOP',
    status: 'UNINSTALLED',
    position: '',
  });
  const checked = beforeTire({ id: 12, serial_number: 'BS2548D2156', ir_brand: 'VIPAL', position: '2' });
  return {
    id: 7,
    odometer: 165_849,
    spk: 'SPK/H/202611/0038',
    createdAt: '2026-11-14T08:49:08.000Z',
    performed_at: '2026-11-14T08:49:08.000Z',
    late_days: null,
    date: '2026-11-14',
    time: '15:49',
    plate_number_url: '-',
    odometer_url: '-',
    tireman_sign: 'sign/tireman.png',
    pic_sign: 'sign/pic.png',
    pic_absent_reason: null,
    itms_sign: 'sign/pic.png',
    edp_sign: '-',
    workshop_sign: '-',
    status: 'pending',
    stage: 'sent',
    returned_at: null,
    return_reason: null,
    validated_at: null,
    unit_id: 31,
    diagram: 'tronton',
    Unit: {
      id: 31,
      plate_number: 'H 8326 BG',
      unit_type: 'TRONTON',
      tonnage: 20,
      Project: { name: 'Semen Jawa' },
    },
    Project: { id: 3, name: 'Distribusi Semen Jawa' },
    Location: {
      id: 5,
      name: 'Pool Kaligawe',
      Region: { id: 2, name: 'Jateng', manpower: 3, pic: 'Sri Wahyuni' },
    },
    Tire_Man: { id: 9, name: 'Wahyu Hidayat', phone: '085241087622', photo: '-' },
    Validator: null,
    field_warnings: [],
    workshop_signed: null,
    lastCheckAt: '2026-11-20T03:00:00.000Z',
    Tire_Replace_Records: [
      record('1', 'remove', old, old, { groove_1: 4 }),
      record('1', 'replace', fresh, old),
      record('2', 'check', checked, checked, { groove_1: 8 }),
    ],
    returns: [],
    ...over,
  };
}

/** A record as PUT /tire-replace-record/{id} answers it (with its replacement's state), with overrides. */
export function recordDetail(r: TReplaceRecord, over: Partial<TReplaceRecord> = {}): TReplaceRecordDetail {
  return {
    ...r,
    ...over,
    Tire_Replacement: { id: r.tire_replacement_id, unit_id: 31, status: 'pending', odometer: 165_849 },
  };
}
